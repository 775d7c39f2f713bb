"""A trap worked from the student's own (a) that is right within its tolerance
but shown to fewer figures than asked (0.14 for 0.1402: imprecise at (a)) says,
as after any (a) rounded too early, that the rounding is marked at (a) only.
The note was left off: (a) counted as right there (early_sources.marked_early_there)."""

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from tests.grading_support import graded_by_cli

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
    rows = [("short", "Q9", "a", "0.14"), ("short", "Q9", "b", "0.854"),
            ("full", "Q9", "a", "0.140"), ("full", "Q9", "b", "0.854")]
    graded = graded_by_cli(folder, folder / "p" / "key.json", rows, "--policy", folder / "policy.yaml")
    return {(student, part): row for (student, question, part), row in graded.items() if question == "Q9"}


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
