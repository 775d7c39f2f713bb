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

from quizgen.marking.carried_words import CARRIED_ACCEPTED, FIGURES_UNSEEN
from quizgen.marking.rules import CARRIED, CORRECT, NEEDS_REVIEW, Verdict
from quizgen.marking.slips import same

CANVAS_DECIMALS = 4
MAX_DECIMALS = 15   # a right answer typed to more decimals is stored as it rounded to 4, which 15 already gives


def stored_short(value: float, half: float) -> list:
    """``(typed, stored)`` for each way of writing ``value`` to more than 4
    decimals that lies within its window (``half`` either side) but that
    Canvas stores outside it: the right answer, typed to the figures asked or
    more, that Canvas marks wrong. Fewest decimals first, each stored value once."""
    found, seen = [], set()
    finest = 1 - math.floor(math.log10(half)) if half > 0 else 0   # a tiny answer's figures asked: past the 15th
    for decimals in range(CANVAS_DECIMALS + 1, max(MAX_DECIMALS, finest) + 1):
        typed = f"{value:.{decimals}f}"
        stored = round(float(typed), CANVAS_DECIMALS)
        if abs(float(typed) - value) <= half < abs(stored - value) and stored not in seen:
            seen.add(stored)
            found.append((plain(typed), stored))
    return found


def plain(number) -> str:
    """A decimal as Canvas shows it: no trailing zeros (``0.000620`` is ``0.00062``, ``0.0006`` stays)."""
    text = number if isinstance(number, str) else f"{number:.{CANVAS_DECIMALS}f}"
    text = text.rstrip("0").rstrip(".") if "." in text else text
    return "0" if text in ("-0", "") else text


def typed_as(value: float, half: float, x: float) -> str | None:
    """The right answer ``value`` typed in full that Canvas stores as ``x``,
    outside the window (``stored_short``), or None."""
    return next((typed for typed, stored in stored_short(value, half) if same(x, stored)), None)


def kept_as(value: float, half: float, x: float) -> str:
    """Why ``x`` may be the right answer as Canvas stored it (its 4 decimals
    of ``value`` typed in full fall outside the window), else ""."""
    typed = typed_as(value, half, x)
    if typed is None:
        return ""
    return (f"Canvas keeps {CANVAS_DECIMALS} decimal places of a typed number: {typed} is stored as {plain(x)}, "
            "so this may be the right answer typed in full; a person checks (the download cannot show what "
            "was typed)")


def canvas_mark(mark: Verdict, value: float, half: float, x: float) -> Verdict:
    """The careful marker's ``mark`` of ``x``, a number in a Canvas download,
    as Canvas's storing it allows: needs_review when ``x`` may be the right
    answer Canvas cut (``kept_as``) and ``mark`` gives it less than full
    marks; carried rounding accepted without claiming the figures typed
    (0.630 arrives as 0.63: FIGURES_UNSEEN)."""
    if mark.note == CARRIED:
        return replace(mark, feedback=mark.feedback.replace(CARRIED_ACCEPTED, FIGURES_UNSEEN, 1))
    said = "" if mark.status == CORRECT else kept_as(value, half, x)
    return Verdict(NEEDS_REVIEW, feedback=said, value=x) if said else mark
