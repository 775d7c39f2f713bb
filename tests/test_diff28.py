"""Defects rev-diff28 found in this round's changes: a big earlier gradebook
crashed grade (stale.py), and an id in scientific notation crashed it when a
known id had digits int() cannot read (student_ids.py)."""

import os

from test_left27 import class_of_two, grade

from quizgen.input_files import SMALL_INPUT_BYTES
from quizgen.marking.student_ids import scientific_ids


def test_a_big_earlier_gradebook_is_removed_not_a_traceback(tmp_path, invoke):
    class_of_two(tmp_path)
    (tmp_path / "r").mkdir()
    book = tmp_path / "r" / "g-gradebook-moodle.csv"
    book.write_text("ID number,Full name,g\ns1,A,1\n", encoding="utf-8")
    os.truncate(book, SMALL_INPUT_BYTES + 1)
    result = grade(invoke, tmp_path)
    assert not book.exists()
    assert "g-gradebook-moodle.csv" in result.output


def test_an_id_in_scientific_notation_beside_unreadable_digits():
    assert scientific_ids("2.02312E+13", ["\u1369\u136a", "20231234567891"]) == ["20231234567891"]
