"""A PDF's own strings (its title, its bookmarks) as hexadecimal UTF-16: what
a user typed (a title of ``)``, ``\\input{/etc/passwd}``, any script) reaches
neither TeX nor the PDF's syntax as anything but hexadecimal digits, and a
viewer or screen reader shows it as typed (templates/pdfmeta.tex.j2)."""

from __future__ import annotations

import unicodedata

LIMIT = 200   # characters of a title or bookmark; a longer one ends in "…"


def pdf_string(text) -> str:
    """``text`` as a PDF hex string, ``<FEFF...>`` (UTF-16BE after its byte
    order mark): on one line (a control character a space, runs of spaces one),
    cut to LIMIT characters."""
    shown = "".join(_printable(c) for c in str(text or ""))
    shown = " ".join(shown.split())
    if len(shown) > LIMIT:
        shown = shown[:LIMIT - 1] + "\u2026"
    return "<FEFF" + shown.encode("utf-16-be").hex().upper() + ">"


def _printable(char: str) -> str:
    """A control character as a space, a lone surrogate (no UTF-16 form) as U+FFFD, any other as it is."""
    kind = unicodedata.category(char)
    return " " if kind == "Cc" else "\ufffd" if kind == "Cs" else char
