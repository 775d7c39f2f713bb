"""The loss-curve figure: the point it marks, its SVG and TikZ drawings, and
where it appears in the generated documents."""

import dataclasses
import math
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from quizgen.errors import TemplateError
from quizgen.maths.parser import parse, template_policy
from quizgen.generation.figures import (X_MEANING, LossPoint, curve_points, figure_point, loss_curve_svg,
                                        loss_curve_tikz, point_label, y_ticks)
from quizgen.generation.problem_figure import figure_markup
from quizgen.generation.sampling import canonical_instance

SVG = "{http://www.w3.org/2000/svg}"
probabilities = st.floats(min_value=1e-9, max_value=1.0, allow_nan=False)


@pytest.fixture(scope="module")
def c1_instance(templates_by_class):
    return canonical_instance(templates_by_class["C1"])


def with_figure(instance, source):
    """The instance with its template's ``figure:`` replaced (None removes it)."""
    template = instance.template
    names = [p.name for p in template.params] + [name for name, _ in template.lets]
    figure = parse(source, template_policy(names)) if source is not None else None
    return dataclasses.replace(instance, template=dataclasses.replace(template, figure=figure))


def test_figure_marks_the_questions_own_p(c1_instance):
    point = figure_point(c1_instance)
    assert point.p == pytest.approx(math.exp(2) / (math.exp(2) + math.e + 1))
    assert point.loss == pytest.approx(0.4076, abs=1e-4)


def test_no_figure_key_means_no_figure(c1_instance):
    assert figure_markup(with_figure(c1_instance, None), "md") is None


@pytest.mark.parametrize("source", ["1 + p", "-p", "p - p"])
def test_figure_p_outside_zero_one_is_a_template_error(c1_instance, source):
    with pytest.raises(TemplateError, match=r"figure: p must lie in \(0, 1\]"):
        figure_point(with_figure(c1_instance, source))


def distance_to_polyline(point, vertices):
    """The shortest distance from ``point`` to the segments joining ``vertices``."""
    px, py = point
    best = math.inf
    for (ax, ay), (bx, by) in zip(vertices, vertices[1:]):
        dx, dy = bx - ax, by - ay
        t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        best = min(best, math.hypot(px - ax - t * dx, py - ay - t * dy))
    return best


def svg_tree(text):
    return ET.fromstring(text)


def test_problem_figure_has_no_point_but_solution_figure_gives_the_numbers(c1_instance):
    figure = figure_markup(c1_instance, "md")
    assert "0.6652" not in figure["problem"] and "0.4076" not in figure["problem"]
    assert "<circle" not in figure["problem"] and "stroke-dasharray" not in figure["problem"]
    assert "<circle" in figure["solution"]
    # the answer's loss, beside p to the figures whose -ln gives it (review 32: the working's
    # -ln 0.6652 = 0.4077 disagreed with the answer 0.4076)
    assert "p = 0.66524<" in figure["solution"] and "ln p = 0.4076" in figure["solution"]
    tex = figure_markup(c1_instance, "tex")
    assert "0.6652" not in tex["problem"] and "$p = 0.66524$" in tex["solution"] and "$-\\ln p = 0.4076$" in tex["solution"]
    assert r"\fill" not in tex["problem"] and "dashed" not in tex["problem"] and r"\fill" in tex["solution"]


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_the_x_axis_says_what_p_is_in_the_stems_words(c1_instance, fmt):
    """C1's stem says "the true word" (rev-maths24: the axis said "the true label", the
    fine-tuning term, on every template): its solution's axis and the SVG's title say so
    too; the problem paper's say "a probability" (round 33: the template's words tell a step)."""
    figure = figure_markup(c1_instance, fmt)
    drawing = figure["solution"]
    assert drawing.count("the probability given to the true word") == (1 if fmt == "tex" else 2)
    assert "true label" not in drawing and "true word" not in figure["problem"]
    if fmt == "tex":
        assert r"{\small $p$, the probability given to the true word}" in drawing
        assert r"{\small $p$, a probability}" in figure["problem"]
        return
    svg = svg_tree(drawing)
    axis = [t for t in svg.iter(SVG + "text") if "true word" in "".join(t.itertext())]
    assert ["".join(t.itertext()) for t in axis] == ["p, the probability given to the true word"]
    assert svg.find(SVG + "title").text.startswith("The loss \u2212ln p against p, the probability given to the true word")
    assert svg_tree(figure["problem"]).find(SVG + "title").text == "The loss \u2212ln p against p, a probability"


@pytest.mark.slow
def test_a_template_without_axis_words_gets_the_default(c1_instance):
    instance = dataclasses.replace(c1_instance, template=dataclasses.replace(c1_instance.template, figure_axis=""))
    assert figure_markup(instance, "md")["axis"] == X_MEANING
    assert f"<tspan font-style=\"italic\">p</tspan>, {X_MEANING}</text>" in figure_markup(instance, "md")["solution"]


def test_svg_is_ascii_with_the_minus_sign_as_a_character_reference(c1_instance):
    svg = figure_markup(c1_instance, "md")["solution"]
    assert svg.isascii() and "&#8722;ln p = 0.4076" in svg
    texts = [element.text for element in svg_tree(svg).iter(SVG + "text")]
    assert "\u2212ln p = 0.4076" in texts and "\u25cf p = 0.66524" in texts


@settings(max_examples=60, deadline=None)
@given(p=probabilities, labelled=st.booleans())
@pytest.mark.slow
def test_svg_is_one_markdown_block_with_the_point_on_the_curve(p, labelled):
    point = LossPoint(p)
    text = loss_curve_svg(point, labelled)
    assert "\n\n" not in text and not re.search(r"^\s*$", text, re.M)
    root = svg_tree(text)
    width, height = float(root.get("width")), float(root.get("height"))
    curve = root.find(f"{SVG}polyline[@stroke='#1f4e99']").get("points").split()
    xs, ys = zip(*((float(a), float(b)) for a, b in (pair.split(",") for pair in curve)))
    assert list(xs) == sorted(xs) and list(ys) == sorted(ys)      # falling loss as p grows
    dot = root.find(f"{SVG}circle")
    assert (dot is None) == (not labelled)          # the problem paper's drawing has no dot
    if dot is None:
        return
    cx, cy = float(dot.get("cx")), float(dot.get("cy"))
    assert 0 <= cx <= width and 0 <= cy <= height
    assert distance_to_polyline((cx, cy), list(zip(xs, ys))) < 1.5      # the dot sits on the curve


@settings(max_examples=40, deadline=None)
@given(p=probabilities)
@pytest.mark.slow
def test_axis_reaches_above_the_point_and_the_curve_fills_it(p):
    point = LossPoint(p)
    assert point.loss < point.top and point.top >= 4
    points = curve_points(point.top)
    assert points[0][1] == pytest.approx(point.top) and points[-1] == (1.0, 0.0)
    assert list(y_ticks(point.top))[0] == 0 and len(y_ticks(point.top)) <= 8


@settings(max_examples=40, deadline=None)
@given(p=probabilities)
@pytest.mark.slow
def test_the_problem_figure_is_the_same_for_every_p(p):
    """An axis scaled to the answer told its range: -ln p = 7.56 drew the loss
    axis to 9, with ticks to 8, on the problem paper."""
    point, reference = LossPoint(p), LossPoint(0.5)
    assert loss_curve_svg(point, labelled=False) == loss_curve_svg(reference, labelled=False)
    assert loss_curve_tikz(point, labelled=False) == loss_curve_tikz(reference, labelled=False)


def test_tikz_draws_the_same_curve_with_the_point_marked(c1_instance):
    point = figure_point(c1_instance)
    tikz = loss_curve_tikz(point, labelled=True)
    assert tikz.startswith(r"\begin{tikzpicture}") and tikz.endswith(r"\end{tikzpicture}")
    assert tikz.count("{") == tikz.count("}")
    coordinates = re.findall(r"\((-?[\d.]+),(-?[\d.]+)\)", tikz.split("\n")[-5])
    assert len(coordinates) == len(curve_points(point.top))
    assert re.search(r"\\fill \(3\.326,0\.326\) circle", tikz)      # p = 0.6652 at 5 cm, loss at 3.2/4 cm


@pytest.mark.slow
def test_generated_documents_carry_figures_only_where_templates_ask(invoke, tmp_path, bank):
    with_fig = [t.cls for t in bank if t.figure is not None]
    without = [t.cls for t in bank if t.figure is None]
    assert "C1" in with_fig and without
    classes = ",".join(["C1", without[0]])
    invoke("generate", "--seed", 4, "--classes", classes, "--out", tmp_path / "md")
    invoke("generate", "--seed", 4, "--classes", classes, "--format", "tex", "--out", tmp_path / "tex")
    problems = (tmp_path / "md" / "problems.md").read_text(encoding="utf-8")
    questions = problems.split("\n## ")[1:]
    assert "<svg" in questions[0] and "<svg" not in questions[1]
    svg = re.search(r"<svg.*?</svg>", problems, re.S).group()
    svg_tree(svg)
    assert "<svg" in (tmp_path / "md" / "solutions.md").read_text(encoding="utf-8")
    tex = (tmp_path / "tex" / "problems.tex").read_text(encoding="utf-8")
    assert tex.count(r"\begin{tikzpicture}") == 1 and r"\usepackage{tikz}" in tex


def test_layouts_skip_tikz_when_no_question_has_a_figure(invoke, tmp_path, bank):
    without = next(t.cls for t in bank if t.figure is None)
    invoke("generate", "--seed", 4, "--classes", without, "--format", "tex", "--out", tmp_path)
    assert "tikz" not in (tmp_path / "problems.tex").read_text(encoding="utf-8")


@pytest.mark.parametrize("p, loss", [(0.9374, "0.064645"), (0.02799, "3.5759"), (0.6587, "0.41749"), (1.0, "0.0000"),
                                     (0.999, "0.001001")])
def test_the_loss_label_shows_as_many_figures_as_the_answer_beside_it(p, loss):
    """-ln p printed as the answers print it: 4 places, and 4 significant figures
    below 0.1 (a label of 0.0647 beside an answer of 0.06469 reads as a different number)."""
    point = LossPoint(p)
    assert point_label(point)[1] == f"\u2212ln p = {loss}"
    assert f"$-\\ln p = {loss}$" in loss_curve_tikz(point, labelled=True)
    assert f"&#8722;ln p = {loss}</text>" in loss_curve_svg(point, labelled=True)
