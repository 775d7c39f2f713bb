"""What Canvas Classic Quizzes make of a right answer typed in full. Canvas
keeps 4 decimal places of a typed number (``toFixed(4)``, trailing zeros
stripped) and its Student Analysis download holds that number, so a right
answer whose figures run past the 4th decimal is stored as another number:
``0.000623`` (asked: 3 significant figures of 0.0006234) becomes ``0.0006``,
``0.02045`` (more figures than asked, of 0.020453) becomes ``0.0204``, both
outside the part's window. ``export canvas`` warns of the parts where that
can happen (quizgen.lms.export); ``quizgen grade`` of a Canvas download sends
such a stored number to a person instead of marking the student's rounding
(quizgen.grading.part_checker, ``canvas_mark``): whether the student typed it short or Canvas
cut it, the download cannot tell."""

from __future__ import annotations

import math
from dataclasses import replace
from decimal import Decimal

from quizgen.marking.carried_words import CARRIED_ACCEPTED, FIGURES_UNSEEN
from quizgen.marking.rules import CARRIED, CORRECT, NEEDS_REVIEW, Verdict
from quizgen.marking.slips import same

CANVAS_DECIMALS = 4
MAX_DECIMALS = 15   # a right answer typed to more decimals is stored as it rounded to 4, which 15 already gives


def stored_short(value: float, window: tuple) -> list:
    """``(typed, stored)`` for each way of writing ``value`` to more than 4
    decimals that lies within Canvas's ``window`` (its answer and margin as
    decimal text, both ends in: lms/window.canvas_window) but that Canvas
    stores outside it: the right answer, typed to the figures asked or more,
    that Canvas marks wrong. Fewest decimals first, each stored value once."""
    found, seen = [], set()
    half = float(window[1])
    finest = 1 - math.floor(math.log10(half)) if half > 0 else 0   # a tiny answer's figures asked: past the 15th
    for decimals in range(CANVAS_DECIMALS + 1, max(MAX_DECIMALS, finest) + 1):
        typed = f"{value:.{decimals}f}"
        stored = round(float(typed), CANVAS_DECIMALS)
        if inside(typed, window) and not inside(stored, window) and stored not in seen:
            seen.add(stored)
            found.append((plain(typed), stored))
    return found


def inside(number, window: tuple) -> bool:
    """Whether ``number`` (a float, as its shortest text, or decimal text) lies in
    Canvas's ``window``, ends in, compared as Canvas compares (BigDecimal: exactly)."""
    centre, margin = Decimal(window[0]), Decimal(window[1])
    text = number if isinstance(number, str) else repr(float(number))
    return text.lower() not in NOT_FINITE and abs(Decimal(text) - centre) <= margin


NOT_FINITE = ("nan", "inf", "-inf")


def past_asked(figures: int | None, asked: int | None) -> int | None:
    """The significant figures a number Canvas stored is judged at: those it
    shows when more than the part asks (``0.7327`` is 0.733 at 3 figures, and
    wrong for 0.732, as Canvas's window, the key at the figures asked, says:
    lms/window.py), else none (``0.73`` may be ``0.730`` typed: judged by value)."""
    return figures if figures is not None and asked is not None and figures > asked else None


def plain(number) -> str:
    """A decimal as Canvas shows it: no trailing zeros (``0.000620`` is ``0.00062``, ``0.0006`` stays)."""
    text = number if isinstance(number, str) else f"{number:.{CANVAS_DECIMALS}f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return "0" if text in ("-0", "") else text


def typed_as(value: float, window: tuple, x: float) -> str | None:
    """The right answer ``value`` typed in full that Canvas stores as ``x``,
    outside its ``window`` (``stored_short``), or None."""
    return next((typed for typed, stored in stored_short(value, window) if same(x, stored)), None)


def kept_as(value: float, window: tuple, x: float) -> str:
    """Why ``x`` may be the right answer as Canvas stored it (its 4 decimals
    of ``value`` typed in full fall outside Canvas's ``window``), else ""."""
    typed = typed_as(value, window, x)
    if typed is None:
        return ""
    return (f"Canvas keeps {CANVAS_DECIMALS} decimal places of a typed number: {typed} is stored as {plain(x)}, "
            "so this may be the right answer typed in full; a person checks (the download cannot show what "
            "was typed)")


def canvas_mark(mark: Verdict, value: float, window: tuple, x: float) -> Verdict:
    """The careful marker's ``mark`` of ``x``, a number in a Canvas download,
    as Canvas's storing it allows: needs_review when ``x`` may be the right
    answer Canvas cut (``kept_as``, outside Canvas's ``window``) and ``mark`` gives it less than full
    marks; carried rounding accepted without claiming the figures typed
    (0.630 arrives as 0.63: FIGURES_UNSEEN)."""
    if mark.note == CARRIED:
        return replace(mark, feedback=mark.feedback.replace(CARRIED_ACCEPTED, FIGURES_UNSEEN, 1))
    said = "" if mark.status == CORRECT else kept_as(value, window, x)
    return Verdict(NEEDS_REVIEW, feedback=said, value=x) if said else mark
