"""Static checks on a parameter's bounds written as plain numbers (no other name):
a range whose low end is above its high end, or whose ends are not whole for an
integer, is the template's mistake, told at load, not after 500 failed draws;
a decimal grid whose max is off its step is told by validate."""

from __future__ import annotations

from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.wording import did_you_mean
from quizgen.maths.evaluate import ground
from quizgen.maths.tree import names_in

RANGED = ("integer", "decimal", "vector")
"""The parameter kinds drawn between a min and a max."""


def _plain(compiled: dict, key: str):
    """The exact value of the bound ``key`` when it names nothing (``3``, ``0.05``), else None."""
    node = compiled.get(key)
    if node is None or names_in(node):
        return None
    try:
        value = ground(node, {})
    except ExpressionError:
        return None
    return value if value.__class__ is Fraction else None


def shown(value: Fraction) -> str:
    """An exact bound as an author wrote it: 3, 0.3, 1/3 (no finite decimal)."""
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.12g}"
    return text if Fraction(text) == value else f"{value.numerator}/{value.denominator}"


def unknown_kind(kind, kinds) -> str:
    """The refusal of a parameter kind that does not exist, naming the nearest or else all of them."""
    return f"unknown parameter kind {kind!r}{did_you_mean(kind, kinds) or '; the kinds are ' + ', '.join(sorted(kinds))}"


def check_bounds(check, kind: str, compiled: dict, where: tuple) -> None:
    """Refuse, at the bound's line, a ranged parameter's plain-number bounds that no draw can meet."""
    wrong = bound_problem(kind, compiled)
    if wrong:
        check.fail(wrong[1], *where, wrong[0])


def bound_problem(kind: str, compiled: dict):
    """``(key, what is wrong)`` with a ranged parameter's plain-number bounds, or None."""
    if kind not in RANGED:
        return None
    low, high = _plain(compiled, "min"), _plain(compiled, "max")
    if kind == "integer":
        for key, value in (("min", low), ("max", high)):
            if value is not None and value.denominator != 1:
                return key, (f"an integer's {key} must be a whole number, not {shown(value)}: "
                             "for a value on a finer grid, use decimal: [min, max, step]")
    if low is not None and high is not None and low > high:
        return "min", f"min {shown(low)} is above max {shown(high)}: write the low end as min"
    step = _plain(compiled, "step")
    if step is not None and step <= 0:
        return "step", f"step must be above 0, not {shown(step)}"
    return None


def off_grid(kind: str, compiled: dict):
    """What validate warns of when a decimal or vector grid's max is not min plus a
    whole number of steps (the draws stop short of it, in silence), or None."""
    if kind not in ("decimal", "vector"):
        return None
    low, high, step = (_plain(compiled, key) for key in ("min", "max", "step"))
    if None in (low, high, step) or step <= 0 or high < low or (high - low) % step == 0:
        return None
    below = low + step * ((high - low) // step)
    return (f"warning: max {shown(high)} is not on the grid from {shown(low)} in steps of {shown(step)}: "
            f"the largest value drawn is {shown(below)}; write max {shown(below)} or {shown(below + step)}, "
            "or change the step")
