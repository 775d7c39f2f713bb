"""A stem's LaTeX cut into its top-level paragraphs, so that the problem paper can set
the first ones beside a figure and the rest across the full width (problems.tex.j2,
``\\qzbeside``): a paragraph of plain text may change width between its lines, a list
or a display may not."""

from __future__ import annotations

import re

_BLANK_LINE = re.compile(r"\n[ \t]*\n")
_BRACE = re.compile(r"(?<!\\)[{}]")
_ENVIRONMENT = re.compile(r"\\(begin|end)\{")
_NOT_PLAIN = re.compile(r"\\begin\{|\\\[|\$\$|\\item\b|\\par\b")


def tex_paragraphs(text: str) -> list:
    """``text``'s paragraphs, each ``{"text", "plain"}``: cut only at a blank line outside
    every brace and environment (``plain``: no environment or display in it). A text whose
    braces do not balance is one piece."""
    pieces, current = [], []
    for chunk in _BLANK_LINE.split(text.strip()):
        current.append(chunk)
        joined = "\n\n".join(current)
        if _depth(joined) == 0:
            pieces.append(joined)
            current = []
    if current:
        return [{"text": text.strip(), "plain": False}]
    return [{"text": piece, "plain": _NOT_PLAIN.search(piece) is None} for piece in pieces if piece.strip()]


def _depth(text: str) -> int:
    """How many braces and environments ``text`` leaves open."""
    braces = sum(1 if brace == "{" else -1 for brace in _BRACE.findall(text))
    return braces + sum(1 if word == "begin" else -1 for word in _ENVIRONMENT.findall(text))
