"""A part's answer expression with a draw's numbers put in, ``(1 - 0.07)**6`` for C5 (c)'s
``(1 - r) ** n``: how the worked solutions ("exactly $(1 - 0.07)^{6}$") and key.csv's exact
column write a rational value that exact arithmetic folds to one long number (0.646990183449,
``646990183449/1000000000000``), so that a person checks it by eye."""

from __future__ import annotations

from fractions import Fraction

from quizgen.maths.printing import to_text
from quizgen.maths.rationals import decimal_places
from quizgen.maths.tree import Bin, Call, Const, Name, Neg, Num


def with_numbers(node, env: dict):
    """``node`` with each name replaced by its number in ``env``; None when it reads
    anything else (a list, an index, a record's field)."""
    if isinstance(node, (Num, Const)):
        return node
    if isinstance(node, Name):
        value = env.get(node.name)
        return Num(value) if value.__class__ is Fraction else None
    if isinstance(node, Neg):
        operand = with_numbers(node.operand, env)
        return None if operand is None else Neg(operand)
    if isinstance(node, Bin):
        left, right = with_numbers(node.left, env), with_numbers(node.right, env)
        return None if left is None or right is None else Bin(node.op, left, right)
    if isinstance(node, Call):
        args = tuple(with_numbers(arg, env) for arg in node.args)
        return None if None in args else Call(node.func, args)
    return None


def exact_in_numbers(pv, answer: str, env: dict):
    """The exact value of part ``pv`` (an instance's part value) as its answer expression in the
    draw's numbers, where the value is rational, the written ``answer`` rounds it, and the
    expression says more than one number, and, for a value with no finite decimal, says it
    shorter than its fraction in lowest terms (52/107 is written so, as key.json writes it, not
    as the sum it folds); else None (the value's own form is written)."""
    value = pv.value
    if value.__class__ is Fraction and pv.part.kind == "numeric" and Fraction(answer) != value:
        shown = with_numbers(pv.part.answer, env)
        finite = decimal_places(value.denominator) is not None   # a finite decimal's expression is kept
        if shown is not None and shown.__class__ is not Num and (finite or len(to_text(shown)) < len(to_text(value))):
            return shown
    return None

