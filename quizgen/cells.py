"""Cells written to CSV files that a spreadsheet will open: a cell that a
spreadsheet would run as a formula (``=cmd|...``, ``@SUM(1)``) is guarded
with a leading quote. Every CSV output uses this, whatever wrote the text:
a student, a key, a bank or an LMS export."""

from __future__ import annotations

import re

_RISKY_START = frozenset("=+-@\t\r")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?%?")


def spreadsheet_safe(text: str) -> str:
    """``text`` that no spreadsheet runs as a formula: a cell starting with
    ``= + - @`` (or tab, carriage return) that is not a number gets a leading
    quote; a NUL byte, which many CSV readers stop at, becomes U+FFFD."""
    if "\x00" in text:
        text = text.replace("\x00", "\ufffd")
    if text and text[0] in _RISKY_START and not _NUMBER.fullmatch(text):
        return "'" + text
    return text


def unguard(cell: str) -> str:
    """``cell`` without the leading quote :func:`spreadsheet_safe` added (a
    student id or answer read back from a file quizgen wrote)."""
    return cell[1:] if cell[:1] == "'" and cell[1:2] and cell[1] in _RISKY_START else cell


def safe_cells(cells: list) -> list:
    """The cells of a row made spreadsheet-safe (the same list when all are)."""
    for cell in cells:
        if cell and (cell[0] in _RISKY_START or "\x00" in cell):
            return [spreadsheet_safe(c) for c in cells]
    return cells
