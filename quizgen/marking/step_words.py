"""A step of a part's working as feedback names it to a student: as the worked
solutions write it (``e^(-s)``, ``σ(s)``, ``ln``, "the mean of"), never in
the template language (``exp(-s)``, ``mean(-log(p))``); and
whether a step is only a given number (a parameter, or its negative), which
no student rounds on the way and feedback never names as kept short. A term
that a label's 0 or 1 selects (C9's ``y * q + (1 - y) * (1 - q)``) is written
as this draw's working has it (``σ(s)`` for y = 1, ``1 - σ(s)`` for y = 0), so
that every step is named by what it is."""

from __future__ import annotations

import re

from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
from quizgen.maths.parser import Bin, Call, Name, Neg, Num

_CALL = re.compile(r"\b(exp|log|mean|sum)\(")
_SIGMOID = re.compile(r"1 ?/ ?\(1 \+ e\^\(-([^()]+)\)\)")


def given_only(node) -> bool:
    """True when the step ``node`` is a parameter or its negative (``-s``): a value the paper prints."""
    while node.__class__ is Neg:
        node = node.operand
    return node.__class__ is Name


def as_solutions_write(text: str) -> str:
    """``text`` (recipes.recipe_text of a step) in the solutions' words:
    ``exp(-s)`` is ``e^(-s)``, ``1/(1 + exp(-s))`` is ``σ(s)``, ``log`` is
    ``ln``, ``mean(-log(p))`` is ``the mean of -ln(p)`` and ``sum(...)`` ``the sum of ...``."""
    out, at = [], 0
    for found in _CALL.finditer(text):
        if found.start() < at:
            continue
        inner, end = _argument(text, found.end())
        word = found.group(1)
        inner = as_solutions_write(inner)
        out.append(text[at:found.start()])
        out.append({"exp": f"e^({inner})", "log": f"ln({inner})", "mean": f"the mean of {inner}",
                    "sum": f"the sum of {inner}"}[word])
        at = end
    out.append(text[at:])
    return _SIGMOID.sub(lambda m: f"σ({m.group(1).strip()})", "".join(out))


def _argument(text: str, start: int) -> tuple:
    """The text between the parenthesis opened just before ``start`` and its match, and the index after it."""
    depth = 1
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return text[start:i], i + 1
    return text[start:], len(text)


def selected(node, env: dict):
    """``node`` with each product by a factor the parameters alone make 0 or 1 worked out (``y``, ``1 - y``
    for a label y: the term dropped, or the other factor kept) and the zeros so left added or taken away
    dropped: C9's ``-log(y*σ + (1 - y)*(1 - σ))`` is ``-log(σ)`` when y = 1, ``-log(1 - σ)`` when y = 0."""
    cls = node.__class__
    if cls is Neg:
        inner = selected(node.operand, env)
        return _ZERO if _zero(inner) else node if inner is node.operand else Neg(inner)
    if cls is Call:
        args = tuple(selected(a, env) for a in node.args)
        return node if all(a is b for a, b in zip(args, node.args)) else Call(node.func, args)
    if cls is not Bin:
        return node
    left, right = selected(node.left, env), selected(node.right, env)
    if node.op == "*":
        for factor, other in ((left, right), (right, left)):
            chosen = _selector(factor, env)
            if chosen is not None:
                return other if chosen else _ZERO
    if node.op in "+-" and _zero(right):
        return left
    if node.op == "+" and _zero(left):
        return right
    return node if left is node.left and right is node.right else Bin(node.op, left, right)


_ZERO = Num(Fraction(0))


def _zero(node) -> bool:
    return node.__class__ is Num and node.value == 0


def _selector(node, env: dict):
    """1 or 0 when ``node`` is made of numbers and the parameters alone, one at least, and is that; else None."""
    if not _parameters_in(node, env):
        return None
    try:
        value = ground(node, env)
    except (ExpressionError, ArithmeticError, TypeError, ValueError):
        return None
    return int(value) if value in (0, 1) else None


def _parameters_in(node, env: dict):
    """How many scalar parameters ``node`` reads when it is sums, differences, products and negatives of
    them and of numbers; None when it holds anything else (a function, a list, an earlier part)."""
    cls = node.__class__
    if cls is Num:
        return 0
    if cls is Name:
        value = env.get(node.name)
        return 1 if isinstance(value, (int, float, Fraction)) and not isinstance(value, bool) else None
    if cls is Neg:
        return _parameters_in(node.operand, env)
    if cls is Bin and node.op in "+-*":
        left, right = _parameters_in(node.left, env), _parameters_in(node.right, env)
        return None if left is None or right is None else left + right
    return None
