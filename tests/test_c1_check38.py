"""C1's check adds up what the working shows (review 38): it said the
probabilities "add to one" without showing any; now it lists every word's
share of the shown total, the true word's as step 3 shows it, and their
exact sum, which recomputes from the shares printed."""

import re
from fractions import Fraction

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.generation.views import question_view

C1 = next(t for t in load_bank() if t.cls == "C1")
NUMBER = r"\$(\d+\.\d+)\$"


def _check(instance) -> tuple:
    """(the shares listed with their words, the sum shown, step 3's p, the check's text)."""
    view = question_view(Question("Q1", instance), "md")
    text = " ".join(view["verify"].split())
    shares = re.findall(NUMBER + r" \(([a-z]+)\)", text)
    total = re.search(r"which add to " + NUMBER, text).group(1)
    p_shown = re.search(r"= (\d\.\d+)\$", view["steps"][2]["work"]).group(1)
    return shares, total, p_shown, text


@pytest.mark.parametrize("seed", range(40))
def test_the_shares_listed_add_to_the_sum_shown_and_step_3_s_p_is_among_them(seed):
    instance = sample_instance(C1, seed_label(seed, C1.id, 0))
    shares, total, p_shown, text = _check(instance)
    words = instance.env["words"]
    assert [word for _, word in shares] == list(words)
    assert sum(Fraction(value) for value, _ in shares) == Fraction(total), text
    assert dict((word, value) for value, word in shares)[instance.env["scene"]["answer"]] == p_shown
    said = "as probabilities must" if Fraction(total) == 1 else "1 up to their rounding"
    assert said in text


def test_the_reference_s_own_example_lists_its_three_shares():
    shares, total, _, text = _check(canonical_instance(C1))
    assert [value for value, _ in shares] == ["0.6652", "0.2447", "0.09003"], text
    assert total == "0.99993" and "1 up to their rounding" in text, text
