"""How scores add up: a student's total, a question's score from its parts, a
paper's maximum. Adding floats one by one in part order can leave two students
with the same marks on different parts a last bit apart (0.3 + 0.6 + 1 is not
1 + 0.6 + 0.3 in floats), so that they are not tied and the report's groups
change when the parts are shuffled. ``score_total`` is the same float for the
same marks in any order, and exact for the decimal credits an instructor types."""

from __future__ import annotations

from fractions import Fraction
from math import fsum

TOTAL_PLACES = 9
"""Decimals a total is rounded to: far more than any typed credit or points
(the reports show 4), far fewer than a float's 15-16 digits, so the rounding
only removes the float noise of adding decimal fractions."""


def ratio(numerator: float, denominator: float) -> float | None:
    """``numerator / denominator``, or None when the denominator is 0 (a share
    of nothing, which the reports leave blank, never NaN)."""
    return numerator / denominator if denominator else None


def exact_ratio(numerator: float, denominator: float) -> Fraction | None:
    """``numerator / denominator`` as an exact fraction, each read as the decimal of at most
    :data:`TOTAL_PLACES` places it stands for (a count, a sum of scores), or None when the
    denominator is 0. A share the reports round is rounded from this: 9 of 120 is 7.5% and
    rounds to 8, where the float 9 / 120 lies just below the tie and rounds to 7."""
    if not denominator:
        return None
    return decimal_fraction(numerator) / decimal_fraction(denominator)


def decimal_fraction(x) -> Fraction:
    """``x`` (an int, or a float holding a decimal of at most TOTAL_PLACES places) exactly."""
    return Fraction(x) if x.__class__ is int else Fraction(f"{x:.{TOTAL_PLACES}f}")


def score_total(scores) -> float:
    """The sum of ``scores``: ``math.fsum`` (the exact sum correctly rounded: one
    float for the same numbers in any order), rounded to :data:`TOTAL_PLACES`
    decimals (0.1 + 0.2 is 0.3, as 0.3 alone is). Sums of whole and half points
    are exact in floats either way and come out unchanged."""
    return round(fsum(scores), TOTAL_PLACES)


def adds_exactly(values) -> bool:
    """Whether every one of ``values`` is a multiple of 1/256 (whole, half,
    quarter ... points) of at most 2**20: floats then add any number of them
    that a paper holds exactly, in any order, to the float ``score_total``
    gives (a multiple of 1/256 has at most 8 decimals), so a caller may add
    them the fast way."""
    return all((v * 256).is_integer() and abs(v) <= 2 ** 20 for v in values)
