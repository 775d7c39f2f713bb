"""An exact value's tree worked to many digits in the standard library's
``decimal`` module, for settle.py: C1's and C8's e^4 sits 6e-10 from a tie
at 4 decimals, and deciding it by SymPy cost each generate worker SymPy's
import (about 0.3 s of CPU, a billion instructions) for one number.

It is the one evaluator (evaluate.py) under a third arithmetic, whose
functions are the table rows' ``decimal`` forms (functions.py). The tree is
worked at two precisions; a value is given only when the two agree far past
the digits asked for, so a cancellation that ate the digits (``log(8) -
3*log(2)``) or a division by an exact zero gives None, and SymPy, which works
such values adaptively, decides them as before. A constant or function with
no decimal form (``pi``, ``floor``) gives None too."""

from __future__ import annotations

import decimal
import operator
from decimal import Decimal
from fractions import Fraction

from quizgen.maths.compiler import compile_tree
from quizgen.maths.tree import Const

PRECISIONS = (90, 110)
"""The two precisions (significant digits) a tree is worked at."""
AGREE = 75
"""The digits the two must agree to: well past settle.DIGITS, whose last is
then as SymPy's evalf gives it but for a value within 1e-75 of a rounding
boundary of its 60th digit, which no decision of settle.py reads."""
_SIGNALS = (decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow)


def decimal_value(node, digits: int, agree: int = AGREE) -> Fraction | None:
    """The value of the exact tree ``node`` to ``digits`` significant digits, as a
    fraction, or None when it cannot be trusted or worked here (SymPy decides it):
    the two precisions must agree to ``agree`` digits (a float's 17 need fewer)."""
    high = decimal_worked(node, agree)
    if high is None:
        return None
    with decimal.localcontext(_context(digits)):
        return Fraction(+high)


def decimal_worked(node, agree: int = AGREE, precisions: tuple = PRECISIONS) -> Decimal | None:
    """``node`` worked at the two ``precisions``, the higher's value when the two agree to
    ``agree`` digits and it is finite, else None (a student's answer's tree too: ``ln(0)`` is
    no value)."""
    try:
        low, high = (_worked(node, precision) for precision in precisions)
    except (ArithmeticError, _Unknown, RecursionError):   # a tree deeper than the compiler goes: not here
        return None
    if not (low.is_finite() and high.is_finite()):
        return None
    if low != high and abs(low - high) > abs(high).scaleb(-agree):
        return None
    return high


def worked_to_exact_zero(node, precision: int) -> bool:
    """Whether ``node`` works out 0 at ``precision`` digits with no step rounded: ``1 - 1`` does,
    ``(2^(2^20) + 1) - 2^(2^20)`` does not (its 1 is lost in the rounding), so that a 0 found
    is the value and not digits lost."""
    try:
        with decimal.localcontext(_context(precision)) as context:
            value = compile_tree(node, DecimalArithmetic)({})
    except (ArithmeticError, _Unknown, RecursionError):
        return False
    return value == 0 and not context.flags[decimal.Inexact]


class _Unknown(Exception):
    """A node with no decimal form (the caller falls back to SymPy)."""


def _context(precision: int) -> decimal.Context:
    return decimal.Context(prec=precision, rounding=decimal.ROUND_HALF_EVEN, Emax=999_999, Emin=-999_999,
                           traps=list(_SIGNALS))


def _worked(node, precision: int) -> Decimal:
    """``node`` compiled and worked in a context of ``precision`` digits (its numbers are
    made as it compiles, so both steps happen in that context)."""
    with decimal.localcontext(_context(precision)):
        return compile_tree(node, DecimalArithmetic)({})


def _unknown(*_):
    raise _Unknown()


def _power(a: Decimal, b: Decimal) -> Decimal:
    """``a ** b``: a whole exponent as repeated multiplication, else through exp and ln of a positive base."""
    if b == b.to_integral_value():
        return a ** int(b)
    if a > 0:
        return (b * a.ln()).exp()
    raise _Unknown()


def _odd_root(a: Decimal, exponent: Fraction) -> Decimal:
    """``a`` to a power whose denominator is odd, a negative ``a``'s real root as float mode
    takes it (a student's ``(-8)^(1/3)`` is -2); exact mode refuses that power before."""
    magnitude = _power(abs(a), Decimal(exponent.numerator) / Decimal(exponent.denominator))
    return -magnitude if a < 0 and exponent.numerator % 2 else magnitude


class DecimalArithmetic:
    """Decimal mode: numbers are ``Decimal`` in the current context; an exact tree holds
    no names, lists or comparisons, and a function without a decimal form is unknown."""

    negate = staticmethod(operator.neg)
    name = index = compare = truth = staticmethod(_unknown)
    odd_root = staticmethod(_odd_root)
    _BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "**": _power}

    @staticmethod
    def number(value: Fraction) -> Decimal:
        return Decimal(value.numerator) / Decimal(value.denominator)

    @staticmethod
    def constant(node: Const) -> Decimal:
        if node.name != "E":
            raise _Unknown()
        return Decimal(1).exp()

    @classmethod
    def binary(cls, op: str):
        return cls._BINARY[op]

    @staticmethod
    def call(func, args: list):
        apply = func.decimal
        if apply is None:
            raise _Unknown()
        return lambda env: apply(*[a(env) for a in args])
