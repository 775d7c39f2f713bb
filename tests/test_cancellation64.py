"""An answer whose terms cancel is judged on its value, not on a float that lost it: ``1 - 1/(1 + exp(-40))``
is 4.25e-18 (its float was 0, so a right answer was marked incorrect), and one whose value cannot be worked
again goes to a person (``CANCELLED``) rather than to a verdict on a wrong float."""

import math

import pytest

from grading_support import one_part_statuses
from quizgen.errors import ExpressionError
from quizgen.marking.forms import read_number
from quizgen.marking.unread import CANCELLED_REASON
from quizgen.maths.answer_floats import CANCELLED, answer_value
from quizgen.maths.answers import to_number
from quizgen.maths.parser import parse_answer

TINY = math.exp(-40)   # 4.248354255291589e-18


@pytest.mark.parametrize("text, value", [
    ("1 - 1/(1 + exp(-40))", TINY),   # a saturated sigmoid's complement: its float was 0
    ("(1 + exp(-40)) - 1", TINY),
    ("1 - 0.99999999999999999575", 4.25e-18),
    ("(1 + exp(-300)) - 1", math.exp(-300)),   # past 110 digits: worked at the second precisions
    ("ln(1 + 1e-20)", 1e-20),   # a logarithm next to 1
    ("(1 + 1e-20)**(10**20)", math.e),   # a huge exponent
    ("exp(-800) * 1e300", 3.667874584177687e-48),   # below the floats' range on the way
    ("1/(1 - 1/(1 + exp(-40)))", 1 / TINY),   # a division by the float's 0
    ("(-8)^(1/3) + 2", 0.0),   # the real root, as float mode reads it
    ("1 - 1", 0.0),
    ("(1 + exp(-800)) - 1", 0.0),   # 3.7e-348: no float but 0 is nearer
])
def test_a_cancelling_answer_is_worked_to_its_value(text, value):
    assert answer_value(parse_answer(text)) == pytest.approx(value, rel=1e-12, abs=0)


@pytest.mark.parametrize("text, value", [("-ln(0.695)", -math.log(0.695)), ("pi - 3.1416", math.pi - 3.1416),
                                         ("exp(2) - 7", math.exp(2) - 7)])
def test_an_answer_that_keeps_its_digits_is_its_float(text, value):
    assert answer_value(parse_answer(text)) == value


@pytest.mark.parametrize("text", ["((1 + exp(-300)) - 1) + pi - pi", "sqrt(2)^2 - 2"])
def test_a_value_that_cannot_be_worked_again_is_refused_not_guessed(text):
    """pi has no decimal form here; sqrt(2)^2 - 2 is 0 at no precision: their floats (0, 4.4e-16) may be
    anything beside the value, so the answer is refused."""
    with pytest.raises(ExpressionError) as refused:
        to_number(text)
    assert str(refused.value) == CANCELLED
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("needs_review", CANCELLED_REASON)


@pytest.mark.parametrize("text", ["(2^(2^20) + 1) - 2^(2^20)", "(2^(2^20) + 2^(2^19)) - 2^(2^20)"])
def test_a_term_past_the_floats_range_is_out_of_range_not_a_lost_zero(text):
    """A term of 315,653 digits swallows the one beside it at every precision worked, so the 0 found is
    not the value (it was read as 0): the answer is out of range, as its float is."""
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("invalid", "not a number: number out of range")


def test_a_refused_domain_stays_refused():
    with pytest.raises(ExpressionError, match="logarithm of a non-positive number"):
        to_number("log(1 - 1)")


@pytest.mark.slow
def test_grade_marks_a_cancelling_answer_on_its_value(tmp_path):
    """A key whose answer is tiny (4.25e-18): the expressions equal to it are correct, 0 and another tiny
    value incorrect, and one whose value is lost is for a person."""
    part = {"part": "a", "name": "tail", "type": "numeric", "points": 1.0, "value": TINY, "answer": "4.25e-18",
            "tolerance": {"sigfigs": 3}}
    rows = [("s1", "1-1/(1+exp(-40))"), ("s2", "(1+exp(-40))-1"), ("s3", "0"), ("s4", "(1+exp(-41))-1"),
            ("s5", "((1+exp(-40))-1)+pi-pi"), ("s6", "4.25e-18")]
    assert one_part_statuses(tmp_path, part, rows) == {
        "s1": "correct", "s2": "correct", "s3": "incorrect", "s4": "incorrect", "s5": "needs_review",
        "s6": "correct"}
