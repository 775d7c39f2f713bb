""""Rounded twice" is named only from 2 significant figures shown, as a cut-off
is (review 41 F3, tests/test_cut_figures42.py): 0.002 for 0.0014728 is 0.0015
rounded again, but also every value from 0.0015 to 0.0024999 rounded once, so a
1-figure answer says nothing of how it was reached. It stays a plain
``incorrect``, and a later part worked from it is ECF from a wrong answer, its
note naming no rounding (grade, the drill and validate share it)."""

import pytest

from grading_support import graded_by_cli
from test_drill_hints import drill
from quizgen.generation.run import generate
from quizgen.marking.forms import NUMBER, Reading
from quizgen.marking.rules import PartRule, mark_value


def test_the_marker_names_rounded_twice_only_from_two_figures():
    one = mark_value(PartRule("a", "(a)", "numeric", 0.0014727540500736377, {}), Reading(NUMBER, 0.002, 1), {}, {})
    assert (one.status, one.misconception, one.feedback) == ("incorrect", "", ""), one
    two = mark_value(PartRule("a", "(a)", "numeric", 0.91475, {}), Reading(NUMBER, 0.92, 2), {}, {})
    assert (two.status, two.feedback[:38]) == ("incorrect", "rounded twice, and to too few figures:"), two


@pytest.fixture(scope="module")
def seed5(tmp_path_factory):
    """Seed 5's paper: Q3 (a) p = 0.0014728 (0.0015 at 2 figures, 0.001 at 1), (b) -ln p."""
    folder = tmp_path_factory.mktemp("twice42")
    generate(folder / "paper", count=1, seed=5)
    return folder / "paper" / "key.json"


@pytest.mark.parametrize("credit, score", [("1", "2"), ("0.5", "1")])
def test_grade_says_nothing_of_one_figure_and_carries_it_as_a_wrong_a(tmp_path, seed5, credit, score):
    rows = graded_by_cli(tmp_path, seed5, [["r1", "Q3", "a", "0.002"], ["r1", "Q3", "b", "6.21"],
                                           ["r2", "Q3", "a", "0.003"], ["r2", "Q3", "b", "5.81"]],
                         "--ecf-credit", credit)
    a = rows["r1", "Q3", "a"]
    assert (a["status"], a["feedback"]) == ("incorrect", ""), a
    for student, written in (("r1", "0.002"), ("r2", "0.003")):   # one figure, wrong either way: one wording, one score
        b = rows[student, "Q3", "b"]
        assert (b["status"], b["note"], b["score"]) == ("correct", "ecf", score), b
        assert b["feedback"].startswith(f"marked from your (a) = {written}: correct given that value "
                                        "(error carried forward)"), b
        assert "early rounding" not in b["feedback"], b


def test_the_drill_says_the_same():
    """``drill --seed 35 --classes C1``: (a) p = 0.64958 (0.65 at 2 figures, 0.6 at 1)."""
    said, _ = drill("0.7\n0.357\nq\n", classes="C1", seed=35, save=False)
    assert "Rounded twice" not in said and "rounded twice" not in said, said
    assert "Marked from your (a) = 0.7: correct given that value (error carried forward)." in said, said
