"""Arithmetic on two ``Fraction``s, as ``fractions`` does it, in one call.

A draw of a template adds, subtracts, multiplies and divides a few dozen
rationals. Python's ``a + b`` on two Fractions goes through four Python
frames (the operator's fallback wrapper with its type checks, the
algorithm, the ``numerator``/``denominator`` properties, and
``Fraction.__new__`` with its argument checks), which cost three times the
arithmetic itself. These functions run the same algorithms (Knuth, TAOCP
4.5.1, as in ``fractions``: operands in lowest terms give a result in
lowest terms) and make the result without ``Fraction.__new__``. The result is
an ordinary Fraction, equal to and indistinguishable from ``a + b``
(tests/test_generation_speed_invariants.py compares them).

Where ``Fraction`` does not keep its numerator and denominator in the slots
``_numerator`` and ``_denominator`` (another Python version), the parts are
read by the public properties and results made by ``Fraction(n, d)``:
slower, the same values.

``decimal_places`` is the one rule for which fractions have a finite decimal."""

from __future__ import annotations

from fractions import Fraction
from math import gcd
from operator import attrgetter

_SLOTS = getattr(Fraction, "__slots__", None) == ("_numerator", "_denominator")
parts = attrgetter("_numerator", "_denominator") if _SLOTS else attrgetter("numerator", "denominator")
"""``(numerator, denominator)`` of a Fraction, read in one call."""


def _made(numerator: int, denominator: int) -> Fraction:
    """The Fraction ``numerator/denominator``, already in lowest terms with a
    positive denominator, made without ``Fraction.__new__``'s checks."""
    value = object.__new__(Fraction)
    value._numerator, value._denominator = numerator, denominator
    return value


made = _made if _SLOTS else Fraction


def add(a: Fraction, b: Fraction) -> Fraction:
    """``a + b``."""
    na, da = parts(a)
    nb, db = parts(b)
    return _sum(na, da, nb, db)


def sub(a: Fraction, b: Fraction) -> Fraction:
    """``a - b``."""
    na, da = parts(a)
    nb, db = parts(b)
    return _sum(na, da, -nb, db)


def _sum(na: int, da: int, nb: int, db: int) -> Fraction:
    """``na/da + nb/db``, both in lowest terms."""
    if da == 1 and db == 1:
        return made(na + nb, 1)
    g = gcd(da, db)
    if g == 1:
        return made(na * db + da * nb, da * db)
    s = da // g
    t = na * (db // g) + nb * s
    g2 = gcd(t, g)
    if g2 == 1:
        return made(t, s * db)
    return made(t // g2, s * (db // g2))


def mul(a: Fraction, b: Fraction) -> Fraction:
    """``a * b``."""
    na, da = parts(a)
    nb, db = parts(b)
    return _product(na, da, nb, db)


def div(a: Fraction, b: Fraction) -> Fraction:
    """``a / b``; ``b`` must not be zero (the caller says why it may not):
    ``a`` times ``b`` turned over, its sign kept on top."""
    na, da = parts(a)
    nb, db = parts(b)
    return _product(na, da, db, nb) if nb > 0 else _product(na, da, -db, -nb)


def _product(na: int, da: int, nb: int, db: int) -> Fraction:
    """``na/da * nb/db``, both in lowest terms with positive denominators."""
    g1 = gcd(na, db)
    if g1 > 1:
        na //= g1
        db //= g1
    g2 = gcd(nb, da)
    if g2 > 1:
        nb //= g2
        da //= g2
    return made(na * nb, db * da)


def decimal_places(denominator: int) -> int | None:
    """The places of the finite decimal of a fraction in lowest terms with this ``denominator``
    (8: 3, as 1/8 is 0.125; 1: 0), or None when it has none (its denominator has a prime other
    than 2 and 5, as 3 of 1/3)."""
    twos = fives = 0
    while denominator % 2 == 0:
        denominator, twos = denominator // 2, twos + 1
    while denominator % 5 == 0:
        denominator, fives = denominator // 5, fives + 1
    return max(twos, fives) if denominator == 1 else None
