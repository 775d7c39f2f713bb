"""A form's column titles carry hints in brackets: "Student ID (e.g. S012)".
Such a column is the student id column; it used to be missed, the e-mail
column taken instead, and every answer became unknown_student."""

from quizgen.csv_input import norm_header
from test_grade_roster import grade, read, write, Q1


def test_a_closing_hint_in_brackets_is_left_out_of_the_header_name():
    assert norm_header("Student ID (e.g. S012)") == norm_header("Student ID") == "studentid"
    assert norm_header("Name (as on your card) ") == "name"
    assert norm_header("(a)") == "a"


def test_form_export_with_hinted_student_id_is_graded_by_that_column(tmp_path):
    header = ("Timestamp", "Email address", "Student ID (e.g. S012)", "Q1 (a)", "Q1 (b)")
    rows = [["2026/03/03 10:01:00", "ada@uni.example", "s001", "0.5", "3"]]
    key = {"questions": [Q1], "students": {"s001": {"name": "Ada", "seed": "a", "questions": [Q1]}}}
    result = grade(write(tmp_path, key, rows, header=header), "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert [(r["student_id"], r["score"]) for r in read(tmp_path / "answers-graded-students.csv")] == [("s001", "4")]


def test_a_wide_file_keyed_by_moodle_id_number_is_graded_by_that_column(tmp_path):
    """A spreadsheet made from a Moodle participants list: "ID number" is the student, not the e-mail."""
    header = ("Email address", "ID number", "Q1 (a)", "Q1 (b)")
    rows = [["ada@uni.example", "s001", "0.5", "3"]]
    key = {"questions": [Q1], "students": {"s001": {"name": "Ada", "seed": "a", "questions": [Q1]}}}
    result = grade(write(tmp_path, key, rows, header=header), "--jobs", "1")
    assert result.exit_code == 0, result.output
    assert [(r["student_id"], r["score"]) for r in read(tmp_path / "answers-graded-students.csv")] == [("s001", "4")]
