"""The leak check finds today's figure leaks, and nothing once the point is gone."""

import math
import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation import figures
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.views import question_view
from quizgen.generation.sampling import sample_instance
from quizgen.text.printed_numbers import numbers_in
from quizgen.validation.leaks import (Axes, Target, figure_leaks, parse_svg, parse_tikz, question_leaks, targets_of,
                                      text_leaks)

# The figures' mappings written out by hand (generation/figures.py draws them), to
# compare with the axes the leak check reads off a figure's ticks.
X_END = 1.08                                    # the p axis runs to 1.08
SVG_WIDTH, SVG_HEIGHT = 340, 210
SVG_MARGINS = (44, 14, 12, 36)                  # left, right, top, bottom
TIKZ_WIDTH, TIKZ_HEIGHT = 5.0, 3.2              # cm for p = 1 and for the top of the loss axis


def svg_axes(top: int) -> Axes:
    """The SVG figure's mapping when the loss axis runs from 0 to ``top``."""
    left, right, upper, bottom = SVG_MARGINS
    return Axes(left, (SVG_WIDTH - left - right) / X_END, SVG_HEIGHT - bottom,
                -(SVG_HEIGHT - upper - bottom) / top)


def tikz_axes(top: int) -> Axes:
    """The TikZ figure's mapping (in cm) when the loss axis runs from 0 to ``top``."""
    return Axes(0.0, TIKZ_WIDTH, 0.0, TIKZ_HEIGHT / top)


@pytest.fixture(scope="module")
def figured():
    """Twenty instances of each template with a figure, as (instance, md view, tex view)."""
    out = []
    for template in load_bank(()):
        if template.figure is None:
            continue
        for k in range(20):
            inst = sample_instance(template, seed_label(1, template.id, k))
            out.append((inst, question_view(Question("Q1", inst), "md"), question_view(Question("Q1", inst), "tex")))
    return out


def _gives_part_a(leaks) -> bool:
    return any(leak.target.label == "(a) answer" and not leak.where.startswith("text") for leak in leaks)


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.slow
def test_solution_figures_would_give_part_a_away(figured, fmt):
    """The marked point (kept for the solutions) is what leaked from the problem paper."""
    views = [(inst, md if fmt == "md" else tex) for inst, md, tex in figured]
    # a solution figure with p on a log scale (p < 0.02) is not read: the checker reads the
    # problem paper's figures, whose p axis is always linear
    giving = sum(_gives_part_a(figure_leaks(view["figure"]["solution"], fmt, targets_of(inst)))
                 for inst, view in views if view["figure"]["p"] >= figures.LOG_BELOW)
    assert len(views) == 100
    assert giving >= 50          # the issue measured 77 of 100 on the problem paper


def _without_point(markup: str, fmt: str) -> str:
    """The figure with its dot and dashed guide removed."""
    if fmt == "md":
        return "\n".join(line for line in markup.splitlines()
                         if not line.startswith(("<circle", '<polyline fill="none" stroke="gray"')))
    return "\n".join(line for line in markup.splitlines()
                     if not line.startswith((r"\fill", r"\draw[densely dashed")))


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.slow
def test_a_figure_without_the_point_leaks_nothing(figured, fmt):
    for inst, md, tex in figured:
        view = md if fmt == "md" else tex
        assert question_leaks(view, targets_of(inst), fmt) == []
        assert figure_leaks(view["figure"]["problem"], fmt, targets_of(inst)) == []
        assert view["figure"]["p"] < figures.LOG_BELOW or figure_leaks(view["figure"]["solution"], fmt, targets_of(inst))


def _to_figure(axes, p: float, loss: float) -> tuple:
    """Figure coordinates of the data point (p, loss) under ``axes`` (the inverse of its to_data)."""
    along = math.log10(p) if axes.x_log else p
    return axes.x0 + along * axes.x_scale, axes.y0 + loss * axes.y_scale


def test_the_axes_read_from_the_ticks_are_the_drawing_mapping():
    point = figures.LossPoint(0.3)
    svg, tikz = parse_svg(figures.loss_curve_svg(point, False)), parse_tikz(figures.loss_curve_tikz(point, False))
    for found, exact in ((svg.axes, svg_axes(point.top)), (tikz.axes, tikz_axes(point.top))):
        for p, loss in ((0, 0), (1, 1), (0.3, point.loss)):
            assert _to_figure(found, p, loss) == pytest.approx(_to_figure(exact, p, loss), abs=0.05)
        assert exact.to_data(*_to_figure(exact, 0.3, 1.2)) == pytest.approx((0.3, 1.2))


def test_the_dot_maps_back_to_p_and_its_loss():
    point = figures.LossPoint(0.5065)
    target = Target("(a) answer", 0.5065, 0.0005, True)
    leaks = figure_leaks(figures.loss_curve_svg(point, True), "md", [target])
    assert {leak.where for leak in leaks} >= {"circle x"}
    loss = Target("(b) answer", point.loss, 0.0005, True)
    assert any(leak.where == "fill y" for leak in figure_leaks(figures.loss_curve_tikz(point, True), "tex", [loss]))


def test_a_labelled_figure_leaks_through_its_text():
    point = figures.LossPoint(0.25)
    markup = _without_point(figures.loss_curve_tikz(point, True), "tex")
    leaks = figure_leaks(markup, "tex", [Target("(a) answer", 0.25, 0.0005, True)])
    assert [leak.where for leak in leaks] == ["figure node"]


def test_numbers_in_text_keep_their_sign_and_skip_words():
    assert numbers_in("Q1: $z = -1.5$, 80/10/10 and \u22122") == [("-1.5", -1.5), ("80", 80.0), ("10", 10.0),
                                                                  ("10", 10.0), ("\u22122", -2.0)]


def test_text_leaks_check_answers_and_let_a_trap_stand():
    answer, trap = Target("(a) answer", 0.6265, 0.0005, True), Target("(b) trap t", 400, 1e-9, False)
    text = "The loss is about 0.6266 and N = 400."
    assert [leak.target for leak in text_leaks(text, [answer])] == [answer]
    view = {"stem": text, "parts": [{"ask": "How many?"}], "figure": None}
    assert [leak.target for leak in question_leaks(view, [answer, trap], "md")] == [answer]


def test_whole_number_coincidences_are_left_out_by_default():
    count = Target("(a) answer", 5, 1e-9, True)
    view = {"stem": "position 5 of 6", "parts": [{"ask": "How many?"}], "figure": None}
    assert question_leaks(view, [count], "md") == []
    assert len(question_leaks(view, [count], "md", whole_numbers=True)) == 1
