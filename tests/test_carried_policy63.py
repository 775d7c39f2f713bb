"""Under ``carried_figures: 4`` an answer that only carrying intermediates to 3 figures reaches is rounded
too early, not carried rounding (docs/marking.md, "The policy file"; docs/grading.md, "Carried too short
for the policy"), also written to more figures than asked. C1's draw probe/1, z = (0, 3, 1.5), p = 0.785597:
the weights kept to 3 figures, 1 + 20.1 + 4.48 = 25.6, give 20.1 / 25.6 = 0.785; kept to 4 or more, 0.786."""

import pytest

from quizgen.marking.carry import reachable
from quizgen.marking.rule_model import Credits
from quizgen.maths.numbers import significant
from tests.paper_support import mark_paper, part_rules


@pytest.fixture(scope="module")
def draw():
    from quizgen.bank.loader import load_bank
    from quizgen.generation.sampling import sample_instance
    template = next(t for t in load_bank() if t.cls == "C1")
    instance = sample_instance(template, "probe/1")
    assert [float(z) for z in instance.params["z"]] == [0, 3, 1.5]
    return instance


def test_the_answer_is_reached_by_3_figure_carrying_alone(draw):
    spans = part_rules(draw, Credits(carried_figures=4))["p"].carried
    recipe = spans.paths[spans.name]
    def reached(levels):
        return {significant(v, 3) for v in reachable(recipe, spans.env, {}, levels)}
    assert reached((3,)) - reached((4, 5, 6)) == {"0.785"}


@pytest.mark.parametrize("answer", ["0.785", "0.7852"])
def test_3_figure_carrying_is_carried_rounding_by_default_and_rounded_too_early_under_4(draw, answer):
    by_default = mark_paper(draw, {"p": answer})["p"]
    assert (by_default.status, by_default.note, by_default.score) == ("correct", "carried_rounding", 1.0)
    held = mark_paper(draw, {"p": answer}, Credits(carried_figures=4, imprecise=0.5))["p"]
    assert (held.status, held.note, held.score) == ("imprecise", "rounded_too_early", 0.5)
    assert held.feedback == ("right if intermediate results are carried to fewer than 4 significant figures; "
                             "this paper asks you to keep at least 4 in intermediate steps (expected 0.786), "
                             "which earns half of the marks in this course")


def test_4_figure_carrying_stays_carried_rounding_under_4(draw):
    for answer in ("0.786", "0.7856"):
        held = mark_paper(draw, {"p": answer}, Credits(carried_figures=4))["p"]
        assert held.status == "correct", (answer, held)
