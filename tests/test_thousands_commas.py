"""A comma in a number: thousands in a count, a decimal comma after a leading 0.

C6 seed 1 asks in (a) for 1440 tokens (a whole-number part)."""

import csv

from quizgen.marking.forms import read_number


def test_a_labelled_decimal_comma_after_a_leading_zero_is_never_read_as_thousands():
    assert read_number("L = 0,408").value == 0.408
    assert read_number("0,408 nats").value == 0.408
    assert read_number("L = 1,234.5").value == 1234.5     # a real thousands grouping still is


def _grade(invoke, tmp_path, answer, *options):
    assert invoke("generate", "--classes", "C6", "--seed", "1", "--out", str(tmp_path / "gen")).exit_code == 0
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], ["s1", "Q1", "a", answer]])
    result = invoke("grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "gen" / "key.json"),
                    "--out", str(tmp_path / "graded.csv"), *options)
    assert result.exit_code == 0, result.output
    with open(tmp_path / "graded.csv", newline="", encoding="utf-8") as handle:
        return next(csv.DictReader(handle))


def test_a_count_written_with_a_thousands_comma_is_graded_as_that_count(invoke, tmp_path):
    row = _grade(invoke, tmp_path, "1,440")
    assert (row["expected"], row["status"]) == ("1440", "correct")


def test_with_decimal_commas_the_same_count_is_still_that_count(invoke, tmp_path):
    row = _grade(invoke, tmp_path, "1,440", "--decimal-comma")   # a count is never 1.44 (forms22)
    assert row["status"] == "correct"
