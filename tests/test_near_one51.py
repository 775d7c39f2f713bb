"""The rule for 1 + e^(-s) kept short of 4 figures of its difference from 1 (near_one.py) at every
p-hat, not only over 0.9 (review 51a F12). C7's stem asks for 4 figures of 1 + e^(-s)'s
difference from 1 whatever p-hat is; round 50 applied the rule downstream only for p-hat > 0.9:

- below 0.9, an (a) of 1/1.17 (e^-1.8 = 0.1653 kept as 0.17) was named at (a) as 1/1.050 is, yet
  (b) and (c) worked from it earned full marks "(a)'s early rounding is marked at (a) only"
  (e^-s to 2 figures reaches it too), not ECF's credit as after 1/1.050;
- with (a) blank or right, the same (b) and (c) were a bare ``incorrect``.

The draw: C7 with s = 1.8, y = 1, worked by hand: 1 + e^-1.8 = 1.165299, p-hat = 0.858149;
kept as 1.17, p-hat = 1/1.17 = 0.854701 (0.855, 0.8547), (b) = ln 1.17 = 0.157004 (0.1570),
(c) = ln(1.17/0.17) = ln 6.882353 = 1.928961 (1.929); key (b) 0.15298, (c) 1.95298."""

from functools import cache

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.marking.rules import Credits
from tests.paper_support import mark_paper

C7 = next(t for t in load_bank() if t.cls == "C7")
KEPT = ("your answer is what the working gives with a value kept to too few figures of its difference from 1 "
        "(σ(s) as 0.8547 from 1 + e^(-s) = 1.1653 as 1.17, where it is 0.8581)")


@cache
def _first_draw(label: str, s: float):
    """The first of C7's draws ``label/k`` with this ``s`` and y = 1: looked for once a session
    (up to thousands of draws), as the tests that mark a paper on it only read it."""
    for k in range(4000):
        instance = sample_instance(C7, f"{label}/{k}")
        if float(instance.params["s"]) == s and int(instance.params["y"]) == 1:
            return instance
    raise AssertionError(f"no draw with s = {s}")


@pytest.fixture(scope="module")
def draw():
    """s = 1.8, y = 1: the review's s001 Q4."""
    return _first_draw("near51", 1.8)


def test_the_draw_is_the_one_worked_by_hand(draw):
    assert [round(float(pv.value), 5) for pv in draw.parts] == [0.85815, 0.15298, 1.95298]


def test_parts_from_an_a_kept_short_below_0_9_earn_what_a_wrong_a_earns(draw):
    """(a) 0.855 = 1/1.17 is named at (a); (b) and (c) from it are ECF at half with ecf_credit 0.5, as
    after 1/1.050 on Q191 (they earned full marks, "(a)'s early rounding is marked at (a) only")."""
    marked = mark_paper(draw, {"p": "0.855", "loss_y1": "0.1570", "loss_y0": "1.929"}, Credits(ecf=0.5))
    assert (marked["p"].status, marked["p"].note) == ("imprecise", "rounded_too_early")
    assert "(1 + e^(-s) = 1.1653 as 1.17)" in marked["p"].feedback
    for part in ("loss_y1", "loss_y0"):
        assert (marked[part].status, marked[part].note, marked[part].score) == ("correct", "ecf", 0.5)
        assert marked[part].feedback == ("marked from your (a) = 0.855: correct given that value (error carried "
                                         "forward), which earns half of the marks in this course")


@pytest.mark.parametrize("a", [None, "0.858", "0.8581"])
@pytest.mark.parametrize("part, expected", [("loss_y1", "0.153"), ("loss_y0", "1.95")])
def test_b_and_c_kept_short_below_0_9_are_named_with_a_blank_or_right(draw, a, part, expected):
    """ln 1.17 and ln(1.17/0.17) are told the value kept short, as ln 1.05 is on Q191 (a bare incorrect),
    each answered alone."""
    marked = mark_paper(draw, {part: {"loss_y1": "0.1570", "loss_y0": "1.929"}[part], **({"p": a} if a else {})})
    assert (marked[part].status, marked[part].note) == ("imprecise", "rounded_too_early"), marked[part]
    assert marked[part].feedback.startswith(KEPT), marked[part].feedback
    assert marked[part].feedback.endswith(f"(expected {expected})")


@pytest.mark.parametrize("a", [None, "0.858", "0.8581"])
def test_b_and_c_from_one_value_kept_short_below_0_9_charge_it_at_b_alone(draw, a):
    """Both worked from 1/1.17, which (a) does not show: (b) is named, (c) is ECF from the same value,
    the keeping marked at (b) only (review 53b F8: each was charged)."""
    marked = mark_paper(draw, {"loss_y1": "0.1570", "loss_y0": "1.929", **({"p": a} if a else {})})
    assert (marked["loss_y1"].status, marked["loss_y1"].note) == ("imprecise", "rounded_too_early")
    assert marked["loss_y1"].feedback.startswith(KEPT) and marked["loss_y1"].feedback.endswith("(expected 0.153)")
    assert (marked["loss_y0"].status, marked["loss_y0"].note, marked["loss_y0"].score) == ("correct", "ecf", 1.0)
    assert marked["loss_y0"].feedback == f"{KEPT}, as your (b) is: correct given that value (error carried forward; " \
                                         "that value kept short is marked at (b) only)"


@pytest.fixture(scope="module")
def near_draw():
    """s = 2.65, y = 1 (seed 1's Q181): p-hat = 0.934011, 1 - p-hat = 0.065989."""
    return _first_draw("near51b", 2.65)


def test_b_worked_exactly_from_a_right_a_short_of_its_difference_is_told_so(near_draw):
    """(a) 0.9343 is right at 3 figures (0.934) but keeps 1 - p-hat as 0.0657 of 0.06599, so it lends (b)
    nothing (review 49d F5); (b) -ln 0.9343 = 0.067958 was a bare incorrect while the same working from
    the wrong 0.9354 is ECF (review 51a F9): it is told what it is and what the stem asks, and still earns
    nothing, as with (a) blank, under any policy."""
    half = Credits(ecf=0.5, imprecise=0.5)
    marked = mark_paper(near_draw, {"p": "0.9343", "loss_y1": "0.06796"}, half)
    assert marked["p"].status == "correct"
    assert (marked["loss_y1"].status, marked["loss_y1"].score) == ("incorrect", 0.0)
    assert mark_paper(near_draw, {"loss_y1": "0.06796"}, half)["loss_y1"].status == "incorrect"
    assert marked["loss_y1"].feedback == (
        "marked from your (a) = 0.9343: your answer is what the working gives from it, but (a) is right only to "
        "the figures it asks: 1 - (a) is 0.0657 as you wrote it, where it is 0.06599; keep a value near 1 (here a "
        "probability over 0.9) to at least 4 significant figures of its difference from 1 (expected 0.0683)")
    wrong = mark_paper(near_draw, {"p": "0.9354", "loss_y1": "0.06675"})["loss_y1"]
    assert (wrong.status, wrong.note) == ("correct", "ecf")
