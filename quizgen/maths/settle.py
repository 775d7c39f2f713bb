"""Decisions the fast engine cannot take from a float: whole parts and ties of
an exact value that only looks irrational (``log(1000, 10)`` is 3, its float
2.9999999999999996), and of one too large for a float's 53 bits
(``exp(40)``); and the order of two exact values whose floats lie as close
(``sqrt(2)*sqrt(3)`` and ``sqrt(6)``, whose floats differ in the last bit). From
the float alone ``floor(log(1000, 10))`` would be 2, ``floor(exp(40))`` end in
...020000 and ``sqrt(2)*sqrt(3) > sqrt(6)`` be true, and validate's referee,
which reads the printed results, could not see the first two."""

from __future__ import annotations

import math
from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.wording import shortened
from quizgen.maths import rationals
from quizgen.maths.decimal_value import decimal_value
from quizgen.maths import exact
from quizgen.maths.exact import UNDERFLOW, ZERO, Exact, doubtful, error_of, never_zero, sub, to_float
from quizgen.maths.printing import to_sympy, to_text

DIGITS = 60
"""Significant digits SymPy works an unsettled value to."""
SNAP = Fraction(1, 10 ** 45)
"""A value this close to a simple fraction (denominator up to 10**9) may be it (an exact rational
worked to 60 digits lands this near), or a hair from it (``1 - exp(-110)``, a saturated softmax):
precise takes the fraction only when the difference from it is worked out as 0."""
UNSURE = 1e-9
"""A float this close (relative) to a boundary may lie on its other side."""
MAX_ROOT = 6
MAX_POWER = 64


def rational_log(a: Fraction, base: Fraction) -> Fraction | None:
    """``log(a, base)`` as a fraction p/q (q up to MAX_ROOT) when ``a**q == base**p``
    (``log(1000, 10)`` is 3, ``log(2, 4)`` is 1/2), else None."""
    if a <= 0 or base <= 0 or base == 1:
        return None
    ratio = math.log(a) / math.log(base)
    for q in range(1, MAX_ROOT + 1):
        p = round(ratio * q)
        if abs(p) <= MAX_POWER and abs(ratio * q - p) < 1e-6 and a ** q == base ** p:
            return Fraction(p, q)
    return None


def near(x: float, y: float) -> bool:
    """Whether the floats of two exact values lie too close (UNSURE relative, absolute below 1)
    to say from them which value is the larger: a float of a tree is off in its last bits."""
    return abs(x - y) <= UNSURE * max(1.0, abs(x), abs(y))


def near_whole(x: float, offset: float = 0.0) -> bool:
    """Whether ``x`` is too near a whole number plus ``offset`` (0.5: a tie) or too large for its
    float to say which side of it the exact value lies on."""
    if not abs(x) < 2.0 ** 52:
        return True
    shifted = x - offset
    return near(shifted, round(shifted))


def near_tie(x: float, places: int) -> bool:
    """Whether ``x`` may lie on either side of a tie when rounded to ``places`` decimals."""
    try:
        return near_whole(x * 10.0 ** places, 0.5)
    except OverflowError:   # places beyond a float's range: the float's own digits decide
        return False


def precise(value: Exact) -> Fraction:
    """``value`` to DIGITS significant digits from SymPy, as a fraction; an exact rational
    (its difference from a fraction whose denominator is at most 10**9 worked out as 0) as that
    rational, a value a hair from one as the fraction and that hair (``_near_simple``). Worked out
    once per printed exact form in a process: C1's and C8's e^4 sits 6e-10 from a tie at 4
    decimals, and SymPy took a millisecond on each of its draws (docs/performance.md)."""
    form = to_text(value.node)
    known = _PRECISE.get(form)
    if known is None:
        if len(_PRECISE) >= KEEP:
            _PRECISE.clear()
        known = _PRECISE[form] = _precise(value, form)
    return known


_PRECISE: dict[str, Fraction] = {}
"""precise's results by the value's printed exact form (the same form is the same number)."""
KEEP = 4096


def _precise(value: Exact, form: str) -> Fraction:
    """The value of ``value`` to DIGITS digits: worked with the standard library's decimal module
    where that can be trusted (decimal_value.py: C1's e^4 no longer imports SymPy into every
    generate worker), else SymPy's value, or an ExpressionError where it is no real number: the float
    missed an exact zero the value divides by (``1/(sqrt(2)**2 - 2)``) or takes a root of, so
    the float's digits would decide a whole part or tie of a number that is not there. Every
    node of an Exact (its calls are exp, log, log10, log2 and sqrt) has a SymPy form, so no
    other failure is expected; one from SymPy itself is a bug to see, not a float to trust."""
    approximation, simple = _worked(value, form)
    if simple == 0 or abs(approximation - simple) >= SNAP * max(1, abs(simple)):
        return approximation
    return _near_simple(value, simple)


def _worked(value: Exact, form: str) -> tuple[Fraction, Fraction]:
    """``value`` to DIGITS digits (decimal_value.py, else SymPy) and the simple fraction nearest it:
    a value within SNAP of 0 as 0 but a tiny one known to be no zero, which keeps its size."""
    approximation, trusted = decimal_value(value.node, DIGITS), True
    if approximation is None:
        number = to_sympy(value.node).evalf(DIGITS)
        if not (number.is_Number and number.is_finite):
            raise ExpressionError(f"{shortened(form, 80)} is no real number (SymPy gives {number}), though its "
                                  f"float is {value.value!r}: an exact zero divides it or lies under a root")
        approximation, trusted = Fraction(str(number)), number._prec >= TRUSTED_BITS
    simple = approximation.limit_denominator(10 ** 9)
    if simple == 0 and approximation and (trusted or 0.0 < abs(value.value) < TINY or never_zero(value.node)):
        return approximation, ZERO   # exp(-1600), exp(-1600) - exp(-1601): tiny, and no zero
    if simple == 0 and abs(approximation) < SNAP:
        return ZERO, ZERO
    return approximation, simple


def _near_simple(value: Exact, simple: Fraction) -> Fraction:
    """``value``, within SNAP of the simple fraction ``simple``: ``simple`` plus their difference,
    worked out from its own tree as ``order`` works one (0 for a rational that looks irrational,
    ``log(1000)/log(10) - 3``; -1.7e-48 for ``1/(1 + exp(-110)) - 1``, which 60 digits of the
    value itself cannot tell from 0 at ``1 - exp(-200)``). A difference below about 1e-110 of the
    value's terms cancels to 0 at decimal_value's precisions: such a value is taken as ``simple``."""
    difference = sub(value, simple)
    if difference.__class__ is not Exact:
        return simple + difference
    return simple + _worked(difference, to_text(difference.node))[0]


TRUSTED_BITS = 100
"""SymPy's value of a tree that is 0 comes with almost no precision (``0.e-190``, 1 bit); one
worked to its DIGITS (200 bits) is a value, however small, not a cancellation's noise. A value
from decimal_value.py is one too: the two precisions it is worked at agree to 75 digits."""


TINY = 1e-45
"""Below this, a float that is not 0 is taken as the value's true size, not snapped to 0: the noise a float
of a tree that is exactly 0 carries (``sqrt(6) - sqrt(2)*sqrt(3)``: -4.4e-16) is an ulp of its
operands, far above it, so ``sqrt(exp(-700))`` stays a positive number and ``log(exp(-700))`` is -700."""


def settled(value, offset: float = 0.0):
    """``value`` itself, or, for an ``Exact`` whose float lies too near a whole number plus
    ``offset`` (or is too large) to decide by, its precise fraction."""
    if value.__class__ is Exact and (near_whole(value.value, offset) or doubtful(value)):
        return precise(value)
    return value


def order(a, b) -> int:
    """-1, 0 or 1 as the exact number ``a`` is below, equal to or above ``b``: two rationals
    compared as they are, else by their floats, or, where those lie too near each other to
    tell, by the precise value of ``a - b`` (equal when it is within SNAP of 0: at 60 digits
    only values that are the same number land so near)."""
    if a.__class__ is Fraction and b.__class__ is Fraction:   # positive denominators: cross-multiplied
        (na, da), (nb, db) = rationals.parts(a), rationals.parts(b)
        difference = na * db - nb * da
        return (difference > 0) - (difference < 0)
    x, y = to_float(a), to_float(b)
    if not near(x, y) and abs(x - y) > error_of(a, x) + error_of(b, y):
        return (x > y) - (x < y)
    difference = sub(a, b)
    if difference.__class__ is Exact:
        difference = precise(difference)
    return (difference > 0) - (difference < 0)


def equal(a, b) -> bool:
    """Whether ``a`` and ``b`` are the same word, or the same exact number (``order``)."""
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if a.__class__ is Fraction and b.__class__ is Fraction:   # in lowest terms: equal parts
        return a.numerator == b.numerator and a.denominator == b.denominator
    return order(a, b) == 0


_HOLDS = {"<": (-1,), ">": (1,), "<=": (-1, 0), ">=": (0, 1)}
"""The orders (``order``'s -1, 0, 1) in which each comparison holds."""


def compare(op: str, a, b) -> bool:
    """``a op b`` for the comparison operators of constraints, decided exactly (``order``)."""
    if op == "==":
        return equal(a, b)
    if op == "!=":
        return not equal(a, b)
    holds = _HOLDS.get(op)
    if holds is None:
        raise ExpressionError(f"unknown comparison {op!r}")
    return order(a, b) in holds


def power(a, b):
    """``a ** b`` (exact.power), the base's sign, and a zero or underflowing base's exponent's, decided
    exactly (``order``) as every comparison is, not on floats: ``(sqrt(6) - sqrt(2)*sqrt(3))**0.5`` is
    0 (its base's float is -4.4e-16), ``(sqrt(2)*sqrt(3) - sqrt(6))**0.5`` is no fractional power of
    a negative number (its float is +4.4e-16)."""
    whole = b.__class__ is Fraction and b.denominator == 1
    if whole and (b == 0 or b == 1 or (a.__class__ is Fraction and exact.small_power(a, b))):
        return exact.power(a, b, 0.0)   # 1, the base itself, or a rational's whole power: exact
    sign = order(a, ZERO)
    if sign < 0 and not whole:
        raise ExpressionError("fractional power of a negative number")
    x = to_float(a)
    if sign > 0 and x <= 0 and a.__class__ is Exact:   # a tiny positive base: its float is noise, or underflows
        x = max(float(precise(a)), 0.0)
    if (sign == 0 or x == 0) and order(b, ZERO) <= 0:
        if sign:
            raise ExpressionError(f"a power of 0 or less of {UNDERFLOW}")
        raise ExpressionError("zero to a non-positive power")
    if sign == 0:
        return ZERO
    return exact.power(a, b, x)