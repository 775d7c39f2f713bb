"""Review 41 F3: "cut off instead of rounded" is named only from 2 significant
figures shown: any value from 0.1 to 0.1999 is 0.1517 cut off at one figure, so a
1-figure answer says nothing of how it was reached (grade, drill, validate share it)."""

import pytest

from grading_support import paper_grader
from test_drill_hints import drill
from quizgen.marking.forms import NUMBER, Reading
from quizgen.marking.rules import PartRule, mark_value


@pytest.fixture(scope="module")
def seed1(tmp_path_factory):
    """Seed 1's paper: Q1 (a) is 0.7157, Q5 (c) 0.1517."""
    return paper_grader(tmp_path_factory.mktemp("cut42"), seed=1, count=1)


def test_grade_names_a_cut_off_only_from_two_figures(seed1):
    graded = seed1([("Q5", "c", "0.1"), ("Q1", "a", "0.71"), ("Q1", "a", "0.7")])
    one = graded["Q5", "c", "0.1"]
    assert (one["status"], one["misconception"], one["feedback"]) == ("incorrect", "", ""), one
    two = graded["Q1", "a", "0.71"]
    assert two["status"] == "imprecise" and two["feedback"].startswith("cut off instead of rounded"), two
    assert graded["Q1", "a", "0.7"]["feedback"].startswith("rounded too early"), graded["Q1", "a", "0.7"]


def test_a_decimal_rounded_again_is_rounded_exactly():
    """0.1 for 0.1517 was told "0.15 rounded again to 1 significant figure is 0.1": the float
    0.15 lies below the tie; the decimal 0.15 rounds to 0.2 (a half away from zero)."""
    rule = PartRule("c", "(c)", "numeric", 0.1517, {})
    assert mark_value(rule, Reading(NUMBER, 0.1, 1), {}, {}).feedback == ""
    twice = mark_value(PartRule("c", "(c)", "numeric", 0.23491, {}), Reading(NUMBER, 0.24, 2), {}, {})
    assert twice.feedback.startswith("rounded twice, and to too few figures: 0.235 rounded again to 2 significant "
                                     "figures is 0.24, but the value itself, 0.23491, rounds to 0.23"), twice


def test_the_marker_says_nothing_of_a_one_figure_cut_off():
    rule = PartRule("c", "(c)", "numeric", 0.3937, {})
    one = mark_value(rule, Reading(NUMBER, 0.3, 1), {}, {})
    assert (one.status, one.feedback) == ("incorrect", ""), one
    two = mark_value(PartRule("b", "(b)", "numeric", 1.5505, {}), Reading(NUMBER, 1.5, 2), {}, {})
    assert two.feedback.startswith("cut off instead of rounded, and to too few figures"), two


def test_the_drill_names_no_cut_off_for_one_figure():
    said, _ = drill("0\n0\n0.3\nq\n", classes="C5", seed=3, save=False)   # C5 (c) is 0.3937
    assert "Cut off" not in said and "cut off" not in said, said
    assert "Incorrect: the answer is 0.3937." in said, said
