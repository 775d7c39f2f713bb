"""polish38 (1): what a spreadsheet leaves in an answer cell. ``#NAME?`` and
the other error values were "not a number or an expression quizgen reads",
``4-Mar`` (Excel's date for 3/4) "unknown name 'Mar'", and ``1/3/1900`` was
worked out as a sum and marked incorrect. Each is now needs_review with a reason
saying what the cell holds, on the sheet and in the drill too; a fraction, a
difference or a count stays what it was."""

import csv

import pytest

from quizgen.drill.replies import not_markable
from quizgen.grading.feedback_reasons import reason_to_student
from quizgen.grading.part_checker import PartChecker, check_answer
from quizgen.marking.forms import read_number
from quizgen.marking.spreadsheet import leftover_reason

ERRORS = ["#NAME?", "#VALUE!", "#DIV/0!", "#REF!", "#N/A", "#NUM!", "#NULL!", "#SPILL!", "Err:502"]


def part(value=0.75, kind="numeric"):
    return {"part": "a", "name": "p", "type": kind, "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


@pytest.mark.parametrize("text", ERRORS)
def test_a_spreadsheet_error_value_is_for_a_person_saying_so(text):
    verdict = check_answer(part(), text)
    assert (verdict.status, verdict.score) == ("needs_review", 0.0)
    assert verdict.reason == f"a spreadsheet error value ({text}): the student's entry was lost in the export; " \
                             "read their paper"


@pytest.mark.parametrize("text, written", [
    ("4-Mar", "3/4 or 4/3"), ("Mar-04", "3/4 or 4/3"), ("04-Mar-2026", "3/4 or 4/3"), ("4-March", "3/4 or 4/3"),
    ("03/04/2026", "3/4 or 4/3"), ("2026-03-04", "3/4 or 4/3"), ("2026-3-4", "3/4 or 4/3"), ("4/3/2026 00:00", "4/3 or 3/4"),
    ("Mar-40", "3/40"), ("3-Mar", "3/3")])
def test_a_spreadsheet_date_is_for_a_person_naming_the_fraction_it_may_have_been(text, written):
    verdict = check_answer(part(), text)
    assert (verdict.status, verdict.score) == ("needs_review", 0.0), verdict
    assert verdict.reason == f"a spreadsheet date ({text}): a spreadsheet may have turned the student's {written} " \
                             "into a date"
    assert read_number(text).value is None


def test_a_date_in_1900_is_a_number_a_spreadsheet_counted_as_days_not_a_sum():
    """1/3/1900 parses as 1/3/1900 = 0.000175: it was marked incorrect."""
    for checker in (PartChecker(part()), PartChecker(part(3.0, "integer"))):
        verdict = checker("1/3/1900")
        assert verdict.status == "needs_review" and "turned the student's number into a date" in verdict.reason


@pytest.mark.parametrize("text, status", [("1/3", "incorrect"), ("3/4", "correct"), ("4-3", "incorrect"),
                                          ("2026", "incorrect"), ("1/3/2", "incorrect"), ("-0.5-0.2", "incorrect"),
                                          ("Mar", "invalid"), ("32-Mar", "invalid"), ("13/13/2026", "incorrect"),
                                          ("#", "invalid"), ("1/2/1000", "incorrect")])
def test_fractions_differences_and_counts_are_read_as_before(text, status):
    assert check_answer(part(), text).status == status
    assert leftover_reason(text) == ""


def test_a_word_part_sends_them_to_a_person_too():
    word = {**part(), "type": "word", "answer": "yes", "value": None, "accept": ["yes"]}
    assert check_answer(word, "#N/A").reason.startswith("a spreadsheet error value (#N/A)")
    assert check_answer(word, "4-Mar").reason.startswith("a spreadsheet date (4-Mar)")


def test_the_sheet_says_it_in_the_students_words():
    said = reason_to_student(check_answer(part(), "#NAME?").reason)
    assert said.startswith("the answers file shows #NAME?, a spreadsheet's error value") and "your paper" in said
    said = reason_to_student(check_answer(part(), "4-Mar").reason)
    assert said.startswith("the answers file shows 4-Mar, a date a spreadsheet may have made of your 3/4 or 4/3")
    assert "student" not in said


def test_the_drill_says_what_was_typed_and_asks_again():
    class Record:
        kind, letter = "numeric", "a"
    said = not_markable(Record(), "4-Mar", check_answer(part(), "4-Mar"))
    assert said.startswith("I cannot mark '4-Mar': it is a date as a spreadsheet writes it, not an answer; type just")
    said = not_markable(Record(), "#NAME?", check_answer(part(), "#NAME?"))
    assert said.startswith("I cannot mark '#NAME?': it is a spreadsheet's error value, not an answer")


def test_grade_of_a_long_form_file_leaves_them_to_a_person(course, invoke):
    (course / "long.csv").write_text("student_id,question_id,part,answer\ns001,Q1,a,#NAME?\ns001,Q1,b,4-Mar\n"
                                     "s002,Q1,a,1/3/1900\ns002,Q1,b,0.335\n", encoding="utf-8")
    result = invoke("grade", "long.csv", "--key", "quiz/key.json", "--out", "graded.csv")
    assert result.exit_code == 0, result.output
    with open(course / "graded.csv", newline="", encoding="utf-8-sig") as handle:
        rows = {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}
    assert rows["s001", "a"]["status"] == rows["s001", "b"]["status"] == rows["s002", "a"]["status"] == "needs_review"
    assert rows["s001", "a"]["reason"].startswith("a spreadsheet error value (#NAME?)")
    assert rows["s001", "b"]["reason"].startswith("a spreadsheet date (4-Mar)")
    assert rows["s002", "b"]["status"] == "correct"


@pytest.mark.slow
def test_a_learner_typing_a_date_in_the_drill_is_asked_again(invoke):
    result = invoke("drill", "--seed", "5", "--classes", "C9", "--count", "1", "--no-save",
                    input="4-Mar\n2.06\nq\n")
    said = " ".join(result.output.split())
    assert "I cannot mark '4-Mar': it is a date as a spreadsheet writes it, not an answer" in said
    assert "Correct: 2.0611" in said
