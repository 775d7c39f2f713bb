"""``grade --roster`` with per-student papers, and Moodle attempts never
submitted (roster24, from rev-grade24).

1. With ``--roster`` the current roster decides who is in the class, also when
   every student has their own paper in the key: a student with a paper but
   not on ``--roster`` and with no answer (dropped the course) is left out of
   the totals, the class figures, the gradebook and the sheets, and named once;
   one who answered but is not on ``--roster`` is graded and named, as with a
   class paper. Without ``--roster`` the key's papers are the class.
2. A Moodle attempt left ``In progress``/``Overdue``/``Never submitted`` is
   graded when it is the student's only one (docs/lms.md), and the instructor
   and the student are told so."""

import csv
import io
import json
from pathlib import Path

import pytest

from lms_support import moodle_csv, exported_download


def part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [part("a", 0.5), part("b", 3.0)]}
LEFT_OUT = ("1 student(s) have a paper in key.json but are not on --roster and gave no answer: left out "
            "(no score, not in the class figures, the gradebook or the feedback sheets): ")


def table(path: Path) -> dict:
    """{first cell: row} of a CSV output."""
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    return {next(iter(r.values())): r for r in rows}


def own_papers_class(folder: Path, roster: str, answered=("s001", "s002")) -> Path:
    """A per-student key of s001, s002, s003 (each the same numbers), answers
    (all right) from ``answered``, and ``roster.csv`` listing ``roster``."""
    papers = {sid: {"name": f"Name {sid}", "seed": f"1/{sid}", "questions": [Q1]} for sid in ("s001", "s002", "s003")}
    (folder / "key.json").write_text(json.dumps({"questions": [Q1], "students": papers}), encoding="utf-8")
    rows = "".join(f"{sid},Q1,a,0.5\n{sid},Q1,b,3\n" for sid in answered)
    (folder / "answers.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    (folder / "roster.csv").write_text("student_id,name\n" + "".join(f"{s},Name {s}\n" for s in roster.split()),
                                       encoding="utf-8")
    return folder / "answers.csv"


def grade_class(invoke, folder: Path, *roster):
    result = invoke("grade", folder / "answers.csv", *roster, "--gradebook", "moodle",
                    "--feedback", folder / "sheets", "--out", folder / "out" / "graded.csv")
    assert result.exit_code == 0, result.output
    return result


def test_a_student_with_a_paper_but_not_on_the_roster_who_gave_no_answer_is_left_out(tmp_path, invoke):
    own_papers_class(tmp_path, "s001 s002")   # s003 dropped the course
    result = grade_class(invoke, tmp_path, "--roster", tmp_path / "roster.csv")
    out = tmp_path / "out"
    assert result.output.count("s003") == 1, result.output
    assert "Note: " + LEFT_OUT + "s003" in result.output
    assert "gave no answer (missing" not in result.output
    assert "Class: mean 100.0%" in result.output and "absent" not in result.output.split("Class:")[1].split("\n")[0]
    assert list(table(out / "graded-students.csv")) == ["s001", "s002"]
    assert "s003" not in table(out / "graded-gradebook-moodle.csv")
    assert not (tmp_path / "sheets" / "s003.md").exists() and (tmp_path / "sheets" / "s002.md").exists()
    report = (out / "graded-report.md").read_text(encoding="utf-8")
    assert LEFT_OUT + "s003" in report and "| s003 |" not in report
    assert len(table(out / "graded.csv")) == 2 and sum(1 for _ in open(out / "graded.csv")) == 5   # every row


PAPERED_OFF_ROSTER = "1 graded student(s) have papers in key.json but are not on --roster (graded all the same): "


def test_a_student_with_a_paper_who_answered_but_is_not_on_the_roster_is_graded_and_named(tmp_path, invoke):
    own_papers_class(tmp_path, "s002 s003", answered=("s001", "s002", "s003"))
    result = grade_class(invoke, tmp_path, "--roster", tmp_path / "roster.csv")
    assert PAPERED_OFF_ROSTER + "s001" in result.output
    out = tmp_path / "out"
    assert list(table(out / "graded-students.csv")) == ["s002", "s003", "s001"]   # the roster's order, then s001
    assert table(out / "graded-students.csv")["s001"]["score"] == "4"
    assert "s001" not in table(out / "graded-gradebook-moodle.csv")   # Moodle would refuse the file (roster25)
    assert (tmp_path / "sheets" / "s001.md").exists()
    report = (out / "graded-report.md").read_text(encoding="utf-8")
    assert PAPERED_OFF_ROSTER + "s001" in report and "did you mean" not in report


def test_a_roster_absentee_with_a_paper_is_still_missing_beside_one_left_out(tmp_path, invoke):
    own_papers_class(tmp_path, "s001 s003", answered=("s001",))   # s002 dropped, s003 did not answer
    result = grade_class(invoke, tmp_path, "--roster", tmp_path / "roster.csv")
    assert "1 student on the roster gave no answer (missing, scored 0): s003" in result.output
    assert LEFT_OUT + "s002" in result.output
    assert list(table(tmp_path / "out" / "graded-students.csv")) == ["s001", "s003"]


def test_without_roster_the_keys_papers_are_the_class(tmp_path, invoke):
    own_papers_class(tmp_path, "s001 s002")
    result = grade_class(invoke, tmp_path)
    assert "1 student has a paper in key.json but gave no answer (missing, scored 0): s003" in result.output
    assert "not on --roster" not in result.output and "on the roster" not in result.output   # no --roster given
    assert list(table(tmp_path / "out" / "graded-students.csv")) == ["s001", "s002", "s003"]
    assert (tmp_path / "sheets" / "s002.md").exists() and not (tmp_path / "sheets" / "s003.md").exists()   # instr30


# ---------------------------------------------------------------- Moodle attempts never submitted

NOT_SUBMITTED = ("student(s) were graded from an attempt Moodle shows as not submitted, their only attempt "
                 "(Moodle grades only finished attempts: check before importing): ")


@pytest.fixture
def download(tmp_path, invoke):
    """A Moodle download of s000..s003: s001's only attempt Never submitted,
    s002's In progress, s003 with a finished attempt and one In progress."""
    pytest.importorskip("lxml.etree")
    rows = exported_download(invoke, tmp_path, "C1", 4, 4)
    state = rows[0].index("State")
    rows[2][state], rows[3][state] = "Never submitted", "In progress"
    rows.append(list(rows[4]))
    rows[-1][state] = "In progress"
    (tmp_path / "responses.csv").write_text(moodle_csv(rows[0], rows[1:]), encoding="utf-8")
    return tmp_path


@pytest.mark.slow
def test_an_attempt_never_submitted_is_graded_and_named(download, invoke):
    result = invoke("grade", download / "responses.csv", "--key", download / "questions-key.json",
                    "--gradebook", "moodle", "--feedback", download / "sheets", "--out", f"{download / 'o'}/")
    assert result.exit_code == 0, result.output
    said = "Note: 2 " + NOT_SUBMITTED + "s001 (Never submitted), s002 (In progress)"
    assert said in result.output, result.output
    named = next(line for line in result.output.splitlines() if NOT_SUBMITTED in line)
    assert "s003" not in named   # a finished attempt beside the open one: that one is graded
    gradebook = table(download / "o" / "responses-graded-gradebook-moodle.csv")
    assert {"s000", "s001"} <= set(gradebook) and "s002" not in gradebook   # lms29b: still open, no grade
    assert "s003" not in gradebook   # review 57b F1: its later attempt is still open, so no grade, as s002
    assert said[6:] in (download / "o" / "responses-graded-report.md").read_text(encoding="utf-8")
    sheet = (download / "sheets" / "s001.md").read_text(encoding="utf-8")
    assert "Moodle shows the attempt graded here as Never submitted" in sheet
    assert not (download / "sheets" / "s003.md").exists()   # 57b F1: held back, named in the note
    assert "s003 (In progress, after a finished attempt)" in result.output
    again = invoke("grade", download / "o" / "responses-answers.csv", "--key", download / "o" / "responses-key.json",
                   "--out", download / "again" / "graded.csv")
    assert said in again.output, again.output   # the built key keeps it


@pytest.mark.slow
def test_an_unsubmitted_attempt_is_named_on_a_pdf_sheet(download, invoke, pdf_sheet_sources):
    result = invoke("grade", download / "responses.csv", "--key", download / "questions-key.json",
                    "--feedback", download / "sheets", "--format", "pdf", "--out", f"{download / 'o'}/")
    assert result.exit_code == 0, result.output
    assert "Moodle shows the attempt graded here as Never submitted" in pdf_sheet_sources["s001.tex"]
    assert "s002.tex" not in pdf_sheet_sources   # lms29: an attempt still open gets no sheet (its solutions)
    assert "Moodle shows the attempt graded here" not in pdf_sheet_sources["s000.tex"]


def test_a_key_papers_state_is_one_moodle_leaves_unsubmitted(tmp_path, invoke):
    own_papers_class(tmp_path, "s001 s002")
    key = json.loads((tmp_path / "key.json").read_text(encoding="utf-8"))
    key["students"]["s001"]["state"] = "Finished"
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--out", tmp_path / "out" / "graded.csv")
    assert result.exit_code == 2
    assert "students.s001.state" in result.output and "'Never submitted'" in result.output, result.output
