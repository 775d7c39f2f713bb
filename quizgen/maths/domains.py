"""The float forms of the functions with a domain (the logarithms, the square
root), each checking it first: ``log(0)`` in an answer is refused with a
reason, not a float error. The table of functions (functions.py) uses them,
and its exact forms check the same domains through them."""

from __future__ import annotations

import math

from quizgen.errors import ExpressionError


def positive(x: float) -> None:
    """Refuse a logarithm's argument that is not above zero."""
    if x <= 0:
        raise ExpressionError("logarithm of a non-positive number")


def non_negative(x: float) -> None:
    """Refuse a square root's negative argument."""
    if x < 0:
        raise ExpressionError("square root of a negative number")


def float_log(x: float, base: float | None = None) -> float:
    """``log(x)`` or ``log(x, base)`` in floats, its domain checked (base 1 divides by zero)."""
    positive(x)
    if base is None:
        return math.log(x)
    positive(base)
    denominator = math.log(base)
    if denominator == 0:
        raise ExpressionError("division by zero")
    return math.log(x) / denominator


def checked_domain(check, compute):
    """``compute`` with ``check`` of its argument first."""
    def apply(x):
        check(x)
        return compute(x)
    return apply
