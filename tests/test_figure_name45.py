"""rev44e F6: a figure name holding ``<`` (TeX maths, where it is an ordinary
character) was filled in as Markdown, so TeX read ``\\<`` (an undefined
command: the PDF failed while validate passed) and the SVG showed the
backslash. The name now reaches each format escaped for that format only:
as written in TeX, XML-escaped in the SVG, Markdown-escaped in the alt text.
(Since round 46 a superscript is set raised in the SVG's text and written p* in its
title and the alt text: tests/test_figure_scripts46.py.)"""

import math
import re

import pytest

from grading_support import c7_bank_with_figure

NAMES = [("P(s < 1)", "P(s &lt; 1)", "P(s &lt; 1)", r"P(s \< 1)"),
         ("p^{*} < 1", 'p<tspan dy="-4" font-size="8">*</tspan><tspan dy="4"> &lt; 1', "p* &lt; 1", r"p\* \< 1")]
"""(figure name, its SVG text, its SVG title's text, its alt text in a feedback sheet)"""


def _generated(invoke, tmp_path, name: str, fmt: str):
    """C7 as C77 with figure name ``name``, generated in ``fmt``: (bank, output folder)."""
    bank = c7_bank_with_figure(tmp_path, "name", f'"{name}"')
    out = tmp_path / f"out-{fmt}"
    made = invoke("generate", "--bank", bank, "--classes", "C77", "--format", fmt, "--seed", 1, "--out", out)
    assert made.exit_code == 0, made.output
    return bank, out


@pytest.mark.parametrize("name, _svg, _title, _md", NAMES)
def test_the_names_tex_is_as_written(invoke, tmp_path, name, _svg, _title, _md):
    _, out = _generated(invoke, tmp_path, name, "tex")
    tex = (out / "solutions.tex").read_text(encoding="utf-8")
    assert f"$\\bullet$ ${name} = " in tex and f"$p = {name}$, " in tex
    assert "\\<" not in tex and "\\*" not in tex


@pytest.mark.parametrize("name, svg, title, _md", NAMES)
def test_the_names_svg_is_xml_escaped_only(invoke, tmp_path, name, svg, title, _md):
    _, out = _generated(invoke, tmp_path, name, "md")
    solutions = (out / "solutions.md").read_text(encoding="utf-8")
    figure = solutions[solutions.index("<svg"):solutions.index("</svg>")]
    assert f"&#9679; {svg} = " in figure and f"</tspan> = {svg}, " in figure and f"against p = {title}, " in figure
    assert "\\" not in figure


@pytest.mark.parametrize("name, _svg, _title, md", NAMES)
def test_the_names_alt_text_is_markdown_escaped(invoke, tmp_path, monkeypatch, name, _svg, _title, md):
    monkeypatch.chdir(tmp_path)
    bank, out = _generated(invoke, tmp_path, name, "md")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    graded = invoke("grade", "a.csv", "--key", out / "key.json", "--bank", bank, "--out", "g/", "--feedback", "fb/")
    assert graded.exit_code == 0, graded.output
    sheet = (tmp_path / "fb" / "s1.md").read_text(encoding="utf-8")
    alt = re.search(r"^!\[(.*)\]\(s1-Q1-figure\.svg\)$", sheet, re.M).group(1)
    said = re.search(rf"the dot marks {re.escape(md)} = (0\.\d+) and \u2212ln\({re.escape(md)}\) = (\d\.\d+)\.$", alt)
    assert said and f"{-math.log(float(said[1])):.4f}" == said[2], alt


@pytest.mark.slow
def test_a_name_with_less_than_builds_the_pdf(invoke, tmp_path, tex):
    _, out = _generated(invoke, tmp_path, "P(s < 1)", "pdf")
    assert (out / "solutions.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("name", [r"p \\ q", r"p \par q", r"\item p", r"p \hspace{1cm} q"])
def test_a_name_that_would_break_the_labels_maths_is_refused_by_validate(invoke, tmp_path, name):
    # review 45f F4: validate passed 'p \\ q' and the PDF failed ("There's no line here to end")
    bank = c7_bank_with_figure(tmp_path, "name", f"'{name}'")
    checked = invoke("validate", "--bank", bank, "--samples", 2)
    assert checked.exit_code == 1 and "which lays out text and breaks the label's maths" in checked.output
    made = invoke("generate", "--bank", bank, "--classes", "C77", "--format", "tex", "--seed", 1,
                  "--out", tmp_path / "out")
    assert made.exit_code == 2 and "figure.name" in made.output and not (tmp_path / "out").exists()
