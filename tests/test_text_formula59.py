"""Excel's text idiom ``="..."`` (written so that a spreadsheet keeps ``s012``'s
zeros) is read by one rule in every cell of an answers file: a student id, a
question id, a part and an answer alike. A row ``="s2",Q1,a,...`` among s2's
rows was graded as a second student '="s2"' with no warning, though its
answer was read."""

from __future__ import annotations

import csv

import pytest

from quizgen.cells import text_formula_value
from quizgen.marking.student_ids import normalise_id, shown_id
from quizgen.question_ids import norm_part, norm_question


@pytest.mark.parametrize("cell, value", [
    ('="s2"', "s2"), ('="s012"', "s012"), ('="say ""hi"""', 'say "hi"'), ('=""', ""),
    ('="0.7157"', "0.7157"),
    # not the idiom: left as written
    ("=s2", "=s2"), ('="s2', '="s2'), ('="a"b"', '="a"b"'), ('s2="x"', 's2="x"'), ('="', '="'), ("", ""),
])
def test_the_one_rule(cell, value):
    assert text_formula_value(cell) == value


def test_ids_questions_and_parts_read_through_it():
    assert normalise_id('="S012"') == normalise_id(' ="s012" ') == "s012" and shown_id('="s012"') == "s012"
    assert norm_question('="Q01"') == "q1" and norm_part('="(b)"') == "b"


def test_a_row_in_the_idiom_is_the_same_students(invoke, seed3_key, tmp_path):
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       "s2,Q1,a,0.5\n"
                       '="s2",Q2,a,0.5\n'
                       's2,="Q3",="b",0.5\n', encoding="utf-8")
    result = invoke("grade", answers, "--key", seed3_key, "--force-key", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "answers-graded-students.csv", encoding="utf-8-sig") as handle:
        students = list(csv.DictReader(handle))
    assert [row["student_id"] for row in students] == ["s2"]
    with open(tmp_path / "out" / "answers-graded.csv", encoding="utf-8-sig") as handle:
        graded = list(csv.DictReader(handle))
    assert [(row["graded_as"], row["question_id"], row["part"]) for row in graded] == [
        ("s2", "Q1", "a"), ("s2", "Q2", "a"), ("s2", "'=\"Q3\"", "'=\"b\"")]   # as written, guarded
    assert all(row["status"] in ("correct", "incorrect", "partial", "imprecise") for row in graded), graded
    assert graded[1]["student_id"] == "'=\"s2\""   # as written, guarded
