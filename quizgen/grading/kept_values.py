"""The value of an answer text, kept by its text for the whole run: the
value depends on the text (and whether the class writes decimal commas)
alone, and a class repeats what is no plain decimal (``idk``, ``-``,
``((1+2)``, ``9**9**9**9``, a word, a formula) on paper after paper, each
costing the expression parser a parse (``to_number``). With per-student
papers the part checkers' own caches never see a text twice; this one does.
So is the reading of an answer the plain reader refused (``kept_reading``)."""

from __future__ import annotations

from functools import lru_cache

from quizgen.errors import ExpressionError
from quizgen.maths.answers import to_number
from quizgen.marking.forms import Reading, read_number

KEPT_TEXT = 64   # longer texts are read each time, never kept
KEPT_READING = 64   # an answer the plain reader refused, up to this length, is read once (``kept_reading``)


def number_or_error(text: str, decimal_comma: bool):
    """``to_number(text, decimal_comma)``, or the ExpressionError saying why
    ``text`` is no number (returned, not raised). Other errors (a number too
    large, nesting too deep) are raised as ``to_number`` raises them."""
    if len(text) <= KEPT_TEXT:
        return _kept(text, decimal_comma)
    try:
        return to_number(text, decimal_comma)
    except ExpressionError as exc:
        return exc


@lru_cache(maxsize=8192)
def _kept(text: str, decimal_comma: bool):
    """``number_or_error`` of a short text. The error is kept as a new one
    with the same message (all a verdict's reason reads: ``unread_reason``),
    not with the traceback and frames it was raised with."""
    try:
        return to_number(text, decimal_comma)
    except ExpressionError as exc:
        return ExpressionError(str(exc))


def kept_reading(text: str, percent: bool, decimal_comma: bool, whole: bool, units: tuple = ()) -> Reading:
    """``read_number`` of an answer text, kept when of at most ``KEPT_READING`` characters: the reading
    depends on the text and the part's reading options alone, not on the instance, and a class repeats its
    non-answers (``-``, ``idk``) and junk on paper after paper."""
    if len(text) <= KEPT_READING:
        return _kept_reading(text, percent, decimal_comma, whole, units)
    return read_number(text, percent, decimal_comma, whole, units=units)


@lru_cache(maxsize=8192)
def _kept_reading(text: str, percent: bool, decimal_comma: bool, whole: bool, units: tuple) -> Reading:
    return read_number(text, percent, decimal_comma, whole, units=units)
