"""fix27b: four defects a reviewer reproduced (rd27).

1. A Moodle gradebook filled from ``--gradebook-template`` (it lists the
   template's students this run did not grade) is kept by a later run with
   another ``--gradebook``, never removed (grading/stale.py).
2. A --roster holding ``00123`` and ``123`` lists two students: neither is
   paired with another id by its zeros, and one warning names them."""

import json
from pathlib import Path


def part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


Q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [part("a", 0.5), part("b", 3.0)]}


def class_of_two(folder: Path, s2_a: str = "0.5") -> None:
    (folder / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    (folder / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\ns1,Q1,b,3\n"
                                  f"s2,Q1,a,{s2_a}\n", encoding="utf-8")


def grade(invoke, folder: Path, *extra):
    result = invoke("grade", folder / "a.csv", "--key", folder / "key.json", "--out", folder / "r" / "g.csv", *extra)
    assert result.exit_code == 0, result.output
    return result


# ---------------------------------------------------------------- 1. a Moodle file filled from a template

MOODLE_EXPORT = ("First name,Last name,ID number,Email address,Quiz: Week 1 (Real)\n"
                 "A,B,s1,a@x,\nC,D,s2,c@x,\nE,F,s77,e@x,2\n")


def test_a_moodle_gradebook_filled_from_a_template_is_kept(tmp_path, invoke):
    class_of_two(tmp_path)
    (tmp_path / "export.csv").write_text(MOODLE_EXPORT, encoding="utf-8")
    grade(invoke, tmp_path, "--gradebook", "moodle", "--gradebook-template", tmp_path / "export.csv",
          "--gradebook-item", "Week 1")
    path = tmp_path / "r" / "g-gradebook-moodle.csv"
    moodle = path.read_bytes()
    assert b"s77,E F,2" in moodle   # the template's student this run does not grade
    result = grade(invoke, tmp_path, "--gradebook", "plain")
    assert path.read_bytes() == moodle
    assert (f"Note: kept g-gradebook-moodle.csv in {tmp_path / 'r'}/: written by an earlier run, but it holds the "
            "grades this run gives") in result.output
    assert "removed" not in result.output and "warning" not in result.output


def test_a_moodle_gradebook_filled_from_a_template_whose_grades_changed_is_kept_with_a_warning(tmp_path, invoke):
    class_of_two(tmp_path)
    (tmp_path / "export.csv").write_text(MOODLE_EXPORT, encoding="utf-8")
    grade(invoke, tmp_path, "--gradebook", "moodle", "--gradebook-template", tmp_path / "export.csv",
          "--gradebook-item", "Week 1")
    path = tmp_path / "r" / "g-gradebook-moodle.csv"
    moodle = path.read_bytes()
    class_of_two(tmp_path, s2_a="0.9")   # s2 regraded: the file's 2 for s2 is no longer this run's
    result = grade(invoke, tmp_path, "--gradebook", "plain")
    assert path.read_bytes() == moodle
    assert (f"warning: kept g-gradebook-moodle.csv in {tmp_path / 'r'}/: filled from a --gradebook-template by an "
            "earlier run (it lists students this run does not grade), but its grades are not all this run's"
            ) in " ".join(result.output.split())
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
