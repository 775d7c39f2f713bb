"""The list functions of the table (``sum``, ``mean``, ``list``, ...) on
floats: what a recipe worked from a student's own earlier answers needs
(``evaluate.recipe_floats``), each result checked finite as float mode checks
every value. Student answers never reach them: the answer parser allows no
list function."""

from __future__ import annotations

import math

from quizgen.errors import ExpressionError


def _items(value, name: str) -> tuple:
    if not isinstance(value, tuple):
        raise ExpressionError(f"{name}() needs a list")
    if not value:
        raise ExpressionError(f"{name}() of an empty list")
    return value


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ExpressionError("number out of range")
    return value


def total(items) -> float:
    """``sum``: the correctly rounded float sum."""
    return _finite(math.fsum(_items(items, "sum")))


def mean(items) -> float:
    """``mean``: the sum over the count."""
    return total(items) / len(items)


def length(items) -> float:
    return float(len(_items(items, "len")))


def largest(items) -> float:
    return max(_items(items, "max"))


def smallest(items) -> float:
    return min(_items(items, "min"))


def arg_largest(items) -> float:
    values = _items(items, "argmax")
    return float(values.index(max(values)))


def arg_smallest(items) -> float:
    values = _items(items, "argmin")
    return float(values.index(min(values)))


def listed(*items) -> tuple:
    """``list(a, b, c)``: its numbers as a list."""
    if any(isinstance(item, tuple) for item in items):
        raise ExpressionError("list() takes numbers, not lists")
    return tuple(items)
