"""The template-text Markdown subset (paragraphs, ``- `` bullets, ``**bold**``,
``"quotes"``, ``$math$``) as LaTeX, for text filled in the tex format."""

from __future__ import annotations

import re

_MATH_SPLIT = re.compile(r"((?<!\\)\$.*?(?<!\\)\$)", re.S)
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_QUOTED = re.compile(r'"([^"\n]+)"')
_LOOSE_SPECIALS = re.compile(r"(?<!\\)([%&#])")


def markdown_to_tex(text: str) -> str:
    """The template-text Markdown subset as LaTeX: bullets become itemize,
    bold becomes textbf, quotes become TeX quotes, and stray % & # are escaped."""
    blocks = re.split(r"\n\s*\n", text.strip())
    return "\n\n".join(_tex_block(block) for block in blocks)


def _tex_block(block: str) -> str:
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    if lines and all(line.startswith("- ") for line in lines):
        items = "\n".join(f"  \\item {_tex_inline(line[2:])}" for line in lines)
        return f"\\begin{{itemize}}\n{items}\n\\end{{itemize}}"
    return _tex_inline(block)


def _tex_inline(text: str) -> str:
    pieces = _MATH_SPLIT.split(text)
    for i in range(0, len(pieces), 2):
        piece = _LOOSE_SPECIALS.sub(r"\\\1", pieces[i])
        piece = _BOLD.sub(r"\\textbf{\1}", piece)
        pieces[i] = _QUOTED.sub(r"``\1''", piece)
    return "".join(pieces)
