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
from quizgen.maths.numerals import latex_commas

# a number grouped in thousands starts with 1-9: "0,408" is a decimal comma, never 408
_COMMA_GROUPED_POINT_DECIMAL = re.compile(r"[+-]?[1-9]\d{0,2}(,\d{3})+(\.\d+)?")   # 1,234.5
_POINT_GROUPED_COMMA_DECIMAL = re.compile(r"[+-]?[1-9]\d{0,2}(\.\d{3})+(,\d+)?")   # 1.234,5
_THOUSANDS_SPACE = re.compile(r"[+-]?[1-9]\d{0,2}( \d{3})+([.,]\d+)?")
_THOUSANDS_APOSTROPHE = re.compile(r"[+-]?[1-9]\d{0,2}(['\u2019]\d{3})+([.,]\d+)?")   # Swiss: 2'220, 1’234.5
_GROUPED = {",": re.compile(r"[1-9]\d{0,2}(?:,\d{3})+"), ".": re.compile(r"[1-9]\d{0,2}(?:\.\d{3})+")}
NUMERAL = re.compile(r"(?<![\w.,])\d(?:[\d,.]*\d)?")
# an exponent after a numeral (1.512e3, 1.512E+3, 1.512 × 10^3, 1,512·10³): it is a decimal's, never grouped
EXPONENT = re.compile(r"[eE][+\-\u2212]?\d|\s*[*×xX·⋅]\s*10\s*(?:\^|\*\*|[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺])")
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
    text = latex_commas(text.strip())   # 1{,}440 is LaTeX's 1,440
    if _THOUSANDS_SPACE.fullmatch(text):
        text = text.replace(" ", "")
    elif _THOUSANDS_APOSTROPHE.fullmatch(text):   # groups of three only: nothing else reads so
        text = text.replace("'", "").replace("\u2019", "")
    if len(text) > MAX_LENGTH:   # to_number refuses it; scanning it for brackets would cost
        return text
    shown = decimal_marks(text, decimal_comma)
    return NUMERAL.sub(lambda m: _numeral(m, whole, decimal_comma, shown), text)


def decimal_marks(text: str, decimal_comma: bool = False) -> set:
    """The decimal marks ``text``'s own numbers show: ``0,8``, ``12,34``,
    ``1.000,5`` and ``1.250.000`` (points that group) show a comma; ``0.8``,
    ``1,000.5`` a point. A single group of three (``1.250``) shows neither, nor
    does a comma that may part a two-argument call's arguments (``log(8,2)``)."""
    shown = set()
    for match in NUMERAL.finditer(text) if len(text) <= MAX_LENGTH else ():
        digits = match.group()
        if "," in digits and not decimal_comma and _in_two_argument_call(text, match.start()):
            continue
        if "," in digits and "." in digits:
            shown.add("." if _COMMA_GROUPED_POINT_DECIMAL.fullmatch(digits) else
                      "," if _POINT_GROUPED_COMMA_DECIMAL.fullmatch(digits) else "")
        elif "," in digits or "." in digits:
            mark = "," if "," in digits else "."
            if digits.count(mark) > 1:
                shown.add(_OTHER[mark] if _GROUPED[mark].fullmatch(digits) else "")
            elif has_exponent(match) or not _ONE_GROUP.fullmatch(digits):
                shown.add(mark)
    return shown - {""}


_OTHER = {",": ".", ".": ","}


def _numeral(match, whole: bool, decimal_comma: bool, shown: frozenset = frozenset()) -> str:
    """One written number (digits with commas or points) as to_number reads it;
    ``shown``: the decimal marks its answer's other numbers show (``decimal_marks``)."""
    digits = match.group()
    if "," in digits and not decimal_comma and _in_two_argument_call(match.string, match.start()):
        return digits
    if digits.count(",") + digits.count(".") == 1 and has_exponent(match):
        return digits.replace(",", ".")   # 1.512e3 is 1512 in a count too; 1,950,000e-3 groups as below
    if "," in digits and "." in digits:   # both marks: the last one is the decimal mark
        if _COMMA_GROUPED_POINT_DECIMAL.fullmatch(digits):
            return digits.replace(",", "")
        return digits.replace(".", "").replace(",", ".") if _POINT_GROUPED_COMMA_DECIMAL.fullmatch(digits) else digits
    mark = "," if "," in digits else "."
    count = digits.count(mark)
    if _GROUPED[mark].fullmatch(digits) and (count > 1 or shown == {_OTHER[mark]} or whole and (
            decimal_comma == (mark == ".") or not digits.endswith("000"))):
        return digits.replace(mark, "")   # 1,440,000; a count's 1,440 or 1.440 (a count is never 1.44); 0,8 * 1.250
    return digits.replace(",", ".") if count == 1 else digits


def has_exponent(match) -> bool:
    """Whether the numeral ``match`` found is followed by an exponent
    (``1.512e3``, ``2,640E+3``, ``1.512 × 10^3``): a single mark is then a
    decimal mark, never a thousands separator, in a count too (several
    marks, ``1,950,000e-3`` or ``1.950,0e0``, are read as without one)."""
    return EXPONENT.match(match.string, match.end()) is not None


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


# ------------------------------------------------------------------ where the rule guessed

_ONE_GROUP = re.compile(r"[1-9]\d{0,2}([.,])\d{3}")
"""One group of three digits after 1-9 (``5,000``, ``1.440``): thousands, or a decimal mark?"""
_MARK_NAME = {",": "comma", ".": "point"}
GUESSED_REASON = ("{written!r} may be {thousands} (a thousands {name}) or {decimal} (a decimal {name}), and the "
                  "values beside it agree only on the second: a person decides which is meant")
COUNT_REASON = ("{what} written {written!r}: read as {read} ({how}), but {other} is the answer: "
                "a person decides which is meant")


def guessed_group(text: str, whole: bool, decimal_comma: bool) -> str:
    """A reason for a person when a decimal part's answer that restates a
    value (``5 (5,000)``, ``5 = 5,000``) holds a number whose reading the
    rule guessed: one group of three digits written with the mark that is
    not the file's decimal mark (``5,000`` in a '.' file: 5.000, or five
    thousand?) beside a number written otherwise, unless the answer writes a
    decimal with that same mark elsewhere (``1,440 (1,44)``); else ''. A
    count's group is thousands."""
    if whole or len(text) > MAX_LENGTH:
        return ""
    other = "." if decimal_comma else ","
    found = list(NUMERAL.finditer(text))
    numerals = [n.group() for n in found]
    guessed = [n.group() for n in found if (m := _ONE_GROUP.fullmatch(n.group()))
               and m.group(1) == other and not has_exponent(n)]   # 5,000e-3 is a decimal
    if not guessed or len(guessed) == len(numerals) or len(decimal_marks(text, decimal_comma)) == 1:
        return ""   # 3,835 (3,835) agrees either way; 1,440 (1,44) and 5,0 = 5.000 say which the mark is
    written = guessed[0]
    return GUESSED_REASON.format(written=written, thousands=written.replace(other, ""),
                                 decimal=written.replace(other, "."), name=_MARK_NAME[other])


def count_read_otherwise(text: str, decimal_comma: bool, whole_part: bool = True):
    """For a count's answer whose one number is a group of three zeros
    (``2.000``, ``2,000``: both readings whole): ``(written, read, other,
    how, text read the other way)``, where ``read_marks`` read it by the
    file's decimal mark (``2.000`` is 2 in a '.' file, 2000 in a ',' file);
    for a decimal part's (not ``whole_part``), a lone group of three in the
    mark that is not the file's decimal mark, read as a decimal (``1.250`` in
    a ';' file: 1.25, or 1250?); else None."""
    found = _lone_group(text)
    if found is None or not found.group().endswith("000") and whole_part:
        return None
    written, mark = found.group(), found.group(1)
    whole, point = written.replace(mark, ""), written.split(mark)[0]
    if not whole_part:
        if decimal_comma == (mark == ","):   # the file's own decimal mark: no guess
            return None
        point = written.replace(mark, ".")
    decimal = decimal_comma == (mark == ",") or not whole_part   # the file's decimal mark: read as a decimal
    read, other = (point, whole) if decimal else (whole, point)
    how = (f"a decimal {_MARK_NAME[mark]}, as a decimal part reads one group of three" if not whole_part else
           f"a decimal {_MARK_NAME[mark]}, the file's decimal mark" if decimal else
           f"a thousands {_MARK_NAME[mark]}, as the file's decimal mark is a {_MARK_NAME['.' if mark == ',' else ',']}")
    start, end = found.span()
    return written, read, other, how, text[:start] + other + text[end:]


def count_other_reading(text: str, decimal_comma: bool):
    """For a count's answer whose one number is one group of three digits:
    ``(written, the number the other reading gives)``, a plain numeral.
    ``2.000`` in a '.' file, read 2, is 2000 read the other way, as ``2,000``
    in a decimal-comma file is (``count_read_otherwise``); ``7.500``, which a
    count reads as 7500 (a group after a point is thousands there), is 7.5 read
    by the file's decimal point. Only the file's decimal mark is read as a
    decimal so: None for a group after the file's thousands mark (``7,500`` in a
    '.' file, ``75.000`` in a ';' file with decimal commas: 7500 and 75000 to any
    reader of it, as a German or French one writes thousands),
    and for any other answer."""
    found = count_read_otherwise(text, decimal_comma)
    if found is not None:   # the other reading a decimal only by the file's own decimal mark
        return (found[0], found[2]) if decimal_comma == ("," in found[0]) else None
    group = _lone_group(text)
    if group is None or decimal_comma != (group.group(1) == ","):
        return None
    return group.group(), group.group().replace(group.group(1), ".")


def _lone_group(text: str):
    """The match of ``_ONE_GROUP`` on ``text``'s one number, in place (its span
    is the number's), when that number is one group of three digits and no
    exponent follows (``2.000e3`` is a decimal); else None."""
    numerals = list(NUMERAL.finditer(text)) if len(text) <= MAX_LENGTH else []
    if len(numerals) != 1 or has_exponent(numerals[0]):
        return None
    return _ONE_GROUP.fullmatch(text, *numerals[0].span())
