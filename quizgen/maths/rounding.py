"""The one rounding rule, as students are taught it: to a number of decimals
or significant figures, a tie going away from zero (0.0078125 to 4 s.f. is
0.007813, -1.73895 to 4 decimals is -1.7390). ``round``, ``sig`` and
``sigdec`` in lets and the text filters ``dec``, ``sig``, ``sigdec`` and
``pct`` all round here.

A tie is decided on the exact value: a ``Fraction`` as it is (107/40 is the
tie 2.675, though its float lies just below), a float on its own exact binary
value, an ``Exact`` on its float, or, where that lies too near a tie to tell (an
``Exact`` may be rational: ``log(1000, 10)``), on SymPy's value (quizgen.maths.settle)."""

from __future__ import annotations

import math
import sys
from fractions import Fraction
from functools import lru_cache

from quizgen.errors import ExpressionError
from quizgen.maths import rationals
from quizgen.maths.exact import UNDERFLOW, Exact, doubtful, whole
from quizgen.maths.settle import near_tie, precise


def units(value, places: int) -> int:
    """``value * 10**places`` rounded to a whole number, a tie away from zero (an Exact whose
    float lies too near a tie to tell, quizgen.maths.settle, decided on its precise value)."""
    if value.__class__ is Exact and (near_tie(value.value, places) or doubtful(value)):
        value = precise(value)
    numerator, denominator = _ratio(value)
    if places >= 0:
        numerator *= 10 ** places
    else:
        denominator *= 10 ** -places
    count, rest = divmod(abs(numerator), denominator)
    if 2 * rest >= denominator:
        count += 1
    return -count if numerator < 0 else count


def _ratio(value) -> tuple:
    """``value`` as an exact ``(numerator, denominator)``."""
    cls = value.__class__
    if cls is Fraction:
        return value.numerator, value.denominator
    if cls is int:
        return value, 1
    if cls is Exact:
        value = value.value
    return float(value).as_integer_ratio()


def to_places(value, places: int) -> Fraction:
    """``value`` rounded to ``places`` decimals (negative: tens, hundreds ...), exactly."""
    return rationals.div(whole(units(value, places)), power_of_ten(places))


def to_figures(value, figures: int) -> Fraction:
    """``value`` rounded to ``figures`` significant figures, exactly (0 stays 0)."""
    numerator, denominator = _ratio(value)
    if numerator == 0:
        if unseen(value):
            raise ExpressionError(f"significant figures of {UNDERFLOW}")
        return whole(0)
    return to_places(value, value_figure_places(value, figures))


def value_figure_places(value, figures: int) -> int:
    """``figure_places`` of an exact number (not 0): of its float, or, where that float may be off
    (an Exact's ``doubtful`` one: a cancellation's, or a subnormal's few bits, ``exp(-744)``),
    of its precise value; a value below the normal floats is scaled up first, so its decade is
    read from a float of 53 bits."""
    if value.__class__ is Exact and doubtful(value):
        value = precise(value)
    numerator, denominator = _ratio(value)
    x = numerator / denominator
    if abs(x) >= sys.float_info.min:
        return figure_places(x, figures)
    return figure_places(numerator * 10 ** SCALE / denominator, figures) + SCALE


SCALE = 400
"""The power of ten a subnormal value is scaled by to read its decade (the smallest float is 4.9e-324)."""


def unseen(value) -> bool:
    """Whether ``value`` is an Exact whose float is 0 though it is not (``exp(-1600)``): its
    significant figures lie past any float's, and 0 would be a wrong value, not a rounding."""
    return value.__class__ is Exact and value.value == 0 and precise(value) != 0



def float_to_places(x: float, places: int) -> float:
    """``to_places`` of a float, as the nearest float (what ``round(x, places)`` returns)."""
    count = units(x, places)
    return count / 10 ** places if places >= 0 else float(count * 10 ** -places)


def decimal_text(value, places: int, shift: int = 0) -> str:
    """``value * 10**shift`` written with exactly ``places`` decimals (0 or
    more); never ``-0.0``. A percentage is ``shift=2``, rounded on the exact
    value (0.125 is 13%, not the 12% of the float 12.5 to even)."""
    if places < 0:
        raise ValueError(f"{places} decimals: a number of decimals is 0 or more")
    count = units(value, places + shift)
    digits = str(abs(count)).rjust(places + 1, "0")
    text = f"{digits[:-places]}.{digits[-places:]}" if places > 0 else digits
    return "-" + text if count < 0 else text


def figure_places(x: float, figures: int) -> int:
    """The decimals that show ``figures`` significant figures of ``x`` (not 0;
    negative: tens, hundreds ...)."""
    return figures - 1 - math.floor(math.log10(abs(x)))


def figure_or_decimal_places(x: float, digits: int) -> int:
    """The decimals ``sigdec`` shows: ``digits``, or more where ``digits``
    significant figures need them (``x`` below 0.1; ``x`` not 0)."""
    return max(digits, figure_places(x, digits))


@lru_cache(maxsize=256)
def power_of_ten(exponent: int) -> Fraction:
    return Fraction(10) ** exponent
