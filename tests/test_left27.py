"""left27: leftovers a user meets.

1. A gradebook of another kind than this run's (Moodle beside plain, say)
   that holds this run's grades is kept, with a note; one whose grades this
   run changed is removed, as before (grading/stale.py)."""

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


# ---------------------------------------------------------------- 1. two gradebooks in one folder

def test_a_gradebook_of_another_kind_holding_this_runs_grades_is_kept(tmp_path, invoke):
    class_of_two(tmp_path)
    grade(invoke, tmp_path, "--gradebook", "moodle", "--gradebook-item", "Week 1")
    moodle = (tmp_path / "r" / "g-gradebook-moodle.csv").read_bytes()
    result = grade(invoke, tmp_path, "--gradebook", "plain")
    assert (tmp_path / "r" / "g-gradebook-moodle.csv").read_bytes() == moodle
    assert (tmp_path / "r" / "g-gradebook-plain.csv").exists()
    assert (f"Note: kept g-gradebook-moodle.csv in {tmp_path / 'r'}/: written by an earlier run, but it holds the "
            "grades this run gives") in result.output
    assert "removed" not in result.output and "warning" not in result.output
    result = grade(invoke, tmp_path)   # no gradebook: both are kept, in one note
    assert "Note: kept g-gradebook-moodle.csv, g-gradebook-plain.csv in " in result.output


def test_a_gradebook_of_another_kind_whose_grades_changed_is_removed(tmp_path, invoke):
    class_of_two(tmp_path)
    grade(invoke, tmp_path, "--gradebook", "moodle")
    grade(invoke, tmp_path, "--gradebook", "plain")
    class_of_two(tmp_path, s2_a="0.9")   # s2's answer regraded: the Moodle file's 2 for s2 is now wrong
    result = grade(invoke, tmp_path, "--gradebook", "plain")
    assert not (tmp_path / "r" / "g-gradebook-moodle.csv").exists()
    assert "Note: removed g-gradebook-moodle.csv in " in result.output and "kept" not in result.output
