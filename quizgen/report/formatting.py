"""How the reports write their figures and Markdown cells: scores as short
decimals, percentages to one place (a tie away from zero, as the papers
round), counts with their thousands grouped, a class's decimal comma, and any
text made literal in a Markdown table. graded.csv, the students and
questions CSVs, report.md, the class report, the feedback sheets and the LMS
gradebooks all write numbers through these, so they agree."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from quizgen.cells import BIDI_CONTROLS, SHOWN_CONTROLS   # the one list of controls (CSV cells too)
from quizgen.wording import thousands
from quizgen.maths.numbers import fixed, percent
from quizgen.text.md_escape import escaped_marks


@lru_cache(maxsize=1024)
def number_text(value: float) -> str:
    """A score as a short decimal: ``2`` not ``2.0``, at most 4 places. (Cached:
    the reports write the same few scores for thousands of students.)"""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def decimal_mark(text: str, comma: bool) -> str:
    """A figure this module wrote (``56.2``, ``4.5``) with a decimal comma when
    the class writes them (``56,2``): only the mark changes, never the format."""
    return text.replace(".", ",") if comma else text


def whole_number(n: int, comma: bool = False) -> str:
    """A count with its thousands grouped: ``1,234``, or with a decimal-comma
    class ``1\u202f234`` (a narrow no-break space, as SI and both German and
    French usage allow), since there ``1,234`` reads as one point two three four."""
    return thousands(n, bool(comma))


def whole_percent(share: float) -> str:
    """``100 * share`` to a whole number, a tie away from zero (0.125 -> ``13``); ``<1`` for a share
    above 0 that rounds to 0 (1 of 280: a person reads 0% as nobody), ``>99`` for a share below 1 that
    rounds to 100 (279 of 280: 100% reads as everyone). The report's one way to write a share."""
    text = percent(share, 0)
    if text == "0" and share > 0:
        return "<1"
    return ">99" if text == "100" and share < 1 else text


def ecf_said(ecf: int, comma: bool = False) -> str:
    """`` (3 of them by error carried forward)``, said beside the count of correct answers in report.md's
    status table and stdout's; "" for none."""
    return f" ({whole_number(ecf, comma)} of them by error carried forward)" if ecf else ""


@lru_cache(maxsize=4096)
def one_place(value: float) -> str:
    """A percentage to one decimal, a tie away from zero as the papers round
    (13 of 16 is 81.3, where Python's format gives 81.2); a Fraction is rounded
    exactly (23 of 2000 is 1.15%, written 1.2, where the float 1.15 is below the tie). (Cached: a class's
    percentages are a few hundred values, written for each of thousands of students.)"""
    return fixed(value if value.__class__ is Fraction else float(value), 1)


_MD_SPECIAL = "\\`*_<>|[]&~$"
"""What md_cell escapes: Markdown's marks, HTML's < > and & (``&amp;`` would show as "&"), GitHub's
~ (strikethrough) and $ (maths); a special token's brackets ([CLS]) stay bare, as text/md_escape keeps them."""
_MD_MARKS = re.compile("[" + re.escape(_MD_SPECIAL) + "]")


def without_direction_controls(text: str) -> str:
    """``text`` with the bidirectional controls (BIDI_CONTROLS) removed, not replaced: shown as typed."""
    return text.translate(BIDI_CONTROLS)

_CONTROLS = {**SHOWN_CONTROLS, **{ord(c): " " for c in "\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85"}}   # whitespace to str.split
"""For a Markdown cell: as ``cells.SHOWN_CONTROLS``, and every kind of whitespace a space (one line), so
that a cell is one translate pass."""


def display_text(text: str) -> str:
    """``text`` as a page a person reads shows it (the HTML report's Jinja
    ``finalize``: any other value passes through): no bidirectional controls,
    and a control character as U+FFFD, as in report.md."""
    if not isinstance(text, str) or text.isprintable():   # no control of any kind: as it is (most names)
        return text
    return text.translate(SHOWN_CONTROLS)


def md_cell(text) -> str:
    """Text made literal inside a Markdown table cell: one line, every character
    Markdown (or its HTML) would act on escaped, and a bare URL's (_AUTOLINK). A narrow no-break
    space (a decimal-comma class's thousands: ``4\u202f000``) stays: it breaks no line."""
    text = " ".join(str(text).translate(_CONTROLS).replace("\u202f", "\0").split()).replace("\0", "\u202f")
    if not text or text.isalnum():
        return text
    return _AUTOLINK.sub(r"\\\g<0>", escaped_marks(text, _MD_MARKS))


_AUTOLINK = re.compile(r"(?<=[A-Za-z]):(?=//)|(?:(?<=^www)|(?<=[\s*_~(]www))\.", re.IGNORECASE)
"""What makes GitHub's Markdown link a bare URL (``https://``, and ``www.`` at a line's start or after a
space, ``*``, ``_``, ``~`` or ``(``, as GitHub's autolink rule reads it: ``anna_www.x`` links too),
escaped by md_cell (``https\\://``, ``www\\.``: shown as typed, never a link); an e-mail address stays a
mailto link, as no escape stops it."""


def named(code: str, names: dict) -> str:
    """A misconception as the reports name it for a person: its name in words and
    its code (``the wrong sign inside the sigmoid (sigmoid_sign_error)``), or the
    code alone when no trap names it (``names``: {code: name}, the key's; a key
    written before names has none). Plain text: each output escapes it as its own."""
    name = names.get(code)
    return f"{name} ({code})" if name else code


def said(code: str, names: dict) -> str:
    """A misconception as a table cell says it to a person: its name alone (the
    heat map's table pairs each name with its code), or its code when the key names none."""
    return names.get(code) or code


def said_counts(pairs, names: dict, comma: bool = False) -> str:
    """``(code, count)`` pairs as a cell says them: ``dividing logits without exponentiating
    them (6); sum instead of mean (2)``, "" for none; "; " between them, since a name may hold a comma;
    each count grouped (``whole_number``: ``(4,251)``, a decimal-comma class's with a narrow space)."""
    return "; ".join(f"{said(code, names)} ({whole_number(count, comma)})" for code, count in pairs)


def cut_at_word(text: str, limit: int, ellipsis: str = "\u2026") -> str:
    """``text`` whole when it has at most ``limit`` characters; else cut at a word
    (within it, where one ends past its first 8 characters) and ``ellipsis`` added,
    the whole at most ``limit`` characters: a trap's name where a line or a label has
    room for so many (the heat map's labels; grade's summary, with ``...``)."""
    if len(text) <= limit:
        return text
    head = text[:limit - len(ellipsis)]
    if text[len(head)] != " " and " " in head[8:]:
        head = head.rsplit(" ", 1)[0]
    return head.rstrip(" ,;:-") + ellipsis


def counted_name(code: str, count: int, names: dict, width: int) -> str:
    """A misconception and its count as grade's summary writes them in ``width``
    characters: ``the wrong sign inside the sigmoid (15)``, its name cut short
    (``cut_at_word``) to leave room for the count; the code for a trap without a name."""
    tail = f" ({thousands(count)})"
    name = names.get(code)
    return (cut_at_word(name, max(width - len(tail), 20), "...") if name else code) + tail
