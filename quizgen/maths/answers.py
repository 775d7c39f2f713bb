"""Reading student input: an answer's text becomes a number (through the
whitelist parser, never eval) or a normalised word. Text is first put in one
form (``quizgen.maths.numerals``); a number's value is worked out by the
evaluator in float mode: grading compares within a tolerance, and floats bound
every intermediate result, so no input can build a huge exact number."""

from __future__ import annotations

import math
import re
from functools import lru_cache

from quizgen.errors import ExpressionError
from quizgen.maths.answer_floats import answer_value
from quizgen.maths.numerals import (BRACE_DEPTH, DECIMAL_DIGITS, ROOT_INDEX_MAX, VULGAR_FRACTIONS, from_typeset,
                                    nested_too_deep, normalise_numerals, power_of_ten, typeset_shell)
from quizgen.maths.parser import MAX_LENGTH, parse_answer

__all__ = ["answer_value", "has_tolerance", "normalise_word", "to_number", "TOLERANCE_REFUSAL", "WORD_CACHE_LENGTH"]

_PLAIN_NUMBER = re.compile(r"[+-]?(" + DECIMAL_DIGITS + r")([eE][+-]?\d{1,3})?", re.ASCII)   # digits whole: linear
_DECIMAL_COMMA = re.compile(r"[+-]?\d*,\d+", re.ASCII)
_DECIMAL_THEN_FRACTION = re.compile(f"\\d[.,]\\d*\\s?[{VULGAR_FRACTIONS}]")
"""A fraction character straight after a decimal (``0.5½``): no mixed number, and no one reading of it."""
FRACTION_AFTER_DECIMAL = ("a fraction character (such as ½) straight after a decimal is not readable: "
                          "give one decimal, such as 0.75, or a fraction, such as 3/4")
_TOLERANCE = re.compile(r"[\d.)%]\s*(?:\u00b1|\u2213|\+/?-(?=\s*[\d.]))")
"""A value with a tolerance: ``0.7153 ± 0.001``, ``0.7153+-0.001``, ``0.7153 +/- 0.001`` (``+-`` is no
sum of a negative number here: read so, ``0.7153+-0.001`` was 0.7143)."""
TOLERANCE_REFUSAL = "a value with a ± tolerance, not one value: give the single value asked for, without a range"
"""Why ``to_number`` refuses a ± tolerance, said to whoever typed it (the drill's student, a bank's trap word);
a graded answer with one goes to a person instead (``forms.TOLERANCE_REVIEW_REASON``)."""
_UNREAD_ROOT = re.compile(r"\\sqrt\s*\[")
"""An n-th root left unread by ``from_typeset``: its index is no whole number from 1 to ROOT_INDEX_MAX, or x has no braces."""
ROOT_REASON = (f"an n-th root \\sqrt[n]{{x}} is read with n a whole number from 1 to {ROOT_INDEX_MAX} "
               "and x in braces, such as \\sqrt[3]{8} (which is 2)")
DEPTH_REASON = (f"LaTeX's \\frac{{a}}{{b}}, \\sqrt{{x}} and ^{{...}} are read at most {BRACE_DEPTH} inside each other: "
                "give the value, or fewer of them inside each other")

# Words up to this length are remembered (a class repeats them); longer texts
# are normalised each time, so the cache holds at most 16,384 short words.
WORD_CACHE_LENGTH = 64


def normalise_word(text) -> str:
    """Words compared ignoring case, spaces, dashes and a final full stop."""
    text = str(text)
    if len(text) <= WORD_CACHE_LENGTH:
        return _normalise_short_word(text)
    return _normalise_word(text)


def _normalise_word(text: str) -> str:
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split()).rstrip(".")


_normalise_short_word = lru_cache(maxsize=16384)(_normalise_word)


def to_number(text: str, decimal_comma: bool = False, typeset: bool = True) -> float:
    """The value of an answer: a plain decimal fast, anything else through the
    whitelist parser, after reading LaTeX's marks (``from_typeset``) and a power
    of ten written flat (``power_of_ten``: ``3.45×10−5``). ``typeset=False``
    for a text ``from_typeset`` has read already (a part of one): only what a
    stripped label or note may uncover is read then (``typeset_shell``), so
    braced groups are read ``BRACE_DEPTH`` deep once, never twice. Raises
    ExpressionError with a reason when it is not a number."""
    if text.isascii() and "_" not in text:
        try:
            value = float(text)
        except ValueError:
            pass
        else:
            if math.isfinite(value):
                return value
    text = (from_typeset if typeset else typeset_shell)(_short(text.strip()), decimal_comma)
    if _DECIMAL_THEN_FRACTION.search(text):
        raise ExpressionError(FRACTION_AFTER_DECIMAL)
    if "\\sqrt" in text and _UNREAD_ROOT.search(text):   # \sqrt[2.5]{8}, \sqrt[1000]{8}: never the parser's puzzle
        raise ExpressionError(ROOT_REASON)
    if "{" in text and nested_too_deep(text):   # nine \frac in each other
        raise ExpressionError(DEPTH_REASON)
    text = _short(normalise_numerals(text).strip())
    if has_tolerance(text):
        raise ExpressionError(TOLERANCE_REFUSAL)
    if decimal_comma or _DECIMAL_COMMA.fullmatch(text):
        text = text.replace(",", ".") if text.count(",") == 1 and "." not in text else text
    text = power_of_ten(text)
    if _PLAIN_NUMBER.fullmatch(text):
        value = float(text)
    else:
        value = _expression_value(text)
        if isinstance(value, str):
            raise ExpressionError(value)
    if not math.isfinite(value):
        raise ExpressionError("number out of range")
    return value


KEPT_EXPRESSIONS = 256
"""How many expressions' values (or reasons) ``_expression_value`` keeps: the latest texts read."""


@lru_cache(maxsize=KEPT_EXPRESSIONS)
def _expression_value(text: str) -> float | str:
    """The value of the expression ``text`` (no plain decimal, read as far as the parser's input), or the
    reason it has none (a str, the ExpressionError's message). Kept for the latest texts: a grader reads an
    answer the plain reader refuses a second time as people write it (``marking.forms.read_number``), whose
    core is most often this same text, and a 400-character nested one costs milliseconds to parse."""
    try:
        return answer_value(parse_answer(text))
    except ExpressionError as exc:
        if type(exc) is not ExpressionError:   # a kind of its own (exact.NumberTooBig): raised as it is, not kept
            raise
        return str(exc)


def has_tolerance(text: str) -> bool:
    """Whether ``text`` gives a value with a ± tolerance (``_TOLERANCE``), which is no one value."""
    return _TOLERANCE.search(normalise_numerals(text)) is not None


def _short(text: str) -> str:
    """``text``, or an error when it is longer than an answer may be (checked
    before normalising, so a huge text costs nothing, and after)."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"expression longer than {MAX_LENGTH} characters")
    return text
