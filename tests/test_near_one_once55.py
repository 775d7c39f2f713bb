"""One value kept short, carried into two parts, is charged once, also when the kept value is right at (a)'s
3 figures (review 55a F1). C7 at s = 2.65, y = 0 ((a) 0.93401, (b) 0.06827, (c) 2.7183): 1 + e^(-s) = 1.070651
kept as 1.071 gives σ(s) = 0.9337, 0.934 at 3 figures like the key's; (b) -ln 0.9337 = 0.0686 and (c)
-ln 0.0663 = 2.7136 were each imprecise, told the same keeping (0 of 4), while the student who kept 1.05 at
s = 3.05, a value wrong at (a), was charged at (b) alone (test_near_one_once54). Now (b) keeps its verdict and
(c) is ECF from that kept value, whether (a) is blank or written as 0.9337; so at s = 3.2 (1.041) and 3.9 (1.02)."""

import pytest

from tests.paper_support import mark_paper
from test_near_one52 import _draw


def _kept_c(kept: str, b: str) -> str:
    return ("your answer is what the working gives with a value kept to too few figures of its difference from 1 "
            f"({kept}), as your (b) is: correct given that value (error carried forward; that value kept short is "
            "marked at (b) only)")


CASES = [(2.65, "σ(s) as 0.9337 from 1 + e^(-s) = 1.07065 as 1.071, where it is 0.93401", "0.9337", "0.0686", "2.71"),
         (2.65, "σ(s) as 0.9337 from 1 + e^(-s) = 1.07065 as 1.071, where it is 0.93401", "0.9337", "0.06860", "2.714"),
         (3.2, "σ(s) as 0.9606 from 1 + e^(-s) = 1.04076 as 1.041, where it is 0.96083", "0.9606", "0.0402", "3.23"),
         (3.9, "σ(s) as 0.9804 from 1 + e^(-s) = 1.02024 as 1.02, where it is 0.98016", "0.9804", "0.0198", "3.93")]


@pytest.mark.parametrize("s, kept, a, b, c", CASES)
@pytest.mark.parametrize("written", [False, True])
def test_a_kept_value_right_at_a_is_charged_at_b_alone(s, kept, a, b, c, written):
    answers = {"loss_y1": b, "loss_y0": c, **({"p": a} if written else {})}
    marked = mark_paper(_draw(s, 0), answers)
    mb, mc = marked["loss_y1"], marked["loss_y0"]
    assert (mb.status, mb.note, mb.score) == ("imprecise", "rounded_too_early", 0.0), mb
    assert kept in mb.feedback
    assert (mc.status, mc.note, mc.score, mc.feedback) == ("correct", "ecf", 1.0, _kept_c(kept, b)), mc
    if written:
        assert (marked["p"].status, marked["p"].score) == ("correct", 1.0)


def test_the_written_kept_value_scores_at_least_the_wrong_one():
    """Review 55a F1's Q10 (s = 3.2): (a) 0.9606 (1/1.041, right at (a)), (b), (c) from it score at least what
    (a) 0.9615 (1/1.04, wrong at (a)) with (b), (c) from it do."""
    draw = _draw(3.2, 0)
    def total(answers):
        return sum(v.score for v in mark_paper(draw, answers).values())
    assert total({"p": "0.9606", "loss_y1": "0.0402", "loss_y0": "3.23"}) >= \
        total({"p": "0.9615", "loss_y1": "0.0392", "loss_y0": "3.26"})
