"""Gradebook files: Canvas's exported gradebook refilled, Moodle's grade
import CSV, and the plain per-student CSV."""

import csv
import io
from pathlib import Path

import pytest

from quizgen.errors import InputFileError, UsageError
from quizgen.lms.gradebook import Grade, canvas_gradebook, moodle_gradebook, number_text, plain_gradebook

TEMPLATE = (Path(__file__).parent / "data" / "lms" / "canvas_gradebook.csv").read_text(encoding="utf-8")
GRADES = [Grade("s001", "Ada Lovelace", 5.5, 6), Grade("eve", "Eve", 3.25, 6),
          Grade("s002", "Alan Turing", 4, 6), Grade("s999", "Nobody", 1, 6)]


def _rows(text):
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def test_canvas_fills_the_existing_column_and_writes_only_it_and_the_student_columns():
    """Canvas's import leaves a column the file lacks as it is (gradebook_importer.rb), so the file holds
    the student columns and the quiz's; Eve's name needs the formula guard: it gets it, and her row stays, as
    Canvas finds her by her ID, 103, and reads a name only when no id finds the student (process_student)."""
    result = canvas_gradebook(TEMPLATE, GRADES, "LMS quiz")
    before, after = _rows(TEMPLATE), _rows(result.text)
    assert result.text.startswith("\ufeff")
    assert after[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "LMS quiz (4412)"]
    kept = [[("'" if cell.startswith("=") else "") + cell for cell in row[:5]] for row in before[1:]]
    assert [row[:5] for row in after[1:]] == kept and after[4][0] == "'=HYPERLINK(\"x\"), Eve"
    assert [r[5] for r in after[1:]] == ["6.00", "5.5", "4", "3.25", ""]
    assert result.unmatched == ["s999"] and result.unguarded == ()


def test_canvas_adds_a_column_with_its_points_possible():
    result = canvas_gradebook(TEMPLATE, GRADES[:1], "Quiz 2")
    rows = _rows(result.text)
    assert rows[0][-1] == "Quiz 2" and rows[1][-1] == "6" and rows[2][-1] == "5.5"
    assert [r[-1] for r in rows[3:]] == ["", "", ""]   # Turing's, Eve's (her name guarded), Test Student's
    assert all(len(r) == len(rows[0]) == 6 for r in rows)


def test_canvas_fills_only_the_column_of_that_name_and_a_numeric_id():
    template = ("Student,ID,SIS User ID,Quiz 1 (Retake) (456),Quiz 1 (123),Quiz 10 (789)\r\n"
                "    Points Possible,,,10,10,10\r\nLovelace,1,s001,,,\r\n")
    rows = list(csv.reader(io.StringIO(canvas_gradebook(template, GRADES[:1], "Quiz 1").text)))
    assert rows[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Quiz 1 (123)"]
    assert rows[2][5] == number_text(5.5 * 10 / 6)


def test_canvas_template_without_ids_says_how_to_export():
    with pytest.raises(InputFileError, match="Export Entire Gradebook"):
        canvas_gradebook("Name,Score\nAda,1\n", GRADES, "Quiz")


def test_moodle_import_file_keyed_by_id_number_or_email():
    assert moodle_gradebook(GRADES[:1], "Quiz 1") == "ID number,Full name,Quiz 1\r\ns001,Ada Lovelace,5.5\r\n"
    assert moodle_gradebook([Grade("a@b.org", "=cmd", 2 / 3, 1)], "Q", key="email") == (
        "Email address,Full name,Q\r\na@b.org,'=cmd,0.6667\r\n")
    with pytest.raises(UsageError):
        moodle_gradebook(GRADES, "Quiz", key="username")


def test_plain_rows_with_percent_and_decimal_points():
    assert _rows(plain_gradebook([Grade("s1", "A", 2, 3), Grade("s2", "B", 0, 0)])) == [
        ["student_id", "name", "score", "max", "percent"], ["s1", "A", "2", "3", "66.6667"],
        ["s2", "B", "0", "0", ""]]


@pytest.mark.parametrize("value, text", [(7, "7"), (7.5, "7.5"), (1 / 3, "0.3333"), (-0.00001, "0"), (1e-5, "0")])
def test_number_text(value, text):
    assert number_text(value) == text
