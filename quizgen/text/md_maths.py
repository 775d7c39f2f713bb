"""Template text's maths written for Markdown viewers that show maths (GitHub, VS Code,
pandoc, markdown-it with a dollar-maths plugin), and kept whole by CommonMark renderers
without one: ``\\[ ... \\]`` and ``$$ ... $$`` as ``$$`` on lines of their own around
the formula on one line, ``\\( ... \\)`` as ``$...$``, ``$...$`` as written.

CommonMark reads ``\\[`` and ``\\(`` as an escaped bracket, so written as they are the
maths would print as ``[ x^2 ]``. It reads block markers before maths: a formula's line
starting ``- ``, ``1. ``, ``# `` or ``> `` would become a list, heading or quote, so a
formula's lines are joined into one (TeX ignores the newlines, and a ``%`` comment ends
where its line did), and a display's line that would still start with a marker starts
with ``\\displaystyle`` (a no-op in a display). A backslash before punctuation is a
CommonMark escape, so ``\\,``, ``\\!``, ``\\{``, ``\\}`` and ``\\|`` in maths are written
as their letter-named twins (``\\thinspace`` ...), which every viewer reads alike.
The template's text is converted before Jinja2 fills it: a ``\\[`` that escape_md
writes into a filled value (``[MASK]`` as ``\\[MASK\\]``) is a bracket, not maths."""

from __future__ import annotations

import re
from functools import lru_cache

from quizgen.text.tex_markdown import check_dollars, maths_spans, masked_jinja

_DISPLAYS = ("\\[", "$$")
_EATEN = {",": "\\thinspace", "!": "\\negthinspace", "{": "\\lbrace", "}": "\\rbrace", "|": "\\Vert"}
"""Control symbols CommonMark would read as escaped punctuation, with their letter-named twins."""
_PIECE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}|\\[A-Za-z]+|\\\n|\\[^A-Za-z]|[ \t]*%[^\n]*\n\s*|\s*\n\s*", re.S)
"""What a formula's line may change: Jinja2 tags (kept), control sequences, comments, line breaks."""
_BLOCK_MARKER = re.compile(r"[-+*>#=_~`<|:]|\d+[.)]")
"""How a line starts that CommonMark may read as a list, heading, quote, fence, rule or HTML."""


@lru_cache(maxsize=8192)
def markdown_maths(source: str) -> str:
    """``source`` (template text before filling) with its maths in the form Markdown viewers read."""
    if "$" not in source and "\\[" not in source and "\\(" not in source:
        return source
    pieces, start, after_display = [], 0, False
    for begin, end, opener in maths_spans(masked_jinja(source)):
        before = _after(source[start:begin], after_display)
        if opener == "$":
            pieces += [before, f"${_one_line(source[begin + 1:end - 1])}$"]
        elif opener in _DISPLAYS:
            line = _one_line(source[begin + 2:end - 2]).strip()
            line = "\\displaystyle " + line if _BLOCK_MARKER.match(line) else line
            pieces += [_before_display(before), f"$$\n{line}\n$$"]
        else:
            body = _one_line(source[begin + 2:end - 2]).strip()
            pieces += [before, f"${body}$" if body else ""]
        start, after_display = end, opener in _DISPLAYS
    return "".join(pieces) + _after(source[start:], after_display)


def _one_line(body: str) -> str:
    """A formula's ``body`` on one line, each escape CommonMark would eat in its letter-named form.
    A line break (and a ``%`` comment before it) becomes one space, as TeX reads it."""
    def piece(found: re.Match) -> str:
        token = found.group(0)
        if token[0] == "{":
            return token
        if token == "\\\n":
            return "\\ "
        if token[0] == "\\":
            twin = _EATEN.get(token[1:])
            if twin is None:
                return token
            following = body[found.end():found.end() + 1]
            return twin + " " if following.isalpha() or following == "{" else twin
        return " "
    return _PIECE.sub(piece, body) if ("\\" in body or "\n" in body) else body


def check_markdown_dollars(filled: str) -> None:
    """Raise TemplateError when filled Markdown text holds a ``$`` its paragraph does not close,
    as a LaTeX paper does (tex_markdown.check_dollars): it would garble the paper's maths."""
    if "$" not in filled:
        return
    start = 0
    for begin, end, _opener in maths_spans(filled):
        check_dollars(filled[start:begin])
        start = end
    check_dollars(filled[start:])


def _before_display(text: str) -> str:
    """``text`` ending where a display's ``$$`` starts its own line (a bullet's ``- `` kept before it)."""
    text = text.rstrip(" \t")
    if not text or text.endswith("\n"):
        return text
    return text + " " if text.rpartition("\n")[2] == "-" else text + "\n"


def _after(text: str, after_display: bool) -> str:
    """``text``, when it follows a display's closing ``$$``, started on a line of its own."""
    if not after_display or not text:
        return text
    text = text.lstrip(" \t")
    return text if not text or text.startswith("\n") else "\n" + text
