"""An exact value's tree worked to many digits with the standard library's
``decimal`` module, for settle.py: C1's and C8's e^4 sits 6e-10 from a tie
at 4 decimals, and deciding it by SymPy cost each generate worker SymPy's
import (about 0.3 s of CPU, a billion instructions) for one number.

The tree is worked at two precisions; a value is given only when the two agree
far past the digits asked for, so a cancellation that ate the digits (``log(8)
- 3*log(2)``) or a division by an exact zero gives None, and SymPy, which works
such values adaptively, decides them as before. A constant or call this module
does not know (``pi``) gives None too."""

from __future__ import annotations

import decimal
from decimal import Decimal
from fractions import Fraction

from quizgen.maths.tree import Bin, Call, Const, Neg, Num

PRECISIONS = (90, 110)
"""The two precisions (significant digits) a tree is worked at."""
AGREE = 75
"""The digits the two must agree to: well past settle.DIGITS, whose last is
then as SymPy's evalf gives it but for a value within 1e-75 of a rounding
boundary of its 60th digit, which no decision of settle.py reads."""
_SIGNALS = (decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow)


def decimal_value(node, digits: int) -> Fraction | None:
    """The value of the exact tree ``node`` to ``digits`` significant digits, as a
    fraction, or None when it cannot be trusted or worked here (SymPy decides it)."""
    try:
        low, high = (_worked(node, precision) for precision in PRECISIONS)
    except (ArithmeticError, _Unknown):
        return None
    if low != high and abs(low - high) > abs(high).scaleb(-AGREE):
        return None
    with decimal.localcontext(_context(digits)):
        return Fraction(+high)


class _Unknown(Exception):
    """A node this module cannot work (the caller falls back to SymPy)."""


def _context(precision: int) -> decimal.Context:
    return decimal.Context(prec=precision, rounding=decimal.ROUND_HALF_EVEN, Emax=999_999, Emin=-999_999,
                           traps=list(_SIGNALS))


def _worked(node, precision: int) -> Decimal:
    with decimal.localcontext(_context(precision)):
        return _value(node)


def _value(node) -> Decimal:
    cls = node.__class__
    if cls is Num:
        return Decimal(node.value.numerator) / Decimal(node.value.denominator)
    if cls is Const and node.name == "E":
        return Decimal(1).exp()
    if cls is Neg:
        return -_value(node.operand)
    if cls is Bin:
        return _binary(node)
    if cls is Call:
        return _call(node.func.name, [_value(arg) for arg in node.args])
    raise _Unknown()


def _binary(node) -> Decimal:
    a, b = _value(node.left), _value(node.right)
    if node.op == "+":
        return a + b
    if node.op == "-":
        return a - b
    if node.op == "*":
        return a * b
    if node.op == "/":
        return a / b
    if node.right.__class__ is Num and node.right.value.denominator == 1:
        return a ** int(node.right.value)
    if a > 0:
        return (b * a.ln()).exp()
    raise _Unknown()


def _call(name: str, args: list) -> Decimal:
    if name == "exp":
        return args[0].exp()
    if name in ("log", "ln"):
        return args[0].ln() if len(args) == 1 else args[0].ln() / args[1].ln()
    if name == "log10":
        return args[0].log10()
    if name == "log2":
        return args[0].ln() / Decimal(2).ln()
    if name == "sqrt":
        return args[0].sqrt()
    if name == "abs":
        return abs(args[0])
    raise _Unknown()
