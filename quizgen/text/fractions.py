"""Display-size fractions in worked solutions: an inline ``\\frac`` in a line
of text is set in text style, its numbers shrunk to script size; a reader
checking a step must read them, so solutions print ``\\dfrac`` instead."""

from __future__ import annotations

import re

_MATH_SPAN = re.compile(r"(?<![\\$])\$(?!\$)(.+?)(?<!\\)\$", re.S)
_BIG_OPERATORS = r"sum|prod|coprod|int|oint|bigcup|bigcap"
_TOKEN = re.compile(r"\\\\|\\[{}]|\\d?frac(?![A-Za-z])|\\(?:" + _BIG_OPERATORS + r")(?![A-Za-z])|[{}]")
_LIMITS = re.compile(r"\s*\\(?:no)?limits(?![A-Za-z])")


def display_fractions(text: str) -> str:
    """``text`` with every outermost ``\\frac`` of its ``$...$`` maths written
    ``\\dfrac``; a fraction inside braces (an exponent, a numerator) keeps the
    size TeX gives it there, and ``\\frac`` written as text (``\\\\frac``) is left."""
    if r"\frac" not in text:   # most of a solution's texts: no scan needed
        return text
    return _MATH_SPAN.sub(lambda m: "$" + _outermost_dfrac(m.group(1)) + "$", text)


def _outermost_dfrac(maths: str) -> str:
    """One formula with its ``\\frac`` at brace depth 0 made ``\\dfrac``; beside
    such a fraction a sum (a product, ...) at depth 0 is display-size too, its
    limits still at its side: a big 1/|M| next to a small sigma looks a misprint."""
    pieces, operators, depth, start = [], [], 0, 0
    for token in _TOKEN.finditer(maths):
        kind = token.group()
        if kind == "{":
            depth += 1
        elif kind == "}":
            depth = max(depth - 1, 0)
        elif depth == 0 and kind == r"\frac":
            pieces += [maths[start:token.start()], r"\dfrac"]
            start = token.end()
        elif depth == 0 and kind not in (r"\dfrac", "\\\\", r"\{", r"\}"):
            operators.append(len(pieces))
            pieces += [maths[start:token.start()], kind]
            start = token.end()
    pieces.append(maths[start:])
    if r"\dfrac" in pieces:
        for at in operators:
            if not _LIMITS.match(pieces[at + 2]):
                pieces[at + 1] = r"\displaystyle" + pieces[at + 1] + r"\nolimits"
    return "".join(pieces)
