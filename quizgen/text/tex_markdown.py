"""The template-text Markdown subset (paragraphs, ``- `` bullets, ``**bold**``,
``"quotes"``, maths) as LaTeX, for text filled in the tex format.

Maths is ``$...$``, ``\\(...\\)``, ``\\[...\\]`` or ``$$...$$``: kept as written,
so an ``array``'s or ``aligned``'s ``&`` still separates its columns. Outside
maths a ``&`` is a character (``\\&``), except inside ``\\begin{tabular}``, the one
alignment a bank may set outside maths; ``alignment_outside_maths`` finds the
others (``array``, ``aligned``, the ``matrix`` family ...) written outside maths,
where their ``&`` would print as a character, so that the bank is refused when it loads."""

from __future__ import annotations

import re

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_QUOTED = re.compile(r'"([^"\n]+)"')
_LOOSE_SPECIALS = re.compile(r"(?<!\\)([%&#])")
_TABLE_SPECIALS = re.compile(r"(?<!\\)([%#])")   # in a tabular, & separates columns
_TOKEN = re.compile(r"\\(?:begin|end)[ \t\r\n]*\{([A-Za-z]+\*?)\}|\\.|\$\$|\$", re.S)
_OPENERS = {"$": "$", "$$": "$$", "\\(": "\\)", "\\[": "\\]"}
_CLOSERS = {"$": re.compile(r"\\.|\$", re.S), "$$": re.compile(r"\\.|\$\$", re.S),
            "\\)": re.compile(r"\\.", re.S), "\\]": re.compile(r"\\.", re.S)}
_JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
TEXT_TABLES = frozenset({"tabular"})
"""Alignments a bank's text may set outside maths (their ``&`` kept)."""
MATHS_ALIGNMENTS = frozenset("""aligned alignedat gathered split cases dcases array matrix pmatrix bmatrix
    Bmatrix vmatrix Vmatrix smallmatrix subarray""".split())
"""Alignments (and other environments) of maths only: outside maths TeX stops or prints their ``&``."""


def markdown_to_tex(text: str) -> str:
    """The template-text Markdown subset as LaTeX: bullets become itemize,
    bold becomes textbf, quotes become TeX quotes, and stray % & # are escaped."""
    blocks = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(_tex_block(block) for block in blocks)


def alignment_outside_maths(text: str) -> str | None:
    """The first ``\\begin{array}`` (or another maths-only environment) of a template's
    ``text`` that stands outside maths, or None: there its ``&`` would print as a character.
    Jinja2's tags are read as a space (what they print is escaped for LaTeX)."""
    if "\\begin" not in text:
        return None
    return _outside_maths(_JINJA.sub(" ", text))


def _outside_maths(text: str) -> str | None:
    """``alignment_outside_maths`` of text without Jinja2's tags (a tabular's cells too)."""
    for kind, piece in _regions(text):
        found = _outside_maths(piece[1]) if kind == "table" else None
        for token in _TOKEN.finditer(piece) if kind == "text" else ():
            if token.group(0).startswith("\\begin") and token.group(1).rstrip("*") in MATHS_ALIGNMENTS:
                found = found or f"\\begin{{{token.group(1)}}}"
        if found:
            return found
    return None


def _tex_block(block: str) -> str:
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    if lines and all(line.startswith("- ") for line in lines):
        items = "\n".join(f"  \\item {_tex_inline(line[2:])}" for line in lines)
        return f"\\begin{{itemize}}\n{items}\n\\end{{itemize}}"
    return _tex_inline(block)


def _tex_inline(text: str, specials: re.Pattern = _LOOSE_SPECIALS) -> str:
    """``text`` as LaTeX: its maths as written, a tabular's cells with their ``&``, the rest
    with % & # escaped (``specials``), bold and quotes."""
    pieces = []
    for kind, piece in _regions(text):
        if kind == "maths":
            pieces.append(piece)
        elif kind == "table":
            head, body, tail = piece
            pieces.append(head + _tex_inline(body, _TABLE_SPECIALS) + tail)
        else:
            piece = specials.sub(r"\\\1", piece)
            piece = _BOLD.sub(r"\\textbf{\1}", piece)
            pieces.append(_QUOTED.sub(r"``\1''", piece))
    return "".join(pieces)


def _regions(text: str) -> list:
    """``text`` cut into ("text", piece), ("maths", piece) and ("table", (begin, body, end))
    regions, in order; an opening ``$`` or ``\\[`` with no close, or a ``\\begin{tabular}``
    with no ``\\end``, is text. A backslash pair (``\\\\``, ``\\$``) never opens or closes one."""
    regions, start, pos = [], 0, 0
    while True:
        found = _TOKEN.search(text, pos)
        if found is None:
            break
        token, pos = found.group(0), found.end()
        if token in _OPENERS:
            end = _close(text, pos, _OPENERS[token])
            region = ("maths", text[found.start():end]) if end is not None else None
        elif found.group(1) in TEXT_TABLES and token.startswith("\\begin"):
            end, body_end = _environment_end(text, pos, found.group(1))
            region = ("table", (token, text[pos:body_end], text[body_end:end])) if end is not None else None
        else:
            continue
        if region is not None:
            regions += [("text", text[start:found.start()]), region]
            start = pos = end
    regions.append(("text", text[start:]))
    return [(kind, piece) for kind, piece in regions if piece]


def _close(text: str, pos: int, closer: str):
    """Where the maths opened before ``pos`` ends (after ``closer``), or None."""
    for found in _CLOSERS[closer].finditer(text, pos):
        if found.group(0) == closer:
            return found.end()
    return None


def _environment_end(text: str, pos: int, name: str) -> tuple:
    """(after its ``\\end``, where its ``\\end`` starts) of the environment ``name`` begun
    before ``pos``, counting the same environment nested in it; (None, None) when it has no end."""
    depth = 1
    for found in _TOKEN.finditer(text, pos):
        if found.group(1) == name:
            depth += 1 if found.group(0).startswith("\\begin") else -1
            if depth == 0:
                return found.end(), found.start()
    return None, None
