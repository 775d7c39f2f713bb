"""Display-size fractions in worked solutions: an inline ``\\frac`` in a line
of text is set in text style, its numbers shrunk to script size; a reader
checking a step must read them, so solutions print ``\\dfrac`` instead."""

from __future__ import annotations

import re

_MATH_SPAN = re.compile(r"(?<![\\$])\$(?!\$)(.+?)(?<!\\)\$", re.S)
_FRAC_OR_BRACE = re.compile(r"\\\\|\\[{}]|\\frac(?![A-Za-z])|[{}]")


def display_fractions(text: str) -> str:
    """``text`` with every outermost ``\\frac`` of its ``$...$`` maths written
    ``\\dfrac``; a fraction inside braces (an exponent, a numerator) keeps the
    size TeX gives it there, and ``\\frac`` written as text (``\\\\frac``) is left."""
    if r"\frac" not in text:   # most of a solution's texts: no scan needed
        return text
    return _MATH_SPAN.sub(lambda m: "$" + _outermost_dfrac(m.group(1)) + "$", text)


def _outermost_dfrac(maths: str) -> str:
    """One formula with its ``\\frac`` at brace depth 0 made ``\\dfrac``."""
    pieces, depth, start = [], 0, 0
    for token in _FRAC_OR_BRACE.finditer(maths):
        kind = token.group()
        if kind == "{":
            depth += 1
        elif kind == "}":
            depth = max(depth - 1, 0)
        elif kind == r"\frac" and depth == 0:
            pieces += [maths[start:token.start()], r"\dfrac"]
            start = token.end()
    return "".join(pieces) + maths[start:]
