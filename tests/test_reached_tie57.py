"""Review 56c F1: the last rounding of a value a rounded working reaches follows the rule
its intermediates follow (roundings.py): at a tie the paper's neighbour (away from zero)
or the even one, never the other (half towards zero where that is odd). A reached value's
window (tolerance.matches, closed and a hair wider) held both neighbours of a tie, so the
odd one lower down was accepted at the last step though refused at every other.

C4 seed 5 Q16 (`generate --classes C4 --count 16 --seed 5`; p = [0.55, 0.2, 0.95, 0.5],
L = 0.737929, 0.738): the losses carried to 3 figures, 0.598 + 1.61 + 0.0513 + 0.693 =
2.9523, the sum kept as 2.95, and 2.95/4 = 0.7375, a tie: 0.738 by the paper's rule and to
even; `0.737` only half towards zero. It was `correct`, `carried_rounding`, full marks.
The key's own value at a tie is a different matter: right either way (as_asked.py,
lms/window.py), judged before carried rounding."""

import math

import pytest

from quizgen.marking.hull import half_down_only
from tests.grading_support import generated_key, graded_by_cli


def test_the_hand_values():
    losses = [float(f"{-math.log(v):.3g}") for v in (0.55, 0.2, 0.95, 0.5)]
    assert losses == [0.598, 1.61, 0.0513, 0.693] and round(sum(losses), 2) == 2.95
    assert 2.95 / 4 == pytest.approx(0.7375) and round(-sum(math.log(v) for v in (0.55, 0.2, 0.95, 0.5)) / 4, 3) == 0.738


@pytest.mark.parametrize("x, value, refused", [
    (0.737, 0.7375, True),        # half towards zero, odd: no rule gives it
    (0.738, 0.7375, False),       # the paper's and the even neighbour
    (0.832, 0.8325, False),       # half towards zero, but even: half to even gives it
    (0.833, 0.8325, False),
    (-0.737, -0.7375, True),
    (0.7372, 0.7375, False),      # inside the window, not at its edge
    (0.737, 0.73751, False),      # no tie: outside the window anyway, nothing to say
    (4.17, 4.175, True),
    (4.125, 4.13, False),         # the answer the tie (33/8 written), the value of the figures asked
    (4.135, 4.13, False),
    (0.6566, 0.6561, False),      # at the window's edge, but 0.6561 is no tie at 3 figures
    (4.16, 4.155, False)])
def test_half_down_only(x, value, refused):
    assert half_down_only(x, value, {}) is refused
    assert half_down_only(x, value, {"rtol": 0.0005}) is False   # a window of its own: no rounding in it


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    key = generated_key(tmp_path_factory, 5, 16, "--classes", "C4")
    rows = [(f"s{n}", "Q16", "a", answer) for n, answer in enumerate(["0.737", "0.738", "0.7375", "0.7371"])]
    return {row["answer"]: row for row in graded_by_cli(tmp_path_factory.mktemp("grade"), key, rows).values()}


def test_a_reached_tie_is_not_rounded_half_towards_zero(graded):
    row = graded["0.737"]
    assert row["note"] != "carried_rounding" and row["status"] != "correct" and row["score"] == "0", row
    assert (graded["0.738"]["status"], graded["0.738"]["score"]) == ("correct", "4")
    assert (graded["0.7375"]["status"], graded["0.7375"]["score"]) == ("correct", "4")   # 0.738 at the 3 asked


def test_more_figures_stay_marked_as_their_rounding(graded):
    """`0.7371` is 0.737 at the 3 figures asked, which no rounding of the working reaches: as `0.737`."""
    assert (graded["0.7371"]["status"], graded["0.7371"]["score"]) == (graded["0.737"]["status"], "0")
