"""Near-1 feedback in a student's words (review 53b F3): C7 at s = 3.05 (paper A of seed 5301's Q7) told
"(1 - (a) as 0.0451037 ... 1 + e^(-s) = 1.04736 as 1.05, where it is 0.0452175)" to students whose (a) was
0.954, right or blank. The values are now as a student writes them, 4 significant figures (4 of the difference
from 1 near 1, as the stem asks), and the value is named by its working, σ(s), not by the student's (a)."""

import pytest

from tests.paper_support import mark_paper
from test_near_one52 import _draw


@pytest.mark.parametrize("a", [None, "0.954", "0.9548"])
def test_1_minus_p_hat_kept_short_is_named_by_its_working_to_4_figures(a):
    draw = _draw(3.05, 0)
    marked = mark_paper(draw, {"loss_y1": "0.0462", **({"p": a} if a else {})})["loss_y1"]
    assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), marked
    assert ("(1 - σ(s) as 0.04510 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 1.04736 as 1.05, where it is "
            "0.04522)") in marked.feedback, marked
    assert "(a)" not in marked.feedback


def test_p_hat_kept_short_is_named_by_its_working_with_a_blank():
    draw = _draw(3.05, 0)
    marked = mark_paper(draw, {"loss_y1": "0.0488"})["loss_y1"]
    assert "(σ(s) as 0.9524 from 1 + e^(-s) = 1.04736 as 1.05, where it is 0.95478)" in marked.feedback, marked
