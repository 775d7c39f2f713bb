"""``grade --roster`` and the class it makes (roster25, from a review of a
30-student class paper).

1. An id the roster lacks (``s1O22`` for ``s1022``) is left out of the Moodle
   gradebook, whose import stops the whole file at a student it does not
   know, with a warning naming the nearest roster id; a template listing it keeps it.
2. A student with no answer row whose only marks are overrides scoring 0 (an
   absentee given 0) stays absent in the class figures; the gradebook and the
   students CSV give them the override's 0. One credited with marks sat.
3. A student the roster lacks whose rows hold no answer (a wide file's line
   with every cell empty: dropped the course) is left out of the class, as a
   key paper's student the roster lacks is, the same for any ``--jobs``.
4. A roster whose ids match none of the answers' (keyed on ``email`` for want
   of an id column) stops grading in one line, writing nothing."""

import pytest
import csv
import io
import json
from pathlib import Path

import quizgen
from quizgen.grading import file_slice


def part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [part("a", 0.5), part("b", 3.0)]}
ROSTER = "student_id,name\ns1001,Ann\ns1022,Victor Hugo\ns1003,Cy\ns1004,Di\ns1017,Absent Al\n"
OFF_ROSTER = ("quizgen: warning: 1 graded student id(s) are not on the roster and are left out of "
              "g-gradebook-moodle.csv, as Moodle's import stops the whole file at a student it does not know: "
              "s1O22 (did you mean s1022? O and 0 look alike: correct the id in the answers file and grade again); fix the id "
              "in answers.csv")   # the hint of the summary's note, word for word


def table(path: Path) -> dict:
    """{first cell: row} of a CSV output."""
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))
    return {next(iter(r.values())): r for r in rows}


def paper_class(folder: Path, answered=("s1001", "s1O22", "s1003"), roster: str = ROSTER) -> Path:
    """A class key (Q1 a and b), answers all right from ``answered`` and one
    wrong answer from s1004, and ``roster.csv``."""
    (folder / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    rows = "".join(f"{sid},Q1,a,0.5\n{sid},Q1,b,3\n" for sid in answered) + "s1004,Q1,a,0.1\n"
    (folder / "answers.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    (folder / "roster.csv").write_text(roster, encoding="utf-8")
    return folder / "answers.csv"


def grade(invoke, folder: Path, *extra, out: str = "out"):
    return invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--roster", folder / "roster.csv",
                  *extra, "--out", folder / out / "g.csv")


# ---------------------------------------------------------------- 1. ids off the roster, Moodle's gradebook

def test_an_id_off_the_roster_is_left_out_of_the_moodle_gradebook(tmp_path, invoke):
    paper_class(tmp_path)
    result = grade(invoke, tmp_path, "--gradebook", "moodle", "--gradebook-item", "Midterm", "--zero-absent")
    assert result.exit_code == 0, result.output
    assert OFF_ROSTER in result.output, result.output
    book = table(tmp_path / "out" / "g-gradebook-moodle.csv")
    assert "s1O22" not in book and book["s1022"]["Midterm"] == "0" and book["s1001"]["Midterm"] == "4"
    assert "s1O22" in table(tmp_path / "out" / "g-students.csv")   # still graded, and named as before
    assert "1 graded student id(s) are not on the roster: s1O22" in result.output


def test_an_id_off_the_roster_that_the_moodle_template_lists_is_kept(tmp_path, invoke):
    paper_class(tmp_path)
    (tmp_path / "moodle.csv").write_text("ID number,Full name,Midterm\ns1O22,V Hugo,-\ns1001,Ann,-\n", encoding="utf-8")
    result = grade(invoke, tmp_path, "--gradebook", "moodle", "--gradebook-item", "Midterm",
                   "--gradebook-template", tmp_path / "moodle.csv")
    assert result.exit_code == 0, result.output
    assert "left out of g-gradebook-moodle.csv" not in result.output
    assert table(tmp_path / "out" / "g-gradebook-moodle.csv")["s1O22"]["Midterm"] == "4"


def test_without_a_roster_every_graded_id_is_in_the_moodle_gradebook(tmp_path, invoke):
    paper_class(tmp_path)
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json", "--gradebook", "moodle",
                    "--out", tmp_path / "out" / "g.csv")
    assert result.exit_code == 0 and "left out" not in result.output, result.output
    assert "s1O22" in table(tmp_path / "out" / "g-gradebook-moodle.csv")


# ---------------------------------------------------------------- 2. an absentee given 0 by an override

def overrides(folder: Path, score: str) -> Path:
    (folder / "ov.csv").write_text(f"student_id,question_id,part,answer,score,reason\ns1017,Q1,a,,{score},absent\n",
                                   encoding="utf-8")
    return folder / "ov.csv"


def test_an_absentee_marked_only_by_a_zero_override_stays_absent_in_the_figures(tmp_path, invoke):
    paper_class(tmp_path)
    plain = grade(invoke, tmp_path, out="plain")
    result = grade(invoke, tmp_path, "--overrides", overrides(tmp_path, "0"), "--gradebook", "moodle",
                   "--gradebook-item", "g")
    assert result.exit_code == 0 and plain.exit_code == 0, result.output
    assert "from 4 students and 2 on the roster who gave none, counted absent" in result.output, result.output
    assert "out of all 4 students who answered" in result.output
    assert ("only overrides scoring 0, so are counted absent (left out of the class figures; the gradebook and the "
            "students CSV give them the overrides' 0): s1017") in result.output
    class_line = [line for line in result.output.splitlines() if line.startswith("Class:")]
    assert class_line == [line for line in plain.output.splitlines() if line.startswith("Class:")]
    out = tmp_path / "out"
    assert (out / "g-items.csv").read_text(encoding="utf-8") == (tmp_path / "plain" / "g-items.csv").read_text(
        encoding="utf-8")
    assert table(out / "g-questions.csv")["Q1"]["students"] == "4"
    assert table(out / "g-students.csv")["s1017"]["blank"] == "1"   # the override's row, counted
    assert table(out / "g-gradebook-moodle.csv")["s1017"]["g"] == "0"


def test_a_zero_override_is_written_over_a_grade_the_moodle_template_holds(tmp_path, invoke):
    paper_class(tmp_path)
    (tmp_path / "moodle.csv").write_text("ID number,Full name,g\ns1017,Al,3\ns1022,Victor Hugo,2\n", encoding="utf-8")
    result = grade(invoke, tmp_path, "--overrides", overrides(tmp_path, "0"), "--gradebook", "moodle",
                   "--gradebook-item", "g", "--gradebook-template", tmp_path / "moodle.csv")
    assert result.exit_code == 0, result.output
    book = table(tmp_path / "out" / "g-gradebook-moodle.csv")
    assert book["s1017"]["g"] == "0" and book["s1022"]["g"] == "2"   # the override's 0; a true absentee's kept


def test_a_student_credited_only_by_an_override_sat(tmp_path, invoke):
    paper_class(tmp_path)
    result = grade(invoke, tmp_path, "--overrides", overrides(tmp_path, "1"))
    assert result.exit_code == 0, result.output
    assert "from 5 students and 1 on the roster who gave none, counted absent" in result.output, result.output
    assert "only overrides scoring 0, so are counted absent" not in result.output   # s1017 sat: not absent


# ---------------------------------------------------------------- 3. a dropped student's blank row

DROPPED = ("1 student(s) are not on --roster and their rows hold no answer (dropped the course?): left out (no "
           "score, not in the class figures, the gradebook or the feedback sheets; their blank rows stay in "
           "graded.csv): zz99")


def wide_class(folder: Path, students: int = 2) -> Path:
    """A wide file: s1001 all right, s1003 half, zz99 (not on the roster) no answer at all."""
    (folder / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (folder / "roster.csv").write_text("student_id,name\ns1001,Ann\ns1003,Cy\n", encoding="utf-8")
    lines = ["s1001,Ann,0.5,3", "zz99,Dropped,,", "s1003,Cy,0.5,"]
    (folder / "wide.csv").write_text("student_id,name,Q1a,Q1b\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return folder / "wide.csv"


def test_a_dropped_students_blank_row_is_left_out_of_the_class(tmp_path, invoke):
    wide_class(tmp_path)
    result = invoke("grade", tmp_path / "wide.csv", "--key", tmp_path / "key.json", "--roster",
                    tmp_path / "roster.csv", "--gradebook", "plain", "--feedback", tmp_path / "sheets",
                    "--out", tmp_path / "out" / "g.csv")
    assert result.exit_code == 0, result.output
    assert "Graded 6 answers from 2 students against" in result.output, result.output
    assert "blank                          3" in result.output   # the rows of graded.csv, counted
    assert "Class: mean 75.0%, lowest 50.0%, highest 100.0%." in result.output
    assert DROPPED in result.output and "not on the roster: zz99" not in result.output
    out = tmp_path / "out"
    assert list(table(out / "g-students.csv")) == ["s1001", "s1003"]
    assert list(table(out / "g-gradebook-plain.csv")) == ["s1001", "s1003"]
    assert table(out / "g-questions.csv")["Q1"]["students"] == "2"
    assert not (tmp_path / "sheets" / "zz99.md").exists() and (tmp_path / "sheets" / "s1003.md").exists()
    assert DROPPED in (out / "g-report.md").read_text(encoding="utf-8")
    assert (out / "g.csv").read_text(encoding="utf-8-sig").count("zz99,Dropped") == 2   # every row kept


def test_a_dropped_student_who_answered_something_is_graded(tmp_path, invoke):
    wide_class(tmp_path)
    (tmp_path / "wide.csv").write_text((tmp_path / "wide.csv").read_text().replace("zz99,Dropped,,", "zz99,D,,3"))
    result = invoke("grade", tmp_path / "wide.csv", "--key", tmp_path / "key.json", "--roster",
                    tmp_path / "roster.csv", "--out", tmp_path / "out" / "g.csv")
    assert "from 3 students" in result.output and "not on the roster: zz99" in result.output, result.output
    assert "dropped the course" not in result.output


def test_a_dropped_student_with_a_paper_is_named_once_as_left_out(tmp_path, invoke):
    papers = {sid: {"name": sid, "seed": f"1/{sid}", "questions": [Q1]} for sid in ("s001", "s002", "s003")}
    (tmp_path / "key.json").write_text(json.dumps({"questions": [Q1], "students": papers}), encoding="utf-8")
    (tmp_path / "roster.csv").write_text("student_id\ns001\ns002\n", encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,Q1a,Q1b\ns001,0.5,3\ns003,,\ns002,0.5,\n", encoding="utf-8")
    result = grade(invoke, tmp_path)
    assert result.exit_code == 0, result.output
    assert result.output.count("s003") == 1 and "not on --roster and gave no answer: left out" in result.output
    assert list(table(tmp_path / "out" / "g-students.csv")) == ["s001", "s002"]


@pytest.mark.slow
def test_dropping_a_blank_row_is_the_same_for_any_jobs(tmp_path, monkeypatch):
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    wide_class(tmp_path)
    rows = [f"s{n},N{n},0.5,{n % 4}" for n in range(2000, 2060)] + ["zz98,Gone,,"]
    rows += [f"s{n},N{n},{n % 3},3" for n in range(2060, 2120)] + ["zz97,Gone too,,"]
    with open(tmp_path / "wide.csv", "a", encoding="utf-8") as handle:
        handle.write("\n".join(rows) + "\n")
    roster = "".join(f"s{n},N{n}\n" for n in range(2000, 2120))
    with open(tmp_path / "roster.csv", "a", encoding="utf-8") as handle:
        handle.write(roster)
    made = {}
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}"
        result = quizgen.grade(tmp_path / "wide.csv", key=tmp_path / "key.json", roster=tmp_path / "roster.csv",
                               out=out / "g.csv", jobs=jobs)
        made[jobs] = (result.notes, result.counts, {p.name: p.read_bytes() for p in sorted(out.iterdir())})
    assert made[1] == made[2]
    assert any("dropped the course?" in note and note.endswith("zz99, zz98, zz97") for note in made[1][0]), made[1][0]
    assert b"zz98" not in made[1][2]["g-students.csv"]


# ---------------------------------------------------------------- 4. a roster matching nobody

def test_a_roster_whose_ids_match_no_answer_stops_grading(tmp_path, invoke):
    paper_class(tmp_path, roster="name,email\nAda,a@x\nBo,b@x\n")
    result = grade(invoke, tmp_path)
    assert result.exit_code == 2, result.output
    assert (f"{tmp_path / 'roster.csv'}: ids read from column 'email' match none of answers.csv's student ids "
            "(first: s1001); give a roster whose id column holds the ids in answers.csv") in result.output
    assert "Traceback" not in result.output and not (tmp_path / "out").exists()


def test_a_roster_matching_one_answer_id_grades(tmp_path, invoke):
    paper_class(tmp_path, roster="student_id\ns1003\nzz9\n")
    result = grade(invoke, tmp_path)
    assert result.exit_code == 0, result.output
    assert "3 graded student id(s) are not on the roster" in result.output
