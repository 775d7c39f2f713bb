"""The fewest significant figures carried rounding keeps the sum a probability near 1 divides by.

Every stem whose working can meet a value near 1 asks it kept to 4 significant figures of its
difference from 1: the loss of a probability p over 0.9 is about 1 - p. Carried rounding keeps
each step to 3 figures or more (carry.py), and 3 figures of the sum p is worked over keep about 1
figure of 1 - p: C8's weights 12.2 + 0.3679 = 12.568 kept as 12.6 give p = 12.2/12.6 = 0.968 for
0.97069 (1 - p = 0.0317 for 0.0293), which was full marks while nearer answers got 0. So that sum
is carried to at least ``FLOOR`` figures, the stems' figures of a step (12.18/12.55 = 0.97052,
every step to 4, stays carried rounding); an answer only the shorter keeping reaches is rounded
too early (near_short.py). p itself kept to 3 or 4 figures stays carried rounding, as the worked
solutions say it is by default; a route through a sigmoid's complement keeps its own, stricter,
floors (complement_route.py), and near_one.py names C7's 1 + e^(-s) kept short.

"""

from __future__ import annotations

from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
from quizgen.maths.tree import Bin, Name, children
from quizgen.marking.complement_route import NEAR_ONE
from quizgen.marking.recipes import PART_PREFIX, shape

FLOOR = 4
"""The figures the sum a probability near 1 divides by is carried to at least."""

_FAILS = (ArithmeticError, ValueError, TypeError, LookupError, ExpressionError)


def near(value) -> bool:
    """Whether ``value`` (a number) is near 1 as the stems mean it: between 0.9 and 1/0.9, not 1."""
    return isinstance(value, float) and NEAR_ONE < value < 1 / NEAR_ONE and value != 1


def near_floors(recipe, env: dict, parts: dict | None = None) -> dict:
    """``{shape of a step: FLOOR}`` for each step of ``recipe`` that a quotient near 1 in ``env``
    divides by (C8's sum of the weights under p = 0.97069); {} when none. ``parts``: the earlier
    parts' values (sets), a quotient reading them taken at their middle one."""
    steps = {shape(node) for _, node in recipe.intermediates}
    if not steps:
        return {}
    env, found = with_parts(env, parts), {}
    for node in _nodes(recipe):
        value = _value(node, env)
        if value is None or not near(value):
            continue
        if node.__class__ is Bin and node.op == "/" and shape(node.right) in steps:
            found[shape(node.right)] = FLOOR
    return found


def with_parts(env: dict, parts: dict | None) -> dict:
    """``env`` with each earlier part's ``part:`` name at the middle one of its values (a set)."""
    return {**env, **{PART_PREFIX + name: _middle(values) for name, values in (parts or {}).items()}}


def _middle(values):
    """The middle one of an earlier part's values (a set; a list's, element by element), or None."""
    if values and isinstance(values[0], tuple):
        return [_middle(v) for v in values]
    return Fraction(values[len(values) // 2]) if values else None


def _nodes(recipe):
    """Every node of the recipe's expression and of its intermediates."""
    for top in (recipe.expression, *(node for _, node in recipe.intermediates)):
        yield from _walk(top)


def _value(node, env: dict):
    """``node``'s float value from the parameters alone, or None (a part's value, a list, an error)."""
    try:
        value = ground(node, env)
    except _FAILS:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def held_lets(lets, env: dict) -> set:
    """The names of the ``lets`` (``(name, node)`` in order, as a template writes them, each
    reading the ones before) that a quotient near 1 among them divides by, worked out on the
    exact values: validate's careful student keeps those to ``FLOOR`` figures, as carried rounding
    does (C8's ``total`` under ``p = exp(z[y]) / total``)."""
    exact, held = dict(env), set()
    for name, node in lets:
        for sub in _walk(node):
            if sub.__class__ is Bin and sub.op == "/" and sub.right.__class__ is Name \
                    and sub.right.name in exact and near(_value(sub, exact)):
                held.add(sub.right.name)
        try:
            exact[name] = ground(node, exact)
        except _FAILS:
            return held
    return held


def _walk(node):
    """``node`` and every node below it."""
    stack = [node]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(children(node))
