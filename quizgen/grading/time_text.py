"""A timestamp cell read as a time (timestamps.py decides which answer
stands with them): the formats forms and LMSs export, with Python's standard
library only (``datetime``); a day/month order is given, never guessed. A
clock may be written with dots after a date (``3.12.2026 10.00.00``); a
dotted value that could be a clock or a date (``10.05.30``) is no time, one
that cannot be a clock (``31.12.26``, ``2026.12.03``) is a date."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

_ZONE = r"\s*(GMT|UTC|Z)?\s*(?:([+-])(\d{1,2})(?::?(\d{2}))?)?"
_CLOCK = r"(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*(?:([AaPp])\.?[Mm]\.?)?"
NUMERIC = re.compile(r"(\d{1,4})([/.-])(\d{1,2})\2(\d{2}|\d{4})(?:(?:,?\s+|T)" + _CLOCK + ")?" + _ZONE)
_DAY_FIRST = re.compile(r"(?:[A-Za-z]+,?\s+)?(\d{1,2})\s+([A-Za-z]+)\.?,?\s+(\d{4}),?\s+" + _CLOCK + _ZONE)
_MONTH_FIRST = re.compile(r"(?:[A-Za-z]+,?\s+)?([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4}),?\s+" + _CLOCK + _ZONE)
_DOTTED_CLOCK = re.compile(r"(?<=\s)(\d{1,2})\.(\d{2})(?:\.(\d{2}))?(?=(?:[.,]\d+)?\s*(?:[AaPp]\.?[Mm]\.?)?"
                           r"\s*(?:GMT|UTC|Z)?\s*(?:[+-]\d{1,2}(?::?\d{2})?)?$)")
"""A clock written with dots after a date (``3.12.2026 10.00.00``, as Finnish and Danish locales write it)."""
_MONTHS = {name: n for n, names in enumerate(
    [("january", "jan"), ("february", "feb"), ("march", "mar"), ("april", "apr"), ("may",), ("june", "jun"),
     ("july", "jul"), ("august", "aug"), ("september", "sep", "sept"), ("october", "oct"),
     ("november", "nov"), ("december", "dec")], 1) for name in names}


class Unread(Exception):
    """A timestamp cell that cannot be read as a time (its message says why): a
    signal grading/timestamps.py turns into its notes (no ValueError, which broad
    handlers on the way catch as Python's own)."""


def read_time(text: str, day_first=None) -> tuple:
    """``(datetime, has a zone)`` of a timestamp cell, in UTC when it names a
    zone; ``day_first`` orders a ``d/m/y`` date (None: it must not matter)."""
    stripped = _colon_clock(text.strip())
    try:
        for pattern, reader in ((NUMERIC, _numeric), (_DAY_FIRST, _day_first), (_MONTH_FIRST, _month_first)):
            match = pattern.fullmatch(stripped)
            if match:
                return reader(match, day_first)
    except (ValueError, OverflowError) as exc:   # datetime's range checks: 31/02, 25:00
        raise Unread(f"is not a time ({exc})") from None
    raise Unread("is not a time quizgen reads (ISO 8601, or as Google Forms, Microsoft Forms or Moodle write it)")


def has_time_form(text: str) -> bool:
    """Whether ``text`` is written as a time read_time reads (its fields not checked: 31/02 passes)."""
    stripped = _colon_clock(text.strip())
    return any(pattern.fullmatch(stripped) for pattern in (NUMERIC, _DAY_FIRST, _MONTH_FIRST))


def _colon_clock(text: str) -> str:
    """``text`` with a clock after its date written with colons (``3.12.2026 10.00.00``
    is ``3.12.2026 10:00:00``); a clock alone (``10.00.00``) is left as it is."""
    if "." not in text:
        return text
    return _DOTTED_CLOCK.sub(lambda m: ":".join(g for g in m.groups() if g is not None), text)


def _numeric(match, day_first) -> tuple:
    first, mark, second, third = match.groups()[:4]
    if mark == "." and match[5] is None and _clock_alone(first, second, third):
        if _date_possible(first, second, third, day_first):   # 10.05.30: 10 May 2030, or 10:05:30?
            raise ValueError("written as a time of day alone or as a date with a two-digit year and no time, "
                             "which cannot be told apart: write the date with its time")
        raise ValueError("written as a time of day alone, with no date")
    if len(first) == 4:
        year, month, day = int(first), int(second), int(third)
    else:
        year = int(third) + (2000 if len(third) == 2 else 0)
        if day_first is None:   # told by the date itself, or it does not matter (05/05)
            if int(first) != int(second) and max(int(first), int(second)) <= 12:
                raise ValueError("day/month order not known")
            day_first = int(first) > 12
        day, month = (int(first), int(second)) if day_first else (int(second), int(first))
    return _moment(year, month, day, match.groups()[4:])


def _clock_alone(first: str, second: str, third: str) -> bool:
    """Whether dotted fields with no clock after them could be a time of day
    (``10.05.30``; not ``2026.12.03``, ``31.12.26`` or ``1.5.26``)."""
    return (len(first) <= 2 and len(second) == 2 and len(third) == 2
            and int(first) < 24 and int(second) < 60 and int(third) < 60)


def _date_possible(first: str, second: str, third: str, day_first) -> bool:
    """Whether ``first.second.third`` is a day and a month in an order ``day_first`` allows."""
    orders = (True, False) if day_first is None else (day_first,)
    for day_ahead in orders:
        day, month = (int(first), int(second)) if day_ahead else (int(second), int(first))
        try:
            datetime(2000 + int(third), month, day)
        except ValueError:
            continue
        return True
    return False


def _day_first(match, _) -> tuple:
    return _moment(int(match[3]), _month(match[2]), int(match[1]), match.groups()[3:])


def _month_first(match, _) -> tuple:
    return _moment(int(match[3]), _month(match[1]), int(match[2]), match.groups()[3:])


def _month(name: str) -> int:
    number = _MONTHS.get(name.casefold())
    if number is None:
        raise ValueError(f"{name!r} is no month")
    return number


def _moment(year: int, month: int, day: int, rest: tuple) -> tuple:
    """The datetime of a date and the clock and zone groups ``rest``."""
    hour, minute, second, half, zone, sign, zone_hours, zone_minutes = rest
    hour = int(hour or 0)
    if half:
        if not 1 <= hour <= 12:
            raise ValueError(f"{hour} is no hour of a 12-hour clock")
        hour = hour % 12 + (12 if half in "Pp" else 0)
    moment = datetime(year, month, day, hour, int(minute or 0), int(second or 0))
    if sign:
        offset = timedelta(hours=int(zone_hours), minutes=int(zone_minutes or 0))
        moment -= offset if sign == "+" else -offset
    return moment, bool(zone or sign)


def numeric_match(text: str):
    """NUMERIC's match of ``text`` (a dotted clock read as read_time reads it), or None."""
    return NUMERIC.fullmatch(_colon_clock(text.strip()))


def day_month(text: str) -> bool:
    """Whether ``text`` is a ``d/m/y`` or ``m/d/y`` date (not ``y/m/d``)."""
    match = numeric_match(text)
    return bool(match) and len(match[1]) < 4


def ambiguous(text: str) -> bool:
    """Whether ``text`` is a ``d/m/y`` date whose two first fields could each be the day."""
    match = numeric_match(text)
    return bool(match) and len(match[1]) < 4 and match[1] != match[3] and max(int(match[1]), int(match[3])) <= 12
