"""lms33 (instructor review): a class list with a ``Last name`` column and
answer columns was refused as a Moodle download with no Response columns; a
Moodle 3.x download (``Surname``) lost every surname; and an answers file's
``First name`` + ``Surname`` or Google Forms' ``Your name`` gave no name,
while the roster read the same columns. A file is a Moodle download only on
Moodle's own evidence, and every file's name is read by the roster's one rule
(roster.name_columns)."""

import csv
import io
from pathlib import Path

import pytest

from quizgen.errors import InputFileError
from quizgen.lms.attempts import joined_tries
from quizgen.lms.responses import read_responses
from quizgen.roster import parse_roster
from test_gradebook_merge import KEY as BOOK_KEY, answers as book_answers, column, run as book_run
from test_grade_roster import Q1, read

DATA = Path(__file__).parent / "data" / "lms"
KEY = {"questions": [Q1]}


def grade(invoke, tmp_path, text: str, *options):
    """``quizgen grade`` of the answers ``text`` against a one-question key: (result, {id: name} of students.csv)."""
    (tmp_path / "key.json").write_text(__import__("json").dumps(KEY), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(text, encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json", "--force", *options)
    students = tmp_path / "answers-graded-students.csv"
    return result, ({row["student_id"]: row["name"] for row in read(students)} if students.exists() else {})


def test_a_class_list_with_last_name_and_answer_columns_is_graded_not_called_a_moodle_export(tmp_path, invoke):
    result, names = grade(invoke, tmp_path, "Last name,First name,ID number,Q1a,Q1b\nLovelace,Ada,s01,0.5,3\n")
    assert result.exit_code == 0, result.output
    assert "Moodle" not in result.output
    assert names == {"s01": "Ada Lovelace"}
    assert [row["status"] for row in read(tmp_path / "answers-graded.csv")] == ["correct", "correct"]


def _download(path: Path, header_names: dict | None = None, drop=lambda name: False) -> Path:
    """The test Moodle Responses download written to ``path``, its columns renamed by
    ``header_names`` and those ``drop`` says left out."""
    rows = list(csv.reader(io.StringIO((DATA / "moodle_responses.csv").read_text(encoding="utf-8"))))
    header = [(header_names or {}).get(name, name) for name in rows[0]]
    kept = [i for i, name in enumerate(header) if not drop(name)]
    out = io.StringIO()
    csv.writer(out).writerows([[row[i] for i in kept] for row in [header] + rows[1:]])
    path.write_text(out.getvalue(), encoding="utf-8")
    return path


@pytest.mark.parametrize("family", ["Last name", "Surname"])
def test_a_moodle_download_without_its_response_columns_still_says_to_tick_response(tmp_path, invoke, family):
    """Told apart from a class list by Moodle's attempt columns (State, Started on, ...), whatever its name columns."""
    download = _download(tmp_path / "responses.csv", {"Last name": family}, lambda name: name.startswith("Response"))
    result = invoke("grade", download)
    assert result.exit_code == 2
    assert "the Moodle export has no 'Response N' columns" in result.output
    assert "'Show the' tick 'response'" in result.output


def test_a_header_is_a_moodle_download_only_on_moodle_evidence():
    from quizgen.lms.download_kind import lms_kind

    assert lms_kind(["Last name", "First name", "ID number", "Q1a"]) is None
    assert lms_kind(["Surname", "First name", "ID number", "State", "Q1a"]) is None   # a US state, say
    assert lms_kind(["Last name", "ID number", "State", "Started on", "Question 1"]) == "moodle"
    assert lms_kind(["ID number", "Completed", "Grade/10.00", "Question 1"]) == "moodle"
    assert lms_kind(["ID number", "Response 1"]) == "moodle"


def test_a_moodle_3_download_reads_first_name_and_surname(tmp_path):
    rows = read_responses(_download(tmp_path / "responses.csv", {"Last name": "Surname"})).rows
    assert {row.student_id: row.name for row in rows} == {"s001": "Ada Lovelace", "alan@example.org": "Alan Turing"}


@pytest.mark.slow
def test_a_moodle_3_download_keeps_the_surnames(tmp_path, invoke):
    """Moodle 3.x heads the column "Surname" (4.x "Last name"): the gradebook, the
    students CSV and the feedback sheets name "Ada Lovelace", not "Ada"."""
    download = _download(tmp_path / "responses.csv", {"Last name": "Surname"})
    result = invoke("grade", download, "--gradebook", "moodle", "--feedback", tmp_path / "sheets")
    assert result.exit_code in (0, 1), result.output
    names = {row["student_id"]: row["name"] for row in read(tmp_path / "responses-graded-students.csv")}
    assert names == {"s001": "Ada Lovelace", "alan@example.org": "Alan Turing"}
    book = read(tmp_path / "responses-graded-gradebook-moodle.csv")
    assert [row["Full name"] for row in book] == ["Ada Lovelace"]
    assert "Ada Lovelace" in (tmp_path / "sheets" / "s001.md").read_text(encoding="utf-8")


def test_a_try_row_of_another_surname_is_not_joined_to_the_attempt():
    """In a download of all tries the rows of one attempt repeat its name: a try row
    followed by another student's row (same first name, id and start, no email column)
    is no attempt of one person, with Moodle 3's "Surname" as with "Last name"."""
    header = ["Surname", "First name", "ID number", "State", "Started on", "Question 1", "Response 1"]
    rows = [["Lovelace", "Ada", "", "", "1 December 2026  5:03 PM", "q", "1"],
            ["Byron", "Ada", "", "Finished", "1 December 2026  5:03 PM", "q", "2"]]
    with pytest.raises(InputFileError, match="has an empty State"):
        joined_tries(header, rows)


@pytest.mark.parametrize("header, cells, name", [
    ("Student ID,First name,Surname", "s01,Ada,Lovelace", "Ada Lovelace"),
    ("First name,Last name,Student ID", "Ada,Lovelace,s01", "Ada Lovelace"),
    ("student_id,Prénom,Nom", "s01,Ada,Lovelace", "Ada Lovelace"),
    ("student_id,Nom", "s01,Ada Lovelace", "Ada Lovelace"),
    ("student_id,Surname", "s01,Lovelace", "Lovelace"),
    ("student_id,Name,First name,Last name", "s01,A. Lovelace,Ada,Lovelace", "A. Lovelace"),
    ("Your name,Student ID (e.g. S012)", "Ada,s01", "Ada"),
])
def test_an_answers_file_reads_its_name_as_the_roster_does(tmp_path, invoke, header, cells, name):
    result, names = grade(invoke, tmp_path, f"{header},Q1a,Q1b\n{cells},0.5,3\n")
    assert result.exit_code == 0, result.output
    assert names == {"s01": name}
    assert [student.name for student in parse_roster(f"{header}\n{cells}\n")] == [name]


def test_a_google_form_with_your_name_names_its_students(tmp_path, invoke):
    form = ("Timestamp,Email Address,Score,Your name,Student ID (e.g. S012),Q1 (a) What is p?,Q1 (b) loss\n"
            "2026/12/03 10:04:00 AM GMT+1,ada@uni.edu,,Ada Lovelace,s01,0.5,3\n")
    result, names = grade(invoke, tmp_path, form)
    assert result.exit_code == 0, result.output
    assert names == {"s01": "Ada Lovelace"}


def test_two_given_name_columns_are_refused_as_the_roster_refuses_them(tmp_path, invoke):
    result, _ = grade(invoke, tmp_path, "student_id,First name,First Name,Surname,Q1a\ns01,Ada,A,Lovelace,0.5\n")
    assert result.exit_code == 2
    assert "columns 'First name' and 'First Name' both name the given name" in result.output


def test_a_moodle_3_gradebook_export_is_read_and_its_other_students_not_carried_over(tmp_path, invoke):
    """Moodle 3.x's grade export heads its column "Surname": it is read as a template, and
    since round 39 a student this run did not grade is not carried over (importing Moodle's
    own grade marks it overridden); it was, under their full name."""
    (tmp_path / "export.csv").write_text(
        "First name,Surname,ID number,Email address,Quiz: Midterm 1 (Real)\nZed,Late,s099,z@x.org,2.00\n"
        "Cy,Three,s003,c@x.org,-\n",
        encoding="utf-8")
    result = book_run(invoke, tmp_path, "two", book_answers(["s003"]), "moodle", tmp_path / "export.csv")
    assert result.exit_code == 0, result.output
    book = tmp_path / "two" / "answers-graded-gradebook-moodle.csv"
    assert column(book, item_column=1, id_column=0) == {"s003": BOOK_KEY["students"]["s003"]["name"]}
