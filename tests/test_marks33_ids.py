"""marks33 (2): with no --roster, a mistyped id (``S2`` for ``s02``) became a
second student with no note (rev33i's l1.csv: three students, S2 at 2.1%).
The id rule makes ids one student when they differ only in case, spaces or
invisible characters (``S01 `` is ``s01``: graded as one, which this checks
too), and pairs ids by leading zeros only with a known id, a roster's or a
per-student key's; so, with none, the graded ids that differ only by leading
zeros are named in a note suggesting --roster. An override whose id is a
graded student's only by leading zeros is applied to them, as an answer row
of that id is, and now said."""

from __future__ import annotations

import csv

import quizgen

NUMERIC = {"part": "a", "name": "p", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5",
           "abs_tolerance": 0.0005}
KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [NUMERIC]}]}
TWINS = "group(s) of student ids in the answers differ only by leading zeros"


def _write(path, rows, header=("student_id", "question_id", "part", "answer")):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([header, *rows])
    return path


def test_ids_differing_only_by_leading_zeros_are_named_without_a_roster(tmp_path):
    answers = _write(tmp_path / "a.csv", [["s02", "Q1", "a", "0.5"], ["S2", "Q1", "a", "0.4"],
                                          ["S01 ", "Q1", "a", "0.5"], ["s01", "Q1", "a", "0.5"],
                                          ["0012", "Q1", "a", "0.5"], ["12", "Q1", "a", "0.5"]])
    result = quizgen.grade(answers, key=KEY, out=tmp_path / "g.csv")
    assert sorted(s.student_id for s in result.students) == ["0012", "12", "S01", "S2", "s02"]
    said = [note for note in result.notes if TWINS in note]
    assert said == [f"2 {TWINS}, and each id was graded as a student of its own (ids differing only in case or "
                    "spaces are one student; leading zeros are matched only to a --roster or per-student key "
                    "id): s02 and S2, 0012 and 12; if they are one student, correct the id or grade with --roster"]
    assert said[0] in (tmp_path / "g-report.md").read_text(encoding="utf-8")


def test_a_roster_matches_them_and_no_such_note_is_given(tmp_path):
    answers = _write(tmp_path / "a.csv", [["s02", "Q1", "a", "0.5"], ["S2", "Q1", "a", "0.4"]])
    roster = _write(tmp_path / "r.csv", [["s02", "Bob"]], header=("student_id", "name"))
    result = quizgen.grade(answers, key=KEY, out=tmp_path / "g.csv", roster=roster)
    assert [s.student_id for s in result.students] == ["s02"]
    assert not [note for note in result.notes if TWINS in note]
    assert any("S2 as s02" in note for note in result.notes)


def test_an_override_matched_only_by_leading_zeros_is_applied_and_said(tmp_path):
    answers = _write(tmp_path / "a.csv", [["s012", "Q1", "a", "0.4"], ["s001", "Q1", "a", "0.4"]])
    roster = _write(tmp_path / "r.csv", [["s012", "Ann"], ["s001", "Bo"]], header=("student_id", "name"))
    overrides = _write(tmp_path / "o.csv", [["s12", "Q1", "a", "1"], ["s12", "Q1", "a", "1"], ["S001", "Q1", "a", "1"]],
                       header=("student_id", "question_id", "part", "score"))
    result = quizgen.grade(answers, key=KEY, out=tmp_path / "g.csv", roster=roster, overrides=overrides)
    assert {s.student_id: s.score for s in result.students} == {"s012": 2.0, "s001": 2.0}
    said = [w for w in result.warnings if "leading zeros" in w]
    assert said == ["o.csv: line 2: student id 's12' matched s012 only by leading zeros, and the override is "
                    "applied to s012, as an answer row of that id is graded (check for a typo)"]
