"""A figure name with a subscript or superscript (``\\hat{p}_{b}``, ``1 - \\hat{p}^{*}``):
the SVG showed its TeX raw (``p&#770;_{b}``). The SVG's label and p axis now set a
script small and lowered or raised (a tspan moved by dy, the text after it moved
back), XML-escaped; plain text (the title, a feedback sheet's alt text) uses
Unicode's form where there is one (p₁, p⁻¹), a star beside its letter (p̂*), else _ or ^."""

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.figure_names import name_runs, plain_name, svg_text
from quizgen.generation.figures import LossPoint, loss_curve_svg, point_label

SVG = "{http://www.w3.org/2000/svg}"
C7 = Path(__file__).resolve().parent.parent / "question_bank" / "c7_nsp_head.yaml"


@pytest.mark.parametrize("tex, plain, ascii_only", [
    (r"\hat{p}_{b}", "p\u0302_b", "p_hat_b"),
    (r"1 - \hat{p}^{*}", "1 \u2212 p\u0302*", "1 - p_hat*"),
    ("p_1", "p\u2081", "p_1"),
    ("p^{-1}", "p\u207b\u00b9", "p^(-1)"),
    ("p_{ab}", "p_(ab)", "p_(ab)"),
    (r"q\_b", "q_b", "q_b"),            # a TeX-escaped underscore is no subscript
    (r"1 - \hat{p}", "1 \u2212 p\u0302", "1 - p_hat"),   # C7's names as before
])
def test_plain_names(tex, plain, ascii_only):
    assert plain_name(tex) == plain and plain_name(tex, ascii_only=True) == ascii_only


def _label_texts(svg: str) -> list:
    """The SVG's text elements as (their text with their tspans', [(tspan dy, font size, text)])."""
    root = ET.fromstring(svg)
    return [("".join(element.itertext()),
             [(t.get("dy"), t.get("font-size"), t.text) for t in element.iter(SVG + "tspan")])
            for element in root.iter(SVG + "text")]


def test_a_subscript_is_set_small_and_lowered_in_the_svg():
    svg = loss_curve_svg(LossPoint(0.4013, r"\hat{p}_{b}"), labelled=True)
    assert svg.isascii() and "_{" not in svg and "^{" not in svg
    texts = dict(_label_texts(svg))
    # the label: p-hat, a lowered small b, then the rest moved back up to the baseline
    assert texts["\u25cf p\u0302b = 0.4013"] == [("3", "8", "b"), ("-3", None, " = 0.4013")]
    assert texts["\u2212ln p\u0302b = 0.9130"] == [("3", "8", "b"), ("-3", None, " = 0.9130")]
    axis = [tspans for text, tspans in texts.items() if text.startswith("p = ")]
    assert axis == [[(None, None, "p"), ("3", "8", "b"), ("-3", None, ", the probability of the correct outcome")]]
    title = ET.fromstring(svg).find(SVG + "title").text
    assert "p = p\u0302_b" in title and "the dot marks p\u0302_b = 0.4013, \u2212ln p\u0302_b = 0.9130" in title


def test_a_superscript_is_raised_and_a_sum_bracketed():
    texts = dict(_label_texts(loss_curve_svg(LossPoint(0.19782, r"1 - \hat{p}^{*}"), labelled=True)))
    assert texts["\u2212ln(1 \u2212 p\u0302*) = 1.6204"] == [("-4", "8", "*"), ("4", None, ") = 1.6204")]


def test_script_text_is_escaped_for_xml():
    assert svg_text(name_runs("p_{<1}")) == 'p<tspan dy="3" font-size="8">&lt;1</tspan>'
    assert point_label(LossPoint(0.5, r"\hat{p}_{b}"), ascii_only=True)[0] == "p_hat_b = 0.5000"


def test_generated_solutions_draw_the_script(tmp_path):
    bank = tmp_path / "ub"
    bank.mkdir()
    text = C7.read_text(encoding="utf-8").replace("id: nsp-sigmoid-loss", "id: sub-nsp").replace("class: C7\n",
                                                                                                 "class: C78\n")
    name = '  name: "{% if y == 1 %}\\\\hat{p}{% else %}1 - \\\\hat{p}{% endif %}"'
    assert name in text
    (bank / "sub.yaml").write_text(text.replace(name, '  name: "\\\\hat{p}_{b}"'), encoding="utf-8")
    made = CliRunner().invoke(main, ["generate", "--bank", str(bank), "--classes", "C78", "--seed", "1",
                                     "--out", str(tmp_path / "q")])
    assert made.exit_code == 0, made.output
    solutions = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    figures = re.findall(r"<svg.*?</svg>", solutions, re.S)
    assert figures and all("_{b}" not in svg and '<tspan dy="3" font-size="8">b</tspan>' in svg for svg in figures)
