"""A step of a recipe that, at a draw, only restates the one step below it: C9's probability of
the true label, y σ(s) + (1 − y)(1 − σ(s)), is σ(s) itself when y = 1. A student who writes that
number again has taken no new step, and rounding it again is rounding one value twice (σ(s) =
0.182482 kept as 0.1825, then 0.183, where it is 0.182 once rounded), which the grader names as
a slip in an answer (early.py, "rounded twice") and which the one-step search already takes as one
step (early_steps.py). So carried rounding (carry.py) rounds such a step as the step
it restates was rounded, not again: C9 seed 6's Q29 ``2.33`` (key 2.3379), reached only so, is no
carried rounding (tests/test_reached_tie58.py). A step that changes the value (y = 0:
1 − σ(s)) is a step of its own, rounded as any other."""

from __future__ import annotations

from quizgen.maths.tree import children
from quizgen.marking.recipes import shape

def inner_step(sets, node):
    """The one step directly below the step ``node`` in ``sets`` (a carry._Sets: its ``is_step`` and
    ``dynamic``), when every step below it not inside another is that step (one let, written once or
    more: σ(s) twice in y σ(s) + (1 − y)(1 − σ(s))); else None. Found once per recipe (``sets.inner``,
    kept with the recipe's analysis, as its ``is_step`` answers are); its values are then kept for
    ``restates`` (``sets.said``)."""
    if id(node) in sets.inner:
        inner = sets.inner[id(node)]
    else:
        below = list(_below(sets, node))
        inner = below[0] if below and all(b is below[0] or shape(b) == shape(below[0]) for b in below) else None
        sets.inner[id(node)] = inner
    if inner is not None:
        sets.said.setdefault(id(inner), None)
    return inner


def _below(sets, node):
    for child in children(node):
        if sets.dynamic(child):
            yield from ((child,) if sets.is_step(child) else _below(sets, child))


def restates(sets, inner, computed) -> bool:
    """Whether ``computed``, a step's values worked from ``inner``'s (``inner_step``), are those values
    themselves (one number's, or a hull's): the step restates it, and is not rounded again."""
    return inner is not None and sets.said.get(id(inner)) == computed


def kept_for(sets, node, values):
    """``values``, the step ``node``'s, kept in ``sets.said`` when a step above it may restate it."""
    if id(node) in sets.said:
        sets.said[id(node)] = values
    return values
