"""marks33 (3): a form submitted again whose later line leaves parts blank is
graded part by part (a blank is no new answer: the earlier answer stands, as
docs/grading.md documents), so a student's answers to one question can come
from two submissions they never sent together (rev33i's gf.csv: Bob's (a)
from 10:09, his (b) and (c) from 10:05, and both lost their ECF). The note
now names such students, the question and the lines each part came from."""

from __future__ import annotations

import csv

import quizgen

PART = {"type": "numeric", "points": 1.0, "abs_tolerance": 0.0005}
KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 3, "parts": [
    {**PART, "part": "a", "name": "p", "value": 0.5, "answer": "0.5"},
    {**PART, "part": "b", "name": "q", "value": 0.25, "answer": "0.25"},
    {**PART, "part": "c", "name": "r", "value": 0.75, "answer": "0.75"}]}]}
HEADER = ("Timestamp", "Student ID", "Q1 (a)", "Q1 (b)", "Q1 (c)")
MIXED = "student(s) have the answers to a question graded from more than one submission"


def _graded(tmp_path, rows):
    path = tmp_path / "form.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([HEADER, *rows])
    return quizgen.grade(path, key=KEY, out=tmp_path / "g.csv")


def test_a_student_graded_from_two_submissions_of_one_question_is_named(tmp_path):
    result = _graded(tmp_path, [["2026-12-03 10:05", "s02", "0.4", "0.25", "0.75"],
                                ["2026-12-03 10:04", "s01", "0.5", "0.25", "0.75"],
                                ["2026-12-03 10:09", "s02", "0.5", "", ""],
                                ["2026-12-03 10:10", "s01", "0.5", "0.25", "0.75"]])
    said = [note for note in result.notes if MIXED in note]
    assert len(said) == 1 and said[0].startswith("1 " + MIXED), result.notes
    assert said[0].endswith(": s02 Q1 ((b), (c) from line 2; (a) from line 4, which left (b), (c) blank)"), said


def test_a_whole_later_submission_is_not_named(tmp_path):
    result = _graded(tmp_path, [["2026-12-03 10:05", "s02", "0.4", "0.25", "0.75"],
                                ["2026-12-03 10:09", "s02", "0.5", "0.2", "0.7"]])
    assert any("answered a part more than once" in note for note in result.notes)
    assert not [note for note in result.notes if MIXED in note]
