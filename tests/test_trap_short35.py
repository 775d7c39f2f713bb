"""A trap worked from the student's own (a) that is right within its tolerance
but shown to fewer figures than asked (0.14 for 0.1402: imprecise at (a)) says,
as after any (a) rounded too early, that the rounding is marked at (a) only.
The note was left off: (a) counted as right there (early_sources.marked_early_there)."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main

NOTE = "(a)'s early rounding is marked at (a) only"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """``generate --classes C2 --count 10 --seed 5``: Q9 (a) p = 0.1402, (b)'s log-10 trap 0.8532."""
    folder = tmp_path_factory.mktemp("trapshort35")
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C2", "--count", "10", "--seed", "5", "--out",
                                str(folder / "p")])
    assert made.exit_code == 0, made.output
    (folder / "policy.yaml").write_text("ecf_credit: 0.5\ntraps:\n  log10_instead_of_ln: 0.5\n", encoding="utf-8")
    answers = folder / "answers.csv"
    rows = [("short", "Q9", "a", "0.14"), ("short", "Q9", "b", "0.854"),
            ("full", "Q9", "a", "0.140"), ("full", "Q9", "b", "0.854")]
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    (folder / "out").mkdir()
    result = runner.invoke(main, ["grade", str(answers), "--key", str(folder / "p" / "key.json"),
                                  "--policy", str(folder / "policy.yaml"), "--out", str(folder / "out")])
    assert result.exit_code == 0, result.output
    with open(folder / "out" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(r["student_id"], r["part"]): r for r in csv.DictReader(handle) if r["question_id"] == "Q9"}


def test_the_trap_after_an_a_shown_short_says_where_its_rounding_is_marked(graded):
    assert (graded[("short", "a")]["status"], graded[("short", "a")]["note"]) == ("imprecise", "rounded_too_early")
    row = graded[("short", "b")]
    assert (row["misconception"], row["score"]) == ("log10_instead_of_ln", "1")   # the trap's credit alone: half
    assert row["feedback"].startswith(f"marked from your (a) = 0.14; {NOTE}: The loss uses the natural logarithm")


def test_the_trap_after_an_a_in_full_has_no_such_note(graded):
    assert graded[("full", "a")]["status"] == "correct"
    row = graded[("full", "b")]
    assert (row["misconception"], row["score"]) == ("log10_instead_of_ln", "1")
    assert row["feedback"].startswith("marked from your (a) = 0.140: The loss uses") and "early rounding" not in \
        row["feedback"]
