"""A question's figure as its papers show it (``figure_markup``): the
problem paper's drawing is its template's, to an axis the template's probe
draws reach (``problem_top``), the same for every draw but for the p axis's
name (the template's words, C7's p = 1 - p-hat when y = 0), so nothing on it
tells a draw's answer; the solution's is the draw's own (generation/figures.py
draws both). Apart from figures.py because it samples probe draws, which
grade's feedback sheets, drawing figures too, never need."""

from __future__ import annotations

from quizgen.bank.budget import DrawLedger
from quizgen.errors import BankLimitError, QuizgenError
from quizgen.generation.figure_words import named_point
from quizgen.generation.figures import BLANK_TOP, figure_point, loss_curve_svg, loss_curve_tikz
from quizgen.generation.plan import per_template
from quizgen.generation.sampling import sample_instance
from quizgen.generation.variants import probe_label

# Draws problem_top probes per template: enough that every shipped template's axis
# reaches its rarest large loss (C3's 250,002-word vocabulary, 1 draw in 70, is
# within 13), few enough to cost some 10 ms a template.
FIGURE_PROBES = 50
_PROBLEM_TOPS: dict = {}


def problem_top(template) -> int:
    """The top of the problem figure's loss axis for every draw of ``template``:
    the highest solution top over FIGURE_PROBES probe draws (seed labels
    ``figure/{id}/{k}``), at least BLANK_TOP. It depends on the template alone, so
    the drawing says nothing about this draw's answer, and the curve still reaches
    the losses the template's draws give (C3's ln V up to 12.43: an axis to 13; a
    rarer loss beyond the probes' reach meets a curve that stops at the top).
    Worked out once per template in each process."""
    return per_template(_PROBLEM_TOPS, template, _probed_top)


def _probed_top(template) -> int:
    """problem_top, worked out; a probe draw that fails is left out (a draw of
    that seed would fail on its own, with its own message), unless the probes
    together are over the draw budget."""
    top, ledger = BLANK_TOP, DrawLedger(template, "probe draws, which find the figure's axis")
    for k in range(FIGURE_PROBES):
        try:
            point = figure_point(sample_instance(template, probe_label(template, k, "figure"), ledger=ledger))
        except BankLimitError:
            raise
        except QuizgenError:
            continue
        top = max(top, point.top)
    return top


def figure_markup(instance, fmt: str) -> dict | None:
    """The figure of ``instance`` for a layout in ``fmt``: {"p", "name", "axis",
    "loss", "problem", "solution"} (the name its label gives p, in TeX; the words
    its p axis says; unlabelled and labelled drawings, empty for formats without
    drawings), or None when the template has no figure. The problem drawing is
    its template's, to problem_top, with the p axis named as the draw's stem
    names it; the solution's axis fits its own point."""
    point = named_point(instance)
    if point is None:
        return None
    draw = {"tex": loss_curve_tikz, "md": loss_curve_svg}.get(fmt)
    problem, solution = ((draw(point, False, problem_top(instance.template)), draw(point, True))
                         if draw else ("", ""))
    return {"p": point.p, "shown": point.shown, "name": point.name, "axis": point.axis, "loss": point.loss,
            "problem": problem, "solution": solution}
