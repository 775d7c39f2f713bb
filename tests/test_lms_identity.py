"""Who a Moodle download names, and the grade import built from it: Moodle's
grade import (grade/import/csv/classes/load_data.php) stops the whole file at
the first ID number (or email) it does not know, so a student named by email
because their ID number is empty is reported, and ``--gradebook-key email``
names every student by email."""

import csv
import io
import shutil
from pathlib import Path

from quizgen.lms.responses import read_responses

DATA = Path(__file__).parent / "data" / "lms"


def test_students_without_an_id_number_are_named_by_email_and_reported():
    fallback = []
    rows = read_responses(DATA / "moodle_responses.csv", fallback=fallback)
    assert sorted({r.student_id for r in rows}) == ["alan@example.org", "s001"]
    assert fallback == ["alan@example.org"]


def test_prefer_email_names_every_student_by_email():
    fallback = []
    rows = read_responses(DATA / "moodle_responses.csv", prefer="email", fallback=fallback)
    assert sorted({r.student_id for r in rows}) == ["ada@example.org", "alan@example.org"]
    assert fallback == []


def _gradebook(tmp_path, invoke, *options):
    path = tmp_path / "responses.csv"
    shutil.copy(DATA / "moodle_responses.csv", path)
    result = invoke("grade", path, "--gradebook", "moodle", *options)
    assert result.exit_code in (0, 1), result.output
    text = (tmp_path / "responses-graded-gradebook-moodle.csv").read_text(encoding="utf-8-sig")
    return result, list(csv.reader(io.StringIO(text)))


def test_a_moodle_gradebook_keyed_on_id_number_warns_of_students_named_by_email(tmp_path, invoke):
    result, rows = _gradebook(tmp_path, invoke)
    assert rows[0][0] == "ID number"
    assert "1 student(s) have no ID number" in result.stderr and "alan@example.org" in result.stderr
    assert "--gradebook-key email" in result.stderr


def test_gradebook_key_email_names_every_student_by_email(tmp_path, invoke):
    result, rows = _gradebook(tmp_path, invoke, "--gradebook-key", "email")
    assert rows[0][0] == "Email address"
    assert sorted(r[0] for r in rows[1:]) == ["ada@example.org", "alan@example.org"]
    assert "have no" not in result.stderr
