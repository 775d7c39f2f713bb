"""An answer written as an expression that shows no figures (``-ln(0.0663)``,
``ln(1/0.0663)``, ``1/(1+exp(3.9))``) judged as the decimal of its value, to
15 significant figures (``WORKED_FIGURES``): as if the student had written
2.71357 and its other digits. A demanding marker works the expression out and
judges that number, so it is right when it rounds to the key's answer at the
figures asked, and else wrong there and explained by the rules a decimal gets
(rounded too early, a value near 1 kept short, carried rounding, ECF, traps):
one working, one verdict, however it is written. The plain window around the exact value alone would
judge ``-ln(0.0663)`` (2.71357: 2.71 at the 3 figures asked) `correct`
beside a key of 2.72 where ``2.7136`` is not, so it is not what
judges it.

An expression whose value is the part's exact answer, up to a float's working
(``EXACT_DRIFT``), keeps no figures (``None``): it is the answer, judged by
its value alone, as before. Any other is written, in effect, as its value's
decimal with as many figures as that value needs, however few: ``sqrt(0.49)``
is 0.7, 1 figure, and is rounded too early where the answer is 0.6999 (0.700),
as ``0.7`` and ``7/10`` are, told its value ("its value, 0.7, is right to 1
significant figure"), even when it lies inside the plain window (0.6999's window
holds 0.7), which would call it ``correct`` and let ``exp(ln(0.7))`` dodge the
rule. Digits written
inside the expression count for nothing: ``sqrt(0.4900)`` is 0.7 too. Arithmetic on decimals that states a terminating decimal (``7/10``) has
figures of its own (maths/stated.py) and is not read here. An expression near
the answer that nothing else names is told its value at the figures asked
(``told_value``), which the student cannot see in what they wrote."""

from __future__ import annotations

import math
from dataclasses import replace
from decimal import Decimal

from quizgen.maths.numbers import significant
from quizgen.marking.rule_model import INCORRECT, figures_asked
from quizgen.text.answers import in_plain

EXACT_DRIFT = 1e-9
"""How far (relative) an expression's float may lie from the part's answer and
still be that answer: ``1/(1+exp(3.9))`` worked in floats lies within a few
units of the float's last place of the key, a millionth of this."""


class ValueFigures(int):
    """The significant figures of an expression's value, which the student did
    not write: the answer is judged at them, and quoted as a value, never
    as digits written (``quotes.quoted``)."""


WORKED_FIGURES = 15
"""The significant figures of an expression's float that are its value's: the
rest are the float's working (``exp(ln(0.001255))`` is 0.0012550000000000003,
the decimal 0.001255, which is the key's 0.0012547 to 4 figures, as written)."""


def judged(figures, value: float, key: float | None, asked: int | None) -> tuple:
    """``(value, figures)`` an answer (``value``, read with ``figures`` shown:
    None for an expression) is judged at on a part of answer ``key`` asking
    ``asked`` significant figures (None: none, a count): as read when it shows
    figures; else, when ``value`` is not ``key``, its decimal (to
    ``WORKED_FIGURES``) and that decimal's ``ValueFigures``, however few (see the
    module's docstring); else ``(value, None)``."""
    if figures is not None or asked is None or key is None or not value or not math.isfinite(value):
        return value, figures
    if abs(value - key) <= EXACT_DRIFT * abs(key):
        return value, None
    decimal = Decimal(f"{value:.{WORKED_FIGURES}g}").normalize()
    return float(decimal), ValueFigures(len(decimal.as_tuple().digits))


def shown_figures(figures):
    """``figures`` as the student showed them: None for an expression's ``ValueFigures``."""
    return None if isinstance(figures, ValueFigures) else figures


TOLD = "its value, {value}, is {rounded} at the {asked} significant figures asked (expected {right})"
"""The feedback on an expression near the answer that nothing names: the number it was judged as."""


def told_value(verdict, reading, rule, right):
    """``verdict`` on the answer ``reading`` to the part of ``rule`` (a PartRule),
    told ``TOLD`` when it is a bare incorrect (no misconception, no feedback) on an
    expression's value (``ValueFigures``) within ten units of the last figure
    asked of the part's answer (the ones a plain window once took:
    ``-ln(0.0663)`` is 2.71 where 2.72 is asked); ``right()``: the right answer
    as feedback quotes it."""
    value, figures, key, asked = reading.value, reading.figures, rule.value, figures_asked(rule.kind, rule.spec)
    if not isinstance(figures, ValueFigures) or verdict.status != INCORRECT or verdict.misconception \
            or verdict.feedback or not key or abs(value - key) > 10 * _last_unit(key, asked):
        return verdict
    text, rounded = significant(value, 6), significant(value, asked)
    stripped = text.rstrip("0").rstrip(".") if "." in text and "e" not in text else text
    text = text if stripped == rounded else stripped   # 2.67000 beside 2.67, never "2.67, is 2.67"
    return replace(verdict, feedback=TOLD.format(value=in_plain(text), rounded=in_plain(rounded),
                                                 asked=asked, right=right()))


def told(verdict) -> bool:
    """Whether ``verdict``'s feedback is ``told_value``'s alone, on an expression's value: a bare
    incorrect but for that, which other_part.py names as another part's answer as it names the
    value's decimal (C7 (c) ``ln(1.02)`` was told its value, 0.0198026, while
    ``0.0198026272961797`` was (a)'s value; one verdict, however it is written)."""
    return isinstance(getattr(verdict, "figures", None), ValueFigures) and verdict.status == INCORRECT \
        and verdict.feedback.startswith(TOLD[:TOLD.index("{")])


def _last_unit(key: float, asked: int) -> float:
    """One unit of the last figure ``asked`` of ``key`` (0.01 for 2.7183 at 3 figures): ten of them
    bound ``told_value`` (the bound was ``|key| x 10^(1 - asked)``, 0.027 for 2.7183). The
    key as rounded at those figures: 0.09996 is 0.100, whose last figure is 0.001."""
    return 10.0 ** (math.floor(math.log10(abs(float(significant(key, asked))))) - asked + 1)
