"""Carried rounding at a tie (quizgen/marking/carry.py): an intermediate that
is an exact decimal tie may be rounded the paper's way (half away from zero)
or half to even, and both roundings are accepted (never half towards zero
where that is odd); anywhere else a value
has exactly the one rounding quizgen.maths.rounding gives it."""

import math
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from property_sizes import many_copy, quick
from quizgen.bank.loader import load_template
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.roundings import LEVELS, each_rounding, sig_roundings
from quizgen.marking.hull import _rounded
from tests.paper_support import mark_paper
from quizgen.marking.rules import CORRECT, INCORRECT
from quizgen.maths.rounding import figure_places, float_to_places
from quizgen.validation.marking import careful_student, mark_answers, marking_problems

TEMPLATE = """\
id: tie-carried
class: C12
title: "A share that is a tie"
points: 2

params:
  k: {{choice: [{k}]}}
  N: {{choice: [{n}]}}

let:
  p: "k / N"

stem: |
  A classifier is right on {{{{ k }}}} of {{{{ N }}}} held-out pairs; take that share as the
  probability $p$ that it is right. Use natural logarithms; give answers to 3 significant figures.

parts:
  - name: p
    ask: "What is $p$?"
    answer: p
  - name: loss
    ask: "What is $-\\\\ln(1 - p)$?"
    answer: "-log(1 - p)"

solution:
  forecast: "p is near 1, so 1 - p is small and its log large."
  steps:
    - title: "The share"
      why: "Right answers over all answers."
      work: "$p = {{{{ k }}}}/{{{{ N }}}} = {{{{ p | dec(4) }}}}$"
    - title: "The log"
      why: "Take the natural log of $1 - p$."
      work: "$-\\\\ln(1 - {{{{ p | dec(4) }}}})$"
  verify: "$0 < p < 1$."

canonical:
  params: {{k: {k}, N: {n}}}
"""


def tie_instance(tmp_path, k: int, n: int):
    """The one instance of a two-part template: (a) p = k/N, (b) -ln(1 - p)."""
    path = tmp_path / f"tie_{k}_{n}.yaml"
    path.write_text(TEMPLATE.format(k=k, n=n), encoding="utf-8")
    return canonical_instance(load_template(path))


# p = 13/16 = 0.8125 (a binary tie: half to even gives 0.812, the paper 0.813);
# p = 367/400 = 0.9175 (a decimal tie whose float lies below: the float's side
# is 0.917, both human rules give 0.918). -ln(1 - p) from the paper's rounding
# is outside the exact answer's window: only carried rounding can accept it;
# one unit further is reachable by no rounding.
TIES = [(1300, 1600, "0.813", "1.68", "1.69"), (367, 400, "0.918", "2.50", "2.51")]


@pytest.mark.parametrize("k, n, p, loss, beyond", TIES)
def test_a_student_carrying_the_papers_rounding_of_a_tie_is_correct(tmp_path, k, n, p, loss, beyond):
    instance = tie_instance(tmp_path, k, n)
    verdicts = mark_paper(instance, {"p": p, "loss": loss})
    assert (verdicts["p"].status, verdicts["p"].note) == (CORRECT, "")
    assert (verdicts["loss"].status, verdicts["loss"].note) == (CORRECT, "carried_rounding")
    assert mark_paper(instance, {"p": p, "loss": beyond})["loss"].status == INCORRECT


@pytest.mark.parametrize("k, n, p, loss, beyond", TIES)
def test_the_graders_checkers_accept_it_too(tmp_path, k, n, p, loss, beyond):
    """Through grade's own checkers, whose hull (quizgen/marking/hull.py) must
    reach the tie's upper neighbour or the answer is refused unseen."""
    instance = tie_instance(tmp_path, k, n)
    checkers = question_checkers(key_entry(Question("Q1", instance)))
    verdicts = mark_answers(checkers, instance, {"p": p, "loss": loss})
    assert (verdicts["loss"].status, verdicts["loss"].note) == ("correct", "carried_rounding")
    assert mark_answers(checkers, instance, {"p": p, "loss": beyond})["loss"].status == "incorrect"


@pytest.mark.parametrize("k, n, p, loss, beyond", TIES)
def test_validates_careful_student_rounds_as_the_paper_does(tmp_path, k, n, p, loss, beyond):
    instance = tie_instance(tmp_path, k, n)
    assert careful_student(instance) == {"p": p, "loss": loss}
    assert marking_problems(instance) == []


@pytest.mark.parametrize("k, n, early, expected", [(1300, 1600, "0.81", "0.813"), (367, 400, "0.92", "0.918")])
def test_feedback_quotes_the_papers_rounding_of_a_tie(tmp_path, k, n, early, expected):
    """'Rounded too early' names the answer as the paper prints it, rounded
    from the exact value: 0.9175's float lies below the tie and would give 0.917."""
    instance = tie_instance(tmp_path, k, n)
    checkers = question_checkers(key_entry(Question("Q1", instance)))
    graded = mark_answers(checkers, instance, {"p": early, "loss": "9"})["p"]
    drilled = mark_paper(instance, {"p": early, "loss": "9"})["p"]
    for verdict in (graded, drilled):
        assert verdict.note == "rounded_too_early"
        assert verdict.feedback.endswith(f"(expected {expected})"), verdict.feedback


@pytest.mark.parametrize("k, n, p, loss, unrounded", [(1300, 1600, "0.813", "1.68", "1.6740"),
                                                     (367, 400, "0.918", "2.50", "2.49496")])
def test_carried_rounding_feedback_gives_the_answer_from_unrounded_values(tmp_path, k, n, p, loss, unrounded):
    """As key.csv writes it (to the part's 4 decimals): 2.494956 is 2.49496, not 2.4950 (which rounds to 2.50)."""
    verdict = mark_paper(tie_instance(tmp_path, k, n), {"p": p, "loss": loss})["loss"]
    assert verdict.note == "carried_rounding"
    assert verdict.feedback.endswith(f"(from unrounded values the answer is {unrounded})"), verdict.feedback


def test_a_keys_rational_answer_is_read_exactly_and_nothing_else(tmp_path):
    part = key_entry(Question("Q1", tie_instance(tmp_path, 367, 400))).parts[0]
    assert part.rational == Fraction(367, 400)
    for exact, rational in [("-12", Fraction(-12)), ("0.9175", Fraction(367, 400)), ("1/676", Fraction(1, 676)),
                            ("log(3)", None), ("1.5/2", None), ("1/0", None), ("1" * 61, None), (None, None)]:
        assert replace(part, exact=exact).rational == rational, exact


def test_both_neighbours_of_a_tie_and_only_of_a_tie():
    assert each_rounding(0.8125, (3,)) == [0.812, 0.813]
    assert each_rounding(-0.8125, (3,)) == [-0.813, -0.812]
    assert each_rounding(0.9175, (3,)) == [0.918]   # half up and half to even agree: never 0.917
    assert each_rounding(0.9165, (3,)) == [0.916, 0.917] and each_rounding(-0.9165, (3,)) == [-0.917, -0.916]
    assert each_rounding(1.055, (3,)) == [1.06]   # its float lies just below the tie it stands for
    assert each_rounding(0.91750001, (3,)) == [0.918] and each_rounding(0.91749999, (3,)) == [0.917]
    assert each_rounding(0.12345, LEVELS) == [0.123, 0.1234, 0.1235, 0.12345, 0.12345]
    assert each_rounding(1250.0, (2,)) == [1200.0, 1300.0] and each_rounding(1251.0, (2,)) == [1300.0]
    assert sig_roundings(0.125, 2) == (0.12, 0.13) and sig_roundings(0.126, 2) == (0.13,)


def test_the_hull_reaches_both_neighbours_of_a_tie():
    assert _rounded((0.8125, 0.8125), (3,)) == (0.812, 0.813)
    assert _rounded((-0.9165, -0.9165), (3,)) == (-0.917, -0.916)
    assert _rounded((-0.9175, -0.9175), (3,)) == (-0.918, -0.9175)   # -0.917 is no rounding a student makes


def _even_neighbour(tie: Fraction, places: int) -> float:
    """The neighbour of the decimal tie ``tie`` at ``places`` whose last digit is even (half to even)."""
    lower = math.floor(tie * Fraction(10) ** places)
    return float(Fraction(lower + lower % 2) / Fraction(10) ** places)


def _scaled_distance_from_a_half(x: Fraction, places: int) -> Fraction:
    scaled = x * Fraction(10) ** places
    return abs(scaled - math.floor(scaled) - Fraction(1, 2))


MANY = settings(deadline=None, max_examples=2000)
DECIMALS = given(st.integers(1, 10 ** 9), st.integers(0, 12), st.booleans(), st.sampled_from(LEVELS))


@quick(MANY)
@DECIMALS
def test_carrys_rounding_is_the_papers_and_at_a_tie_both(digits, shift, negative, figures):
    """A decimal ``digits / 10**shift``: its float's roundings hold the paper's
    rounding of the decimal itself; at a tie also the even neighbour (two
    values where that is not the paper's); one, the paper's, anywhere else."""
    exact = Fraction(-digits if negative else digits, 10 ** shift)
    x = float(exact)
    places = figure_places(x, figures)
    papers = float_to_places(exact, places)
    found = each_rounding(x, (figures,))
    assert papers in found
    if _scaled_distance_from_a_half(exact, places) == 0:
        assert found == sorted({papers, _even_neighbour(exact, places)}), (exact, found)
    else:
        assert found == [papers], (exact, found)


test_carrys_rounding_is_the_papers_and_at_a_tie_both_many = many_copy(
    test_carrys_rounding_is_the_papers_and_at_a_tie_both, DECIMALS, MANY)

FLOATS = given(st.floats(1e-12, 1e12), st.booleans(), st.sampled_from(LEVELS))


@quick(MANY)
@FLOATS
def test_a_float_far_from_a_tie_has_the_papers_one_rounding(size, negative, figures):
    """Any float not within a few units in the last place of a tie rounds to
    exactly what quizgen.maths.rounding gives its exact value; one within them
    to the neighbours of the tie it stands for (1.055, whose float lies just
    below, to 1.06 alone: the paper's rule and half to even agree)."""
    x = -size if negative else size
    places = figure_places(x, figures)
    found = each_rounding(x, (figures,))
    near = _scaled_distance_from_a_half(Fraction(x), places) <= Fraction(16, 2 ** 52) * abs(Fraction(x)) * 10 ** places
    if not near:
        assert found == [float_to_places(x, places)], (x, found)
    else:
        unit = Fraction(10) ** -places
        tie = (math.floor(Fraction(x) / unit) + Fraction(1, 2)) * unit
        assert 1 <= len(found) <= 2 and all(abs(abs(Fraction(v) - tie) - unit / 2) <= unit / 10 ** 9 for v in found), \
            (x, found)


test_a_float_far_from_a_tie_has_the_papers_one_rounding_many = many_copy(
    test_a_float_far_from_a_tie_has_the_papers_one_rounding, FLOATS, MANY)
