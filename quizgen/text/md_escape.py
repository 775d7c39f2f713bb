"""Text made literal in Markdown: every character a viewer would read as markup
escaped with a backslash, except the brackets of a special token such as [MASK]
or [CLS], which the templates' own text writes bare. A bracketed word of capitals
followed by no ``(`` or ``[`` cannot open a link, nor define a reference unless a
``:`` follows it with nothing before it on its line but spaces and the marks of a
list item or a quote (``- [MASK]: URL``, ``> [MASK]: URL``), where it is escaped, so
the same token reads the same wherever it comes from, and text pasted where
Markdown is not read shows no stray backslashes. Every Markdown output's escaper
keeps the tokens so (escaped_marks: a filled value, a feedback sheet's figure's alt
text), and template text's escapes are read back by one table (MD_UNESCAPE)."""

from __future__ import annotations

import re
from functools import lru_cache

_MD_PATTERN = re.compile(r"[\\`*_<>|\[\]$]")   # a $ too: viewers with maths would open maths
_SPECIAL_TOKEN = re.compile(r"\[[A-Z]{2,10}\](?![(\[])")
_BLOCK_START = re.compile(r"(?:[ \t]*(?:>|[-+*][ \t]|\d{1,9}[.)][ \t]))*[ \t]*")
"""What may come before a link reference definition on its line: spaces, and the marks that open a
quote (``>``) or a list item (``-``, ``+``, ``*``, ``1.``, ``1)``), nested any way."""

ESCAPABLE = "`*_<>|[]${}#&~%"
"""The characters a backslash escapes in template text outside maths: Markdown's marks and the TeX
escapes validate asks for (``\\}`` for a brace as a character)."""
MD_UNESCAPE = re.compile(r"\\\\|\\([" + re.escape(ESCAPABLE) + "])")
"""Such an escape (group 1: its character), or a ``\\\\`` (no group), read as one so that the character
after it is not taken as escaped: every plain-text and HTML output shows the character (text/plain.py,
lms/html.py), each saying what it does with the ``\\\\``."""


@lru_cache(maxsize=65536)   # the same words and names are escaped in question after question
def escaped_md(text: str) -> str:
    """``text`` with Markdown's special characters escaped, a special token's brackets kept."""
    return escaped_marks(text, _MD_PATTERN)


def escaped_marks(text: str, marks: re.Pattern) -> str:
    """``text`` with each match of ``marks`` (one character each) escaped by a backslash, but for
    the brackets of a special token that can neither open a link nor define a reference."""
    kept, pieces = 0, []
    for token in _SPECIAL_TOKEN.finditer(text):
        if not _could_define(text, token):
            pieces += [marks.sub(r"\\\g<0>", text[kept:token.start()]), token.group()]
            kept = token.end()
    return "".join(pieces) + marks.sub(r"\\\g<0>", text[kept:])


def _could_define(text: str, token) -> bool:
    """Whether ``[TOKEN]:`` may define a link reference: the ``:`` follows it, and nothing but
    spaces and a list item's or a quote's marks (_BLOCK_START) comes before it on its line."""
    return text[token.end():token.end() + 1] == ":" and \
        _BLOCK_START.fullmatch(text[:token.start()].rpartition("\n")[2]) is not None
