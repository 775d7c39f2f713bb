"""report34b (4): ``quizgen review`` read a student's name from graded.csv's one
name column only, so a graded.csv made from answers with first and last name
columns (a Moodle download's First name and Surname, a roster's First name and
Last name) gave the review file empty names. It now reads the name by the
roster's one rule (roster.name_columns / name_in), as grade reads the answers."""

from __future__ import annotations

import csv

import pytest
from click.testing import CliRunner

import quizgen
from quizgen.cli import main

KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 1, "parts": [
    {"part": "a", "type": "numeric", "points": 1.0, "abs_tolerance": 0.0005, "name": "p", "value": 0.5,
     "answer": "0.5"}]}]}


def _review(tmp_path, names: tuple, rows: list) -> list:
    answers = tmp_path / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", *names, "question_id", "part", "answer"),
                                      *((sid, *who, "Q1", "a", "maybe 0.5") for sid, *who in rows)])
    quizgen.grade(answers, key=KEY)
    ran = CliRunner().invoke(main, ["review", str(tmp_path / "answers-graded.csv")])
    assert ran.exit_code == 0, ran.output
    with open(tmp_path / "answers-graded-review.csv", encoding="utf-8-sig", newline="") as handle:
        return [(row["student_id"], row["name"]) for row in csv.DictReader(handle)]


@pytest.mark.parametrize("names", [("First name", "Last name"), ("First name", "Surname"),
                                   ("Last name", "First name"), ("Prénom", "Nom")])
def test_a_name_in_two_columns_is_read_whole(tmp_path, names):
    rows = [("s1", "Ada", "Lovelace"), ("s2", "Bo  Yi", "Li")]
    if names[0] in ("Last name", "Nom"):
        rows = [(sid, family, given) for sid, given, family in rows]
    assert _review(tmp_path, names, rows) == [("s1", "Ada Lovelace"), ("s2", "Bo Yi Li")]


def test_a_whole_name_column_is_read_as_before(tmp_path):
    assert _review(tmp_path, ("Name",), [("s1", "Lovelace, Ada")]) == [("s1", "Lovelace, Ada")]


def test_a_half_of_a_name_alone_is_read(tmp_path):
    assert _review(tmp_path, ("Surname",), [("s1", "Lovelace")]) == [("s1", "Lovelace")]


def test_a_guarded_name_half_is_read_back_and_guarded_again(tmp_path):
    reviewed = _review(tmp_path, ("First name", "Last name"), [("s1", "=cmd", "Smith")])
    assert reviewed == [("s1", "'=cmd Smith")]   # graded.csv's guard taken off, the whole name's put on
