"""A student's answer worked in floats (``answer_value``), with a check on the digits the floats
may have lost: a sum whose terms cancel (``1 - 1/(1 + exp(-40))``, whose float is 0 for 4.2e-18),
a logarithm of a number next to 1, a power to a huge exponent, or a value below the floats' range
(``exp(-800)*1e300``). Such an answer is worked again to many digits (decimal_value.py) and its
value read from there; one that cannot be (``pi`` in it, or terms cancelling past about 1e-380 of
their size) is refused with ``CANCELLED`` when its float may be off by more than ``TRUSTED``,
which grading sends to a person: never a verdict on a float that lost the answer's digits."""

from __future__ import annotations

import math
import sys

from quizgen.errors import ExpressionError
from quizgen.maths.compiler import compile_tree
from quizgen.maths.decimal_value import decimal_worked, worked_to_exact_zero
from quizgen.maths.evaluate import FloatArithmetic, finite

REWORK = 2.0 ** 12
"""A float result whose error may be this many times its operands' (relative) is worked again:
a float so worked keeps at least 40 good bits, far more than any tolerance reads."""
TRUSTED = 2.0 ** 20
"""A float one that cannot be worked again keeps when its error is at most this many times its
operands' (33 good bits, about 10 digits); past it the answer is refused (``CANCELLED``)."""
RUNGS = ((90, 110), (400, 440))
"""The precisions (two a rung, which must agree) an answer is worked again at: the second only when
the first gives 0 or no value, so ``(1 + exp(-300)) - 1`` is 5.1e-131, not 0."""
CANCELLED = ("its terms cancel past the digits quizgen works them to, so its value is not known here: "
             "give the value as a number")
"""Why an answer worked again gives no value (grading sends it to a person, ``marking.forms``)."""
_SMALLEST = sys.float_info.min   # below it a float has fewer than 53 bits, down to 0
_STEP = 2.0 ** -20   # how far a function's argument is moved to see how much its value moves


class AnswerFloats(FloatArithmetic):
    """Float mode for one answer, noting in ``amplified`` the most any step may have multiplied
    its operands' relative error by (``math.inf`` for a total cancellation or an underflow)."""

    def __init__(self):
        self.amplified = 1.0

    def note(self, factor: float) -> None:
        """A step that multiplies its operands' relative error by up to ``factor``."""
        self.amplified = max(self.amplified, factor)

    def binary(self, op: str):
        combine = FloatArithmetic._BINARY[op]
        if op in "+-":
            def summed(a, b):
                result, larger = combine(a, b), max(abs(a), abs(b))
                self.note(larger / abs(result) if result else math.inf if larger else 1.0)
                return result
            return summed
        if op == "**":
            def power(a, b):
                self.note(abs(b))   # (1 + 1e-20)**1e20 is e, not the float's 1
                return self._sized(combine(a, b), a)
            return power
        return lambda a, b: self._sized(combine(a, b), a and b)

    def odd_root(self, a: float, exponent) -> float:
        self.note(abs(float(exponent)))
        return self._sized(FloatArithmetic.odd_root(a, exponent), a)

    def call(self, func, args: list):
        FloatArithmetic.call(func, args)   # refuses a function no answer may use
        apply = func.float

        def called(env):
            values = [a(env) for a in args]
            value = finite(apply(*values))
            self.note(_condition(apply, values, value))
            return self._sized(value, True)
        return called

    def _sized(self, result: float, nonzero) -> float:
        """``result``, noted as lost when it fell below the floats' full precision from operands not 0."""
        if nonzero and abs(result) < _SMALLEST:
            self.note(math.inf)
        return result


def _condition(apply, args: list, value: float) -> float:
    """How much ``apply`` multiplies its arguments' relative error at ``args`` (seen by moving each
    a little): large for ``log(x)`` with x next to 1, infinite where its value is 0 for an argument
    that is not (``log(1)``, where 1 may be 1 + 1e-20 rounded)."""
    worst = 1.0
    for i, x in enumerate(args):
        if not x:
            continue
        if not value:
            return math.inf
        moved = list(args)
        moved[i] = x * (1 + _STEP)
        try:
            worst = max(worst, abs(apply(*moved) - value) / (abs(value) * _STEP))
        except (ArithmeticError, ValueError, ExpressionError):
            return math.inf
    return worst


def answer_value(node) -> float:
    """The float value of a parsed answer; raises ExpressionError with a reason (division by zero,
    log of a non-positive number, out of range, ``CANCELLED``, ...). An answer whose floats may have
    lost its digits is worked again to many digits (module doc)."""
    work = AnswerFloats()
    try:
        value = finite(compile_tree(node, work)({}))
    except (ExpressionError, OverflowError, ValueError, MemoryError, RecursionError) as exc:
        failed = exc if isinstance(exc, ExpressionError) else ExpressionError("number out of range")
        if work.amplified > REWORK and (better := reworked(node, zero_if_exact=True)) is not None:
            return better   # 1/(1 - 1/(1 + exp(-40))): a division by the float's 0
        raise failed from None
    if work.amplified <= REWORK:
        return value
    better = reworked(node)
    if better is not None:
        return better
    if work.amplified > TRUSTED:
        raise ExpressionError(CANCELLED)
    return value


def reworked(node, zero_if_exact: bool = False) -> float | None:
    """``node``'s value worked to many digits (RUNGS), as the nearest float, or None. With
    ``zero_if_exact`` (its float failed: a term past the floats' range may have swallowed the
    others) a 0 counts only when no step was rounded: ``(2^(2^20) + 1) - 2^(2^20)`` is not 0."""
    for precisions in RUNGS:
        value = decimal_worked(node, agree=20, precisions=precisions)
        if value:
            return _nearest_float(value)
        if value is not None and precisions is RUNGS[-1]:
            exact = not zero_if_exact or worked_to_exact_zero(node, precisions[-1])
            return 0.0 if exact else None
    return None


def _nearest_float(value) -> float | None:
    """The float nearest a finite Decimal (0.0 below the floats' range), or None above it."""
    result = float(value)
    return result if math.isfinite(result) else None
