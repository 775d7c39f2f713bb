"""Who a Moodle download names, and the grade import built from it: Moodle's
grade import (grade/import/csv/classes/load_data.php) stops the whole file at
the first ID number (or email) it does not know, so a student named by email
because their ID number is empty is reported, and ``--gradebook-key email``
names every student by email."""

import pytest
import csv
import io
import shutil
from pathlib import Path

from quizgen.lms.responses import read_responses

DATA = Path(__file__).parent / "data" / "lms"


def test_students_without_an_id_number_are_named_by_email_and_reported():
    read = read_responses(DATA / "moodle_responses.csv")
    assert sorted({r.student_id for r in read.rows}) == ["alan@example.org", "s001"]
    assert read.fallback == ["alan@example.org"]


def test_prefer_email_names_every_student_by_email():
    read = read_responses(DATA / "moodle_responses.csv", prefer="email")
    assert sorted({r.student_id for r in read.rows}) == ["ada@example.org", "alan@example.org"]
    assert read.fallback == []


def _gradebook(tmp_path, invoke, *options):
    path = tmp_path / "responses.csv"
    shutil.copy(DATA / "moodle_responses.csv", path)
    result = invoke("grade", path, "--gradebook", "moodle", *options)
    assert result.exit_code in (0, 1), result.output
    text = (tmp_path / "responses-graded-gradebook-moodle.csv").read_text(encoding="utf-8-sig")
    return result, list(csv.reader(io.StringIO(text)))


@pytest.mark.slow
def test_a_moodle_gradebook_keyed_on_id_number_warns_of_students_named_by_email(tmp_path, invoke):
    result, rows = _gradebook(tmp_path, invoke)
    assert rows[0][0] == "ID number"
    assert "1 student(s) have no ID number" in result.stderr and "alan@example.org" in result.stderr
    assert "--gradebook-key email" in result.stderr


@pytest.mark.slow
def test_gradebook_key_email_names_every_student_by_email(tmp_path, invoke):
    result, rows = _gradebook(tmp_path, invoke, "--gradebook-key", "email")
    assert rows[0][0] == "Email address"
    assert sorted(r[0] for r in rows[1:]) == ["ada@example.org", "alan@example.org"]
    assert "have no" not in result.stderr


def test_gradebook_key_email_with_ids_that_are_not_emails_says_so(tmp_path, invoke):
    """Moodle's import by Email address cannot match ``s001``, and stops the whole file at it: ``s001`` is
    left out of the file, and a warning says so (once only a note named it)."""
    assert invoke("generate", "--seed", 1, "--classes", "C4", "--out", tmp_path / "quiz").exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,1.0\nada@example.org,Q1,a,1.0\n")
    result = invoke("grade", answers, "--key", tmp_path / "quiz" / "key.json", "--gradebook", "moodle",
                    "--gradebook-key", "email")
    assert result.exit_code in (0, 1), result.output
    said = " ".join(result.output.split())
    assert ("1 student(s) whose id is not an email address are left out of the Moodle gradebook keyed by Email "
            "address, as Moodle's import stops the whole file at an address it does not know: s001;") in said
    assert "ada@example.org" not in said.split("does not know:")[1]
