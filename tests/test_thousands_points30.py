"""Working with decimal commas and thousands points (review 30): in an answer whose
own numbers write decimals with commas (``0,8``, ``1.000,5``), a point between
groups of three digits groups thousands (``1.250`` is 1250), as the file's other
numbers are read, never silently 1.25; an answer that writes decimals with
points keeps ``1.250`` as 1.25; the mirror holds in a ',' file."""

import pytest

from grading_support import one_part_statuses

from quizgen.grading.part_checker import PartChecker
from quizgen.key.model import KeyPart
from quizgen.marking.forms import read_number


def checker(value, decimal_comma):
    part = KeyPart.from_json({"part": "a", "name": "a", "type": "numeric", "points": 1.0, "value": value,
                              "answer": f"{value:g}", "tolerance": {"sigfigs": 3}})
    return PartChecker(part, decimal_comma)


@pytest.mark.parametrize("text, decimal_comma, value", [
    ("0,8 * 1.250", True, 1000.0),               # the comma is its decimal mark: 1.250 is 1250
    ("0,8*1.250", True, 1000.0),
    ("0,8 * 1.250 = 1000", True, 1000.0),        # working that agrees with its value, read alike
    ("0,8 * 1.250 = 1.000,5", True, 1000.5),     # 0,8 may stand for 0,8004: the working agrees
    ("1.250,5", True, 1250.5),
    ("0.8 * 1.250", True, 1.0),                  # points are its decimal marks: 1.250 is 1.25
    ("0.8 * 1,250", False, 1000.0),              # the mirror in a ',' file
    ("0.8 * 1,250 = 1,000.5", False, 1000.5),
])
def test_a_group_of_three_reads_as_the_answer_s_other_numbers(text, decimal_comma, value):
    reading = read_number(text, decimal_comma=decimal_comma)
    assert (reading.status, reading.value) == ("number", pytest.approx(value)), reading
    assert checker(value, decimal_comma)(text).status == "correct"


def test_working_that_disagrees_is_quoted_as_written():
    reading = read_number("0,8 * 1.250 = 1,0", decimal_comma=True)
    assert reading.status == "needs_review"
    assert "0,8 * 1250 is 1000, not 1,0" in reading.reason   # never "0.8 * 1.250 is 1.0"


def test_an_answer_with_both_marks_as_decimals_leaves_the_group_to_a_person():
    from quizgen.marking.marks import decimal_marks   # here, so the other tests run on the code before it
    # "1,25 = 1.250": which reading of 1.250 is meant? Never a silent 1.25 or 1250
    assert read_number("1,25 = 1.250", decimal_comma=True).status == "needs_review"
    assert decimal_marks("0.5 ≈ 0,5", True) == {",", "."} and decimal_marks("1.250", True) == set()
    assert decimal_marks("log(8,2)") == set() and decimal_marks("1.250.000") == {","}


def test_grade_reads_thousands_points_in_a_semicolon_file(tmp_path):
    part = {"part": "a", "name": "count", "type": "numeric", "points": 1.0, "value": 1000.0, "answer": "1000",
            "tolerance": {"sigfigs": 3}}
    rows = [("s1", "0,8 * 1.250"), ("s2", "0,8 * 1.250 = 1.000,0"), ("s3", "0.8 * 1.250")]
    status = one_part_statuses(tmp_path, part, rows, delimiter=";")   # a ';' file: decimal commas
    assert status == {"s1": "correct", "s2": "correct", "s3": "incorrect"}   # s3 writes points: 0.8 * 1.25


@pytest.mark.parametrize("text, decimal_comma", [("1.250", True), ("x = 1.250", True), ("1,250", False)])
def test_a_lone_group_read_as_a_decimal_goes_to_a_person_when_thousands_is_the_answer(text, decimal_comma):
    # alone it shows no writer's mark, so a decimal part reads it as a decimal (1.25): never a silent incorrect
    verdict = checker(1250.0, decimal_comma)(text)
    assert verdict.status == "needs_review" and "but 1250 is the answer" in verdict.reason
    assert checker(1.25, decimal_comma)(text).status == "correct"
    assert checker(7.0, decimal_comma)(text).status == "incorrect"   # neither reading: wrong either way
