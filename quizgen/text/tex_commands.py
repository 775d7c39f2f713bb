"""TeX commands no template may use. LuaLaTeX (chosen for text pdflatex cannot
set) runs Lua, whose file functions read and write anywhere whatever TeX's
own file limits say; so a template may not name a Lua command, nor build a
command's name from characters (``\\csname``, ``^^5c``, a changed catcode),
which could reach one in disguise. Checked in a bank's text when it loads
(bank/yamlfile.py) and in every document before LaTeX sees it (generation/pdf.py)."""

from __future__ import annotations

import re

_REFUSED = re.compile(
    r"(?<!\\)(?:\\\\)*(\\(?:[A-Za-z]*lua[A-Za-z]*|csname|begincsname|lastnamedcs|UseName|primitive|pdfprimitive"
    r"|scantokens|scantextokens|catcode|makeatletter|ExplSyntaxOn)(?![A-Za-z])|\^\^)")
"""A refused command (not a ``\\\\`` line break followed by letters), or TeX's ``^^`` character code."""

WHY = ("quizgen refuses TeX commands that reach Lua or build a command's name "
       "(Lua can read and write any file)")


def refused_tex(text: str) -> str | None:
    """The first TeX command in ``text`` that no template may use, or None."""
    found = _REFUSED.search(text)
    return found.group(1) if found else None
