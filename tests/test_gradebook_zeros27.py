"""Gradebook templates match ids by grade's leading-zero rule (Excel's ``123``
for ``00123``: the one id differing only by leading zeros, never two), write
the template's spelling and say so; the note on graded students a Canvas
gradebook lacks names only graded ones, with the nearest template id."""

import csv
import io
import json

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.lms.gradebook import Grade, canvas_gradebook, moodle_gradebook_filled
from quizgen.marking.student_ids import zero_pairs

CANVAS = ("Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (7)\r\n    Points Possible,,,,,\r\n"
          "\"Lovelace, Ada\",1001,123,ada,A,\r\nBo,1002,s02,bo,A,\r\nTest,1099,,test,A,\r\n")
ADA = Grade("00123", "Ada Lovelace", 4, 4)


def _column(text, index=5):
    return [row[index] for row in csv.reader(io.StringIO(text))][2:]


def test_zero_pairs_are_one_to_one():
    assert zero_pairs(["00123"], ["123", "s1"]) == {"00123": "123"}
    assert zero_pairs(["00123"], ["123", "0123"]) == {}          # two known ids fit: never guessed
    assert zero_pairs(["00123", "0123"], ["123"]) == {}          # two ids claim one known id
    assert zero_pairs(["00123", "123"], ["123"]) == {}           # the known id is graded as itself


def test_canvas_fills_a_row_whose_sis_id_lost_its_leading_zeros():
    book = canvas_gradebook(CANVAS, [ADA, Grade("x9", "Bo", 1, 4)], "Quiz 1")
    assert _column(book.text) == ["4", "", ""]
    assert book.by_zeros == (("123", "00123"),) and book.unmatched == ["x9"]
    assert "s02" in book.unfilled and "123" not in book.unfilled
    two = canvas_gradebook(CANVAS.replace("s02", "0123"), [ADA], "Quiz 1")   # 123 or 0123: neither
    assert _column(two.text) == ["", "", ""] and two.unmatched == ["00123"] and not two.by_zeros


def test_moodle_template_row_without_its_zeros_is_filled_as_written():
    template = "ID number,Full name,Quiz 1\r\n123,Ada Lovelace,\r\ns9,Zoe,3\r\n"
    book = moodle_gradebook_filled(template, [ADA], "Quiz 1")
    rows = list(csv.reader(io.StringIO(book.text)))
    assert rows[1:] == [["123", "Ada Lovelace", "4"], ["s9", "Zoe", "3"]]
    assert book.by_zeros == (("123", "00123"),)


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


def test_grade_names_the_zero_matches_and_only_graded_students_missing_from_canvas(tmp_path):
    q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [_part("a", 0.5), _part("b", 3.0)]}
    students = {sid: {"name": sid, "questions": [q1]} for sid in ("00123", "s0124", "s0300", "s0301")}
    (tmp_path / "key.json").write_text(json.dumps({"questions": [q1], "students": students}), encoding="utf-8")
    rows = [f"{sid},Q1,{p},{v}" for sid in ("00123", "s0124") for p, v in (("a", "0.5"), ("b", "3"))]
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\n" + "\n".join(rows) + "\n",
                                          encoding="utf-8")
    (tmp_path / "canvas.csv").write_text(CANVAS.replace("s02", "s0142"), encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key", str(tmp_path / "key.json"),
                                       "--gradebook", "canvas", "--gradebook-template", str(tmp_path / "canvas.csv"),
                                       "--gradebook-item", "Quiz 1", "--out", f"{tmp_path / 'out'}/"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "1 student id(s) of canvas.csv matched a graded id only by leading zeros" in text
    assert "(check for a typo): 123 as 00123" in text
    assert "1 graded student(s) not in the Canvas gradebook, their grade not written: s0124 (did you mean s0142?)" \
        in text   # s0300 and s0301 gave no answer: nothing to write
    canvas = (tmp_path / "out" / "answers-graded-gradebook-canvas.csv").read_text(encoding="utf-8")
    assert _column(canvas) == ["4", "", ""]
