"""lms29b: a Moodle quiz Grades report as --roster whatever its id columns
and language, and no LMS gradebook grade for a student whose Moodle attempt
is still open or who has none (docs/lms.md, steps 5 and 6)."""

import csv
from pathlib import Path

import pytest

from lms_support import exported_download, moodle_csv
from quizgen.errors import InputFileError
from quizgen.lms.gradebook import Grade, canvas_gradebook, moodle_gradebook, moodle_gradebook_filled
from quizgen.roster import parse_roster

KEYS = Path(__file__).parent / "data" / "keys"

# ---------------------------------------------------------------- item 1: the quiz Grades report as a roster

ROWS = [("Lovelace", "Ada", "s001", "ada@x.org", "Finished", "3 December 2026  2:05 PM"),
        ("Turing", "Alan", "s002", "alan@x.org", "Finished", "3 December 2026  2:05 PM"),
        ("Lovelace", "Ada", "s001", "ada@x.org", "Finished", "3 December 2026  3:05 PM"),   # a second attempt
        ("Hopper", "Grace", "s003", "grace@x.org", "-", "-")]   # no attempt
ENGLISH = {"Last name": 0, "First name": 1, "ID number": 2, "Email address": 3, "State": 4, "Started on": 5}


def _report(columns: list, average: str = "Overall average", words: dict | None = None) -> str:
    """A quiz Grades report (Results > Grades) download with ``columns`` of
    ENGLISH (``words``: their names in another language), an average row last."""
    head = [(words or {}).get(c, c) for c in columns] + ["Completed", "Duration", "Grade/47.00", "Q. 1 /4.00"]
    lines = [",".join(head)]
    lines += [",".join([row[ENGLISH[c]] for c in columns] + ["x", "25 mins", "47.00", "4.00"]) for row in ROWS]
    lines.append(average + "," * (len(head) - 3) + "43.50,4.00")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("columns, ids", [
    (["First name", "Last name", "Email address", "State", "Started on"], ["ada@x.org", "alan@x.org", "grace@x.org"]),
    (["First name", "Last name", "ID number", "State", "Started on"], ["s001", "s002", "s003"]),
    (["Last name", "First name", "ID number", "Email address", "State", "Started on"], ["s001", "s002", "s003"]),
])
def test_a_quiz_grades_report_is_a_roster_with_either_id_column(columns, ids):
    roster = parse_roster(_report(columns), "gr.csv")
    assert [s.student_id for s in roster] == ids
    assert [s.name for s in roster] == ["Ada Lovelace", "Alan Turing", "Grace Hopper"]


def test_an_average_row_is_known_by_its_empty_id_and_state_not_its_english_name():
    columns = ["Last name", "First name", "ID number", "Email address", "State", "Started on"]
    for average in ("Gesamtdurchschnitt", "Moyenne générale", "Overall average", ""):
        assert len(parse_roster(_report(columns, average), "de.csv")) == 3, average


@pytest.mark.parametrize("columns, first", [
    (["First name", "Last name", "Email address", "State", "Started on"], "ada@x.org"),
    (list(ENGLISH), "s001"),
])
def test_a_german_quiz_report_is_one_too(columns, first):
    words = {"First name": "Vorname", "Last name": "Nachname", "ID number": "ID-Nummer",
             "Email address": "E-Mail-Adresse", "State": "Status", "Started on": "Begonnen am"}
    roster = parse_roster(_report(columns, "Gesamtdurchschnitt", words), "de.csv")
    assert [s.student_id for s in roster][0] == first and len(roster) == 3
    assert roster[0].name == "Ada Lovelace"


def test_a_report_row_with_a_state_but_no_id_is_still_refused():
    text = _report(["First name", "Last name", "Email address", "State", "Started on"])
    text = text.replace("Grace,Hopper,grace@x.org,-", "Grace,Hopper,,Finished")
    with pytest.raises(InputFileError, match=r"^gr.csv: line 5: student_id is empty$"):
        parse_roster(text, "gr.csv")


def test_one_id_under_two_names_in_a_report_is_still_refused():
    text = _report(["First name", "Last name", "Email address", "State", "Started on"]).replace(
        "Ada,Lovelace,ada@x.org,Finished,3 December 2026  3:05 PM", "Ada,King,ada@x.org,Finished,3 December 2026  3:05 PM")
    with pytest.raises(InputFileError, match=r"line 4: student_id 'ada@x.org' repeats line 2"):
        parse_roster(text, "gr.csv")


def test_a_plain_roster_with_a_state_column_only_keeps_its_rules():
    with pytest.raises(InputFileError, match=r"line 3: student_id is empty"):
        parse_roster("student_id,name,state\ns1,Ada,x\n,Overall average,\n", "r.csv")
    with pytest.raises(InputFileError, match=r"line 3: student_id 's1' repeats line 2"):
        parse_roster("student_id,name,state\ns1,Ada,x\ns1,Ada,x\n", "r.csv")


@pytest.mark.slow
def test_grade_takes_an_email_only_grades_report_as_its_roster(tmp_path, invoke):
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\nada@x.org,Q1,a,0.7101\n"
                                    "alan@x.org,Q1,a,0.7101\n",
                                    encoding="utf-8")
    (tmp_path / "gr.csv").write_text(_report(["First name", "Last name", "Email address", "State", "Started on"]),
                                     encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", KEYS / "version1.json", "--roster", tmp_path / "gr.csv")
    assert result.exit_code == 0, result.output
    assert "1 student on the roster gave no answer (missing, scored 0): grace@x.org" in result.output


# ---------------------------------------------------------------- item 2: no LMS grade for an open or no attempt

def _with_no_attempt(tmp_path, invoke) -> None:
    """A Moodle download of s000 and s001 and, as Moodle writes it with "Attempts
    from" including those who have not attempted, s009 with no attempt."""
    header, *rows = exported_download(invoke, tmp_path, "C1,C7", 2, 2)
    never = ["Babbage", "Charles", "s009", "cb@example.org"] + ["-"] * (len(header) - 4)
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows + [never]), encoding="utf-8")


def _rows(path) -> dict:
    return {row[0]: row for row in csv.reader(path.open(encoding="utf-8-sig"))}


@pytest.mark.slow
def test_a_student_with_no_attempt_gets_no_row_in_the_moodle_gradebook(tmp_path, invoke):
    _with_no_attempt(tmp_path, invoke)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--gradebook", "moodle")
    assert result.exit_code == 0, result.output
    book = _rows(tmp_path / "responses-graded-gradebook-moodle.csv")
    assert "s009" not in book and {"s000", "s001"} <= set(book)
    said = " ".join(result.output.split())
    assert ("1 student(s) whose Moodle attempt is still open, or who have none, get no grade in the gradebook "
            "file (no row, unless the template holds a grade for them, kept: Moodle's import would set a blank "
            "cell as no grade, overriding the quiz's own, as it would a 0), so that importing it leaves Moodle's "
            "grade for them alone, and a later attempt's shows: s009; grade again once the quiz is closed") in said
    assert "the Moodle gradebook gives 0 to" not in said
    students = {r["student_id"]: r for r in csv.DictReader(
        (tmp_path / "responses-graded-students.csv").open(encoding="utf-8-sig"))}
    assert students["s009"]["score"] in ("0", "0.0")   # the class's own files still score them 0


@pytest.mark.slow
def test_a_student_with_no_attempt_keeps_a_template_grade_and_has_no_row_without_one(tmp_path, invoke):
    _with_no_attempt(tmp_path, invoke)
    for cell, expected in (("7.5", ["s009", "Charles Babbage", "7.5"]), ("-", None), ("", None)):
        (tmp_path / "moodle.csv").write_text(f"ID number,Full name,Quiz 1\ns009,Charles Babbage,{cell}\n",
                                             encoding="utf-8")
        result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                        "--gradebook", "moodle", "--gradebook-item", "Quiz 1",
                        "--gradebook-template", tmp_path / "moodle.csv")
        assert result.exit_code == 0, result.output
        assert _rows(tmp_path / "responses-graded-gradebook-moodle.csv").get("s009") == expected, cell
        said = " ".join(result.output.split())
        assert ("a later attempt's shows: s009 (kept 7.5);" if expected else "a later attempt's shows: s009;") in said
        assert "with no answer in this run keep" not in said


def test_moodle_gradebook_leaves_out_the_held():
    grades = [Grade("s1", "A", 3, 4), Grade("S2", "B", 0, 4)]
    assert moodle_gradebook(grades, "Q", held=frozenset({"s2"})) == "ID number,Full name,Q\r\ns1,A,3\r\n"
    book = moodle_gradebook_filled("ID number,Full name,Q\ns2,B,-\ns1,A,1\n", grades, "Q", held=frozenset({"s2"}))
    assert book.text == "ID number,Full name,Q\r\ns1,A,3\r\n" and book.held == ("S2",)


def test_canvas_gradebook_leaves_a_held_students_cell_as_it_was():
    template = ("Student,ID,SIS User ID,Section,Quiz 1 (7)\nPoints Possible,,,,4\n"
                "\"A, B\",1,s1,X,\n\"C, D\",2,s2,X,\n\"E, F\",3,s3,X,2\n")
    grades = [Grade("s1", "B A", 3, 4), Grade("s2", "D C", 0, 4), Grade("s3", "F E", 0, 4)]
    book = canvas_gradebook(template, grades, "Quiz 1", held=frozenset({"s2", "s3"}))
    rows = list(csv.reader(book.text.splitlines()))
    assert [row[-1] for row in rows[2:]] == ["3", "", "2"]
    assert book.kept == [("s3", "2")] and book.held == ("s2", "s3")
