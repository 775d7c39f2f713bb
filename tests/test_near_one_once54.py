"""One value near 1 kept short, carried into two later parts, is charged once (review 53b F8). C7 at
s = 3.05, y = 0 (paper A of seed 5301's Q7: 0.9548 / 0.04627 / 3.0963): k3 left (a) blank and wrote (b)
``0.0488`` and (c) ``3.04``, both worked from σ(s) as 1/1.05 = 0.9524; each was imprecise, told the same
keeping, 0 of 6, where k1, who wrote that (a) (``0.952``), was charged once (4 of 6). Now the first part
the keeping explains, (b), keeps its verdict and (c), right from the same kept value, is ECF from it, as
after a written (a); as early_once.py does for one early rounding carried into two parts."""

import math

import pytest

from quizgen.marking.rule_model import Credits
from tests.grading_support import graded_with_policy
from tests.paper_support import mark_paper
from test_near_one52 import _draw

KEPT_B = "(σ(s) as 0.9524 from 1 + e^(-s) = 1.04736 as 1.05, where it is 0.95478)"
ONCE_C = ("your answer is what the working gives with a value kept to too few figures of its difference from 1 "
          f"{KEPT_B}, as your (b) is: correct given that value (error carried forward; that value kept short is "
          "marked at (b) only)")


def _marks(draw, a, b, c, credits: Credits = Credits()) -> dict:
    answers = {name: text for name, text in (("p", a), ("loss_y1", b), ("loss_y0", c)) if text}
    return mark_paper(draw, answers, credits)


@pytest.mark.parametrize("a", [None, "0.9548", "0.955", "0.946"])
def test_k3_kept_short_into_b_and_c_is_charged_at_b_alone(a):
    """(a) blank, right or wrong (not the kept value): (b) named, (c) ECF from σ(s) kept as 0.9524."""
    marked = _marks(_draw(3.05, 0), a, "0.0488", "3.04")
    b, c = marked["loss_y1"], marked["loss_y0"]
    assert (b.status, b.note, b.score) == ("imprecise", "rounded_too_early", 0.0), b
    assert KEPT_B in b.feedback
    assert (c.status, c.note, c.score, c.feedback) == ("correct", "ecf", 1.0, ONCE_C), c


def test_k1_who_wrote_the_kept_value_is_charged_at_a_as_before():
    marked = _marks(_draw(3.05, 0), "0.952", "0.0492", "3.04")
    assert [(marked[n].status, marked[n].note) for n in ("p", "loss_y1", "loss_y0")] == \
        [("imprecise", "rounded_too_early"), ("correct", "ecf"), ("correct", "ecf")]


@pytest.mark.parametrize("credits, b_score, c_verdict", [
    (Credits(ecf=0.5, imprecise=0.25), 0.25, ("correct", "ecf", 0.5)),
    (Credits(ecf=0.0, imprecise=0.5), 0.5, ("imprecise", "rounded_too_early", 0.5))])   # the larger credit
def test_the_later_part_earns_ecf_credit_or_the_imprecise_one_if_larger(credits, b_score, c_verdict):
    marked = _marks(_draw(3.05, 0), None, "0.0488", "3.04", credits)
    assert (marked["loss_y1"].note, marked["loss_y1"].score) == ("rounded_too_early", b_score)
    assert (marked["loss_y0"].status, marked["loss_y0"].note, marked["loss_y0"].score) == c_verdict


@pytest.mark.parametrize("b, c", [("0.0488", "3.10"), (None, "3.04"), ("0.0462", "3.04")])
def test_a_part_not_worked_from_the_same_kept_value_changes_nothing(b, c):
    """(c) right, (b) blank, or (b) from another keeping (1 - σ(s) as 0.0474/1.05): as before."""
    draw = _draw(3.05, 0)
    marked = _marks(draw, None, b, c)["loss_y0"]
    alone = mark_paper(draw, {"loss_y0": c})["loss_y0"]
    assert (marked.status, marked.note, marked.score, marked.feedback) == \
        (alone.status, alone.note, alone.score, alone.feedback)


def test_at_s_below_0_the_sum_1_plus_e_s_kept_short_is_charged_once():
    """C7 at s = -3.9, y = 0: σ(s) as 1 - 1/1.02 = 0.0196078 into (b) -ln(σ) = 3.93 and (c) ln(1.02) = 0.0198."""
    marked = _marks(_draw(-3.9, 0), None, "3.93", "0.0198")
    b, c = marked["loss_y1"], marked["loss_y0"]
    assert (b.status, b.note) == ("imprecise", "rounded_too_early")
    assert (c.status, c.note, c.score) == ("correct", "ecf", 1.0), c
    assert "1 + e^(s) = 1.02024 as 1.02" in c.feedback and "marked at (b) only" in c.feedback


@pytest.mark.parametrize("s, y, kept", [(-2.5, 0, 1.08), (1.5, 1, 1.22)])
def test_c9s_total_the_one_number_part_kept_short_is_named_as_before(s, y, kept):
    """C9's total is its only number part worked with the sum near 1 (no second part to charge): kept
    short (1 + e^(s) = 1.08208 as 1.08 at s = -2.5, 1 + e^(-s) = 1.2231 as 1.22 at s = 1.5), it stays
    imprecise and named, whatever the word parts say."""
    draw = _draw(s, y, "C9")
    assert [pv.part.name for pv in draw.parts if pv.part.kind == "numeric"] == ["total"]
    mean = sum(-math.log(float(p)) for p in draw.params["p"]) / len(draw.params["p"])
    total = f"{mean + math.log(kept):.3g}"
    for words in ({}, {"left_to_right": "no", "grows_with_masks": "no"}):
        marked = mark_paper(draw, {"total": total, **words})["total"]
        assert (marked.status, marked.note, marked.score) == ("imprecise", "rounded_too_early", 0.0), marked
        assert f"as {kept})" in marked.feedback


@pytest.mark.slow
def test_k3_through_grade(tmp_path):
    """review 53b's probe k.csv graded with seed 5301's key: k3 scores 2 of 6 on Q7, charged at (b) alone."""
    from quizgen import generate
    generate(tmp_path / "paper", seed=5301)
    rows = [("k1", "Q7", "a", "0.952"), ("k1", "Q7", "b", "0.0492"), ("k1", "Q7", "c", "3.04"),
            ("k3", "Q7", "b", "0.0488"), ("k3", "Q7", "c", "3.04")]
    graded = graded_with_policy(tmp_path / "graded", tmp_path / "paper" / "key.json", rows, "")
    cells = {(s, p): (graded[(s, "Q7", p)]["status"], graded[(s, "Q7", p)]["note"], float(graded[(s, "Q7", p)]["score"]))
             for s in ("k1", "k3") for p in "bc"}
    assert cells[("k3", "b")] == ("imprecise", "rounded_too_early", 0.0)
    assert cells[("k3", "c")] == ("correct", "ecf", 2.0)
    assert graded[("k3", "Q7", "c")]["feedback"] == ONCE_C
    assert cells[("k1", "b")] == cells[("k1", "c")] == ("correct", "ecf", 2.0)
