"""What a spreadsheet leaves in an answer cell in place of the student's
answer: an error value (``#NAME?``, ``#DIV/0!``, ``#N/A``; LibreOffice's
``Err:502``), or a date it made of a fraction or a number (``3/4`` shown as
``4-Mar`` or ``Mar-04``; ``04-Mar-2026``; a day, a month and a four-digit
year, ``1/3/1900`` or ``2026-03-04``). Neither is the student's answer, and
neither is read as one (``1/3/1900`` is no sum to work out): a person reads
what the student wrote (needs_review), and the reason says what the cell
holds. A date must be unmistakable: a fraction (``1/3``), a difference
(``4-3``) or a year alone stays what it is. Every test is one full match of
a pattern without nested repeats, on a short text."""

from __future__ import annotations

import re

ERROR_VALUE = "a spreadsheet error value"
DATE = "a spreadsheet date"
REASON = re.compile(r"(?P<what>" + ERROR_VALUE + "|" + DATE + r") \((?P<shown>.*?)\): (?P<rest>.*)", re.DOTALL)
"""A reason ``leftover_reason`` gives, taken apart (feedback sheets and the drill word it their own way)."""

_ERRORS = frozenset(("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#ERROR!", "#SPILL!",
                     "#CALC!", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!", "#EXTERNAL!",
                     "#PYTHON!", "#GETTING_DATA"))
"""Excel's, Google Sheets' and LibreOffice's error values, as they show them."""
_LIBREOFFICE = re.compile(r"Err:\d{3}", re.IGNORECASE)
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_MONTH = r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?" \
         r"|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
_YEAR = r"(?:19|20)\d\d"
_TIME = r"(?:[ T]\d{1,2}:\d\d(?::\d\d)?)?"
_DAY_MONTH = re.compile(r"(?P<day>\d{1,2})-" + _MONTH + r"(?:-(?P<year>\d\d|" + _YEAR + "))?", re.IGNORECASE)
_MONTH_NUMBER = re.compile(_MONTH + r"-(?P<number>\d\d|" + _YEAR + ")", re.IGNORECASE)   # Mar-04: month, then day or year
_NUMBERS = re.compile(r"(?P<a>\d{1,2})(?P<mark>[/.-])(?P<b>\d{1,2})(?P=mark)(?P<year>" + _YEAR + ")" + _TIME)
_ISO = re.compile(r"(?P<year>" + _YEAR + r")(?P<mark>[/-])(?P<a>\d{1,2})(?P=mark)(?P<b>\d{1,2})" + _TIME)
_EPOCH = "1900"   # a spreadsheet counts dates in days from the start of 1900: 3 shows as 1/3/1900


def leftover_reason(text: str) -> str:
    """The reason a person reads the answer ``text`` because a spreadsheet
    left an error value or a date in its cell, or ''. Cheap for any other
    answer: a first character that starts none of them ends the test."""
    text = text.strip()
    if not text or not (text[0] in "#Ee" or text[0].isdigit() or text[:3].lower() in _MONTHS):
        return ""
    if text.upper() in _ERRORS or _LIBREOFFICE.fullmatch(text):
        return f"{ERROR_VALUE} ({text}): the student's entry was lost in the export; read their paper"
    day_month = _day_month(text)
    if day_month is None:
        return ""
    if day_month == _EPOCH:
        return f"{DATE} ({text}): a spreadsheet may have turned the student's number into a date (it counts days " \
               "from 1900)"
    return f"{DATE} ({text}): a spreadsheet may have turned the student's {day_month} into a date"


def _day_month(text: str) -> str | None:
    """How the student may have written the date ``text`` (``3/4 or 4/3``, ``3/40``),
    ``_EPOCH`` for a date in 1900, or None when ``text`` is no unmistakable date."""
    if found := _DAY_MONTH.fullmatch(text):   # 4-Mar, 04-Mar-2026: a day, then a month
        month, day = _MONTHS.index(found["month"][:3].lower()) + 1, int(found["day"])
        return None if not 1 <= day <= 31 else _EPOCH if found["year"] == _EPOCH else _both_ways(month, day)
    if found := _MONTH_NUMBER.fullmatch(text):   # Mar-04: a month, then a day or a year (3/40 shows as Mar-40)
        month, number = _MONTHS.index(found["month"][:3].lower()) + 1, found["number"]
        return _EPOCH if number == _EPOCH else _both_ways(month, int(number)) if 1 <= int(number) <= 31 \
            else f"{month}/{number}"
    if found := _NUMBERS.fullmatch(text) or _ISO.fullmatch(text):
        a, b = int(found["a"]), int(found["b"])
        if not (1 <= a <= 31 and 1 <= b <= 31 and min(a, b) <= 12):
            return None
        return _EPOCH if found["year"] == _EPOCH else _both_ways(a, b)
    return None


def _both_ways(month: int, day: int) -> str:
    """``3/4 or 4/3``: the fraction the date may have been, read month first or day first."""
    if day == month:
        return f"{month}/{day}"
    return f"{month}/{day} or {day}/{month}"
