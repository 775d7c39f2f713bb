"""rev34: ``O.168`` (letter O), ``0.l68`` (letter l) and ``0.168 0.169`` (two
values) were invalid, "not a number or an expression quizgen reads", scored 0
with no one to look; the hedge ``0.551 or 0.6`` already went to a person. Now
these are needs_review too, each with its reason, and never read as a number."""

import pytest

from quizgen.drill.replies import not_markable
from redos_support import best_seconds
from quizgen.grading.feedback_reasons import reason_to_student
from quizgen.grading.part_checker import PartChecker, check_answer
from quizgen.marking.forms import TWO_VALUES_REASON, read_number
from quizgen.marking.unclear import LOOKALIKE_REASON, SIDE_BY_SIDE_REASON


def part(value=0.168):
    return {"part": "a", "name": "p", "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


@pytest.mark.parametrize("text, reason", [
    ("O.168", LOOKALIKE_REASON), ("0.l68", LOOKALIKE_REASON), ("0.71o", LOOKALIKE_REASON), ("I.5", LOOKALIKE_REASON),
    ("1O", LOOKALIKE_REASON), ("0.168 0.169", SIDE_BY_SIDE_REASON), ("0.168  0.169 0.17", SIDE_BY_SIDE_REASON),
    ("-0.5 0.168", SIDE_BY_SIDE_REASON), ("0.551 or 0.6", TWO_VALUES_REASON)])
def test_a_letter_like_a_digit_or_two_numbers_side_by_side_is_for_a_person(text, reason):
    verdict = check_answer(part(), text)
    assert (verdict.status, verdict.reason, verdict.score) == ("needs_review", reason, 0.0), verdict
    assert read_number(text).value is None   # never read as a number, not even the right one


def test_a_decimal_comma_file_reads_two_values_side_by_side_the_same():
    assert check_answer(part(), "0,168 0,169", decimal_comma=True).reason == SIDE_BY_SIDE_REASON
    assert check_answer(part(), "O,168", decimal_comma=True).reason == LOOKALIKE_REASON


@pytest.mark.parametrize("text, status", [("lO", "invalid"), ("O", "invalid"), ("1.2.3", "invalid"),
                                          ("0.7x", "invalid"), ("2 580", "incorrect"), ("0.168", "correct")])
def test_words_other_typos_and_grouped_thousands_are_read_as_before(text, status):
    assert check_answer(part(), text).status == status


def test_the_sheet_and_the_drill_say_why_in_the_students_words():
    assert reason_to_student(LOOKALIKE_REASON).startswith("your number has a letter where a digit looks meant")
    assert "two numbers with nothing between them" in reason_to_student(SIDE_BY_SIDE_REASON)

    class Record:
        kind, letter = "numeric", "a"
    said = not_markable(Record(), "O.168", check_answer(part(), "O.168"))
    assert said.startswith("I cannot mark 'O.168': it has a letter where a digit looks meant") and "type digits" in said


@pytest.mark.parametrize("text", ["O" * 399 + "1", "1 " * 199 + "1", "0." + "l" * 398, "1 " * 199 + "x",
                                  ("1" * 19 + " ") * 20, "1." * 199 + "O"])
def test_crafted_answers_stay_fast(text):
    """As long as an answer read as a number may be (parser.MAX_LENGTH, 400). In CPU time, best
    of three (redos_support), about 1 ms: a wall-clock limit failed on a loaded machine (0.1 s against 0.05)."""
    PartChecker(part())("0.5")   # the modules warmed, on another answer
    assert best_seconds(lambda: PartChecker(part())(text), runs=3) < 0.05, text[:20]   # a fresh checker: no cache
