"""A blank is no new answer: a later row that leaves a part blank (a form
resubmitted with only the changed parts filled) does not replace an earlier
answer; it is superseded itself, with a reason that says it was blank, in one
pass and in parts alike, and the student's sheet says where their answer went."""

import csv

import pytest

import quizgen
from quizgen.grading import file_slice
from quizgen.grading.outputs import GradeOutputs

KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 4, "parts": [
    {"part": "a", "name": "a", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5",
     "tolerance": {"sigfigs": 3}, "misconceptions": []},
    {"part": "b", "name": "b", "type": "numeric", "points": 2.0, "value": 3.0, "answer": "3",
     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}]}


def graded(tmp_path, text: str, **options) -> list:
    answers = tmp_path / "answers.csv"
    answers.write_text(text, encoding="utf-8")
    result = quizgen.grade(answers, key=KEY, force=True, **options)
    with open(result.paths["graded"], newline="", encoding="utf-8-sig") as handle:
        return list(csv.DictReader(handle)), result


def test_a_wide_resubmission_with_blank_cells_keeps_the_earlier_answers(tmp_path):
    rows, result = graded(tmp_path, "Student ID,Q1a,Q1b\ns001,0.5,3\ns001,,3.00\n")
    assert [(r["part"], r["status"], r["reason"]) for r in rows] == [
        ("a", "correct", ""), ("b", "superseded", "a later row answers this part again"),
        ("a", "superseded", "left blank, and another row for this part is the one graded"), ("b", "correct", "")]
    assert result.students[0].score == 4


def test_a_blank_before_an_answer_is_superseded_with_the_same_reason(tmp_path):
    rows, _ = graded(tmp_path, "student_id,question_id,part,answer\ns001,Q1,a,\ns001,Q1,a,0.5\n")
    assert [(r["status"], r["reason"]) for r in rows] == [
        ("superseded", "left blank, and another row for this part is the one graded"), ("correct", "")]


def test_blank_after_blank_is_still_blank(tmp_path):
    rows, result = graded(tmp_path, "student_id,question_id,part,answer\ns001,Q1,a,\ns001,Q1,a,\n")
    assert [r["status"] for r in rows] == ["superseded", "blank"] and result.students[0].score == 0


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.slow
def test_in_parts_a_blank_in_a_later_part_leaves_the_earlier_answer(tmp_path, monkeypatch, jobs):
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    lines = [f"s{n:03d},Q1,a,0.5" for n in range(60)] + [f"s{n:03d},Q1,a," for n in range(60)]
    rows, result = graded(tmp_path, "student_id,question_id,part,answer\n" + "\n".join(lines) + "\n", jobs=jobs)
    assert [r["status"] for r in rows] == ["correct"] * 60 + ["superseded"] * 60
    assert {r["reason"] for r in rows[60:]} == {"left blank, and another row for this part is the one graded"}
    assert result.counts["superseded"] == 60 and {s.score for s in result.students} == {2.0}


@pytest.mark.slow
def test_a_blank_passed_over_alone_makes_no_section_on_the_sheet(tmp_path):
    # nothing was lost: a line per blank buried the one replaced answer (rev15)
    for name, text in [("after", "s001,Q1,a,0.5\ns001,Q1,a,\n"), ("before", "s001,Q1,a,\ns001,Q1,a,0.5\n"),
                       ("twice", "s001,Q1,a,\ns001,Q1,a,\n")]:
        graded(tmp_path, "student_id,question_id,part,answer\n" + text,
               outputs=GradeOutputs(feedback=str(tmp_path / name)))
        sheet = (tmp_path / name / "s001.md").read_text(encoding="utf-8")
        assert "not graded against" not in sheet and "passed over" not in sheet, name


@pytest.mark.slow
def test_beside_a_replaced_answer_the_blanks_are_one_line(tmp_path):
    graded(tmp_path, "Student ID,Q1a,Q1b\ns001,0.4,3\ns001,,\ns001,0.5,\n",
           outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    sheet = (tmp_path / "sheets" / "s001.md").read_text(encoding="utf-8")
    assert "- You answered Q1 (a) more than once; your last answer was graded.\n" in sheet
    assert ("- 3 of your blank answers were passed over for your other answer to the same part: a blank never "
            "replaces an answer, so nothing was lost.") in sheet
    assert sheet.count("\n- ") == 2


@pytest.mark.slow
def test_a_replaced_answer_after_a_flood_of_blanks_is_still_listed(tmp_path):
    # a form resubmitted 30 times: the blanks once took the 20 lines and cut the replaced answer
    rows = "s001,Q1,b,2\n" + "s001,Q1,a,0.5\n" + "s001,Q1,a,\n" * 30 + "s001,Q1,b,3\n"
    graded(tmp_path, "student_id,question_id,part,answer\n" + rows,
           outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    sheet = (tmp_path / "sheets" / "s001.md").read_text(encoding="utf-8")
    assert "- You answered Q1 (b) more than once; your last answer was graded.\n" in sheet
    assert "- 30 of your blank answers were passed over" in sheet and "more such answer" not in sheet


def test_one_blank_passed_over_is_counted_in_the_singular(tmp_path):
    graded(tmp_path, "student_id,question_id,part,answer\ns001,Q1,b,2\ns001,Q1,a,0.5\ns001,Q1,a,\ns001,Q1,b,3\n",
           outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    sheet = (tmp_path / "sheets" / "s001.md").read_text(encoding="utf-8")
    assert "- One of your blank answers was passed over for your other answer to the same part" in sheet
