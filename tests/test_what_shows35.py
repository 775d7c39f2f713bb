"""grade's feedback on a later part that a rounding to 2 figures reaches says
what the answers show ("your answer is what the working gives with (a) rounded
to 2 significant figures (0.74), not with (a) as written"), as the feedback
sheet does since round 34, not the student's rounding as fact ("right from (a)
rounded to 2 significant figures (0.74), which is rounding too early": their
(a) shows 3 figures). The sheet still reads the earlier value back out of it."""

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from tests.grading_support import graded_by_cli


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Seed 24's class paper (C1 first: p = 0.7392, loss 0.3021): (a) 0.739 in full, (b) from 0.74."""
    folder = tmp_path_factory.mktemp("shows35")
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C1,C6,C7,C8", "--seed", "24", "--out", str(folder / "p")])
    assert made.exit_code == 0, made.output
    rows = [("s1", "Q1", "a", "0.739"), ("s1", "Q1", "b", "-ln(0.74)"), ("s2", "Q1", "a", "0.739"),
            ("s2", "Q1", "b", "0.301")]
    graded = graded_by_cli(folder, folder / "p" / "key.json", rows, "--feedback", folder / "sheets")
    rows = {(student, part): row for (student, question, part), row in graded.items() if question == "Q1"}
    return rows, {s: (folder / "sheets" / f"{s}.md").read_text(encoding="utf-8") for s in ("s1", "s2")}


@pytest.mark.parametrize("student", ["s1", "s2"])
def test_the_feedback_says_what_the_answers_show(graded, student):
    row = graded[0][(student, "b")]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early")
    assert row["feedback"] == ("marked from your (a) = 0.739: your answer is what the working gives with (a) rounded "
                               "to 2 significant figures (0.74), not with (a) as written: keep at least 4 significant "
                               "figures in intermediate results (expected 0.302)")
    assert "rounding too early" not in row["feedback"]


def test_the_sheet_still_names_the_earlier_answer_rounded_before_use(graded):
    """The sheet reads (a) back out of grade's words (quotes.rounded_before_use)."""
    sheet = " ".join(graded[1]["s1"].split())
    assert "rounded before use: Q1 (b) is what Q1 (a) rounded to 2 significant figures gives" in sheet, sheet
