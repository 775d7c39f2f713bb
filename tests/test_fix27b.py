"""fix27b: four defects a reviewer reproduced (rd27).

1. A Moodle gradebook filled from ``--gradebook-template`` (it lists the
   template's students this run did not grade) is kept by a later run with
   another ``--gradebook``, never removed (grading/stale.py).
2. A --roster holding ``00123`` and ``123`` lists two students: neither is
   paired with another id by its zeros, and one warning names them.
3. A Canvas template's SIS User ID (the school's id, quizgen's) is matched
   before Canvas's own user number ``ID``, by leading zeros too, and a
   second row that could be the student is named (lms/gradebook.py).
4. An empty time-stamp cell is called "an empty time", not "'' is not a
   time quizgen reads" (grading/timestamps.py)."""

import json
from pathlib import Path

from test_left27 import Q1, class_of_two, grade

from quizgen.lms.gradebook import Grade, canvas_gradebook


# ---------------------------------------------------------------- 1. a Moodle file filled from a template

MOODLE_EXPORT = ("ID number,Full name,Week 1\n"   # a Moodle file an earlier run wrote (Moodle's own export is not
                 "s1,A B,\ns2,C D,\ns77,E F,2\n")   # written back since round 39: test_moodle_export_template39.py)


def filled_moodle(tmp_path, invoke) -> Path:
    """The Moodle gradebook of a class of two filled from an export listing a third student."""
    class_of_two(tmp_path)
    (tmp_path / "export.csv").write_text(MOODLE_EXPORT, encoding="utf-8")
    grade(invoke, tmp_path, "--gradebook", "moodle", "--gradebook-template", tmp_path / "export.csv",
          "--gradebook-item", "Week 1")
    return tmp_path / "r" / "g-gradebook-moodle.csv"


def test_a_moodle_gradebook_filled_from_a_template_is_kept(tmp_path, invoke):
    path = filled_moodle(tmp_path, invoke)
    moodle = path.read_bytes()
    assert b"s77,E F,2" in moodle   # the template's student this run does not grade
    result = grade(invoke, tmp_path, "--gradebook", "plain")
    assert path.read_bytes() == moodle
    assert (f"Note: kept g-gradebook-moodle.csv in {tmp_path / 'r'}/: written by an earlier run, but it holds the "
            "grades this run gives") in result.output
    assert "removed" not in result.output and "warning" not in result.output


def test_a_moodle_gradebook_filled_from_a_template_whose_grades_changed_is_kept_with_a_warning(tmp_path, invoke):
    path = filled_moodle(tmp_path, invoke)
    moodle = path.read_bytes()
    class_of_two(tmp_path, s2_a="0.9")   # s2 regraded: the file's 2 for s2 is no longer this run's
    result = grade(invoke, tmp_path, "--gradebook", "plain")
    assert path.read_bytes() == moodle
    assert (f"warning: kept g-gradebook-moodle.csv in {tmp_path / 'r'}/: a Moodle gradebook an earlier run wrote "
            "(grading other students, or filling a --gradebook-template), listing 1 student(s) this run does not "
            "grade (s77), with grades not all this run's") in " ".join(result.output.split())
    assert "removed" not in result.output


# ---------------------------------------------------------------- 2. a roster with 00123 and 123

def grade_roster_twins(folder: Path, invoke, answer_id: str):
    students = {sid: {"name": f"N{sid}", "questions": [Q1]} for sid in ("00123", "s7")}
    (folder / "key.json").write_text(json.dumps({"questions": [Q1], "students": students}), encoding="utf-8")
    (folder / "a.csv").write_text(f"student_id,question_id,part,answer\n{answer_id},Q1,a,0.5\n", encoding="utf-8")
    (folder / "roster.csv").write_text("student_id,name\n00123,Ann\n123,Ann2\ns7,Cat\n", encoding="utf-8")
    result = invoke("grade", folder / "a.csv", "--key", folder / "key.json", "--roster", folder / "roster.csv",
                    "--out", f"{folder / 'r'}/")
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split()), (folder / "r" / "a-graded-students.csv").read_text(encoding="utf-8-sig")


def test_a_roster_id_that_is_another_roster_ids_without_zeros_is_another_student(tmp_path, invoke):
    output, students = grade_roster_twins(tmp_path, invoke, "123")
    assert ("warning: --roster roster.csv lists student ids differing only by leading zeros, taken as different students "
            "(none is matched to another id by its zeros; check the roster): 00123 and 123") in output
    assert "as 00123" not in output   # neither the answer's 123 nor the roster's is Ann's paper
    assert "1 student(s) on the roster have no paper in key.json (not graded; generate their papers, then grade " \
           "again): 123" in output   # Ann2, named, not merged into Ann
    assert students.splitlines()[1].startswith("00123,N00123,0,")   # Ann gave no answer


def test_roster_twins_leave_exact_ids_alone(tmp_path, invoke):
    output, students = grade_roster_twins(tmp_path, invoke, "00123")
    assert students.splitlines()[1].startswith("00123,N00123,2,")
    assert "differing only by leading zeros" in output and "as 00123" not in output


# ---------------------------------------------------------------- 3. Canvas: SIS User ID before ID

CANVAS = ("Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1\n"
          '"C, D",9,x9,a2,S1,\n"E, F",1003,09,a3,S1,\n')


def test_a_canvas_sis_user_id_by_zeros_is_matched_before_canvass_own_id():
    book = canvas_gradebook(CANVAS, [Grade("9", "", 3, 5)], "Quiz 1")
    rows = book.text.splitlines()
    assert rows[1].endswith(",S1,") and rows[2].endswith(",S1,3")   # E (SIS User ID 09), not C (ID 9)
    assert book.by_zeros == (("09", "9"),)
    assert book.other_rows == (("9", "SIS User ID 09", "ID 9"),)


def test_a_canvas_sis_user_id_is_matched_exactly_before_canvass_own_id():
    template = CANVAS.replace(",09,", ",9,")   # C's ID is 9, E's SIS User ID is 9: E is the school's student 9
    book = canvas_gradebook(template, [Grade("9", "", 3, 5)], "Quiz 1")
    assert book.text.splitlines()[2].endswith(",S1,3") and book.by_zeros == ()
    assert book.other_rows == (("9", "SIS User ID 9", "ID 9"),)


def test_the_second_row_is_named_in_a_note(tmp_path, invoke):
    class_of_two(tmp_path)
    (tmp_path / "canvas.csv").write_text(CANVAS.replace(",09,", ",s2,").replace(",9,", ",s2,"),
                                         encoding="utf-8")
    result = grade(invoke, tmp_path, "--gradebook", "canvas", "--gradebook-template", tmp_path / "canvas.csv",
                   "--gradebook-item", "Quiz 1")
    assert ("Note: 1 graded student(s) could be two rows of canvas.csv; the grade is written on the row matched first "
            "(SIS User ID, then SIS Login ID, exactly then by leading zeros, then Canvas's own ID), the other left as "
            "it is (check which is the student): s2 on SIS User ID s2, not ID s2") in " ".join(result.output.split())


# ---------------------------------------------------------------- 4. an empty time cell

def grade_timed(folder: Path, invoke, lines: list):
    (folder / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (folder / "t.csv").write_text("Timestamp,student_id,question_id,part,answer\n" + "\n".join(lines) + "\n",
                                  encoding="utf-8")
    result = invoke("grade", folder / "t.csv", "--key", folder / "key.json", "--out", f"{folder / 'r'}/")
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_an_empty_time_on_a_part_answered_once_is_called_empty(tmp_path, invoke):
    output = grade_timed(tmp_path, invoke, ["2026-12-03 10:00,s1,Q1,a,0.5", " ,s2,Q1,a,0.5"])
    assert ("Note: the 'Timestamp' column has a time that cannot be read, first line 3: an empty time; it decided "
            "nothing") in output
    assert "''" not in output and "' '" not in output


def test_an_empty_time_that_cannot_decide_a_resubmission_is_called_empty(tmp_path, invoke):
    output = grade_timed(tmp_path, invoke, ["2026-12-03 10:00,s1,Q1,a,0.5", ",s1,Q1,a,0.9"])
    assert "which cannot decide: line 3: an empty time (correct the column" in output
    assert "''" not in output
