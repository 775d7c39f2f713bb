"""Review 51a F3: since round 50 read a header's LMS columns whatever their case, an ordinary answers
file with lower-case ``state`` and ``completed`` (a US class sheet: the student's state, a tracking
column) or a ``Section_ID`` column (a student-records roster's spelling) was taken for a Moodle or Canvas
download and refused with advice for one. A file is a download only on the LMS's own spelling of its
columns (stray spaces around them allowed); once it is one, its columns are found whatever their case
(tests/test_lms_header_case50.py)."""

import csv
import io
import json

import pytest

from quizgen.lms.download_kind import lms_kind


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 4,
                      "parts": [_part("a", 0.6999), _part("b", 0.3567)]}]}


@pytest.mark.parametrize("header, row", [
    ("student_id,name,state,completed,Q1a,Q1b", "s1,Ann,NY,yes,0.700,0.357"),
    ("student_id,name,State,Completed,Q1a,Q1b", "s1,Ann,NY,yes,0.700,0.357"),
    ("student_id,state,duration,Q1a,Q1b", "s1,NY,40,0.700,0.357"),
    ("student_id,Section_ID,Q1a,Q1b", "s1,A,0.700,0.357"),
    ("student_id,section_id,Q1a,Q1b", "s1,A,0.700,0.357"),
])
def test_an_answers_file_with_columns_an_lms_also_names_is_graded_as_one(tmp_path, invoke, header, row):
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(f"{header}\n{row}\ns2,{row.split(',', 1)[1]}\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json", "--out", tmp_path / "g.csv")
    assert result.exit_code == 0, result.output
    graded = list(csv.DictReader(io.StringIO((tmp_path / "g.csv").read_text(encoding="utf-8-sig"))))
    assert [(r["student_id"], r["part"], r["status"]) for r in graded] == [
        ("s1", "a", "correct"), ("s1", "b", "correct"), ("s2", "a", "correct"), ("s2", "b", "correct")]


def test_a_header_is_a_download_only_on_the_lms_own_spelling():
    assert lms_kind(["student_id", "state", "completed", "Q1a"]) is None
    assert lms_kind(["student_id", "State", "Completed", "Duration", "Q1a"]) is None   # words a class sheet uses
    assert lms_kind(["student_id", "response 1", "Q1a"]) is None
    assert lms_kind(["student_id", "Section_ID", "Q1a"]) is None
    assert lms_kind(["student_id", "N Correct", "Q1a"]) is None
    assert lms_kind(["Last name", "State", "Started on", "Question 1"]) == "moodle"
    assert lms_kind([" State ", " Time taken ", "Question 1"]) == "moodle"
    assert lms_kind(["ID number", "Completed", "Grade/10.00", "Question 1"]) == "moodle"
    assert lms_kind(["Id Number", "state", "started on", " Response 1 "]) == "moodle"
    assert lms_kind(["name", "id", "SIS_ID", " section_id ", "1: q"]) == "canvas"
    assert lms_kind(["Name", "ID", "sis_id", "n correct"]) == "canvas"
