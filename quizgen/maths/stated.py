"""The decimal an answer written as arithmetic on decimals states: ``7/10`` and
``1 - 0.3`` are both exactly 0.7, and say no more than ``0.7`` does (1
significant figure). A student who works a value out on short decimals has
rounded where they wrote them, as one who writes the short decimal has
(docs/marking.md). Worked exactly on the parsed tree (never eval'd), each
number bounded as the evaluator's exact mode bounds it."""

from __future__ import annotations

from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.exact import sized
from quizgen.maths.parser import parse_answer
from quizgen.maths.tree import Bin, Neg, Num

MAX_POWER = 30
"""The largest whole exponent worked exactly (``0.7^2``, ``7 * 10^-1``); a larger one states nothing."""


class StatedFigures(int):
    """The figures of the decimal that arithmetic on decimals states exactly
    (``7/10``: 0.7, 1), not digits written. ``fraction``: True for a quotient of
    two numbers (``7/10``, ``\\frac{7}{10}``), False for other arithmetic
    (``1 - 0.3``): the feedback says "your fraction" or "your expression"."""

    fraction = True


class _ExpressionFigures(StatedFigures):
    fraction = False


def stated_figures(text: str) -> StatedFigures | None:
    """The significant figures of the terminating decimal that ``text``, an
    answer written as arithmetic (``+ - * /``, a whole power) on decimals,
    is exactly, as that decimal shows them: ``7/10``, ``70/100`` and
    ``1 - 0.3`` are 0.7, 1; ``1/8`` is 0.125, 3; a whole value counts as a
    whole number written does (``1400/2`` is 700, 3). None for a value that
    does not terminate (``1/3``: exact), for any other text (``ln(2)``, ``e``)
    and for a text the parser refuses."""
    try:
        tree = parse_answer(text)
        value = _exactly(tree)
    except (ExpressionError, ZeroDivisionError, OverflowError, ValueError, RecursionError):
        return None
    if value is None or not value:
        return None
    digits = _terminating_digits(abs(value))
    if digits is None:
        return None
    quotient = isinstance(tree, Bin) and tree.op == "/" and isinstance(tree.left, Num) and isinstance(tree.right, Num)
    return (StatedFigures if quotient else _ExpressionFigures)(digits)


def _exactly(node) -> Fraction | None:
    """The exact value of ``node`` when it is arithmetic on numbers, else None."""
    if isinstance(node, Num):
        return sized(node.value)
    if isinstance(node, Neg):
        operand = _exactly(node.operand)
        return None if operand is None else -operand
    if not isinstance(node, Bin):
        return None
    left = _exactly(node.left)
    right = _exactly(node.right)
    if left is None or right is None:
        return None
    if node.op == "**":
        if right.denominator != 1 or abs(right) > MAX_POWER or (not left and right < 0):
            return None
        return sized(left ** int(right))
    combine = {"+": Fraction.__add__, "-": Fraction.__sub__, "*": Fraction.__mul__}.get(node.op)
    if combine is not None:
        return sized(combine(left, right))
    if node.op == "/" and right:
        return sized(left / right)
    return None


def _terminating_digits(value: Fraction) -> int | None:
    """How many significant figures the decimal ``value`` (positive) shows, or
    None when it does not terminate (its denominator has a prime other than 2 and 5)."""
    denominator, twos, fives = value.denominator, 0, 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    if denominator != 1:
        return None
    if value.denominator == 1:   # a whole number: its zeros count, as in a whole number written (150: 3)
        return len(str(value.numerator))
    digits = str(value.numerator * 10 ** max(twos, fives) // value.denominator).rstrip("0")
    return max(len(digits), 1)
