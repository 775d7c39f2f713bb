"""Template text's maths written for Markdown viewers that show maths (GitHub, VS Code,
pandoc): ``\\[ ... \\]`` and ``$$ ... $$`` as ``$$`` on lines of their own, ``\\( ... \\)``
as ``$...$``, ``$...$`` as written. CommonMark reads ``\\[`` and ``\\(`` as an escaped
bracket, so written as they are the maths would print as ``[ x^2 ]``. A blank line
inside displayed maths is dropped (it would end the formula). The template's text is
converted before Jinja2 fills it: a ``\\[`` that escape_md writes into a filled value
(``[MASK]`` as ``\\[MASK\\]``) is a bracket, not maths."""

from __future__ import annotations

from functools import lru_cache

from quizgen.text.tex_markdown import BLANK_LINE, maths_spans, masked_jinja

_DISPLAYS = ("\\[", "$$")


@lru_cache(maxsize=8192)
def markdown_maths(source: str) -> str:
    """``source`` (template text before filling) with its maths in the form Markdown viewers read."""
    if "\\[" not in source and "\\(" not in source and "$$" not in source:
        return source
    pieces, start, after_display = [], 0, False
    for begin, end, opener in maths_spans(masked_jinja(source)):
        if opener == "$":
            continue
        before = _after(source[start:begin], after_display)
        body = BLANK_LINE.sub("\n", source[begin + 2:end - 2]).strip()
        if opener in _DISPLAYS:
            pieces += [_before_display(before), f"$$\n{body}\n$$"]
        else:
            pieces += [before, f"${body}$" if body else ""]
        start, after_display = end, opener in _DISPLAYS
    return "".join(pieces) + _after(source[start:], after_display)


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
