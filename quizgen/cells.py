"""Cells written to CSV files that a spreadsheet will open: a cell that a
spreadsheet would run as a formula (``=cmd|...``, ``@SUM(1)``) is guarded
with a leading quote, also when invisible format characters (a zero-width
space, a byte-order mark, a direction control such as U+202E) or spaces,
ASCII's or beyond (a no-break space, U+3000, U+2028), come before its ``=``: a
spreadsheet may drop, trim or ignore them. The bidirectional controls
(BIDI_CONTROLS) are removed from every cell, as the Markdown and HTML reports
remove them: U+202E in a name would show the rest of its row reversed. A
control character (NUL, a bell, ESC, a C1 control) becomes U+FFFD, as on the
page: ``cat graded.csv`` must not let a student's ESC drive the terminal. Every
CSV output uses this, whatever wrote the text: a student, a key, a bank or an
LMS export."""

from __future__ import annotations

import re
import unicodedata

BIDI_CONTROLS = dict.fromkeys([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)])
"""The bidirectional controls (marks, embeddings, overrides, isolates) as a str.translate table that
removes them: a name with U+202E would reverse the rest of its line in a bidi-aware viewer. The one
list: the CSV cells here, :func:`quizgen.report.formatting.without_direction_controls` (the HTML
report, the PDF sheets) and :func:`~quizgen.report.formatting.md_cell` (every Markdown cell) remove
these; a key's misconception code refuses them with every other unprintable character (``key.checks.code``)."""

SHOWN_CONTROLS = {**{code: "\ufffd" for code in [*range(0x20), 0x7F, *range(0x80, 0xA0)] if chr(code) not in "\t\n\r"},
                  **BIDI_CONTROLS}
"""A str.translate table for text shown to people or terminals: a control character (a bell, ESC,
NUL) becomes U+FFFD, a bidi control is removed; tabs and line breaks are kept. CSV cells, the HTML
page and report.md (``quizgen.report.formatting``) use this one table."""

_SHOWN_AS_REPLACEMENT = "".join(chr(code) for code, shown in SHOWN_CONTROLS.items() if shown == "\ufffd")
_CONTROLS = re.compile(f"[{re.escape(_SHOWN_AS_REPLACEMENT)}]")
"""The control characters SHOWN_CONTROLS shows as U+FFFD: C0 but tab and line ends, DEL, C1 (U+009B
is the 8-bit CSI a terminal acts on as ESC [)."""


def first_control(text: str) -> str:
    """The first control character a terminal may act on in ``text`` (``_CONTROLS``), or ""."""
    found = None if text.isprintable() else _CONTROLS.search(text)
    return found.group() if found else ""


_SPLIT_SPACES = "\x0b\x0c\x85"   # VT, FF, NEL: whitespace to str.split
_ACTED_ON = re.compile("[" + re.escape("".join(c for c in _SHOWN_AS_REPLACEMENT if c not in _SPLIT_SPACES)) + "]")
"""``_CONTROLS`` but the ones that are whitespace to str.split (VT, FF, NEL), which a roster cell's
spaces are collapsed with and the id rule ignores as it does spaces."""


def has_control(value: str) -> bool:
    """Whether an id or name read from a file holds a control character a terminal acts on (``_ACTED_ON``:
    ESC, a bell, DEL, a C1 control such as the 8-bit CSI U+009B; NUL padding at its end aside, as a
    fixed-width export writes): the one rule a roster's cells, an answers row's id and an overrides
    row's id are refused or left unread by."""
    return not value.isprintable() and _ACTED_ON.search(value.rstrip("\x00")) is not None


_RISKY_START = frozenset("=+-@\t\r\n")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?%?")


def spreadsheet_safe(text: str) -> str:
    """``text`` that no spreadsheet runs as a formula: a cell starting with
    ``= + - @`` (or tab, carriage return, line feed), after any spaces and invisible
    format characters (``_invisible_lead``), that is not a number gets a leading
    quote; a control character (NUL, which many CSV readers stop at, a bell,
    ESC) becomes U+FFFD; the bidirectional controls are removed."""
    if not text.isprintable():
        text = text.translate(SHOWN_CONTROLS)
    if text and _risky_first(text[0]):
        start = _invisible_lead(text)
        if start < len(text) and text[start] in _RISKY_START and not _NUMBER.fullmatch(text, start):
            return "'" + text
    return text


def quoted_as_shown(text: str) -> str:
    """``text`` (a student's answer) quoted in a reason as its CSV cell shows
    it, so that the two agree: a control character as U+FFFD, its code named
    after the quote (a NUL in ``0.71 57``: ``'0.71?57' (?: the control character
    U+0000)``, each ? a U+FFFD), a bidi control removed; what a line cannot
    show (a line break, a tab, an invisible format character) escaped as Python writes it."""
    shown = text.translate(SHOWN_CONTROLS)
    quoted = f"'{shown}'" if shown.isprintable() else repr(shown)
    codes = sorted({f"U+{ord(c):04X}" for c in text if SHOWN_CONTROLS.get(ord(c)) == "\ufffd"})
    if codes:
        more = ", ..." if len(codes) > 3 else ""
        quoted += f" (\ufffd: the control character{'s' * (len(codes) > 1)} {', '.join(codes[:3])}{more})"
    return quoted


def unguard(cell: str) -> str:
    """``cell`` without the leading quote :func:`spreadsheet_safe` added (a
    student id or answer read back from a file quizgen wrote): a quote before
    ``= + - @``, tab, CR or LF, or before invisible characters and then one of them."""
    if cell[:1] != "'" or len(cell) < 2 or not _risky_first(cell[1]):
        return cell
    start = _invisible_lead(cell, 1)
    return cell[1:] if start < len(cell) and cell[start] in _RISKY_START else cell


def text_formula_value(cell: str) -> str:
    """The text inside Excel's text idiom ``="..."`` (``="s012"``, written so that a
    spreadsheet keeps an id's leading zeros; ``""`` inside is one quote), else ``cell``
    as it is: the one rule every cell of an answers file (an id, a question, a part,
    an answer) is read by."""
    if cell[:2] != '="' or len(cell) < 3 or cell[-1] != '"':
        return cell
    inner = cell[2:-1]
    return inner.replace('""', '"') if '"' not in inner.replace('""', "") else cell


def safe_cells(cells: list) -> list:
    """The cells of a row made spreadsheet-safe (the same list when all are)."""
    for cell in cells:
        if cell and (_risky_first(cell[0]) or not cell.isprintable()):
            return [spreadsheet_safe(c) for c in cells]
    return cells


def _risky_first(char: str) -> bool:
    """Whether a cell starting with ``char`` may be a formula: ``= + - @``, tab
    or CR, or a space, ASCII's or one beyond it that shows nothing, which may hide one
    (a spreadsheet may trim it): other cells are passed at once."""
    return char in _RISKY_START or char == " " or (char > "\x7f" and _unseen(char))


def _invisible_lead(text: str, start: int = 0) -> int:
    """Where ``text`` shows its first visible character from ``start``: past the
    format characters (Unicode category Cf: U+200B-U+200F, U+202A-U+202E,
    U+2060-U+2069, U+061C, U+FEFF, a soft hyphen...) and the spaces and line or
    paragraph separators (a no-break space, U+3000, U+2028), which show nothing
    and a spreadsheet may trim."""
    while start < len(text) and (text[start] == " " or (text[start] > "\x7f" and _unseen(text[start]))):
        start += 1
    return start


def _unseen(char: str) -> bool:
    """A character beyond ASCII that shows nothing: a format character or any space or separator."""
    return char.isspace() or unicodedata.category(char) in ("Cf", "Zs", "Zl", "Zp")
