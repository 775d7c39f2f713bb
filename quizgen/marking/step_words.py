"""A step of a part's working as feedback names it to a student: as the worked
solutions write it (``e^(-s)``, ``σ(s)``, ``ln``, "the mean of"), never in
the template language (``exp(-s)``, ``mean(-log(p))``: review 49c F4); and
whether a step is only a given number (a parameter, or its negative), which
no student rounds on the way and feedback never names as kept short."""

from __future__ import annotations

import re

from quizgen.maths.parser import Name, Neg

_CALL = re.compile(r"\b(exp|log|mean|sum)\(")
_SIGMOID = re.compile(r"1 ?/ ?\(1 \+ e\^\(-([^()]+)\)\)")


def given_only(node) -> bool:
    """True when the step ``node`` is a parameter or its negative (``-s``): a value the paper prints."""
    while node.__class__ is Neg:
        node = node.operand
    return node.__class__ is Name


def as_solutions_write(text: str) -> str:
    """``text`` (recipes.recipe_text of a step) in the solutions' words:
    ``exp(-s)`` is ``e^(-s)``, ``1/(1 + exp(-s))`` is ``σ(s)``, ``log`` is
    ``ln``, ``mean(-log(p))`` is ``the mean of -ln(p)`` and ``sum(...)`` ``the sum of ...``."""
    out, at = [], 0
    for found in _CALL.finditer(text):
        if found.start() < at:
            continue
        inner, end = _argument(text, found.end())
        word = found.group(1)
        inner = as_solutions_write(inner)
        out.append(text[at:found.start()])
        out.append({"exp": f"e^({inner})", "log": f"ln({inner})", "mean": f"the mean of {inner}",
                    "sum": f"the sum of {inner}"}[word])
        at = end
    out.append(text[at:])
    return _SIGMOID.sub(lambda m: f"σ({m.group(1).strip()})", "".join(out))


def _argument(text: str, start: int) -> tuple:
    """The text between the parenthesis opened just before ``start`` and its match, and the index after it."""
    depth = 1
    for i in range(start, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            return text[start:i], i + 1
    return text[start:], len(text)
