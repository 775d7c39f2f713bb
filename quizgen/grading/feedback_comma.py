"""A worked solution written with decimal commas, for the feedback sheets of
a class that writes them: commas in prose, ``{,}`` in maths and all through
LaTeX, the figure's labels but never its coordinates."""

from __future__ import annotations

import re

_MATH = re.compile(r"\$\$.+?\$\$|\$.+?\$|\\\(.+?\\\)|\\\[.+?\\\]", re.S)
_DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")   # a decimal point between digits
_SVG_TEXT = re.compile(r">[^<]+<")
_TIKZ_LABEL = re.compile(r"(\bnode\s*(?:\[[^\]]*\])?\s*(?:at\s*\([^)]*\))?\s*\{)([^;]*)(\}\s*;)")
# in LaTeX, unless the number is a length (0.8em, 0.5\linewidth)
_TEX_DECIMAL = re.compile(r"(?<=\d)\.(?=\d+(?![\d.]|(?:em|ex|pt|cm|mm|in|bp|sp|pc|\\[a-z]*(?:width|height|size))))")


def comma_view(view: dict, fmt: str) -> dict:
    """A question view whose text (stem, forecast, steps, check, answers, the
    note on how they are rounded, the figure's labels) writes every decimal with a comma: ``{,}`` in maths (and all
    through LaTeX, where it prints as a comma without a space), ``,`` in
    Markdown prose."""
    def text(piece: str) -> str:
        if fmt == "tex":
            return _TEX_DECIMAL.sub("{,}", piece)
        spans, at = [], 0
        for math in _MATH.finditer(piece):
            spans += [_DECIMAL.sub(",", piece[at:math.start()]), _DECIMAL.sub("{,}", math.group())]
            at = math.end()
        return "".join(spans) + _DECIMAL.sub(",", piece[at:])

    figure = view.get("figure")
    if figure and fmt == "tex":   # only the labels: coordinates keep their points
        figure = {**figure, "solution": _TIKZ_LABEL.sub(lambda m: m[1] + _TEX_DECIMAL.sub("{,}", m[2]) + m[3],
                                                        figure["solution"])}
    elif figure:                  # SVG: the text between tags, never an attribute
        figure = {**figure, "solution": _SVG_TEXT.sub(lambda m: _DECIMAL.sub(",", m[0]), figure["solution"])}
    return {**view, "figure": figure,
            **{name: text(view[name]) for name in ("stem", "forecast", "verify", "answers_note")},
            "steps": [{key: text(value) if isinstance(value, str) else value for key, value in step.items()}
                      for step in view["steps"]],
            "parts": [{**part, "answer": _DECIMAL.sub(",", part["answer"])} for part in view["parts"]]}
