"""rev-student22: a slip in a count (C6 (a) 1205 for 1200) was judged "not wrong"
by a decimal's 3-figure window when ECF asked whether (a) was wrong, though (a)
itself is marked wrong (a count is exact): every part worked from it lost its
marks. Seed 7's Q6 is C6, key 1200, 960, 120, 120, 1200."""

import pytest
from click.testing import CliRunner

from grading_support import paper_grader
from quizgen.cli import main


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("student22"), seed=7, count=1)


@pytest.mark.slow
def test_parts_worked_from_a_slipped_count_are_ecf(grade):
    graded = grade([("x", "Q6", "a", "1205"), ("x", "Q6", "b", "964"), ("x", "Q6", "e", "1205")])
    assert graded["Q6", "a", "1205"]["status"] == "incorrect"
    for part, answer in (("b", "964"), ("e", "1205")):
        row = graded["Q6", part, answer]
        assert (row["status"], row["note"]) == ("correct", "ecf"), row
        assert row["feedback"].startswith("marked from your (a) = 1205")


@pytest.mark.slow
def test_what_to_work_on_names_the_answers_rounded_too_early(tmp_path):
    """rev-student22: a student who lost marks only to early rounding was sent to drill C1 with no word of it."""
    paper_grader(tmp_path, seed=7, count=1)   # the paper, in tmp_path / "paper"
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns02,Q1,a,0.79\ns02,Q1,b,0.2368\n",
                                    encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "a.csv"), "--key", str(tmp_path / "paper" / "key.json"),
                                       "--feedback", str(tmp_path / "fb")])
    assert result.exit_code == 0, result.output
    work = (tmp_path / "fb" / "s02.md").read_text(encoding="utf-8").split("## What to work on")[1].split("\n## ")[0]
    lines = [line for line in work.splitlines() if line.startswith("- ")]
    assert lines[0] == ("- rounded too early or cut off: Q1 (a): give each final answer to the figures the question "
                        "asks, rounded (not cut off), and keep at least 4 significant figures in the working.")


@pytest.mark.slow
def test_a_count_answered_with_a_fraction_is_told_why(grade):
    """rev-student22: 120.5 positions (10% of a slipped 1205) was a bare "incorrect"; 120 or 121 is ECF
    (bank25: the feedback says the fraction is what their own (a) gives)."""
    row = grade([("x", "Q6", "a", "1205"), ("x", "Q6", "c", "120.5")])["Q6", "c", "120.5"]
    assert row["status"] == "incorrect"
    assert row["feedback"].startswith("marked from your (a) = 1205: 120.5 is what that value gives, but a count is a "
                                      "whole number, so round it: 120 or 121 is correct given that value")
