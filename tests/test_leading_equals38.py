"""An answer typed as a spreadsheet formula (review 38): ``=-ln(0.681)`` was
invalid, scored 0, while ``-ln(0.681)``, ``L = -ln(0.681)`` and ``=0.384``
were read; a leading ``=`` is now read before an expression as before a
number. A formula of spreadsheet cells (``=A1+1``) is still no answer, and
graded.csv still guards the cell against formula injection."""

import csv
import json

import pytest

from quizgen.marking.forms import NUMBER, read_number


@pytest.mark.parametrize("text", ["=-ln(0.681)", "= -ln(0.681)", "=ln(1/0.681)", " =-LN(0.681)"])
def test_a_leading_equals_sign_is_read_before_an_expression(text):
    reading = read_number(text)
    assert reading.status == NUMBER and reading.value == pytest.approx(0.38419, abs=1e-5), reading


@pytest.mark.parametrize("text", ["=A1+1", "=SUM(A1:A3)", "==2", "="])
def test_a_formula_of_cells_or_a_bare_sign_is_still_no_answer(text):
    assert read_number(text).status != NUMBER


def test_grade_marks_a_right_answer_written_as_a_formula_correct(invoke, tmp_path):
    assert invoke("generate", "--seed", 8, "--classes", "C1", "--count", 1, "--out", tmp_path / "q").exit_code == 0
    key = json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8"))
    p = key["questions"][0]["parts"][0]["value"]
    rows = [["s1", "Q1", "a", f"={p:.6f}"], ["s1", "Q1", "b", f"=-ln({p:.6f})"],
            ["s2", "Q1", "b", f"= ln(1/{p:.6f})"], ["s3", "Q1", "b", "=A1+1"]]
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "q" / "key.json")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
        graded = list(csv.DictReader(handle))
    assert [row["status"] for row in graded] == ["correct", "correct", "correct", "invalid"]
    assert [row["answer"] for row in graded] == ["'" + rows[0][3], "'" + rows[1][3], "'" + rows[2][3], "'=A1+1"]
