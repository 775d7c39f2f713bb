"""C6's forecast does not call a quarter of the input "much smaller" than it (review 47a F4):
it says only what holds for every drawn rate, 10% to 25%."""

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view

C6 = next(t for t in load_bank() if t.cls == "C6")


def test_the_forecast_says_the_picked_set_is_smaller_and_no_more():
    rates = set()
    for seed in range(40):
        instance = sample_instance(C6, seed_label(seed, C6.id, 0))
        forecast = question_view(Question("Q1", instance), "md")["forecast"]
        rates.add(str(instance.env["r"]))
        assert "positions gives a set smaller than the whole input" in " ".join(forecast.split())
        assert "much smaller" not in forecast
    assert "1/4" in rates   # a quarter was drawn
