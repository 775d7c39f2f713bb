"""The math core read and reported as written: a long decimal literal is the decimal its text says,
a division whose divisor only underflows is no division by zero, and one rule says which fractions
have a finite decimal."""

from fractions import Fraction

import pytest


def _value(text):
    from quizgen.maths.evaluate import ground
    from quizgen.maths.parser import parse, template_policy
    return ground(parse(text, template_policy(set())), {})


@pytest.mark.parametrize("text, exact", [
    ("1.00000000000000001", Fraction(100000000000000001, 10**17)),
    ("0.1000000000000000055511151231257827", Fraction("0.1000000000000000055511151231257827")),
    ("1.000000000000000000000", Fraction(1)),
    ("1.23456789012345e-320", Fraction("1.23456789012345e-320")),   # a subnormal double keeps fewer figures
    ("0.12345678901234", Fraction("0.12345678901234")),
    ("1.", Fraction(1)), ("00.0100e+2", Fraction(1)), ("1E-5", Fraction(1, 10**5)), ("1e-999", Fraction(0)),
])
def test_a_literal_is_read_by_the_figures_written_not_by_its_floats_repr(text, exact):
    """A literal of 16 or more figures can round to a float whose repr is short (1.00000000000000001
    is the float 1.0): its own figures decide whether the text is read, so it stays as written."""
    assert _value(text) == exact


def test_a_long_literal_just_above_one_is_above_one():
    """Its float is 1.0: read from the float, it minus 1 was 0."""
    assert _value("1.00000000000000001 - 1") == Fraction(1, 10**17)
    assert _value("floor(10**17 * (1.00000000000000001 - 1))") == 1


@pytest.mark.parametrize("text", ["floor(π + 10**17 * (1.00000000000000001 - 1)) - 3",
                                  "floor(10**17 * (1 +\n 1.00000000000000001 - 2))"])
def test_a_literal_after_a_wide_character_or_a_line_break_is_sliced_right(text):
    """The literal's text comes from its column offsets, which count UTF-8 bytes, on the first line;
    a later line is read through the source segment."""
    assert _value(text) == 1
