"""The right answer Moodle (and Canvas) holds for a number part: the key's answer rounded to
the figures the part asks, with half a unit of the last of them either side
(less a billionth of it, or a ten-trillionth of the answer), so that the LMS judges an answer written to those
figures or more as ``quizgen grade`` does (marking/as_asked.py: such an answer
is right when it rounds, at the figures asked, to the key so rounded), and
shows the answer at the figures the paper asks for, ``0.732``, not 0.7322735293893545
(the solutions and key.csv print a figure more).

Less a billionth: the two ends are ties, and ``quizgen grade`` rounds a tie
away from zero, so of ``0.7315`` and ``0.7325`` around 0.732 only the first
is right; Moodle's window holds both ends or neither, and neither keeps "the
LMS said right" from ever meaning "quizgen says wrong". A part that asks for
no figures (a count, an absolute or relative tolerance), whose answer is 0, or
whose exact answer is itself a tie at the figures asked (both neighbours are
right to quizgen then) keeps the window centred on the exact answer, and so
does a tiny answer, whose half unit is under ten times ``FLOOR`` (1e-12; at 3
figures, answers below about 1e-9): the cut would eat a tenth of the window
or more, even all of it; the export warns when Moodle's own
slack is wide beside that window (``window_lost``). Canvas's answer is the
same, its margin the whole half unit (``canvas_window``: both ties in, since
Canvas keeps 4 decimals of a typed number and a tie it holds may be a right
answer typed in full)."""

from __future__ import annotations

from fractions import Fraction

from quizgen.maths.numbers import fixed
from quizgen.maths.rounding import figure_places, to_figures
from quizgen.maths.tolerance import half_width
from quizgen.marking.rule_model import figures_asked
from quizgen.lms.html import decimal_text

SHY = Fraction(1, 10 ** 9)
"""How much narrower than half a unit the window is, relative, and at least
``FLOOR`` times the answer (1 at least): enough to leave out both ties at its ends
past Moodle's own slack (1e-14 times the answer, 1 at least, ten times over:
question/type/numerical/question.php, ``get_tolerance_interval``), far below any figure."""
FLOOR = Fraction(1, 10 ** 13)
MOODLE_SLACK = Fraction(1, 10 ** 14)
"""What Moodle adds to every tolerance, times the answer (1 at least)."""


def answer_window(kind: str, spec: dict, value: float, exact=None, ties: bool = False) -> tuple:
    """``(answer, tolerance)`` as Moodle text for a number part of ``kind`` and
    tolerance rule ``spec`` whose answer is ``value`` (its float) and ``exact``
    (a Fraction when rational, else None): the answer rounded to the figures
    asked and the half-width about it, or the exact answer and the grader's
    half-width where no figures are asked (module docstring). ``ties``: the
    half-width whole, both ties inside (Canvas's, ``canvas_window``)."""
    key = Fraction(value if exact is None else exact)
    asked = figures_asked(kind, spec)
    rounded = to_figures(key, asked) if asked is not None and key else None
    if not rounded:
        return decimal_text(value), decimal_text(half_width(value, spec, kind))
    places = figure_places(float(rounded), asked)   # the decimals of the last figure asked
    unit = Fraction(10) ** -places
    if 2 * abs(key - rounded) == unit:   # a tie: both neighbours are right to quizgen
        return decimal_text(value), decimal_text(half_width(value, spec, kind))
    decade = abs(rounded) == Fraction(10) ** (asked - 1 - places)   # 1.00: the unit below is a tenth as wide
    half = unit / (20 if decade else 2)
    cut = max(half * SHY, FLOOR * max(1, abs(rounded)))
    if 10 * cut > half:   # a tiny answer: half a unit is no wider than the floor
        return decimal_text(value), decimal_text(half_width(value, spec, kind))
    return fixed(rounded, max(places, 0)), fixed(half - (0 if ties else cut), max(places + 12, 13)).rstrip("0")


def canvas_window(part) -> tuple:
    """``(answer, margin)`` as decimal text: Canvas's right answer of key part ``part``
    and its margin, both ends inside (export canvas writes it; grade of a Canvas
    download marks a number in it correct). Canvas keeps 4 decimals of a typed
    number, so a tie it holds (``0.7325`` about 0.732) may be a right answer
    typed in full (``0.73246``) as well as a wrong one typed as it stands: given the benefit of the doubt,
    as Canvas gives it; Moodle, which keeps what was typed, leaves both ties out."""
    return answer_window(part.kind, part.tolerance, part.value, part.rational, ties=True)


def window_lost(kind: str, answer: str, margin: str) -> bool:
    """True when Moodle's own slack (``MOODLE_SLACK`` times the answer, 1 at
    least) is over a tenth of ``margin``, the tolerance written about
    ``answer``: Moodle then accepts answers ``quizgen grade`` marks wrong (0
    among them, for an answer below 1e-14), and the export warns. A count's
    window is at least 1e-9, and 1e-13 of the count: no other whole number
    is inside it with the slack, so it is never lost."""
    if kind == "integer":
        return False
    return 10 * MOODLE_SLACK * max(1, abs(Fraction(answer))) > Fraction(margin)
