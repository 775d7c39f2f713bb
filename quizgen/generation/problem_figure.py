"""A question's figure as its papers show it (``figure_markup``): the
problem paper's drawing is its template's, to axes the template's probe
draws reach (``problem_axes``), the same for every draw, its p axis named in
neutral words (PROBLEM_AXIS: never the template's, such as C7's "p = 1 - p-hat,
the head's NotNext probability", which would say which probability a part's
loss takes), so nothing on it tells a draw's answer or a part's step; the
solution's is the draw's own, named in the template's words (generation/figures.py
draws both). Apart from figures.py because it samples probe draws, which
grade's feedback sheets, drawing figures too, never need."""

from __future__ import annotations

import math
from functools import lru_cache

from quizgen.bank.budget import DrawLedger
from quizgen.errors import BankLimitError, QuizgenError
from quizgen.generation.figure_words import named_point
from quizgen.generation.figures import (BLANK_TOP, LOG_BELOW, PROBLEM_AXIS, LossPoint, figure_point,
                                        label_has_more_figures, loss_curve_svg, loss_curve_tikz)
from quizgen.generation.plan import per_template
from quizgen.generation.sampling import sample_instance
from quizgen.generation.variants import probe_label

# Draws problem_axes probes per template: enough that every shipped template's axis
# reaches its rarest large loss (C3's 250,002-word vocabulary, 1 draw in 70, is
# within 13), few enough to cost some 10 ms a template.
FIGURE_PROBES = 50
_PROBLEM_AXES: dict = {}


def problem_axes(template) -> tuple:
    """(top of the loss axis, decades of a log p axis or 0) of the problem figure
    for every draw of ``template``, from FIGURE_PROBES probe draws (seed labels
    ``figure/{id}/{k}``). They depend on the template alone, so the drawing says
    nothing about this draw's answer. The loss axis reaches the highest solution
    top of the probes, at least BLANK_TOP (C3's ln V up to 12.43: an axis to 13;
    a rarer loss beyond the probes' reach meets a curve that stops at the top).
    When most probes' p lie below LOG_BELOW, as most of the template's solution
    figures then do, p goes on a log scale reaching the smallest probe's decade
    (C3's p = 1/28996, which a linear axis draws on the loss axis itself), and the
    loss axis reaches the curve's left end. Worked out once per template in each process."""
    return per_template(_PROBLEM_AXES, template, _probed_axes)


def _probed_axes(template) -> tuple:
    """problem_axes, worked out; a probe draw that fails is left out (a draw of
    that seed would fail on its own, with its own message), unless the probes
    together are over the draw budget."""
    points, ledger = [], DrawLedger(template, "probe draws, which find the figure's axis")
    for k in range(FIGURE_PROBES):
        try:
            points.append(figure_point(sample_instance(template, probe_label(template, k, "figure"), ledger=ledger)))
        except BankLimitError:
            raise
        except QuizgenError:
            continue
    top = max([BLANK_TOP] + [point.top for point in points])
    if 2 * sum(point.p < LOG_BELOW for point in points) <= len(points):
        return top, 0
    decades = max(point.decades for point in points)
    return max(top, math.ceil(decades * math.log(10))), decades


_DRAWINGS = {"tex": loss_curve_tikz, "md": loss_curve_svg}


@lru_cache(maxsize=256)
def _blank_drawing(fmt: str, top: int, decades: int) -> str:
    """The problem paper's drawing in ``fmt`` to these axes (``problem_axes``): no point
    marked and its p axis named in neutral words, so it is the same for every draw of a
    template, drawn once (the p given is never drawn)."""
    return _DRAWINGS[fmt](LossPoint(1.0, axis=PROBLEM_AXIS), False, top, decades)


def figure_markup(instance, fmt: str) -> dict | None:
    """The figure of ``instance`` for a layout in ``fmt``: {"p", "name", "axis",
    "loss", "problem", "solution", "more_figures"} (the name its label gives p, in TeX; the words
    its p axis says; unlabelled and labelled drawings, empty for formats without
    drawings; whether the label's p has more figures than an answer's), or None when the template has no figure. The problem drawing is
    its template's, to problem_axes, with the p axis named in neutral words; the
    solution's axis fits its own point and says what p is for this draw."""
    point = named_point(instance)
    if point is None:
        return None
    draw = _DRAWINGS.get(fmt)
    problem, solution = ((_blank_drawing(fmt, *problem_axes(instance.template)), draw(point, True))
                         if draw else ("", ""))
    return {"p": point.p, "shown": point.shown, "name": point.name, "axis": point.axis, "loss": point.loss,
            "problem": problem, "solution": solution, "more_figures": label_has_more_figures(point)}
