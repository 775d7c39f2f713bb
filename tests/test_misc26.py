"""misc26, from a review of a 150-student class graded on per-student papers.

3. A run that does not write one of grade's outputs (``--no-html``, another
   ``--gradebook``) removes that output of an earlier run of the same answers
   in that folder, when quizgen recognisably wrote it, and says so in one note;
   a file of that name quizgen did not write is kept, with a warning.
8. Graded ids off ``--roster`` that have their own paper in key.json get no
   "did you mean"; when they are most of the class the line asks whether the
   roster is the right one; the line names the first five, then "and N more".
6. graded.csv says as whom each row was graded (``graded_as``) when some id
   was written otherwise; notes name the id as graded.
11. The HTML histogram says whom it counts; report.md groups thousands alike;
    the console and the report word a part with no answer row alike."""

import pytest
import csv
import io
import json
import re
from pathlib import Path


def part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [part("a", 0.5), part("b", 3.0)]}
IDS = [f"S2026{n:03d}" for n in range(150)]
WRITTEN = {"S2026000": "S 2026000", "S2026051": " s2026051 "}


def per_student_class(folder: Path, answered: int = 140, roster: int = 150, wrong=()) -> None:
    """A per-student key of the 150 IDS, answers (all right but the ids in
    ``wrong``, whose Q1 (a) is wrong) from the first ``answered``, some ids
    written otherwise (WRITTEN), and roster.csv listing the first ``roster``."""
    papers = {sid: {"name": f"Name {sid}", "seed": f"1/{sid}", "questions": [Q1]} for sid in IDS}
    (folder / "key.json").write_text(json.dumps({"questions": [Q1], "students": papers}), encoding="utf-8")
    rows = "".join(f"{WRITTEN.get(sid, sid)},Q1,a,{0.9 if sid in wrong else 0.5}\n{WRITTEN.get(sid, sid)},Q1,b,3\n"
                   for sid in IDS[:answered])
    (folder / "a.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    (folder / "roster.csv").write_text("student_id,name\n" + "".join(f"{s},Name {s}\n" for s in IDS[:roster]),
                                       encoding="utf-8")


def grade(invoke, folder: Path, *extra):
    result = invoke("grade", folder / "a.csv", "--key", folder / "key.json", "--roster", folder / "roster.csv",
                    "--out", f"{folder / 'r'}/", *extra)
    assert result.exit_code == 0, result.output
    return result


def table(path: Path) -> list:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


# ---------------------------------------------------------------- 8. a partial roster against own papers

@pytest.mark.slow
def test_ids_with_their_own_paper_off_a_partial_roster_get_no_did_you_mean(tmp_path, invoke):
    per_student_class(tmp_path, roster=4)
    result = grade(invoke, tmp_path)
    assert "did you mean" not in result.output
    line = next(line for line in result.output.splitlines() if "not on --roster:" in line)
    assert line == ("Note: 136 graded student(s) have papers in key.json but are not on --roster: is this the right "
                    "roster? S2026004, S2026005, S2026006, S2026007, S2026008 and 131 more"), line


@pytest.mark.slow
def test_the_moodle_gradebook_warning_gives_no_did_you_mean_for_ids_with_their_own_paper(tmp_path, invoke):
    """The gradebook's own warning (the ids Moodle's import would stop at) hinted a roster id
    for each of them, as the note did before."""
    per_student_class(tmp_path, roster=4)
    result = grade(invoke, tmp_path, "--gradebook", "moodle")
    line = next(line for line in result.output.splitlines() if "left out of" in line)
    assert "did you mean" not in line, line
    assert line.startswith("quizgen: warning: 136 graded student id(s) are not on the roster and are left out of "
                           "a-graded-gradebook-moodle.csv"), line
    assert line.endswith(": S2026004, S2026005, S2026006, S2026007, S2026008 and 131 more; each has a paper of their own in "
                         "the key, so the roster lacks them: add them to it, or grade with the right --roster"), line


@pytest.mark.slow
def test_a_few_graded_students_with_a_paper_off_the_roster_are_named_plainly(tmp_path, invoke):
    per_student_class(tmp_path, roster=150)
    papers = json.loads((tmp_path / "key.json").read_text(encoding="utf-8"))
    (tmp_path / "roster.csv").write_text("student_id\n" + "".join(f"{s}\n" for s in IDS[:140] + ["S2026300"]),
                                         encoding="utf-8")
    papers["students"]["S2026301"] = papers["students"].pop("S2026139")   # a paper whose id the roster lacks
    (tmp_path / "key.json").write_text(json.dumps(papers), encoding="utf-8")
    with open(tmp_path / "a.csv", "a", encoding="utf-8") as handle:
        handle.write("S2026301,Q1,a,0.5\n")
    result = grade(invoke, tmp_path)
    assert ("1 graded student(s) have papers in key.json but are not on --roster (graded all the same): S2026301"
            in result.output), result.output
    assert "did you mean" not in result.output.split("S2026301")[1][:40]


# ---------------------------------------------------------------- 11. the report's words and figures

@pytest.mark.slow
def test_the_histogram_says_it_counts_the_students_who_answered(tmp_path, invoke):
    per_student_class(tmp_path)
    grade(invoke, tmp_path)
    page = (tmp_path / "r" / "a-graded-report.html").read_text(encoding="utf-8")
    who = "the 140 students who answered (the 10 absent are in no band)"
    assert f"The histogram counts {who}." in page
    assert f"<caption>Students per band of percentage score, of {who}</caption>" in page
    assert f"Students per band of percentage score, of {who}: 0 to under 10%: 0," in page   # the description
    assert "mean over the 140 who answered" in page   # the figure beside it, over the same students


@pytest.mark.slow
def test_without_absentees_the_histogram_says_nothing_more(tmp_path, invoke):
    per_student_class(tmp_path, answered=150)
    grade(invoke, tmp_path)
    page = (tmp_path / "r" / "a-graded-report.html").read_text(encoding="utf-8")
    assert "The histogram counts" not in page and "<caption>Students per band of percentage score</caption>" in page


def big_class(folder: Path, delimiter: str) -> Path:
    """1,000 students answering Q1 (a) right, none Q1 (b): 1,000 parts with no answer row."""
    (folder / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    right = "0,5" if delimiter == ";" else "0.5"
    rows = "".join(f"s{n}{delimiter}Q1{delimiter}a{delimiter}{right}\n" for n in range(1000))
    path = folder / "a.csv"
    path.write_text(delimiter.join(["student_id", "question_id", "part", "answer"]) + "\n" + rows, encoding="utf-8")
    return path


@pytest.mark.slow
def test_report_md_and_the_summary_group_every_count_alike(tmp_path, invoke):
    for delimiter, thousand in ((";", "1\u202f000"), (",", "1,000")):
        folder = tmp_path / ("semicolon" if delimiter == ";" else "comma")
        folder.mkdir()
        result = invoke("grade", big_class(folder, delimiter), "--key", folder / "key.json", "--out", f"{folder}/r/")
        assert result.exit_code == 0, result.output
        report = (folder / "r" / "a-graded-report.md").read_text(encoding="utf-8")
        assert f"{thousand} answers from {thousand} students" in report
        assert f"| correct | {thousand} |" in report and f"| missing (no answer row) | {thousand} |" in report
        assert f"| Q1 | a | C1 | {thousand} | {thousand} |" in report   # the questions table
        assert f"| students | {thousand} |" in report   # the item analysis
        assert "1000" not in report, [line for line in report.splitlines() if "1000" in line]
        assert f"  correct                    {thousand}\n" in result.output
        assert f"  missing (no answer row)    {thousand}\n" in result.output


# ---------------------------------------------------------------- 3. an earlier run's outputs

@pytest.mark.slow
def test_a_run_without_html_or_gradebook_removes_the_earlier_runs_that_quizgen_wrote(tmp_path, invoke):
    per_student_class(tmp_path)
    grade(invoke, tmp_path, "--gradebook", "moodle")
    out = tmp_path / "r"
    assert (out / "a-graded-report.html").exists() and (out / "a-graded-gradebook-moodle.csv").exists()
    per_student_class(tmp_path, wrong=("S2026000",))   # S2026000's Q1 (a) now wrong: 2 of 4
    result = grade(invoke, tmp_path, "--no-html", "--gradebook", "plain")
    assert not (out / "a-graded-report.html").exists() and not (out / "a-graded-gradebook-moodle.csv").exists()
    assert (f"Note: removed a-graded-report.html, a-graded-gradebook-moodle.csv in {out}/: written by an earlier run "
            "and not by this one") in result.output
    assert "warning" not in result.output
    assert table(out / "a-graded-gradebook-plain.csv")[0]["score"] == "2"
    per_student_class(tmp_path)   # S2026000 right again: the plain gradebook's 2 is no longer this run's
    result = grade(invoke, tmp_path, "--no-html")   # the plain gradebook goes too
    assert not (out / "a-graded-gradebook-plain.csv").exists() and "removed a-graded-gradebook-plain.csv" in result.output


@pytest.mark.slow
def test_a_file_quizgen_cannot_tell_it_wrote_is_kept_with_a_warning(tmp_path, invoke):
    per_student_class(tmp_path)
    out = tmp_path / "r"
    out.mkdir()
    mine = "<html><body>my own notes</body></html>"
    (out / "a-graded-report.html").write_text(mine, encoding="utf-8")
    canvas = "Student,ID,SIS User ID,SIS Login ID,Section,a\nAnn,1,s1,s1,A,3\n"   # Canvas's header: the LMS's
    (out / "a-graded-gradebook-canvas.csv").write_text(canvas, encoding="utf-8")
    (out / "b-graded-report.html").write_text("<meta name=\"generator\" content=\"quizgen\">", encoding="utf-8")
    result = grade(invoke, tmp_path, "--no-html")
    assert (out / "a-graded-report.html").read_text(encoding="utf-8") == mine
    assert (out / "a-graded-gradebook-canvas.csv").read_text(encoding="utf-8") == canvas
    assert (out / "b-graded-report.html").exists()   # another answers file's: not this stem
    assert (f"quizgen: warning: a-graded-report.html, a-graded-gradebook-canvas.csv in {out}/ are not from this run "
            "and may contradict its files (kept: quizgen cannot tell it wrote them)") in result.output
    assert "removed" not in result.output


@pytest.mark.slow
def test_a_run_writing_every_output_removes_nothing(tmp_path, invoke):
    per_student_class(tmp_path)
    grade(invoke, tmp_path)
    result = grade(invoke, tmp_path)
    assert (tmp_path / "r" / "a-graded-report.html").exists() and "removed" not in result.output


# ---------------------------------------------------------------- 6. graded.csv's id as graded

@pytest.mark.slow
def test_graded_csv_says_as_whom_each_row_was_graded_when_some_id_is_written_otherwise(tmp_path, invoke):
    per_student_class(tmp_path)
    with open(tmp_path / "a.csv", "a", encoding="utf-8") as handle:
        handle.write('S2026149,Q1,a,"0,5 is my answer, I think"\n')   # a quoted cell: read as CSV
    grade(invoke, tmp_path, "--feedback", tmp_path / "sheets")
    rows = table(tmp_path / "r" / "a-graded.csv")
    assert list(rows[0])[:6] == ["student_id", "question_id", "part", "answer", "graded_as", "status"]
    by_written = {row["student_id"]: row["graded_as"] for row in rows}
    assert by_written["S 2026000"] == "S2026000" and by_written["s2026051 "] == "S2026051"
    assert by_written["S2026001"] == "S2026001" and by_written["S2026149"] == "S2026149"
    students = {row["student_id"] for row in table(tmp_path / "r" / "a-graded-students.csv")}
    assert {row["graded_as"] for row in rows} <= students
    assert rows[0]["status"] == "correct" and rows[-1]["answer"] == "0,5 is my answer, I think"
    sheet = (tmp_path / "sheets" / "S2026000.md").read_text(encoding="utf-8")
    assert re.search(r"^\| a \| 0\.5 \| correct \| 2 / 2 \|", sheet, re.M), sheet
    # the sheets still read the result columns: (a)'s row says correct ("correct" in "incorrect" passed too)


@pytest.mark.slow
def test_graded_csv_keeps_its_columns_when_every_id_is_written_as_graded(tmp_path, invoke):
    per_student_class(tmp_path)
    text = (tmp_path / "a.csv").read_text(encoding="utf-8")
    (tmp_path / "a.csv").write_text(text.replace("S 2026000", "S2026000").replace(" s2026051 ", "S2026051"),
                                    encoding="utf-8")
    grade(invoke, tmp_path)
    header = (tmp_path / "r" / "a-graded.csv").read_text(encoding="utf-8-sig").splitlines()[0]
    assert header == "student_id,question_id,part,answer,status,score,expected,misconception,feedback,reason,note"


@pytest.mark.slow
def test_a_note_names_an_id_as_graded_not_as_written(tmp_path, invoke):
    per_student_class(tmp_path, roster=51)   # S2026051, written ' s2026051 ', is the first off the roster
    result = grade(invoke, tmp_path)
    assert ("89 graded student(s) have papers in key.json but are not on --roster: is this the right roster? "
            "S2026051, S2026052,") in result.output, result.output


@pytest.mark.slow
def test_a_graded_file_graded_again_keeps_one_graded_as_column(tmp_path, invoke):
    per_student_class(tmp_path)
    grade(invoke, tmp_path)
    again = tmp_path / "again"
    again.mkdir()
    (again / "a.csv").write_bytes((tmp_path / "r" / "a-graded.csv").read_bytes())
    for name in ("key.json", "roster.csv"):
        (again / name).write_bytes((tmp_path / name).read_bytes())
    grade(invoke, again)
    header = table(again / "r" / "a-graded.csv")[0]
    assert list(header)[:7] == ["student_id", "question_id", "part", "answer", "input_graded_as", "input_status",
                                "input_score"], list(header)
    assert list(header).count("graded_as") == 1 and header["graded_as"] == "S2026000"
