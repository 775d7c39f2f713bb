"""The decimal an answer written as arithmetic on decimals states: ``7/10`` and
``1 - 0.3`` are both exactly 0.7, and say no more than ``0.7`` does (1
significant figure). A student who works a value out on short decimals has
rounded where they wrote them, as one who writes the short decimal has
(docs/marking.md). Worked on the parsed tree (never eval'd) by the one
evaluator's exact mode (``quizgen.maths.evaluate``), with its bounds on the
size of every number, under an arithmetic that takes numbers, unary minus,
``+ - * /`` and a whole power alone (``_Arithmetic``)."""

from __future__ import annotations

from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ExactArithmetic, compile_tree
from quizgen.maths.parser import parse_answer
from quizgen.maths.rationals import decimal_places
from quizgen.maths.tree import Bin, Num

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
    if not value:
        return None
    digits = _terminating_digits(abs(value))
    if digits is None:
        return None
    quotient = isinstance(tree, Bin) and tree.op == "/" and isinstance(tree.left, Num) and isinstance(tree.right, Num)
    return (StatedFigures if quotient else _ExpressionFigures)(digits)


class _StatesNothing(ExpressionError):
    """A constant, a function or a power that is not whole: arithmetic on
    decimals no longer, so the text states no decimal."""


def _states_nothing(*_):
    raise _StatesNothing("not arithmetic on decimals")


class _Arithmetic(ExactArithmetic):
    """Exact mode (``ExactArithmetic``) on arithmetic on numbers alone: a
    constant (``e``), a function (``sqrt(0.49)``, though exact mode makes it
    0.7) or a name states nothing, refused as the tree is compiled; a power
    only to a whole exponent of at most MAX_POWER, whose value is a rational
    (``0.7^2``; ``2^0.5`` and ``10^31`` state nothing), checked as it is
    worked, before exact mode works it."""

    constant = call = name = index = compare = truth = staticmethod(_states_nothing)

    @staticmethod
    def binary(op: str):
        combine = ExactArithmetic.binary(op)
        if op != "**":
            return combine

        def whole_power(base, exponent):
            if exponent.denominator != 1 or abs(exponent) > MAX_POWER:
                raise _StatesNothing("not a whole power")
            value = combine(base, exponent)
            if value.__class__ is not Fraction:   # too big for exact mode to work as a rational
                raise _StatesNothing("not a rational power")
            return value
        return whole_power


def _exactly(tree) -> Fraction:
    """The exact value of ``tree``, arithmetic on numbers (``_Arithmetic``):
    ExpressionError when it is not, or is a number too big or a division by zero."""
    return compile_tree(tree, _Arithmetic)({})


def _terminating_digits(value: Fraction) -> int | None:
    """How many significant figures the decimal ``value`` (positive) shows, or
    None when it does not terminate (its denominator has a prime other than 2 and 5)."""
    places = decimal_places(value.denominator)
    if places is None:
        return None
    if value.denominator == 1:   # a whole number: its zeros count, as in a whole number written (150: 3)
        return len(str(value.numerator))
    digits = str(value.numerator * 10 ** places // value.denominator).rstrip("0")
    return max(len(digits), 1)
