"""An ECF part answered with an expression or fraction, through `quizgen grade` as a user runs it.
Whose value is the value worked from the student's own (a), it is `correct`, `ecf`, at any figures;
right only to fewer figures than asked, its feedback says what it is (docs/marking.md): `1+1` after
(a) 0.1353 was told "right to 1 significant figure given that value", as though "2" were written.
The re-marking caches told `2` and `1+1` apart by their figures' kind too (an int's subclass)."""

import csv

import pytest

# C2, seed 1: (a) is p = 0.01747, (b) is -ln p = 4.0474 (3 significant figures asked)
ROWS = [
    ("s1", "0.1353", "=1+1"),          # -ln 0.1353 = 2.00026: 2 is it to 1 figure
    ("s2", "exp(-2)", "1+1"),          # -ln e^-2 = 2 exactly
    ("s3", "0.1353", "2"),             # a bare 2, after s1's 1+1 with the same value and figure count
    ("s4", "0.25", "ln(4)"),
    ("s5", "0.25", "7/5"),             # -ln 0.25 = 1.38629: 1.4 to 2 figures
    ("s6", "0.25", "exp(ln(1.4))"),
]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    from click.testing import CliRunner

    from quizgen.cli import main

    folder = tmp_path_factory.mktemp("ecf_expression")
    runner = CliRunner()
    result = runner.invoke(main, ["generate", "--classes", "C2", "--seed", "1", "--out", str(folder / "q")],
                           catch_exceptions=False)
    assert result.exit_code == 0, result.output
    answers = folder / "answers.csv"
    lines = ["student_id,question_id,part,answer"]
    lines += [f"{s},Q1,{part},{text}" for s, a, b in ROWS for part, text in (("a", a), ("b", b))]
    answers.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(main, ["grade", str(answers), "--key", str(folder / "q" / "key.json"), "--force-key",
                                  "--out", str(folder / "g")], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    with open(folder / "g" / "answers-graded.csv", encoding="utf-8-sig") as handle:
        return {row["student_id"]: row for row in csv.DictReader(handle) if row["part"] == "b"}


def test_an_expression_that_is_the_ecf_value_is_correct_at_any_figures(graded):
    for student in ("s2", "s4"):
        assert (graded[student]["status"], graded[student]["note"]) == ("correct", "ecf"), graded[student]


def test_arithmetic_right_to_fewer_figures_is_said_to_be_that_decimal_exactly(graded):
    row = graded["s1"]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early")
    assert row["feedback"] == (
        "marked from your (a) = 0.1353: your expression is exactly 2, but the answer given that value is not "
        "exactly 2: this part asks for a decimal to at least 3 significant figures (error carried forward: from "
        "your (a) the answer is 2.00; from the exact (a), expected 4.05)")
    assert "your fraction is exactly 1.4, but the answer given that value is not exactly 1.4" in graded["s5"]["feedback"]


def test_a_bare_number_keeps_its_own_words_beside_an_expression_of_its_value(graded):
    row = graded["s3"]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early")
    assert row["feedback"].startswith("marked from your (a) = 0.1353: rounded too early: right to 1 significant "
                                      "figure given that value, give at least 3")


def test_an_expression_is_told_its_value(graded):
    assert "rounded too early: its value, 1.4, is right to 2 significant figures given that value, give at least 3" \
        in graded["s6"]["feedback"]
