"""left27: leftovers a user meets.

1. A gradebook of another kind than this run's (Moodle beside plain, say)
   that holds this run's grades is kept, with a note; one whose grades this
   run changed is removed, as before (grading/stale.py).
2. A time that cannot be read on a part answered once is named in one note
   (the first line), as for a resubmitted part (grading/timestamps.py)."""

import pytest
import json
from pathlib import Path

from quizgen.grading import timestamps


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

@pytest.mark.slow
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


# ---------------------------------------------------------------- 2. a time that cannot be read, answered once

def timed_class(folder: Path, lines: list) -> Path:
    (folder / "key.json").write_text(json.dumps({"questions": [Q1]}), encoding="utf-8")
    path = folder / "t.csv"
    path.write_text("Timestamp,student_id,question_id,part,answer\n" + "".join(line + "\n" for line in lines),
                    encoding="utf-8")
    return path


def grade_timed(invoke, folder: Path, lines: list):
    result = invoke("grade", timed_class(folder, lines), "--key", folder / "key.json", "--out", folder / "r/")
    assert result.exit_code == 0, result.output
    return result


UNREAD = ("Note: the 'Timestamp' column has a time that cannot be read, first line {}: {!r} is not a time quizgen "
          "reads")


def test_a_time_that_cannot_be_read_on_a_part_answered_once_is_named(tmp_path, invoke):
    result = grade_timed(invoke, tmp_path, ["2026-12-03 10:00,s1,Q1,a,0.5", "soon,s1,Q1,b,3",
                                            "later,s2,Q1,a,0.5", "2026-12-03 10:02,s2,Q1,b,3"])
    assert UNREAD.format(3, "soon") in result.output
    assert "it decided nothing (no part with such a time was answered more than once)" in result.output
    assert result.output.count("cannot be read") == 1 and "later" not in result.output   # the first line only


def test_beside_resubmissions_settled_by_time_an_unread_time_elsewhere_is_named_too(tmp_path, invoke):
    result = grade_timed(invoke, tmp_path, ["2026-12-03 10:05,s1,Q1,a,0.9", "2026-12-03 10:00,s1,Q1,a,0.5",
                                            "2026-02-31 10:00,s2,Q1,a,0.5"])
    assert "the answer with the latest 'Timestamp' was graded" in result.output
    assert UNREAD.format(4, "2026-02-31 10:00").removesuffix(" quizgen reads") + " (day is out of range" \
        in result.output


def test_readable_times_give_no_note(tmp_path, invoke):
    result = grade_timed(invoke, tmp_path, ["3/12/2026 10:00,s1,Q1,a,0.5", "13/12/2026 10:00,s2,Q1,a,0.5"])
    assert "cannot be read" not in result.output


def test_past_the_times_read_in_full_a_time_not_written_as_one_is_still_named(tmp_path, invoke, monkeypatch):
    monkeypatch.setattr(timestamps, "FULLY_READ", 1)
    result = grade_timed(invoke, tmp_path, ["2026-12-03 10:00,s1,Q1,a,0.5", "2026-02-31 10:00,s2,Q1,a,0.5",
                                            "n/a,s3,Q1,a,0.5"])
    assert UNREAD.format(4, "n/a") in result.output   # 31 February, past the first, is only checked for its form
