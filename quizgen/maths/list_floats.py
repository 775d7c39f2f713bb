"""The list functions of the table (``sum``, ``mean``, ``list``, ...) on
floats: what a recipe worked from a student's own earlier answers needs
(marking/recipe_floats.py), each result checked finite as float mode checks
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
    """``len``: an empty list's is 0, as in exact mode."""
    if not isinstance(items, tuple):
        raise ExpressionError("len() needs a list")
    return float(len(items))


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


def counted(items, target) -> float:
    """``count(list, value)``: how many items equal the value, as exact mode counts them."""
    return float(sum(1 for x in _items(items, "count") if x == target))


def is_whole(value) -> bool:
    """``isint(x)``: True when the number is a whole number (a list never is, as in exact mode)."""
    return _whole(value)


def _whole(value) -> bool:
    return value.__class__ in (int, float) and float(value).is_integer()


MAX_RANGE = 100000   # exact mode's limit on range()'s length


def whole_numbers(*bounds) -> tuple:
    """``range(n)`` or ``range(a, b)``: the whole numbers a, ..., b - 1 as floats."""
    if not all(map(_whole, bounds)):
        raise ExpressionError("range() takes one or two whole numbers")
    low, high = (0, int(bounds[0])) if len(bounds) == 1 else map(int, bounds)
    if high - low > MAX_RANGE:
        raise ExpressionError("range() too long")
    return tuple(float(k) for k in range(low, high))
