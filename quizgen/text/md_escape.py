"""Text made literal in Markdown: every character a viewer would read as markup
escaped with a backslash, except the brackets of a special token such as [MASK]
or [CLS], which the templates' own text writes bare. A bracketed word of capitals
followed by no ``(`` or ``[`` cannot open a link, nor define a reference unless a
``:`` follows it at the start of a line (no line of quizgen's own output defines
one), so the same token reads the same wherever it comes from, and text pasted
where Markdown is not read shows no stray backslashes."""

from __future__ import annotations

import re
from functools import lru_cache

_MD_PATTERN = re.compile(r"([\\`*_<>|\[\]$])")   # a $ too: viewers with maths would open maths
_SPECIAL_TOKEN = re.compile(r"\[[A-Z]{2,10}\](?![(\[])")


@lru_cache(maxsize=65536)   # the same words and names are escaped in question after question
def escaped_md(text: str) -> str:
    """``text`` with Markdown's special characters escaped, a special token's brackets kept."""
    kept, pieces = 0, []
    for token in _SPECIAL_TOKEN.finditer(text):
        if not _could_define(text, token):
            pieces += [_MD_PATTERN.sub(r"\\\1", text[kept:token.start()]), token.group()]
            kept = token.end()
    return "".join(pieces) + _MD_PATTERN.sub(r"\\\1", text[kept:])


def _could_define(text: str, token) -> bool:
    """Whether ``[TOKEN]:`` starts a line of ``text``, as a link reference definition does."""
    return text[token.end():token.end() + 1] == ":" and not text[:token.start()].rpartition("\n")[2].strip()
