"""fix27b: four defects a reviewer reproduced (rd27).

1. A Moodle gradebook filled from ``--gradebook-template`` (it lists the
   template's students this run did not grade) is kept by a later run with
   another ``--gradebook``, never removed (grading/stale.py)."""

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
