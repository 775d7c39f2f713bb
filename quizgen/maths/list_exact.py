"""The exact forms of the table's list functions (``sum``, ``mean``, ``max``, ``argmax``,
``count``, ``isint``, ``range``, ``list``, ...), for exact mode; list_floats.py holds their float
forms, for recipes. Orders and equalities are decided exactly (``settle.order``): two values
whose floats are a bit apart may be one number, and two with the same float different ones."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from quizgen.errors import ExpressionError
from quizgen.maths import list_floats, rationals
from quizgen.maths.exact import MAX_BITS, ZERO, NumberTooBig, add, div, number, sized, whole
from quizgen.maths.settle import equal, order, settled


def as_list(value, name: str):
    """``value``, a list that is not empty, or an error naming ``name``'s need."""
    if not isinstance(value, (list, tuple)):
        raise ExpressionError(f"{name}() needs a list")
    if not value:
        raise ExpressionError(f"{name}() of an empty list")
    return value


def total(items):
    """A sum with its rational terms gathered into one number at the end:
    ``1 + exp(3) + 1`` becomes ``exp(3) + 2``. The running total is held to
    MAX_BITS at every step (``sized``): terms with different denominators
    would otherwise build a huge common one, each step slower than the last."""
    items = as_list(items, "sum")
    if all(item.__class__ is Fraction and item.denominator == 1 for item in items):
        return sized(whole(sum(item.numerator for item in items)))
    rational = running = ZERO
    for item in items:
        term = number(item) if not isinstance(item, (list, tuple)) else total(item)
        if term.__class__ is Fraction:
            rational = rationals.add(rational, term)
            numerator, denominator = rationals.parts(rational)   # what ``sized`` checks, inline
            if numerator.bit_length() > MAX_BITS or denominator.bit_length() > MAX_BITS:
                raise NumberTooBig()
        else:
            running = add(running, term)
    return add(running, rational)


def mean(items):
    """The exact mean of ``items``."""
    return div(total(items), whole(len(items)))


def length(items):
    """The number of ``items``."""
    return whole(len(items)) if isinstance(items, (list, tuple)) else as_list(items, "len")


def extreme(name: str, side: int):
    """``max`` (``side`` 1) or ``min`` (-1): the first largest or smallest item itself."""
    def extreme_of(items):
        items = as_list(items, name)
        return items[_first_extreme(items, side)]
    return extreme_of


def arg_extreme(name: str, side: int):
    """``argmax`` (``side`` 1) or ``argmin`` (-1): the index of the first largest or smallest item."""
    return lambda items: whole(_first_extreme(as_list(items, name), side))


def _first_extreme(items, side: int) -> int:
    """The index of the first largest (``side`` 1) or smallest (-1) of ``items``, the values
    ordered exactly (``settle.order``): two floats a bit apart may be one number, or swapped."""
    best = 0
    for index in range(1, len(items)):
        if order(items[index], items[best]) == side:
            best = index
    return best


def counted(items, target):
    """How many of ``items`` are ``target`` exactly (``settle.equal``)."""
    return whole(sum(1 for x in as_list(items, "count") if equal(x, target)))


MAX_LIST_ITEMS = 100   # a list written out item by item in one expression


def listed(*items) -> tuple:
    """``list(a, b, c)``: the list of its arguments, each a number. It builds a
    list from values computed one by one (three dot products whose softmax is
    wanted), which a template cannot draw as one vector."""
    if any(isinstance(item, (list, tuple)) for item in items):
        raise ExpressionError("list() takes numbers, not lists")
    return tuple(items)


def is_whole(value) -> bool:
    """Whether ``value`` is whole, a tree near a whole (``sqrt(3) ** 2``) settled as floor settles it."""
    value = settled(value)
    return value.__class__ is Fraction and value.denominator == 1


def whole_numbers(*bounds) -> tuple:
    """``range(n)`` or ``range(a, b)``: the whole numbers from 0 (or a) up to n - 1 (or b - 1)."""
    if not all(isinstance(b, Fraction) and b.denominator == 1 for b in bounds):
        raise ExpressionError("range() takes one or two whole numbers")
    low, high = (Fraction(0), bounds[0]) if len(bounds) == 1 else bounds
    if high - low > list_floats.MAX_RANGE:
        raise ExpressionError("range() too long")
    return _range_of(int(low), int(high))


@lru_cache(maxsize=1024)
def _range_of(low: int, high: int) -> tuple:
    """``range(low, high)`` as exact numbers (made once: fractions never change)."""
    return tuple(Fraction(k) for k in range(low, high))
