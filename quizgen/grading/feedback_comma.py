"""A worked solution written with decimal commas, for the feedback sheets of
a class that writes them: commas in prose, ``{,}`` in maths and all through
LaTeX, the figure's labels but never its coordinates."""

from __future__ import annotations

import re
from bisect import bisect_left

from quizgen.text.spans import MATHS, spans, substituted

_MATHS = tuple(kind._replace(shortest=1) for kind in MATHS)
"""``$$.+?$$``, ``$.+?$``, ``\\(.+?\\)``, ``\\[.+?\\]``, a ``\\$`` being a dollar sign,
found in linear time (no ReDoS)."""
_DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")   # a decimal point between digits
_SVG_TEXT = re.compile(r">[^<]+<")
_NODE, _SPACES = re.compile(r"\bnode"), re.compile(r"\s*+")
# in LaTeX, unless the number is a length (0.8em, 0.5\linewidth)
_TEX_DECIMAL = re.compile(r"(?<=\d)\.(?=\d+(?![\d.]|(?:em|ex|pt|cm|mm|in|bp|sp|pc|\\[a-z]*(?:width|height|size))))")


def comma_view(view: dict, fmt: str) -> dict:
    """A question view whose text (stem, forecast, steps, check, answers, the
    note on how they are rounded, the figure's labels) writes every decimal
    with a comma (comma_text; in LaTeX ``{,}`` prints as a comma without a
    space)."""
    figure = view.get("figure")
    if figure and fmt == "tex":   # only the labels: coordinates keep their points
        figure = {**figure, "solution": _tikz_labels(figure["solution"], lambda label: _TEX_DECIMAL.sub("{,}", label))}
    elif figure:                  # SVG: the text between tags, never an attribute
        figure = {**figure, "solution": _SVG_TEXT.sub(lambda m: _DECIMAL.sub(",", m[0]), figure["solution"])}
    return {**view, "figure": figure,
            **{name: comma_text(view[name], fmt) for name in ("stem", "forecast", "verify", "answers_note")},
            "steps": [{key: comma_text(value, fmt) if isinstance(value, str) else value for key, value in step.items()}
                      for step in view["steps"]],
            "parts": [{**part, "answer": _DECIMAL.sub(",", part["answer"])} for part in view["parts"]]}


def comma_text(piece: str, fmt: str) -> str:
    """``piece`` of a worked solution's text for ``fmt`` ("md" or "tex") with
    every decimal written with a comma: ``{,}`` in maths and all through LaTeX,
    ``,`` in Markdown prose."""
    if fmt == "tex":
        return _TEX_DECIMAL.sub("{,}", piece)
    return substituted(piece, spans(piece, _MATHS), lambda start, end: _DECIMAL.sub("{,}", piece[start:end]),
                       lambda prose: _DECIMAL.sub(",", prose))


def _tikz_labels(tikz: str, change) -> str:
    """``tikz`` with each node's label changed by ``change``: what ``re.sub`` of
    ``(\\bnode\\s*(?:\\[[^\\]]*\\])?\\s*(?:at\\s*\\([^)]*\\))?\\s*\\{)([^;]*)(\\}\\s*;)`` made,
    changing its second group, in linear time: it read each ``node{`` to the next
    ``;`` (a ReDoS: 20,000 characters of ``node{`` took 1.4 s)."""
    pieces, done, at, after, last = [], 0, 0, _places(tikz), {}
    while (node := _NODE.search(tikz, at)) is not None:
        label = _label(tikz, node.end(), after, last)
        at = node.start() + 1 if label is None else label[2] + 1
        if label is not None:
            pieces += (tikz[done:label[0]], change(tikz[label[0]:label[1]]))
            done = label[1]
    return "".join(pieces) + tikz[done:]


def _label(tikz: str, at: int, after, last: dict):
    """(start, end) of the label of the node whose name ends at ``at``, and its ``;``: its ``}``
    is the last of the text but spaces before the next ``;``; None when the node
    has no label so written. ``last`` remembers, for each ``;``, the last character
    before it that is no space."""
    at = _SPACES.match(tikz, at).end()
    if tikz.startswith("[", at):   # options
        if (at := after("]", at + 1)) < 0:
            return None
        at = _SPACES.match(tikz, at + 1).end()
    if tikz.startswith("at", at):   # a place
        at = _SPACES.match(tikz, at + 2).end()
        if not tikz.startswith("(", at) or (at := after(")", at + 1)) < 0:
            return None
        at = _SPACES.match(tikz, at + 1).end()
    end = after(";", at + 1) if tikz.startswith("{", at) else -1
    if end < 0:
        return None
    if end not in last:   # the text up to the ``{`` is no space
        last[end] = at + len(tikz[at + 1:end].rstrip())
    close = last[end]
    return (at + 1, close, end) if tikz[close] == "}" else None


def _places(text: str):
    """``after(char, start)``: where the first ``char`` at or after ``start`` in ``text`` is, or -1."""
    places = {}

    def after(char: str, start: int) -> int:
        if char not in places:
            places[char] = [found.start() for found in re.finditer(re.escape(char), text)]
        found = places[char]
        index = bisect_left(found, start)
        return found[index] if index < len(found) else -1
    return after
