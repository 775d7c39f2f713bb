"""A figure name with a script inside a script (``p_{w_{t}}``, the probability of the true token
w_t): TeX sets it in the PDF, but the SVG printed its TeX raw (``p_{a_{b`` and a lowered c, review
46c F14). A script's own script is now set smaller and lowered or raised again from its letter, and
plain text (the SVG's title, a feedback sheet's alt text) brackets it (p_(w_t))."""

import re
import xml.etree.ElementTree as ET

import pytest

from grading_support import c7_bank_with_figure
from quizgen.generation.figure_names import name_runs, plain_name
from quizgen.generation.figures import LossPoint, loss_curve_svg

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("tex, runs, plain", [
    ("p_{w_{t}}", [("p", 0), ("w", (-1,)), ("t", (-1, -1))], "p_(w_t)"),
    ("p_{w_t}", [("p", 0), ("w", (-1,)), ("t", (-1, -1))], "p_(w_t)"),
    ("x^{2^{3}}", [("x", 0), ("2", (1,)), ("3", (1, 1))], "x^(2\u00b3)"),
    (r"\hat{p}_{\hat{q}} < 1", [("p\u0302", 0), ("q\u0302", (-1,)), (" < 1", 0)], "p\u0302_(q\u0302) < 1"),
    ("p_{a_{b_{c}}}", [("p", 0), ("a", (-1,)), ("b", (-1, -1)), ("c", (-1, -1, -1))], "p_(a_(b_c))")])
def test_scripts_within_scripts_are_runs_of_their_own(tex, runs, plain):
    assert name_runs(tex) == runs and plain_name(tex) == plain


def test_the_svg_sets_a_script_of_a_script_smaller_and_lower():
    """Worked out by hand: w 3 px below p's baseline at size 8, t 2 px below w's at size 7, then back up 5."""
    svg = loss_curve_svg(LossPoint(0.4013, "p_{w_{t}}"), labelled=True)
    assert "_{" not in svg and "{" not in ET.fromstring(svg).find(SVG + "title").text
    texts = {"".join(element.itertext()): [(t.get("dy"), t.get("font-size"), t.text) for t in element.iter(SVG + "tspan")]
             for element in ET.fromstring(svg).iter(SVG + "text")}
    assert texts["\u25cf pwt = 0.4013"] == [("3", "8", "w"), ("2", "7", "t"), ("-5", None, " = 0.4013")]


def test_a_generated_solution_draws_it(invoke, tmp_path):
    bank = c7_bank_with_figure(tmp_path, "name", '"p_{w_{t}}"')
    checked = invoke("validate", "--bank", bank, "--samples", 2)
    assert checked.exit_code == 0, checked.output
    made = invoke("generate", "--bank", bank, "--classes", "C77", "--seed", 1, "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    figures = re.findall(r"<svg.*?</svg>", (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8"), re.S)
    assert figures and all("_{" not in svg and 'font-size="7">t</tspan>' in svg for svg in figures)
