"""Exact numbers: rationals are ``Fraction``s, and an irrational value (with
exp, log, sqrt, E or pi in it) is an ``Exact``: its expression tree and its
float value alongside. This module is the exact arithmetic the evaluator
(``quizgen.maths.evaluate``) runs in exact mode: rational arithmetic folds
exactly, anything else builds a tree; lists broadcast element by element."""

from __future__ import annotations

import math
import operator
from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths import rationals
from quizgen.maths.decimal_value import decimal_value
from quizgen.maths.tree import Bin, Call, Const, Neg, Node, Num

LIMIT = 1e300
ZERO = Fraction(0)
MAX_POWER_BITS = 4096
MAX_BITS = 1_100      # bits of an exact number's numerator or denominator (about 10**330), inside an expression too


class NumberTooBig(ExpressionError):
    """An exact number over MAX_BITS made inside an expression (a sum's running
    total, a product): refused where it is made, so no reduction or chain of
    operations builds a huge number at ever higher cost. A draw turns it into
    the budget's one-line limit error (``what`` and ``cap`` as ``budget.TooBig``)."""

    what = "the size of a number"
    cap = f"{MAX_BITS} bits (about 10**330)"

    def __init__(self):
        super().__init__(f"a number over {self.cap}")


def sized(value: Fraction) -> Fraction:
    """``value`` if its numerator and denominator are within MAX_BITS, else NumberTooBig."""
    numerator, denominator = rationals.parts(value)
    if numerator.bit_length() <= MAX_BITS and denominator.bit_length() <= MAX_BITS:
        return value
    raise NumberTooBig()


EPS = 2.0 ** -52
"""A float's rounding, relative: twice a half-ulp, so one operation's error and its operands' roundings fit."""
SUBNORMAL_ULP = 2.0 ** -1074
"""A float's rounding, absolute, however small the value: below 2.2e-308 (subnormal) a float has fewer
than 53 bits (``exp(-744)``'s is 2 of these, 9.9e-324, for 7.7e-324), so such a float is worked again."""
LOOSE = 2.0 ** -40
"""A float whose error bound passes this, relative, is worked again from the tree (``refined``): the
rest of quizgen reads an Exact's float as good to about 1e-12, and ``settle`` decides on it when two
floats lie further apart than 1e-9 (relative)."""


class Exact:
    """An irrational exact value: its expression tree, its float value, a bound on that float's error
    (``error``, absolute: a cancellation such as ``(sqrt(2) + 1e10) - 1e10`` leaves a float whose
    last 34 bits are noise) and its negation once made (values never change, so -log(p) of a shared
    log(p) is shared too)."""

    __slots__ = ("node", "value", "negated", "error")

    def __init__(self, node: Node, value: float, error: float = 0.0):
        if not -LIMIT <= value <= LIMIT:   # also refuses infinities and NaN
            raise ExpressionError("value out of range")
        self.node, self.value, self.negated, self.error = node, value, None, error + abs(value) * EPS + SUBNORMAL_ULP

    def __float__(self) -> float:
        return self.value

    def __repr__(self) -> str:
        return f"Exact({self.value!r})"


def made(node: Node, value: float, error: float) -> Exact:
    """The Exact of ``node`` whose float is ``value`` within ``error``; a float whose error bound
    passes LOOSE (relative) is worked again from the tree to many digits (decimal_value.py), so
    every Exact's float keeps about 12 good digits. A tree that cannot be worked there (``pi``,
    or a cancellation to a value 75 digits below its terms: an exact 0) keeps its float and its
    error bound, and settle.py decides it on its precise value."""
    if error > LOOSE * abs(value):
        better = decimal_value(node, 20, agree=30)
        if better is not None:
            value, error = to_float(better), 0.0
    return Exact(node, value, error)


def error_of(value, x: float) -> float:
    """The error bound of ``value``'s float ``x``: an Exact's own, a rational's rounding."""
    return value.error if value.__class__ is Exact else abs(x) * EPS


def doubtful(value) -> bool:
    """Whether an Exact's float may be off by more than LOOSE (relative): a tree ``made`` could
    not work again, whose decisions must read its precise value (settle.py)."""
    return value.__class__ is Exact and value.error > LOOSE * abs(value.value)


def as_node(value) -> Node:
    """The tree of an exact number."""
    if value.__class__ is Exact:
        return value.node
    if value.__class__ is Fraction:
        return Num(value)
    if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
        return Num(Fraction(value))
    raise ExpressionError(f"{kind_of(value)} used where a number was expected")


_WHOLES = tuple(Fraction(n) for n in range(-1024, 1024))


def whole(n: int) -> Fraction:
    """``Fraction(n)``, the small ones made once and shared (a Fraction never
    changes): counts, lengths, roundings and drawn integers make many of them,
    and making one costs as much as adding two."""
    return _WHOLES[n + 1024] if -1024 <= n < 1024 else Fraction(n)


def number(value):
    """``value`` as an exact number (whole ints become Fractions), or an error
    naming what it is instead (a list, a word, a record)."""
    cls = value.__class__
    if cls is Fraction or cls is Exact:
        return value
    if cls is int:
        return Fraction(value)
    raise ExpressionError(f"{kind_of(value)} used where a number was expected")


def kind_of(value) -> str:
    """What a non-number is, for error messages."""
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, str):
        return f"the word {value!r}"
    if isinstance(value, dict):
        return "a record"
    if isinstance(value, bool):
        return "a true/false value"
    return type(value).__name__


_LISTS = (list, tuple)
_NUMBERS = (Fraction, Exact)


def broadcast2(func, a, b):
    """``func(a, b)``, element by element when either is a list. A list's numbers
    go to ``func`` at once, a nested list or other value through this function
    again: the same calls in the same order, without a call of this one per
    number (a draw's vectors make most of its operations)."""
    if a.__class__ in _NUMBERS and b.__class__ in _NUMBERS:
        return func(a, b)
    a_list, b_list = a.__class__ in _LISTS, b.__class__ in _LISTS
    if not (a_list or b_list):
        return func(number(a), number(b))
    if a_list and b_list:
        if len(a) != len(b):
            raise ExpressionError("lists of different lengths combined")
        return tuple([func(x, y) if x.__class__ in _NUMBERS and y.__class__ in _NUMBERS else broadcast2(func, x, y)
                      for x, y in zip(a, b)])
    if a_list:
        if b.__class__ not in _NUMBERS:
            return tuple([broadcast2(func, x, b) for x in a])
        return tuple([func(x, b) if x.__class__ in _NUMBERS else broadcast2(func, x, b) for x in a])
    if a.__class__ not in _NUMBERS:
        return tuple([broadcast2(func, a, y) for y in b])
    return tuple([func(a, y) if y.__class__ in _NUMBERS else broadcast2(func, a, y) for y in b])


def broadcast1(func, a):
    """``func(a)``, element by element when ``a`` is a list (its numbers given to
    ``func`` at once, as :func:`broadcast2` does)."""
    cls = a.__class__
    if cls is Fraction or cls is Exact:
        return func(a)
    if cls in _LISTS:
        return tuple([func(x) if x.__class__ in _NUMBERS else broadcast1(func, x) for x in a])
    return func(number(a))


def add(a, b):
    if a.__class__ is Fraction and b.__class__ is Fraction:
        return sized(rationals.add(a, b))
    if a == 0:
        return b
    if b == 0:
        return a
    x, y = to_float(a), to_float(b)
    error = error_of(a, x) + error_of(b, y)
    if b.__class__ is Exact and b.node.__class__ is Neg:
        return made(Bin("-", as_node(a), b.node.operand), x + y, error)
    if b.__class__ is Fraction and b < 0:
        return made(Bin("-", as_node(a), Num(-b)), x + y, error)
    return made(Bin("+", as_node(a), as_node(b)), x + y, error)


def sub(a, b):
    if a.__class__ is Fraction and b.__class__ is Fraction:
        return sized(rationals.sub(a, b))
    if b == 0:
        return a
    if a == 0:
        return neg(b)
    x, y = to_float(a), to_float(b)
    return made(Bin("-", as_node(a), as_node(b)), x - y, error_of(a, x) + error_of(b, y))


def mul(a, b):
    if a.__class__ is Fraction and b.__class__ is Fraction:
        return sized(rationals.mul(a, b))
    if a == 0 or b == 0:
        return Fraction(0)
    if a == 1:
        return b
    if b == 1:
        return a
    if a == -1:
        return neg(b)
    if b == -1:
        return neg(a)
    node = Bin("*", as_node(a), as_node(b))
    x, y = to_float(a), to_float(b)
    ex, ey = error_of(a, x), error_of(b, y)
    return made(node, _float_of(operator.mul, a, b), abs(y) * ex + abs(x) * ey + ex * ey)


def div(a, b):
    if b == 0:
        raise ExpressionError("division by zero")
    if a.__class__ is Fraction and b.__class__ is Fraction:
        return sized(rationals.div(a, b))
    if b == 1:
        return a
    if a == 0:
        return Fraction(0)
    node = Bin("/", as_node(a), as_node(b))
    value = _float_of(operator.truediv, a, b)
    x, y = to_float(a), to_float(b)
    ex, ey = error_of(a, x), error_of(b, y)
    return made(node, value, (ex + abs(value) * ey) / (abs(y) - ey) if abs(y) > ey else math.inf)


UNDERFLOW = "a number too small for a float (it underflows to 0, as exp(-1000) does)"


def _zero_divisor(b) -> ExpressionError:
    """The error for a divisor whose float is 0: one too small for a float when its form says
    it is no zero, else a division by zero (``x - x`` of an irrational ``x``, kept as a tree)."""
    if b.__class__ is Exact and never_zero(b.node):
        return ExpressionError(f"division by {UNDERFLOW}")
    return ExpressionError("division by zero")


def never_zero(node) -> bool:
    """Whether ``node`` is non-zero by its form alone: a non-zero number, e, pi, exp of
    anything, and products, quotients, powers, square roots and negations of those."""
    pending = [node]
    while pending:
        node = pending.pop()
        cls = node.__class__
        if cls is Neg:
            pending.append(node.operand)
        elif cls is Bin and node.op in ("*", "/"):
            pending += (node.left, node.right)
        elif cls is Bin and node.op == "**":
            pending.append(node.left)
        elif cls is Call and node.func.name == "sqrt":
            pending.append(node.args[0])
        elif not (cls is Const or (cls is Num and node.value != 0) or (cls is Call and node.func.name == "exp")):
            return False
    return True


def power(a, b, x: float):
    """``a ** b`` for a base whose sign settle.power has checked, ``x`` its float (a positive base's
    true float where its own is noise below 0): whole powers of a rational exactly, else a tree."""
    if b.__class__ is Fraction and b.denominator == 1:
        if b == 0:
            return Fraction(1)
        if b == 1:
            return a
        if a.__class__ is Fraction and small_power(a, b):
            if a == 0 and b < 0:
                raise ExpressionError("division by zero")
            return sized(a ** int(b))
    y = to_float(b)
    value = checked(lambda: math.pow(x, y))
    ex, ey = error_of(a, x), error_of(b, y)
    relative = (abs(y) * ex / abs(x) + abs(math.log(abs(x))) * ey) if x else 0.0
    return made(Bin("**", as_node(a), as_node(b)), value, abs(value) * relative)


def small_power(base: Fraction, exponent: Fraction) -> bool:
    """Whether ``base ** exponent`` (whole) is worked exactly: its size stays within MAX_POWER_BITS."""
    size = max(base.numerator.bit_length(), base.denominator.bit_length(), 1)
    return size * abs(int(exponent)) <= MAX_POWER_BITS


def neg(a):
    if a.__class__ is Fraction:
        return -a
    negated = a.negated
    if negated is None:
        node = a.node
        negated = a.negated = Exact(node.operand if node.__class__ is Neg else Neg(node), -a.value, a.error)
    return negated


BINARY = {"+": add, "-": sub, "*": mul, "/": div}
"""The operators but ``**``, whose signs settle.power decides first."""


def _float_of(operation, a, b) -> float:
    """``operation`` on the floats of ``a`` and ``b`` (what ``checked`` does
    with it, without a closure: products and quotients of irrationals are
    common); the result's range is checked by ``Exact`` itself."""
    try:
        return operation(to_float(a), to_float(b))
    except ZeroDivisionError:
        raise _zero_divisor(b) from None
    except (OverflowError, ValueError) as exc:
        raise ExpressionError("value out of range") from exc


def checked(compute) -> float:
    """The float ``compute()`` returns, or "value out of range" when it
    overflows, fails or leaves [-LIMIT, LIMIT]."""
    try:
        value = compute()
    except (OverflowError, ZeroDivisionError, ValueError) as exc:
        raise ExpressionError("value out of range") from exc
    if not math.isfinite(value) or abs(value) > LIMIT:
        raise ExpressionError("value out of range")
    return value


def lookup(env: dict, dotted: str):
    """A parameter's value, following dots into records (``scene.answer``)."""
    head, *rest = dotted.split(".")
    if head not in env:
        raise ExpressionError(f"unknown parameter {head!r}")
    value = env[head]
    for key in rest:
        if not isinstance(value, dict) or key not in value:
            raise ExpressionError(f"{dotted!r}: no field {key!r}")
        value = value[key]
    return value


def whole_to_fraction(value):
    """Parameter values may hold plain ints; arithmetic wants Fractions."""
    return Fraction(value) if value.__class__ is int else value


def item(base, index):
    """``base[index]`` with a reason when it cannot be taken."""
    if not isinstance(base, (list, tuple)):
        raise ExpressionError("only lists can be indexed")
    if not (index.__class__ is Fraction and index.denominator == 1):
        raise ExpressionError("a list index must be a whole number")
    position = index.numerator
    if not -len(base) <= position < len(base):
        raise ExpressionError(f"index {index} outside a list of {len(base)}")
    value = base[position]
    return Fraction(value) if isinstance(value, int) and not isinstance(value, bool) else value


def truth(value) -> bool:
    """A condition's value; only comparisons and logic give one."""
    if isinstance(value, bool):
        return value
    raise ExpressionError("a condition must be a comparison")


def to_float(value) -> float:
    """The float value of an exact number. A Fraction's is its numerator's
    true division by its denominator, what ``float()`` gives, without going
    through ``numbers.Rational.__float__`` (Python 3.11's Fraction has none
    of its own): values are turned into floats at every step of a draw."""
    cls = value.__class__
    if cls is Fraction:
        numerator, denominator = rationals.parts(value)
        try:
            return numerator / denominator
        except OverflowError:   # (d**d)**(d**d): exact, but past any float
            raise ExpressionError("value out of range") from None
    if cls is Exact:
        return value.value
    return float(number(value))
