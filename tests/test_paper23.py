"""Maths in Markdown papers and the feedback sheets' overflow warning (paper23).

A user bank's ``\\[ ... \\]`` and ``\\( ... \\)`` reach Markdown as ``$$`` on lines of
their own and ``$...$`` (CommonMark reads ``\\[`` as an escaped bracket, so they printed
as ``[ ... ]``); a blank line inside displayed maths is dropped, in LaTeX and Markdown
alike; a ``$`` its paragraph does not close is a one-line error naming the template.
A PDF feedback sheet whose question runs off its page's foot (a student's very long
answers) is warned about, naming the template, as the papers are (pdf.overflow_warnings).
The PDF tests skip, with the reason shown, without pdflatex or pdftotext."""

import re
import string

import pytest

import quizgen
from quizgen.generation import pdf
from quizgen.grading import feedback_pdf
from quizgen.grading.outputs import GradeOutputs
from quizgen.lms.html import markdown_html
from quizgen.text.render import render_string
from quizgen.text.tex_markdown import alignment_outside_maths, markdown_to_tex
from test_grade_outputs import small_key, write
from test_pdf22b import user_bank

DISPLAY = r"The loss is \[ L = -\ln p_{t} \] for the true token, and \( p_t = \frac{1}{V} \) here."


def md_paper(invoke, tmp_path, stem_line: str, name: str = "problems.md") -> str:
    """``name`` of a Markdown paper of the user bank whose stem begins with ``stem_line``."""
    result = invoke("generate", "--bank", user_bank(tmp_path / "bank", stem_line), "--classes", "C14",
                    "--seed", "1", "--out", tmp_path / "quiz")
    assert result.exit_code == 0, result.output
    return (tmp_path / "quiz" / name).read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_user_banks_display_and_inline_maths_reach_markdown_as_dollars(invoke, tmp_path):
    text = md_paper(invoke, tmp_path, DISPLAY)
    assert "The loss is\n$$\nL = -\\ln p_{t}\n$$\nfor the true token, and $p_t = \\frac{1}{V}$ here." in text
    assert "\\[" not in text.split("A pretraining batch")[0] and "\\(" not in text
    solutions = (tmp_path / "quiz" / "solutions.md").read_text(encoding="utf-8")
    assert "The loss is\n$$\nL = -\\ln p_{t}\n$$\n" in solutions


def test_an_escaped_bracket_in_a_filled_value_stays_a_bracket():
    filled = render_string(r"\[ x^2 \] masks {{ w }}; \(y\) and $z$", {"w": "[1]"}, "md")
    assert filled == "$$\nx^2\n$$\nmasks \\[1\\]; $y$ and $z$"
    # a special token's brackets are not escaped (text/md_escape.py), and open no maths either
    assert render_string(r"masks {{ w }}; \(y\)", {"w": "[MASK]"}, "md") == "masks [MASK]; $y$"
    assert render_string(r"See $$ a {% if 1 %}+ b{% endif %} $$, done.", {}, "md") == "See\n$$\na + b\n$$\n, done."
    assert render_string("Two:\n\n- \\[x\\]\n- \\[ y \\] ok", {}, "md") == "Two:\n\n- $$\nx\n$$\n- $$\ny\n$$\nok"


def test_a_blank_line_inside_displayed_maths_is_dropped_in_latex_and_markdown():
    source = "Sum:\n\\[ a \\\\\n\n  b \\]\n\nNext & on."
    assert markdown_to_tex(source) == "Sum:\n\\[ a \\\\\n  b \\]\n\nNext \\& on."
    assert markdown_to_tex("$$ x\n\n\n y $$ and \\( p\n \n q \\)") == "$$ x\n y $$ and \\( p\n q \\)"
    assert render_string(source, {}, "md") == "Sum:\n$$\na \\\\ b\n$$\n\nNext & on."   # one line: test_md23
    # what loading checks agrees: the array is inside the display maths, blank line or not
    assert alignment_outside_maths("\\[ \\begin{array}{c} a\n\n \\end{array} \\]") is None


@pytest.mark.slow
def test_a_dollar_its_paragraph_does_not_close_is_one_line_naming_the_template(invoke, tmp_path):
    result = invoke("validate", user_bank(tmp_path / "bank", "The loss $L = x\n\n+ y$ here."))
    assert result.exit_code == 1
    assert re.search(r"c14_user\.yaml:\d+: stem: a \$ opens maths that its paragraph "
                     r"does not close \(maths in \$\.\.\.\$ cannot run over a blank line\): close it before the "
                     r"blank line, use \\\[ \.\.\. \\\] for a displayed formula, or write \\\$ for a dollar sign",
                     result.output), result.output
    assert "Traceback" not in result.output


def test_lms_html_shows_display_maths_from_markdown_as_display():
    assert markdown_html("The loss is\n$$\nL < 1\n$$\nand $a$.") == r"<p>The loss is \[ L &lt; 1 \] and \(a\).</p>"


@pytest.mark.slow
def test_a_display_with_a_blank_line_compiles_in_the_pdf(invoke, tmp_path, tex):
    bank = user_bank(tmp_path / "bank", "The loss is \\[ L = x^2\n\n + y \\] done.")
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", "1", "--format", "pdf",
                    "--out", tmp_path / "quiz")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "quiz" / "problems.pdf").read_bytes().startswith(b"%PDF")


# --- the feedback sheets' overflow ---------------------------------------------------------

LONG = (string.ascii_letters * 10)[:300]   # a student's 300-character answer, no space in it


def test_the_sheet_source_names_each_question_and_template_for_the_overflow_hook(tmp_path, pdf_sheet_sources):
    quizgen.grade(write(tmp_path, small_key(), [("s1", "Ada", "Q1", "a", "0.5")]), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    tex = pdf_sheet_sources["s1.tex"]
    assert tex.count(r"\typeout{quizgen-overflow: \qzqid\space\qztemplate}") == 1
    assert "\\def\\qzqid{Q1}\\def\\qztemplate{t1}\n\\begin{qzkeep}" in tex
    assert "\\def\\qzqid{Q2}\\def\\qztemplate{t2}\n\\begin{qzkeep}" in tex


def test_an_overflowing_sheet_is_warned_naming_the_pdf_question_and_template(tmp_path, monkeypatch):
    def compiled(sources, progress=False):
        made = {name[:-4] + ".pdf": pdf.CompiledPdf(b"%PDF") for name in sources}
        made["s1.pdf"].overflows = ("Q1 (template t1)",)
        return made

    monkeypatch.setattr(feedback_pdf, "check_tex", lambda: None)
    monkeypatch.setattr(feedback_pdf, "compile_sheets", compiled)
    result = quizgen.grade(write(tmp_path, small_key()), key=tmp_path / "key.json",
                           outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    warned = [w for w in result.warnings if "runs off" in w]
    assert warned == ["s1.pdf: Q1 (template t1) runs off the foot of its page and loses its last lines: "
                      + feedback_pdf.SHEET_OVERFLOW]
    assert "working space" not in warned[0]   # the papers' advice, not the sheets'


@pytest.mark.slow
def test_a_real_sheet_with_300_character_answers_is_warned_and_a_short_one_is_not(invoke, tmp_path, tex):
    rows = [("s1", "Ada", "Q1", "a", LONG), ("s1", "Ada", "Q1", "b", LONG), ("s2", "Bo", "Q1", "a", "0.5")]
    result = invoke("grade", write(tmp_path, small_key(), rows), "--feedback", tmp_path / "sheets", "--format", "pdf")
    assert result.exit_code == 0, result.output
    assert ("quizgen: warning: s1.pdf: Q1 (template t1) runs off the foot of its page and loses its last lines: "
            "its table of answers") in result.output
    assert "s2.pdf" not in result.output and result.output.count("runs off the foot") == 1
