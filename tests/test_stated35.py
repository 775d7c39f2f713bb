"""Arithmetic on short decimals states the decimal it is exactly, as a fraction
does: on seed 3's Q1 (a), 0.69990 (3 figures asked), `1-0.3` was `correct`
(judged by its value alone, within the 3-figure window) while `7/10` beside it
was `imprecise`, rounded too early. Both are exactly 0.7, which shows one figure
(docs/marking.md): both are now rounded too early, each told what it is exactly."""

import pytest

from quizgen.marking.forms import read_number
from quizgen.maths.stated import StatedFigures, stated_figures
from tests.grading_support import paper_grader

ZEROS = ("(expected 0.700; zeros at the end of a decimal count as significant figures: 0.700 shows 3, "
         "0.7 shows only 1)")
ANSWERS = ["1-0.3", "0.35*2", "(1 - 0.3)", "7/10", "0.7", "1-0.3001", "0.9*0.7777", "6999/10000"]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    run = paper_grader(tmp_path_factory.mktemp("stated35"), seed=3, count=1)
    return run([("Q1", "a", answer) for answer in ANSWERS])


@pytest.mark.parametrize("answer", ["1-0.3", "0.35*2", "(1 - 0.3)"])
def test_arithmetic_on_short_decimals_is_rounded_too_early_as_the_fraction_is(graded, answer):
    row = graded[("Q1", "a", answer)]
    fraction = graded[("Q1", "a", "7/10")]
    assert (row["status"], row["note"], row["score"]) == ("imprecise", "rounded_too_early", "0")
    assert (row["status"], row["note"], row["score"]) == (fraction["status"], fraction["note"], fraction["score"])
    assert row["feedback"] == ("your expression is exactly 0.7, but the answer is not exactly 0.7: this part asks "
                               f"for a decimal to at least 3 significant figures {ZEROS}")
    assert fraction["feedback"].startswith("your fraction is exactly 0.7, ")


@pytest.mark.parametrize("answer", ["1-0.3001", "0.9*0.7777", "6999/10000"])
def test_arithmetic_stating_enough_figures_is_correct(graded, answer):
    """1 - 0.3001 is exactly 0.6999 (4 figures); 0.9*0.7777 is 0.69993."""
    assert (graded[("Q1", "a", answer)]["status"], graded[("Q1", "a", answer)]["score"]) == ("correct", "2")


@pytest.mark.parametrize("text, figures, fraction", [
    ("7/10", 1, True), ("70/100", 1, True), ("1/8", 3, True), ("1-0.3", 1, False), ("0.35*2", 1, False),
    ("0.7^2", 2, False), ("1 - 0.3001", 4, False), ("1400/2", 3, True), ("2*350", 3, False)])
def test_the_decimal_stated_and_its_figures(text, figures, fraction):
    """A whole value counts its zeros, as a whole number written does (700: 3)."""
    found = stated_figures(text)
    assert (found, found.fraction) == (figures, fraction) and isinstance(found, StatedFigures)


@pytest.mark.parametrize("text", ["1/3", "1/3 + 0.6", "ln(2)", "e", "sqrt(0.49)", "2^100", "1-1", "0.5^0.5"])
def test_no_terminating_decimal_or_no_plain_arithmetic_states_nothing(text):
    """Judged by value as before: a value that does not terminate, a function, a constant, 0, a power too big."""
    assert stated_figures(text) is None


def test_working_before_an_arrow_stays_working():
    """0.8 x 1205 states 964 exactly, but before an arrow it is working, checked against what follows."""
    assert read_number("0.8 x 1205 -> 960", whole=True).status == "needs_review"
