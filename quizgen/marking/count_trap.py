"""A count's answer that is a trap's value when its one group of three digits
is read the other way. A count reads ``7.500`` as 7500 (a
group of three after a point is thousands in a count: docs/marking.md, "What
a comma means"), but where 7.5 is a trap's value (C6 (c)'s 10% of one
sequence's 75 positions) and 7500 is nothing the part knows, the writer most
likely gave 7.5 to 4 figures, as they would any decimal: a careful marker
names the trap, scored as that trap, and says how the answer was read. The
same holds for ``2.000`` read as 2 in a '.' file where 2000 is a trap. A
reading that is the part's answer goes to a person instead (a mark is at
stake: ``forms.misread_count``), and an answer that is a trap as read stays
that trap. Only an answer that is the number alone, with the words the reader
sets aside (``7.500 positions``, ``≈ 7.500``, ``n = 7.500``), is read the
other way: a sign, a function or a power on it (``-7.500``, ``sqrt(7.500)``,
``7.500²``, ``abs(-7.500)``) is an answer of its own, kept as read
(not as a count)."""

from __future__ import annotations

from dataclasses import replace

from quizgen.marking.asides import unquoted
from quizgen.marking.forms import strip_decorations
from quizgen.marking.marks import count_other_reading
from quizgen.marking.quotes import quoted
from quizgen.maths.numerals import from_typeset

READ_NOTE = "({written} is read here as {other}, not as {read}.)"
"""What the feedback adds to the trap's own words: the reading it was named by."""


def count_trap(checker, text: str, reading):
    """The verdict naming the trap that count part ``checker`` (a PartChecker)
    has at the other reading of the answer ``text`` (``reading``: as read, no
    trap and not the answer), its feedback saying which reading; else None."""
    if checker.kind != "integer" or not text:
        return None
    found = count_other_reading(text, checker.decimal_comma)
    if found is None or not number_alone(text, found[0], checker.decimal_comma, checker.part.spec.units):
        return None
    written, other = found
    named = checker._named_trap(replace(reading, value=float(other), figures=None))
    if named is None:
        return None
    note = READ_NOTE.format(written=written, other=quoted(float(other)), read=quoted(reading.value))
    return named._replace(feedback=f"{named.feedback} {note}".strip())


def number_alone(text: str, written: str, decimal_comma: bool = False, units: tuple = ()) -> bool:
    """Whether the answer ``text`` is the numeral ``written`` and nothing else
    once the reader's quotes, LaTeX shell, label, approximation sign and
    trailing notes (``forms.strip_decorations``, the part's ``units`` too) are
    set aside: a sign, bracket, function or power on it makes another value."""
    core, factor = strip_decorations(unquoted(from_typeset(text, decimal_comma)), units=units)
    return factor == 1.0 and core == written
