"""Wrong answers that are a known value rounded the wrong way, told as such:
the answer rounded twice (0.231475 -> 0.2315 -> 0.232), and a misconception's
value rounded to fewer figures than asked (0.95 for sigma(3) = 0.9526, a
probability given by the sigmoid instead of the softmax) or cut off (0.952),
and a count's trap that is no whole number matched at its whole roundings
(``trap_matched``); a count answered with a fraction told why (``not_whole``)."""

from __future__ import annotations

import math
from fractions import Fraction

from quizgen.maths.numbers import significant
from quizgen.maths.rounding import units
from quizgen.maths.tolerance import matches
from quizgen.marking.roundings import sig_roundings, truncate_sig
from quizgen.marking.quotes import quoted, quoted_unwhole, with_slip

SAME = 1e-9   # relative: two floats this close are one number written two ways


def same(a: float, b: float) -> bool:
    """Whether ``a`` and ``b`` are one number (up to float noise)."""
    return abs(a - b) <= SAME * max(abs(a), abs(b), 1e-300)


def rounds_to(x: float, value: float, figures: int) -> bool:
    """Whether ``x`` is ``value`` rounded to ``figures`` significant figures (at a tie the paper's or the even neighbour)."""
    return any(same(x, rounded) for rounded in sig_roundings(value, figures))


def rounded_twice(value, asked: int, x: float) -> str:
    """Why ``x``, the answer ``value`` rounded to one more figure than ``asked``
    and then again, is wrong (rounding once gives another number), else "".
    The value is quoted to two more figures than asked, or more where those
    would round the other way too (7.10497, not 7.1050, for ln 1218 = 7.104965),
    as many as the feedback's "expected" may show."""
    more = significant(value, asked + 1)
    twice = significant(Fraction(more), asked)   # the decimal written, rounded exactly (0.15 is 0.2 at 1)
    if not same(x, float(twice)):   # most answers: the value is not written out twice more
        return ""
    once = significant(value, asked)
    shown = next((quoted for quoted in (significant(value, figures) for figures in range(asked + 2, asked + 9))
                  if significant(Fraction(quoted), asked) == once), None)
    if twice == once or shown is None:   # no rounding twice, or the value sits on the tie beyond 8 more figures
        return ""
    return (f"rounded twice: {more} (the value to {asked + 1} figures) rounded again to {asked} is {twice}, "
            f"but the value itself, {shown}, rounds to {once}: round once, from the unrounded value")


def cut_to(x: float, value: float, asked: int) -> bool:
    """Whether ``x`` is ``value`` cut off at ``asked`` significant figures instead of rounded."""
    return same(x, truncate_sig(value, asked))


def rounded_or_cut(x: float, value: float, asked: int, shown: int | None) -> bool:
    """Whether ``x``, written to ``shown`` significant figures, is ``value``
    rounded to those figures (fewer than ``asked`` but at least 2) or cut off
    at ``asked`` (written to at least ``asked``, or to figures unknown). One
    figure is too coarse to say which mistake a number came from, and a number
    written to more figures than that rounding is no rounding of it."""
    if shown is not None and shown < asked:
        return shown >= 2 and rounds_to(x, value, shown)
    return cut_to(x, value, asked)


def right_rounded_or_cut(x: float, right: float, asked: int, shown: int | None) -> bool:
    """``rounded_or_cut`` for the part's ``right`` value, and as well cut off at
    the 2 or more figures shown where fewer than asked (0.23 for 0.2368): such an
    answer is marked rounded too early (``early.cut_short``), so it is that before
    it is a trap's value rounded (docs/marking.md, "Rounded too early")."""
    return rounded_or_cut(x, right, asked, shown) or (
        shown is not None and 2 <= shown < asked and cut_to(x, right, shown))


def trap_rounded_or_cut(traps, asked: int, x: float, shown: int | None, right: float):
    """``(trap, figures)`` for the trap whose value ``x`` is rounded to the
    ``figures`` shown, or cut off (``figures`` None: 0.962 for 0.96267)
    (``rounded_or_cut``), else None; None too when ``x`` is as well the
    ``right`` value so rounded or cut off (then it is that). Of two or more
    traps so reached (traps are kept apart at the figures asked, not at 2), the
    nearest to ``x`` is named, the first listed of those as near."""
    if right_rounded_or_cut(x, right, asked, shown):
        return None
    figures = shown if shown is not None and shown < asked else None
    found = [trap for trap in traps if trap.value is not None and rounded_or_cut(x, trap.value, asked, shown)]
    return (min(found, key=lambda trap: abs(float(trap.value) - x)), figures) if found else None


def trap_matched(traps, x: float, spec: dict, kind: str) -> tuple:
    """``(trap, feedback)`` for the first trap whose value ``x`` is within
    tolerance of; else, on a count (``kind`` "integer"), for the first trap
    whose value is no whole number and ``x`` one of its two whole neighbours
    (so its nearest whole number too), as students round a count worked out
    as a fraction: C6 (d) 4 or 5 for 10% of one sequence's 45 picked
    positions, 4.5. The feedback is the trap's, saying so when rounded; else
    ``(None, "")``. Every trap's own value is tried before any rounding."""
    trap = next((t for t in traps if t.value is not None and matches(x, t.value, spec, kind)), None)
    if trap is not None or kind != "integer" or not math.isfinite(x):
        return trap, trap.feedback if trap is not None else ""
    trap = next((t for t in traps if t.value is not None and whole_neighbour(x, t.value)), None)
    if trap is None:
        return None, ""
    return trap, with_slip(trap.feedback, f"{quoted(trap.value)}, rounded to a whole number")


def whole_neighbour(x: float, value: float) -> bool:
    """Whether ``value`` is no whole number and ``x`` is the whole number just below or above it."""
    if not math.isfinite(value) or same(value, round(value)):
        return False
    return x in (math.floor(value), math.ceil(value))


def not_whole(rule, reading) -> str:
    """Why a count answered with a fraction is wrong; the advice to round it only
    where rounding it to its nearest whole number reaches the count asked for (``ln(2)``
    for 1,600 positions is no count to round, nor 0.394 for C5 (d)'s one position, which
    rounds to 0). The answer is quoted as written (to the figures shown, else up to 6,
    or as many as it takes to read as no whole number: quoted_unwhole) and that quoted
    number is the one rounded, by the papers' one rule (a half away
    from zero: 0.5 to 1, 1150.5 to 1151), so the advice follows the number the student
    reads: 0.5 is told to round where 1 is the count, 0.49999999999 is not. Never the
    advice on a whole-number part whose answer is the
    template's literal 0 (C5 (a), the empty sum: nothing is added, so no fraction
    is rounded, ``NOT_WHOLE_EXACT``); an answer of 0 worked out from the paper's
    numbers (``floor(n / 10)`` with n = 3) gets the count advice."""
    if reading.hundredths:
        return NOT_A_RATE
    shown = quoted_unwhole(reading.value, reading.figures)
    if literal_zero(rule):   # C5 (a), the empty sum: 0 because nothing is added, no count worked out as a fraction
        return NOT_WHOLE_EXACT.format(shown)
    near = rule.value is not None and abs(units(Fraction(shown), 0) - rule.value) < 0.5
    return (NOT_WHOLE if near else NOT_WHOLE_FAR).format(shown)


def literal_zero(rule) -> bool:
    """Whether the part's answer is the literal 0 its template writes (C5 (a):
    ``empty_sum: "0"``), no value worked out from the paper's numbers: its
    recipe, lets inlined (``recipe.text``, kept with the carried spans), is ``0``."""
    recipe = rule.recipe
    if recipe is None:   # a recipe that reads no earlier part is kept only with the carried spans
        paths = getattr(rule.carried, "paths", None)
        recipe = paths.get(rule.name) if isinstance(paths, dict) else None
    return rule.value == 0 and recipe is not None and recipe.text.strip() == "0"


NOT_WHOLE = "a count is a whole number, and {} is not one: round a count worked out as a fraction"
NOT_WHOLE_FAR = "a count is a whole number, and {} is not one, nor does it round to the count the paper's numbers give"
NOT_A_RATE = "this part asks for a count, not a rate or share: give how many, as a whole number"
NOT_WHOLE_EXACT = ("{} is not a whole number, and this part's answer is one, worked out exactly: no fraction is "
                   "rounded to reach it")
"""The feedback on a count answered with a fraction (120.5 positions), which says why it is wrong."""
