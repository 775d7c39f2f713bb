"""Counts in grade's notes for a decimal-comma class (note 42, F9): "1,200 rows" reads as
1.2 rows to a reader of decimal commas, so a run whose outputs write decimal commas sets
thousands apart with a narrow no-break space (U+202F) in every note, as its summary
already did; an English run keeps "1,200", and one run's choice does not reach the next."""

import re

from test_grade_roster import Q1, grade, write


NARROW = "\u202f"


def _class_rows(value: str) -> list:
    """1,000 students, each with an unreadable Q1 (a) and a Q1 (b) of ``value``; 1,200 rows naming Q9."""
    rows = [row for n in range(1000) for row in ((f"s{n:04d}", "Q1", "a", "xyz"), (f"s{n:04d}", "Q1", "b", value))]
    return rows + [(f"s{n % 1000:04d}", "Q9", "a", value) for n in range(1200)]


def test_a_decimal_comma_run_sets_thousands_apart_with_a_narrow_space(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, _class_rows("3,0"), delimiter=";")
    result = grade(answers)
    assert result.exit_code == 0, result.output
    said = result.output
    assert f"answers.csv: 1{NARROW}200 of 3{NARROW}200 answer rows name no part of key.json" in said
    assert f"'Q9' part 'a' (1{NARROW}200 rows)" in said
    assert f"Note: 1{NARROW}000 answer(s) could not be read" in said and "and 990 more" in said
    assert not re.search(r"\d,\d\d\d", said)   # no count grouped with a comma


def test_an_english_run_after_it_keeps_its_commas(tmp_path):
    (tmp_path / "dc").mkdir()
    (tmp_path / "en").mkdir()
    assert grade(write(tmp_path / "dc", {"questions": [Q1]}, _class_rows("3,0"), delimiter=";")).exit_code == 0
    said = grade(write(tmp_path / "en", {"questions": [Q1]}, _class_rows("3.0"))).output
    assert "answers.csv: 1,200 of 3,200 answer rows name no part of key.json" in said
    assert "Note: 1,000 answer(s) could not be read" in said and NARROW not in said
    forced = grade(write(tmp_path / "dc", {"questions": [Q1]}, _class_rows("3,0"), delimiter=";"),
                   "--decimal-mark", "point", "--force").output   # the outputs write points: so do the counts
    assert "answers.csv: 1,200 of 3,200 answer rows" in forced and NARROW not in forced


def test_a_wide_files_column_note_is_grouped_as_the_outputs_write(tmp_path):
    """The note on the columns graded.csv drops is made as the header is read, before the marks are known."""
    header = ("student_id", "Q1a", "Q1b", *(f"extra{n}" for n in range(1001)))
    rows = [("s1", "0,5", "3", *("x" for _ in range(1001)))]
    said = grade(write(tmp_path, {"questions": [Q1]}, rows, header=header, delimiter=";")).output
    assert f"answers.csv: 1{NARROW}001 columns besides the student, name and answer columns" in said
    assert "and drops 901" in said


def test_thousands_follows_the_run_and_is_undone_after_it():
    from quizgen.wording import commas_written, thousands, thousands_kept   # here: the older errors.py lacked them
    assert thousands(1200) == "1,200" and thousands(1200, comma=True) == f"1{NARROW}200"
    with thousands_kept():
        commas_written(True)
        assert thousands(1200) == f"1{NARROW}200" and thousands(1200, comma=False) == "1,200"
        assert thousands(999) == "999"
    assert thousands(1200) == "1,200"
