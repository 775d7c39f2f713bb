"""An integer part's key answer is written from its exact value, every digit: it was the float's
``round``, so a count past 2**53 (30522**4 sequences of four tokens) lost its last digits in key.csv
and on the paper's solutions."""

from fractions import Fraction

import pytest

from quizgen.key.compact import written_answer
from quizgen.maths.numbers import key_answer

SEQUENCES = 30522 ** 4   # 867864556245290256; its float is 867864556245290240


@pytest.mark.parametrize("value", [Fraction(SEQUENCES), SEQUENCES])
def test_an_integer_past_a_floats_digits_is_written_whole(value):
    assert key_answer(value, "integer", 0) == "867864556245290256"
    assert written_answer(value, "integer", 0, {}) == "867864556245290256"


@pytest.mark.parametrize("value, written", [(Fraction(17475072), "17475072"), (Fraction(-3), "-3"), (0, "0"),
                                            (17475072.0, "17475072")])
def test_an_integer_within_a_floats_digits_is_written_as_before(value, written):
    assert key_answer(value, "integer", 0) == written
