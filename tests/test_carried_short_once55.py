"""Under ``carried_figures: 4`` an earlier answer carried to 3 figures into two later parts is charged once
(review 55a F5). C7 at s = 0.4, y = 0 ((a) 0.59869, (b) 0.51302, (c) 0.91302): A3 wrote (a) 0.599, right at
the 3 figures asked, and carried it into (b) -ln 0.599 = 0.512 and (c) -ln 0.401 = 0.914; both were
imprecise (0 + 0), so A2, who rounded (a) further to 0.60 (imprecise at (a), (b) and (c) ECF), scored more.
Now (b) keeps its verdict and (c) is ECF from the same value, as for a 2-figure rounding (early_once.py)."""

import pytest

from quizgen.marking.rule_model import Credits
from tests.paper_support import mark_paper
from test_near_one52 import _draw

A3 = {"p": "0.599", "loss_y1": "0.512", "loss_y0": "0.914"}
A2 = {"p": "0.60", "loss_y1": "0.511", "loss_y0": "0.916"}
FULL = {"p": "0.59869", "loss_y1": "0.512", "loss_y0": "0.914"}


@pytest.mark.parametrize("answers, how", [
    (A3, "(a) carried as written, to 3 significant figures"),
    (FULL, "(a) rounded to 3 significant figures (0.599)")])
def test_a_carried_at_3_figures_into_b_and_c_is_charged_at_b_alone(answers, how):
    marked = mark_paper(_draw(0.4, 0), answers, Credits(carried_figures=4))
    b, c = marked["loss_y1"], marked["loss_y0"]
    assert (b.status, b.note, b.score) == ("imprecise", "rounded_too_early", 0.0), b
    assert (c.status, c.note, c.score) == ("correct", "ecf", 1.0), c
    assert c.feedback == (f"marked from your (a) = {answers['p']}: your answer is what the working gives with {how}, "
                          "as your (b) is: correct given that value (error carried forward; that early rounding is "
                          "marked at (b) only)")


@pytest.mark.parametrize("credits", [Credits(carried_figures=4), Credits(carried_figures=4, imprecise=0.5),
                                     Credits(carried_figures=5), Credits(carried_figures=4, ecf=0.5)])
def test_writing_a_in_full_never_scores_less_than_rounding_it_further(credits):
    """docs/marking.md's property, under any policy."""
    draw = _draw(0.4, 0)
    def total(answers):
        return sum(v.score for v in mark_paper(draw, answers, credits).values())
    assert total(A3) >= total(A2) and total(FULL) >= total(A2)


def test_under_the_default_policy_3_figures_carried_are_carried_rounding():
    marked = mark_paper(_draw(0.4, 0), A3)
    assert [(marked[n].status, marked[n].score) for n in ("p", "loss_y1", "loss_y0")] == [("correct", 1.0)] * 3
