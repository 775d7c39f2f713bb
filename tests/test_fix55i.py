"""Round 55's review rev55b, F4 to F9: outputs of a redirected /dev/stdin in the
working folder, never /dev (F5); control characters in free-text options refused
(F6); key.csv refused as a class's answers (F7); a Canvas gradebook template's row
kept (F4); a wide line not read counted once, apart from the part verdicts (F8, F9)."""

import os
import subprocess
import sys

import pytest

QUIZGEN = [sys.executable, "-m", "quizgen"]
PART = {"part": "a", "type": "numeric", "points": 1.0, "value": 0.408, "answer": "0.408",
        "abs_tolerance": 0.0005, "misconceptions": []}
KEY = {"questions": [{"id": "Q1", "parts": [PART]}]}


@pytest.mark.parametrize("given", ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])
def test_a_redirected_stdin_is_no_regular_file_to_write_beside(tmp_path, given):
    """F5: /dev/stdin < file resolves to the file; its outputs still go to the working folder."""
    source = tmp_path / "answers.csv"
    source.write_text("x\n", encoding="utf-8")
    code = f"from quizgen.out_option import default_output_folder; print(default_output_folder({given!r}))"
    with open(source, "rb") as stdin:
        done = subprocess.run([sys.executable, "-c", code], stdin=stdin, capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "."


def test_a_regular_file_still_has_its_outputs_beside_it(tmp_path):
    from quizgen.out_option import default_output_folder

    (tmp_path / "a.csv").write_text("x\n", encoding="utf-8")
    assert default_output_folder(tmp_path / "a.csv") == tmp_path


def _key_folder(tmp_path):
    import json

    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\ns2,Q1,a,cat\n", encoding="utf-8")
    work = tmp_path / "work"
    work.mkdir()
    return work


def test_grade_and_review_of_a_redirected_stdin_write_in_the_working_folder(tmp_path):
    """F5: grade /dev/stdin < answers.csv, then review /dev/stdin < graded.csv: nothing in /dev."""
    work = _key_folder(tmp_path)
    before = set(os.listdir("/dev"))
    with open(tmp_path / "answers.csv", "rb") as stdin:
        done = subprocess.run(QUIZGEN + ["grade", "/dev/stdin", "--key", str(tmp_path / "key.json")], stdin=stdin,
                              cwd=work, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (work / "stdin-graded.csv").is_file() and (work / "stdin-graded-report.md").is_file()
    with open(work / "stdin-graded.csv", "rb") as stdin:
        done = subprocess.run(QUIZGEN + ["review", "/dev/stdin", "--also", "invalid"], stdin=stdin, cwd=work,
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert (work / "stdin-review.csv").is_file()
    assert set(os.listdir("/dev")) <= before


def _one_line(result) -> str:
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


@pytest.mark.parametrize("option, value, code", [("--title", "T\x1b[31m", "U+001B"), ("--title", "T\x07", "U+0007"),
                                                 ("--course", "NLP\x7f", "U+007F"), ("--date", "x\ny", "U+000A"),
                                                 ("--date", "x\u202ey", "U+202E")])
def test_generate_refuses_a_control_character_in_a_printed_option(tmp_path, invoke, option, value, code):
    """F6: a control character reached the Markdown raw, and failed LaTeX after key.json was written."""
    result = invoke("generate", "--classes", "C1", "--seed", "123456789012345", option, value,
                    "--out", tmp_path / "q", "--format", "tex")
    assert result.exit_code == 2
    line = _one_line(result)
    assert option in line and code in line
    assert not (tmp_path / "q").exists()


def test_export_canvas_refuses_a_control_character_in_its_title(tmp_path, invoke):
    """F6: the QTI file held an ESC, which XML 1.0 forbids: Canvas could not read it (exit 0)."""
    result = invoke("export", "canvas", "--classes", "C1", "--count", "1", "--seed", "123456789012345",
                    "--title", "T\x1b[31m\x07", "--out", tmp_path / "c.zip")
    assert result.exit_code == 2
    line = _one_line(result)
    assert "--title" in line and "U+001B" in line
    assert not list(tmp_path.iterdir())


def test_grade_refuses_a_control_character_in_the_gradebook_item(tmp_path, invoke):
    """F6: every free-text option alike: the gradebook's column name too."""
    work = _key_folder(tmp_path)
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json", "--gradebook", "moodle",
                    "--gradebook-item", "Quiz\t1", "--out", work)
    assert result.exit_code == 2
    line = _one_line(result)
    assert "--gradebook-item" in line and "U+0009" in line
    assert not list(work.iterdir())


def test_plain_unicode_in_printed_options_is_kept(tmp_path, invoke):
    result = invoke("generate", "--classes", "C1", "--seed", "123456789012345", "--title", "Zoë's quiz — 第一",
                    "--course", "NLP\u00a0101", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    assert "Zoë's quiz — 第一" in (tmp_path / "q" / "problems.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("per_student", [True, False])
def test_grade_refuses_the_key_csv_as_answers(tmp_path, invoke, per_student):
    """F7: a per-student key.csv read as long-form answers: every student 100%, no word."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns001,Ann\ns002,Bo\n", encoding="utf-8")
    made = invoke("generate", "--classes", "C1", "--seed", "123456789012345", "--out", tmp_path / "quiz",
                  *(["--students", roster] if per_student else []))
    assert made.exit_code == 0, made.output
    result = invoke("grade", tmp_path / "quiz" / "key.csv", "--out", tmp_path / "out")
    assert result.exit_code == 2
    line = _one_line(result)
    assert "key.csv: line 1: this is the answer key quizgen generate wrote" in line and "not a class's answers" in line
    assert not (tmp_path / "out").exists()


CANVAS = ("Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (4412)\n    Points Possible,,,,,4.00\n"
          "\"Lovelace, Ada\",101,s001,ada,A,\n\"Babbage, Bob\",102,s002,bob,A,\n"
          "\"Plain, Name\",300,,=evil,B,3\nOther,=303,s303,,B,2\n=Nobody,,,,A,1\n")


def test_a_canvas_row_given_no_grade_is_kept_guarded_and_named(course, invoke):
    """F4: a template row this run gives no grade, an id cell starting with = + - @, vanished without a word."""
    import csv
    import io

    (course / "canvas.csv").write_text(CANVAS, encoding="utf-8")
    result = invoke("grade", "section1/answers.csv", "--key", "quiz/key.json", "--out", "out/", "--gradebook",
                    "canvas", "--gradebook-template", "canvas.csv", "--gradebook-item", "Quiz 1")
    assert result.exit_code == 0, result.output
    text = (course / "out" / "answers-graded-gradebook-canvas.csv").read_text(encoding="utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[4:] == [["Plain, Name", "300", "", "'=evil", "B", "3"], ["Other", "'=303", "s303", "", "B", "2"],
                        ["'=Nobody", "", "", "", "A", "1"]]
    said = " ".join(result.output.split())
    assert ("3 row(s) of canvas.csv this run gives no grade have a cell Canvas finds the student by starting with "
            "= + - or @: kept, that cell written with a leading ' so that no spreadsheet runs it") in said
    assert "line 5 ('=evil', Plain, Name), line 6 ('=303', Other), line 7 ('=Nobody')" in said


def _table(path) -> dict:
    import csv

    with open(path, encoding="utf-8-sig", newline="") as handle:
        return {tuple(r[c] for c in ("question_id", "part") if c in r) or r["student_id"]: r
                for r in csv.DictReader(handle)}


def _students_csv(path) -> dict:
    import csv

    with open(path, encoding="utf-8-sig", newline="") as handle:
        return {r["student_id"]: r for r in csv.DictReader(handle)}


VERDICT_COLUMNS = ("correct", "partial", "imprecise", "incorrect", "needs_review", "invalid", "blank")


def _held_together(folder, stem: str, parts: int) -> dict:
    """The students CSV, checked against the questions CSV and graded.csv: per student the verdicts and
    missing make the paper's parts, and with unknown_question, superseded and not_read every graded row."""
    import csv

    students = _students_csv(folder / f"{stem}-students.csv")
    with open(folder / f"{stem}-questions.csv", encoding="utf-8-sig", newline="") as handle:
        questions = list(csv.DictReader(handle))
    with open(folder / f"{stem}.csv", encoding="utf-8-sig", newline="") as handle:
        graded = list(csv.DictReader(handle))
    for sid, s in students.items():
        verdicts = sum(int(s[c]) for c in VERDICT_COLUMNS)
        assert verdicts + int(s["missing"]) == parts, s
        rows = sum(r["student_id"] == sid for r in graded)
        assert verdicts + sum(int(s[c]) for c in ("unknown_question", "superseded", "not_read")) == rows, s
    for column in (*VERDICT_COLUMNS, "missing"):   # every student answered: both CSVs count the same
        assert sum(int(s[column]) for s in students.values()) == sum(int(q[column]) for q in questions), column
    return students


@pytest.mark.parametrize("rows, counts", [
    ("s001,Q1,a,0,5\ns001,Q1,b,0.335\n", ("1", "0", "1", "1")),            # review 55b F9's lc2.csv
    ("s001,Q1,a,0.716\ns001,Q1,a,0,5\n", ("1", "0", "1", "1")),            # lc.csv: one part answered, one missing
])
def test_a_row_not_read_occupies_no_part_in_either_csv(course, invoke, rows, counts):
    """F9: a row graded against no part was invalid in the students CSV, missing in the questions CSV."""
    (course / "lc.csv").write_text("student_id,question_id,part,answer\n" + rows
                                   + "s002,Q1,a,0.716\ns002,Q1,b,0.335\n", encoding="utf-8")
    result = invoke("grade", "lc.csv", "--key", "quiz/key.json", "--out", "out/")
    assert result.exit_code == 0, result.output
    s001 = _held_together(course / "out", "lc-graded", 2)["s001"]
    assert (s001["correct"], s001["invalid"], s001["missing"], s001["not_read"]) == counts


def test_a_wide_line_not_read_is_no_second_set_of_verdicts(course, invoke):
    """F8: a wide line with a cell too many gave its student a verdict per column beside those of their
    own line (4 on a 2-part paper), its rows did not say they were not graded, and the note on an id
    naming two people named it as the line whose answers count."""
    import csv

    (course / "wide.csv").write_text("student_id,name,Q1a,Q1b\ns001,Ann Lee,0.716,0.335\ns001,Ann,0.5,0,3\n"
                                     "s002,Bo,0.716,0.335\n", encoding="utf-8")
    result = invoke("grade", "wide.csv", "--key", "quiz/key.json", "--out", "out/")
    assert result.exit_code == 0, result.output
    s001 = _held_together(course / "out", "wide-graded", 2)["s001"]
    assert (s001["correct"], s001["invalid"], s001["missing"], s001["not_read"]) == ("2", "0", "0", "2")
    with open(course / "out" / "wide-graded.csv", encoding="utf-8-sig", newline="") as handle:
        unread = [r for r in csv.DictReader(handle) if r["status"] == "invalid"]
    assert len(unread) == 2 and all("line 3: 5 cells where the header has 4" in r["reason"]
                                    and "the line is not graded" in r["reason"] for r in unread), unread
    assert "name different people" not in result.output
