"""Which parts are percentages. A careful marker reads ``42.7%`` by what
the question asks for: where it asks for a percentage ("as a percentage",
"in %", "what percentage ..."), the answer's number is in per cent, so
``42.7%`` and ``42.7`` are both 42.7; everywhere else ``42.7%`` is the
number 0.427 (42.7 hundredths), right where the value is 0.427 (a
probability written as a percentage) and wrong where it is 42.7. A bare
``0.427`` on a percentage part is not read as 42.7: the question asked for
per cent. The rule reads the part's ``ask`` text once, when the key is
written; the key stores ``"percent": true`` on such parts."""

from __future__ import annotations

import re
from fractions import Fraction

from quizgen.maths.numbers import significant
from quizgen.maths.tolerance import matches

_ASKS_PERCENT = re.compile(
    r"\bas\s+a\s+percent(?:age)?\b|\bin\s+(?:per\s*cent|percent)\b|\bin\s*%|\(\s*(?:in\s*)?%\s*\)"
    r"|\b(?:what|which|how\s+many)\s+(?:percentage|percent|per\s*cent)\b|\bpercentage\s+points?\b",
    re.IGNORECASE)


_NEGATED = re.compile(r"(?:\bnot|\bnever|n['\u2019]t|\brather\s+than|\binstead\s+of|\bwithout)(?:,?\s+ever,?)?"
                      r"(?:\s+[a-z]+){0,3}\s+$", re.IGNORECASE)
"""What before a percentage phrase turns it round: "as a decimal, not in %", and up to three words
on, "do not give it as a percentage", "don't answer in %"; a comma between ends it
("which tokens are not replaced, in %?" asks for one)."""


def asks_percent(ask: str) -> bool:
    """True when the question ``ask`` (a part's text) asks for a percentage."""
    return percent_phrase(ask) is not None


def percent_phrase(ask: str) -> str | None:
    """The first phrase of ``ask`` that asks for a percentage ("in %", "as a percentage"),
    or None; one negated ("not in %", "rather than as a percentage") asks for none."""
    for found in _ASKS_PERCENT.finditer(ask or ""):
        if not _NEGATED.search(ask[:found.start()]):
            return found.group(0)
    return None


STRAY_PERCENT = ("written with a % sign, which makes it a hundredth of the number before it, but that number "
                 "itself is the answer: a person decides whether the % was a slip")
NOT_A_SHARE = ("written with a % sign, but this part's answer is no probability or share (its values are not "
               "all between 0 and 1), so the number read as hundredths is no reading of it: a person decides "
               "what the % means")
"""The feedback on a % sign a person must read: one wrong only by it
(``0.713%`` for 0.713), or one on a part whose answer is no share
(``33.45%`` for a loss of 0.3345, ``500%`` for a count of 5)."""


def reads_hundredths(bounds) -> bool:
    """True when a % sign on a part that asks for no percentage may be read
    as hundredths (``71.6%`` for 0.716): the part's answers lie within 0 to 1,
    as its ``bounds`` (the key's ``range``: a probability or share) say; a
    loss, a count or a part whose range is not said is no share."""
    return bounds is not None and None not in bounds and 0 <= bounds[0] and bounds[1] <= 1


def stray_percent(reading, value, spec: dict, kind: str) -> bool:
    """True when an answer read in hundredths (``0.713%`` on a part that is no
    percentage) is right without its % sign (``value``: the part's answer)."""
    return reading.hundredths and value is not None and matches(100 * reading.value, value, spec, kind)


def percent_unread(reading, value, spec: dict, kind: str, bounds) -> str:
    """The feedback that sends a number read as hundredths to a person before
    it is marked, on a part whose answers are no share (``bounds``):
    ``STRAY_PERCENT`` when right but for its %, else ``NOT_A_SHARE``; "" when
    it is no such number, nor when a count's hundredths are no whole number
    (``25%`` for 1440 positions: a rate for a count, slips.NOT_A_RATE, incorrect)."""
    if not reading.hundredths or reads_hundredths(bounds) or kind == "integer" and not reading.value.is_integer():
        return ""
    return STRAY_PERCENT if stray_percent(reading, value, spec, kind) else NOT_A_SHARE


_PERCENT_OF = re.compile(r"\s*(\d+(?:\.\d+)?)\s*(?:%|percent|per\s*cent)\s+of\s+(\d+(?:\.\d+)?)\s*", re.IGNORECASE)
PERCENT_OF_REASON = "working, not a number: {}% of {} is {}; a person decides whether it stands as the answer"


def percent_of(text: str) -> str:
    """The reason a share of a number written out as the answer (``15% of
    17200``) goes to a person, naming its value (2580), else "": the English
    "of" after a % sign, not the Dutch "or" of two values to choose between."""
    match = _PERCENT_OF.fullmatch(text)
    if match is None:
        return ""
    value = Fraction(match[1]) / 100 * Fraction(match[2])
    return PERCENT_OF_REASON.format(match[1], match[2], value if value.denominator == 1 else f"{float(value):g}")


SHARE_ASKED = ("this part asks for a probability or share, a number from 0 to 1, and {} is that in per cent: "
               "as a share it is {} ({}% with the sign)")
PERCENT_ASKED = ("this part asks for a percentage, and {} is that as a share (a number from 0 to 1): "
                 "in per cent it is {}")
KEY_IS_SHARE = ("{} per cent is this part's answer, but its key holds that as a share ({}) where the question asks "
                "for per cent: a person decides")
"""The feedback on a number a hundred times off by a share's scale and a percentage's
(either way): ``23.3`` where a probability of 0.2327 is asked, ``0.233`` where 23.27% is; and ``23.3%``
on a part whose ask says per cent but whose key is that share (validate warns of such a part)."""


def scale_slip(reading, value, spec: dict, kind: str, percent: bool, bounds) -> tuple | None:
    """``(for a person, feedback)`` when a number matching nothing is the part's answer on the
    other scale, a share's or a percentage's, where the part is a share (``bounds`` within 0 to
    1) or a percentage; else None. A student's slip of scale is told what was asked, and stays
    wrong; one that follows a question whose key disagrees with it goes to a person."""
    if reading.hundredths or value is None or not (percent or reads_hundredths(bounds)):
        return None
    x = reading.value
    shown = (lambda v: significant(v, reading.figures)) if reading.figures else (lambda v: _trimmed(significant(v, 6)))
    if matches(x / 100, value, spec, kind):
        if percent:
            return True, KEY_IS_SHARE.format(shown(x), _trimmed(significant(value, 4)))
        return False, SHARE_ASKED.format(shown(x), shown(x / 100), shown(x))
    if percent and matches(100 * x, value, spec, kind):
        return False, PERCENT_ASKED.format(shown(x), shown(100 * x))
    return None


def _trimmed(number: str) -> str:
    """A number as ``significant`` writes it to 6 figures, without the zeros it adds where the
    figures written are not known (a Canvas download): 23.3, not 23.3000."""
    return number.rstrip("0").rstrip(".") if "." in number else number
