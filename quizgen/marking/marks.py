"""What a comma (or a point) between digits means in a written answer: one rule
for every reader (``read_marks``, the table in docs/marking.md, "What a comma
means"), by the part's kind (a count is never 1.44) and the file's decimal mark;
and where that rule had to guess (``guessed_group``: ``5,000`` beside ``5``, a
count's ``2.000``), so that a person decides rather than a guess. It only
rewrites digits, commas and points; forms.py reads the number."""

from __future__ import annotations

import re

from quizgen.maths.functions import ANSWER_FUNCTIONS, TABLE
from quizgen.maths.parser import MAX_LENGTH

# a number grouped in thousands starts with 1-9: "0,408" is a decimal comma, never 408
_THOUSANDS_DOT = re.compile(r"[+-]?[1-9]\d{0,2}(,\d{3})+(\.\d+)?")
_THOUSANDS_COMMA = re.compile(r"[+-]?[1-9]\d{0,2}(\.\d{3})+(,\d+)?")
_THOUSANDS_SPACE = re.compile(r"[+-]?[1-9]\d{0,2}( \d{3})+([.,]\d+)?")
_GROUPED = {",": re.compile(r"[1-9]\d{0,2}(?:,\d{3})+"), ".": re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")}
NUMERAL = re.compile(r"(?<![\w.,])\d(?:[\d,.]*\d)?")
# the answer functions that take two arguments: inside their brackets a comma may part them (log(8,2))
TWO_ARGUMENTS = frozenset(name for name in ANSWER_FUNCTIONS if TABLE[name].arity[1] > 1)


def read_marks(text: str, whole: bool = False, decimal_comma: bool = False) -> str:
    """``text`` with each number's thousands separators dropped and its
    decimal comma made a point, by the one rule every reader follows (the
    table in docs/marking.md): ``whole`` for a whole-number part (a count is
    never 1.44), ``decimal_comma`` for a file written with decimal commas.
    Without decimal commas a number inside the brackets of a function that
    takes two arguments (``log(8,2)``) is left as written: its comma may part
    the arguments."""
    text = text.strip()
    if _THOUSANDS_SPACE.fullmatch(text):
        text = text.replace(" ", "")
    if len(text) > MAX_LENGTH:   # to_number refuses it; scanning it for brackets would cost
        return text
    return NUMERAL.sub(lambda m: _numeral(m, whole, decimal_comma), text)


def _numeral(match, whole: bool, decimal_comma: bool) -> str:
    """One written number (digits with commas or points) as to_number reads it."""
    digits = match.group()
    if "," in digits and not decimal_comma and _in_two_argument_call(match.string, match.start()):
        return digits
    if "," in digits and "." in digits:   # both marks: the last one is the decimal mark
        if _THOUSANDS_DOT.fullmatch(digits):
            return digits.replace(",", "")
        return digits.replace(".", "").replace(",", ".") if _THOUSANDS_COMMA.fullmatch(digits) else digits
    mark = "," if "," in digits else "."
    count = digits.count(mark)
    if _GROUPED[mark].fullmatch(digits) and (count > 1 or whole and (
            decimal_comma == (mark == ".") or not digits.endswith("000"))):
        return digits.replace(mark, "")   # 1,440,000; a count's 1,440 or 1.440 (a count is never 1.44)
    return digits.replace(",", ".") if count == 1 else digits


def _in_two_argument_call(text: str, at: int) -> bool:
    """True when position ``at`` lies directly inside the brackets of a call
    to an answer function that takes two arguments (``log(8,2)``)."""
    depth = 0
    for i in range(at - 1, -1, -1):
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            if depth == 0:
                return _name_before(text, i) in TWO_ARGUMENTS
            depth -= 1
    return False


def _name_before(text: str, at: int) -> str:
    """The name written just before position ``at`` (spaces between allowed), or ''."""
    end = at
    while end > 0 and text[end - 1].isspace():
        end -= 1
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    return text[start:end]
