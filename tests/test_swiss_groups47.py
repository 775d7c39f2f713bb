"""A Swiss thousands separator, an apostrophe between groups of three digits, reads as the
space and the comma do (review 47b F10: `2'220` for a count of 2220 was invalid, 0 marks)."""

import csv

import pytest

from quizgen.marking.forms import read_number


@pytest.mark.parametrize("text, whole, value", [
    ("2'220", True, 2220.0), ("2\u2019220", True, 2220.0), ("12'345'678", True, 12345678.0),
    ("1'234.5", False, 1234.5), ("-1'234.5", False, -1234.5),
])
def test_apostrophe_groups_read_as_thousands(text, whole, value):
    assert read_number(text, whole=whole).value == value


@pytest.mark.parametrize("text", ["2'22", "2'2200", "0'220"])
def test_only_groups_of_three_after_a_leading_digit_are_thousands(text):
    assert read_number(text, whole=True).value is None


def test_grade_reads_a_swiss_count(invoke, tmp_path):
    made = invoke("generate", "--seed", 1, "--classes", "C6", "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    key = next(csv.DictReader((tmp_path / "q" / "key.csv").read_text(encoding="utf-8-sig").splitlines()))
    assert len(key["answer"]) == 4, key   # a count of thousands, for its group
    swiss = f"{key['answer'][0]}'{key['answer'][1:]}"
    answers = tmp_path / "a.csv"
    answers.write_text(f"student_id,question_id,part,answer\ns1,Q1,{key['part']},{swiss}\n", encoding="utf-8")
    graded = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "g.csv")
    assert graded.exit_code == 0, graded.output
    row = next(csv.DictReader((tmp_path / "g.csv").read_text(encoding="utf-8-sig").splitlines()))
    assert (row["answer"], row["status"]) == (swiss, "correct")
