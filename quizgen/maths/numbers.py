"""How numbers are written for people: fixed decimals, significant figures,
and the student-style answer that goes into key.csv."""

from __future__ import annotations

import math
from fractions import Fraction

from quizgen.maths.exact import Exact, to_float
from quizgen.maths.printing import terminating_decimal
from quizgen.maths.rounding import decimal_text, value_figure_places


def fixed(value, places: int) -> str:
    """``value`` with exactly ``places`` decimals (``2`` -> ``2.0`` for 1), a
    tie away from zero (``rounding``); never ``-0.0``."""
    if value.__class__ is float:
        if not math.isfinite(value):
            return str(value)
        if places >= 0 and value.as_integer_ratio()[1] != 2 << places:
            return _float_fixed(value, places)
    return decimal_text(value, places)


def _float_fixed(x: float, places: int) -> str:
    """``decimal_text(x, places)`` of a float ``x`` that is no tie at ``places``
    decimals, by Python's own formatting, which rounds the float's exact binary
    value correctly (to even only at a tie, which ``fixed`` leaves to
    decimal_text). A tie: ``x`` is n/2**k in lowest terms and ``x * 10**places``
    is n * 5**places / 2**(k - places), whose fraction is a half exactly when
    k = places + 1, the denominator ``2 << places``. A key's or a grade's
    numbers are written thousands of times (every checker's expected answer)."""
    text = f"{x:.{places}f}"
    return text[1:] if text[0] == "-" and not text.strip("-0.") else text   # -0.00 is 0.00


def percent(value, places: int) -> str:
    """``100 * value`` with exactly ``places`` decimals, rounded as ``fixed`` rounds (0.125 -> ``13``)."""
    return decimal_text(value, places, shift=2)


def significant(value, digits: int) -> str:
    """``value`` rounded to ``digits`` significant figures, without an exponent."""
    x = _float(value)
    if x == 0:
        return "0"
    return fixed(value, max(value_figure_places(value, digits), 0))


def significant_or_fixed(value, digits: int) -> str:
    """``value`` to ``digits`` decimals, or to ``digits`` significant figures
    where that shows more (below 0.1), as the ``sigdec`` let function rounds it."""
    x = _float(value)
    return fixed(0, digits) if x == 0 else fixed(value, max(digits, value_figure_places(value, digits)))


EXACT_PLACES = 12


def exact_decimal(value, places: int) -> str:
    """``value``, a finite decimal, with every decimal it has and at least ``places``
    (the sum of shown terms: 2.7183 - 0.06827 is ``2.65003``, 1.5 + 1.5 is ``3.0000``), so
    that a worked "a + b = c" recomputes from what it shows. A value with no finite
    decimal of at most 12 places (1/3, e) is refused: round it in a ``let`` first."""
    if value.__class__ in (int, bool):
        value = Fraction(value)
    written = terminating_decimal(value, EXACT_PLACES) if value.__class__ is Fraction else None
    if written is None:
        raise ValueError(f"exactdec: {significant(value, 6)} is not a finite decimal of at most "
                         f"{EXACT_PLACES} places: round it in a let, or print it with dec or sigdec")
    shown = len(written.partition(".")[2])
    return fixed(value, max(shown, places))


def _float(value) -> float:
    """``float(value)``, exact numbers by ``exact.to_float`` (the same float, fewer calls)."""
    cls = value.__class__
    return to_float(value) if cls is Fraction or cls is Exact else float(value)


def plain(value) -> str:
    """A short faithful form: whole numbers as such, decimals of at most 4 places
    in full, anything else to 4 significant figures (a bare ``{{ x }}`` in text)."""
    if value.__class__ is Exact:
        return significant(value, 4)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        decimal = terminating_decimal(value, max_places=4)
        if decimal is not None:
            return decimal
    if isinstance(value, (Fraction, Exact, float)):
        return significant(value, 4)
    return str(value)


KEY_FIGURES = 4
ASKED_FIGURES = 3   # the significant figures the papers ask for: the written answer must round to the right ones
MAX_KEY_FIGURES = 12


def key_answer(value, kind: str, decimals: int) -> str:
    """The correct answer written as a student would, by one rule for every
    draw: an integer, or a decimal to 4 significant figures (to ``decimals``
    places when that shows more), a tie away from zero on the exact value.
    An exact value with more digits (0.95^6 = 0.735091890625) is still written
    0.7351: the solutions print the exact value beside it. Where the figures
    after the third are a 5 and zeros that stand for a longer value, more
    figures follow until they are not (0.787468 is 0.78747, not 0.7875, which a
    marker would round to 0.788 at 3 figures), so that rounding the written
    answer to the 3 figures asked gives the exact value's; a 5 further on is
    left alone (1.1114500051 is 1.1115: to 3 figures 1.11 either way). An
    integer is written from its exact value, every digit (30522**4, past a
    float's 2**53, ends ...256, not the float's ...240)."""
    if kind == "integer":
        return fixed(value, 0)
    x = _float(value)
    places = max(decimals, value_figure_places(value, KEY_FIGURES) if x else 0, 0)
    text = fixed(value, places)
    limit = value_figure_places(value, MAX_KEY_FIGURES) if x else places
    while places < limit and _tie_at_asked(text) and not _written_exactly(text, value):
        places += 1
        text = fixed(value, places)
    return text


def _tie_at_asked(text: str) -> bool:
    """True when the written figures after the third significant one are a 5
    and zeros only (0.7875, 12.3500, 1235; not 1.1115 or 2850): rounding it to
    3 figures is then a tie, which may go either way."""
    figures = text.lstrip("-").replace(".", "").lstrip("0")
    return figures[ASKED_FIGURES:].rstrip("0") == "5"


def _written_exactly(text: str, value) -> bool:
    """True when the decimal ``text`` is ``value`` itself (a float: reads back as that float)."""
    cls = value.__class__
    if cls is float:
        return float(text) == value
    if cls is Fraction or cls is int:
        return Fraction(text) == value
    return False   # an irrational exact value is never a finite decimal
