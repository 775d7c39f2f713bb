"""override26: part marks given by a person are one status, ``partial``, in
every output (graded.csv, the students and questions CSVs, the summary,
report.md, the items CSV) and read ``partly correct`` on the student's sheet;
an override may name ``partial``, and a status its points contradict
(``correct`` or ``incorrect`` with part marks) is refused."""

import csv
import re

import pytest

ANSWERS = "student_id,question_id,part,answer\ns1,Q1,a,I dont know\ns1,Q2,a,0.9\ns1,Q3,a,0.408\n"
"""s1's Q1 blank, Q2 incorrect, Q3 correct (THREE_QUESTIONS: 1 point each, 0.408)."""


def _read(path):
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


def _grade(folder, invoke, overrides: str):
    (folder / "answers.csv").write_text(ANSWERS, encoding="utf-8")
    (folder / "ov.csv").write_text(overrides, encoding="utf-8")
    return invoke("grade", folder / "answers.csv", "--overrides", folder / "ov.csv", "--feedback", folder / "fb")


@pytest.mark.parametrize("status", ["", "partial", "Partial"])
def test_part_marks_on_a_blank_an_incorrect_and_a_correct_part_are_partial_in_every_file(
        three_question_folder, invoke, status):
    folder = three_question_folder
    result = _grade(folder, invoke, "student_id,question_id,part,points,status\n"
                                    f"s1,Q1,a,0.5,{status}\ns1,Q2,a,0.25,{status}\ns1,Q3,a,0.75,{status}\n")
    assert result.exit_code == 0, result.output
    graded = {r["question_id"]: (r["status"], r["score"], r["note"]) for r in _read(folder / "answers-graded.csv")}
    assert graded == {"Q1": ("partial", "0.5", "override"), "Q2": ("partial", "0.25", "override"),
                      "Q3": ("partial", "0.75", "override")}
    (student,) = _read(folder / "answers-graded-students.csv")
    assert {k: student[k] for k in ("score", "correct", "partial", "incorrect", "blank")} == {
        "score": "1.5", "correct": "0", "partial": "3", "incorrect": "0", "blank": "0"}
    questions = _read(folder / "answers-graded-questions.csv")
    assert [(q["correct"], q["partial"], q["incorrect"], q["blank"]) for q in questions] == [("0", "1", "0", "0")] * 3
    assert re.search(r"^ +partial +3$", result.stdout, re.M) and re.search(r"^ +incorrect +0$", result.stdout, re.M)
    assert "| partial | 3 |" in (folder / "answers-graded-report.md").read_text(encoding="utf-8")
    items = [r for r in _read(folder / "answers-graded-items.csv") if r["level"] == "part"]
    assert [(r["partial"], r["other"], r["incorrect"], r["blank"]) for r in items] == [("1", "1", "0", "0")] * 3
    sheet = (folder / "fb" / "s1.md").read_text(encoding="utf-8")
    for line in ("| a | I dont know | partly correct | 0.5 / 1 |", "| a | 0.9 | partly correct | 0.25 / 1 |",
                 "| a | 0.408 | partly correct | 0.75 / 1 |"):
        assert line in sheet
    warned = [line for line in result.stderr.splitlines() if "was correct and is now partial" in line]
    assert len(warned) == (0 if status else 1)   # only when the status was left to the points


@pytest.mark.parametrize("row, said", [
    ("s1,Q3,a,0.5,correct", "status 'correct' with points 0.5 contradicts itself (marks between none and full "
                            "are partial)"),
    ("s1,Q2,a,0.5,incorrect", "status 'incorrect' with points 0.5 contradicts itself (marks between none and "
                              "full are partial)"),
    ("s1,Q2,a,1,partial", "status 'partial' with points 1 contradicts itself"),
    ("s1,Q2,a,0,partial", "status 'partial' with points 0 contradicts itself")])
def test_a_status_the_part_marks_contradict_is_refused_in_one_line(three_question_folder, invoke, row, said):
    result = _grade(three_question_folder, invoke, f"student_id,question_id,part,points,status\n{row}\n")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"ov.csv: line 2: {said}" in result.stderr


def test_an_override_confirming_a_trap_credit_keeps_the_markers_verdict(tmp_path, invoke):
    """A re-run's override that gives the marker's own part marks leaves the verdict and misconception."""
    key = {"questions": [{"id": "Q1", "parts": [{"part": "a", "type": "numeric", "points": 2.0, "value": 0.5,
                                                 "answer": "0.5", "abs_tolerance": 0.0005, "misconceptions": [
                                                     {"code": "halved", "value": 0.25, "abs_tolerance": 0.0005,
                                                      "feedback": "halved", "credit": 0.5}]}]}]}
    import json
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.25\n", encoding="utf-8")
    (tmp_path / "ov.csv").write_text("student_id,question_id,part,points\ns1,Q1,a,1\n", encoding="utf-8")
    assert invoke("grade", tmp_path / "answers.csv", "--overrides", tmp_path / "ov.csv").exit_code == 0
    (row,) = _read(tmp_path / "answers-graded.csv")
    assert (row["status"], row["score"], row["misconception"]) == ("incorrect", "1", "halved")


@pytest.mark.parametrize("points, comment, kept", [("1", "", True), ("1", "half: show your working", False),
                                                   ("2", "", False), ("0", "", False)])
def test_part_marks_with_no_comment_keep_the_graders_words_on_a_wrong_or_imprecise_answer(
        tmp_path, invoke, points, comment, kept):
    """Review 41b F3: half marks on an answer rounded too early, with no comment, left the sheet saying
    "partly correct 1 / 2" and no reason; the grader's words now stay (a comment replaces them, and full
    marks or none drop them, as before)."""
    assert invoke("generate", "--classes", "C7", "--seed", 1, "--out", tmp_path / "quiz").exit_code == 0
    value = next(csv.DictReader((tmp_path / "quiz" / "key.csv").open(encoding="utf-8-sig")))["answer"]
    early = f"{float(value):.2g}"   # C7 (a) to 2 significant figures: rounded too early
    (tmp_path / "answers.csv").write_text(f"student_id,question_id,part,answer\ns1,Q1,a,{early}\n", encoding="utf-8")
    (tmp_path / "ov.csv").write_text(f"student_id,question_id,part,points,comment\ns1,Q1,a,{points},{comment}\n",
                                     encoding="utf-8")
    before = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz" / "key.json",
                    "--out", tmp_path / "plain" / "g.csv")
    assert before.exit_code == 0 and _read(tmp_path / "plain" / "g.csv")[0]["status"] == "imprecise"
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz" / "key.json", "--overrides",
                    tmp_path / "ov.csv", "--feedback", tmp_path / "fb", "--out", tmp_path / "g.csv")
    assert result.exit_code == 0, result.output
    row = _read(tmp_path / "g.csv")[0]
    assert row["note"] == "override" and ("rounded too early" in row["feedback"]) is kept, row
    assert comment in row["feedback"]
    sheet = (tmp_path / "fb" / "s1.md").read_text(encoding="utf-8")
    assert ("right to 2 significant figures" in sheet) is kept
