"""``quizgen grade --roster`` on a Moodle or Canvas download (lmsroster22): the
key built from the download holds a paper for each student who took the quiz,
so a roster student without one did not submit it: missing in every report,
0 out of the quiz's maximum in the students CSV and the gradebook, with a
note that fits an online quiz (it said "generate their papers" and dropped
them); a student who took the quiz but is not on the roster is named, as the
plain CSV path names an id its roster lacks."""

import csv
import io
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from lms_support import export_labels, moodle_csv, exported_download
from quizgen.cli import main
from quizgen.lms.papers import grading_inputs
from quizgen.lms.responses import ResponseRow

pytest.importorskip("lxml.etree")
DATA = Path(__file__).parent / "data" / "lms"
UNSUBMITTED = "1 student(s) on the roster did not submit the quiz (no attempt in the LMS download: missing, scored 0): "


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def table(path) -> dict:
    """{first cell: row} of a CSV output."""
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    return {next(iter(r.values())): r for r in rows}


def _moodle_download(tmp_path):
    """The brief's quiz: C1 and C7, 20 variants a slot, each student given
    their own; a download of s001, s002 and s005 (s000..s005 made, three kept)."""
    rows = exported_download(invoke, tmp_path, "C1,C7", 20, 6)
    kept = [r for r in rows[1:] if r[2] in ("s001", "s002", "s005")]
    (tmp_path / "responses.csv").write_text(moodle_csv(rows[0], kept), encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ann\ns002,Bo\nS003,Cy\n", encoding="utf-8")


def _check_reconciled(result, out: Path, stem: str, absent: str, outside: str, parts: int):
    """The absent roster student in every report, 0 out of the quiz's maximum;
    the student the roster lacks named."""
    assert result.exit_code == 0, result.output
    assert UNSUBMITTED + absent in result.output
    assert f"1 graded student id(s) are not on the roster: {outside}" in result.output
    assert "generate their paper" not in result.output and "have no paper" not in result.output
    students = table(out / f"{stem}-graded-students.csv")
    maxima = {r["max_score"] for r in students.values()}
    assert len(maxima) == 1   # every variant of a slot is worth its template's points
    assert students[absent]["score"] == "0" and students[absent]["missing"] == str(parts)
    assert students[outside]["score"] is not None
    report = (out / f"{stem}-graded-report.md").read_text(encoding="utf-8")
    assert re.search(rf"^\| {absent} \|.*\| 0 \| {maxima.pop()} \| 0\.0 \| missing", report, re.M)
    assert UNSUBMITTED + absent in report
    assert absent in (out / f"{stem}-graded-report.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_moodle_roster_student_who_did_not_submit_scores_0_in_every_report(tmp_path):
    _moodle_download(tmp_path)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--roster", tmp_path / "roster.csv", "--gradebook", "moodle", "--out", f"{tmp_path / 'r2'}/")
    out = tmp_path / "r2"
    _check_reconciled(result, out, "responses", "S003", "s005", parts=5)   # C1: (a), (b); C7: (a), (b), (c)
    papers = json.loads((out / "responses-key.json").read_text(encoding="utf-8"))["students"]
    assert "S003" not in papers and "s003" not in papers   # no paper: the whole quiz's maximum, all the same
    book = table(out / "responses-graded-gradebook-moodle.csv")
    # S003: no row (review 30): Moodle's import leaves a student not in the file alone, where a 0 (or a blank
    # cell, which it sets as "no grade") would replace any grade Moodle has for them; s005: not on the roster
    assert set(book) == {"s001", "s002"}
    assert ("1 student(s) on the roster whom the LMS download does not list get no grade in the gradebook file "
            "(no row") in result.output and "S003; a 0 would show them as having sat the quiz" in result.output
    assert "are not on the roster and are left out of responses-graded-gradebook-moodle.csv" in result.output

    # grading the key and answers it wrote again (lms.md: "grade them again with --key") says the same
    again = invoke("grade", out / "responses-answers.csv", "--key", out / "responses-key.json",
                   "--roster", tmp_path / "roster.csv", "--out", f"{tmp_path / 'again'}/")
    _check_reconciled(again, tmp_path / "again", "responses-answers", "S003", "s005", parts=5)


def _coded_analysis(tmp_path):
    """The Canvas sample analysis (s001 twice, 502) as a quiz exported today gives it."""
    assert invoke("export", "canvas", "--classes", "C4,C8", "--count", 2, "--seed", 1,
                  "--out", tmp_path / "quiz.zip").exit_code == 0
    codes = {label: code for (_, code), label in export_labels(tmp_path / "quiz-key.json").items()}
    text = (DATA / "canvas_student_analysis.csv").read_text(encoding="utf-8")
    coded = re.sub(r"(\[quizgen:[^:]+:)([^:\]]+)", lambda m: m.group(1) + codes[m.group(2)], text)
    (tmp_path / "analysis.csv").write_text(coded, encoding="utf-8")


@pytest.mark.slow
def test_canvas_roster_student_who_did_not_submit_scores_0_in_every_report(tmp_path):
    _coded_analysis(tmp_path)
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\nS003,Cy\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "analysis.csv", "--key", tmp_path / "quiz-key.json",
                    "--roster", tmp_path / "roster.csv", "--gradebook", "plain")
    _check_reconciled(result, tmp_path, "analysis", "S003", "502", parts=2)
    assert table(tmp_path / "analysis-graded-gradebook-plain.csv")["S003"]["score"] == "0"


def _row(student, template, k, part, answer="1"):
    return ResponseRow(student, student.upper(), 1, None, template, f"1/{template}/{k}", part, answer)


@pytest.mark.slow
def test_a_canvas_student_not_given_a_group_leaves_the_absent_their_full_maximum(tmp_path):
    """The first student was not given C1 (a) (the quiz edited after they took
    it): the class paper, which a roster student who did not submit is scored
    on, is still the whole quiz, not the first student's smaller paper."""
    rows = [_row("s1", "mlm-confident-correct", 0, "b"), _row("s1", "mlm-mean-over-masked", 1, "a"),
            _row("s2", "mlm-confident-correct", 1, "a"), _row("s2", "mlm-confident-correct", 0, "b"),
            _row("s2", "mlm-mean-over-masked", 0, "a")]
    inputs = grading_inputs(rows, order=["mlm-confident-correct", "mlm-mean-over-masked"])
    assert [q["id"] for q in inputs.key["questions"]] == ["Q1a", "Q1b", "Q2"]
    (tmp_path / "key.json").write_text(json.dumps(inputs.key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(inputs.answers, encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id\ns1\ns2\ns3\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json", "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    assert UNSUBMITTED + "s3" in result.output
    students = table(tmp_path / "answers-graded-students.csv")
    assert students["s3"]["max_score"] == students["s2"]["max_score"] != students["s1"]["max_score"]
    assert students["s3"]["missing"] == "3"


@pytest.mark.slow
def test_a_generated_key_seeded_lms_keeps_the_per_student_advice(tmp_path):
    """generate --seed lms --students makes papers seeded lms/<id>: still a
    per-student key, whose roster student without a paper needs one made."""
    (tmp_path / "students.csv").write_text("student_id,name\ns001,Ann\n", encoding="utf-8")
    assert invoke("generate", "--classes", "C1", "--count", 1, "--seed", "lms", "--students", tmp_path / "students.csv",
                  "--out", tmp_path / "quiz").exit_code == 0
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\n", encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id\ns001\nS003\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz" / "key.json",
                    "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    assert "1 student(s) on the roster have no paper in key.json (not graded; generate their papers, then " \
        "grade again): S003" in result.output
    assert "did not submit" not in result.output


@pytest.mark.slow
def test_the_sheet_of_a_student_who_did_not_submit_shows_no_classmates_worked_solutions(tmp_path):
    """S003 took no variant: the whole quiz's questions were shown under "Worked solution for your
    numbers", a classmate's numbers. Then the sheet said only that no answers were found; since
    instr30 a student with no answer gets no sheet at all, and a note says so."""
    _moodle_download(tmp_path)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--roster", tmp_path / "roster.csv", "--feedback", tmp_path / "fb", "--out", f"{tmp_path / 'r3'}/")
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "fb" / "S003.md").exists()
    assert "1 student(s) with no answer in this run get no feedback sheet" in " ".join(result.output.split())
    assert "Worked solution" in (tmp_path / "fb" / "s001.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("before", ["", "7"])
@pytest.mark.slow
def test_canvas_gradebook_leaves_a_roster_student_the_download_lacks_as_it_was(tmp_path, before):
    """Review 30: as the Moodle file gives them no row, the Canvas file leaves their cell as the template had it
    (empty, or a grade they have), never 0: importing a 0 would show a quiz they never sat."""
    _coded_analysis(tmp_path)
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\nS003,Cy\n", encoding="utf-8")
    (tmp_path / "canvas.csv").write_text("Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1\n"
                                         f'"Lovelace, Ada",501,s001,a1,S1,\n"Cy, Cy",503,S003,a3,S1,{before}\n',
                                         encoding="utf-8")
    result = invoke("grade", tmp_path / "analysis.csv", "--key", tmp_path / "quiz-key.json",
                    "--roster", tmp_path / "roster.csv", "--gradebook", "canvas",
                    "--gradebook-template", tmp_path / "canvas.csv", "--gradebook-item", "Quiz 1")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO((tmp_path / "analysis-graded-gradebook-canvas.csv").read_text(
        encoding="utf-8-sig"))))
    cells = {r["SIS User ID"]: r["Quiz 1"] for r in rows}
    assert cells["S003"] == before and cells["s001"] not in ("", "0")
    assert ("1 student(s) on the roster whom the LMS download does not list get no grade in the gradebook file "
            "(their cell left as the template had it)") in " ".join(result.output.split())
