"""Markdown papers' maths as CommonMark renderers read it (markdown-it-py, with and without
a dollar-maths plugin): a display whose line starts like a list, heading, quote or code
stays one formula; a backslash before punctuation in maths is not eaten; and a ``$``
its paragraph does not close stops a Markdown paper as it stops a LaTeX one."""

import html
import re

import pytest

from quizgen.text.render import render_string
from test_pdf22b import user_bank

markdown_it = pytest.importorskip("markdown_it", reason="markdown-it-py (the test extra) is not installed")
dollarmath = pytest.importorskip("mdit_py_plugins.dollarmath",
                                 reason="mdit-py-plugins (the test extra) is not installed").dollarmath_plugin

MARKERS = ["- ", "+ ", "* ", "1. ", "1) ", "# ", "> ", "    ", "= ", "<div> ", "``` ", "| "]


def commonmark():
    return markdown_it.MarkdownIt("commonmark")


def with_maths():
    return markdown_it.MarkdownIt("commonmark").use(dollarmath)


@pytest.mark.parametrize("marker", MARKERS)
@pytest.mark.parametrize("first", [True, False], ids=["first-line", "later-line"])
def test_a_display_line_starting_like_a_block_stays_one_paragraph_of_maths(marker, first):
    lines = [f"{marker}\\ln p_1 = a", "b \\\\ c"] if first else ["p_1 = a,", "\\qquad", f"{marker}\\ln p_1 = b"]
    source = "The softmax is\n\n\\[\n" + "\n".join(lines) + "\n\\]\n\nGive answers."
    written = render_string(source, {}, "md")
    tokens = [t.type for t in commonmark().parse(written)]
    assert tokens == ["paragraph_open", "inline", "paragraph_close"] * 3, written
    middle = html.unescape(commonmark().render(written).split("</p>")[1])
    assert re.fullmatch(r"\s*<p>\$\$\n[^\n]*\\ln p_1 = [ab][^\n]*\n\$\$", middle), middle
    blocks = [t for t in with_maths().parse(written) if t.type == "math_block"]
    assert len(blocks) == 1 and "\\ln p_1" in blocks[0].content and "\n" not in blocks[0].content.strip()


def test_a_formula_joined_on_one_line_keeps_row_breaks_and_ends_comments_where_the_line_did():
    source = "\\[\n\\begin{aligned} a &= 1 \\\\ % first row\n- b &= 2\n\\end{aligned}\n\\]"
    assert render_string(source, {}, "md") == "$$\n\\begin{aligned} a &= 1 \\\\ - b &= 2 \\end{aligned}\n$$"
    assert render_string("\\[ - x \\]", {}, "md") == "$$\n\\displaystyle - x\n$$"


def test_inline_maths_over_two_lines_cannot_start_a_list():
    written = render_string("so $a\n- b$ and \\(c\n+ d\\) hold", {}, "md")
    assert written == "so $a - b$ and $c + d$ hold"
    assert [t.type for t in commonmark().parse(written)] == ["paragraph_open", "inline", "paragraph_close"]


def inline_maths(text: str) -> list:
    return [child.content for token in with_maths().parse(text) if token.type == "inline"
            for child in token.children or [] if child.type == "math_inline"]


@pytest.mark.slow
def test_the_built_in_banks_inline_maths_survives_commonmark_with_and_without_a_maths_plugin(invoke, tmp_path):
    result = invoke("generate", "--seed", "7", "--out", tmp_path / "quiz")
    assert result.exit_code == 0, result.output
    for name in ("problems.md", "solutions.md"):
        text = (tmp_path / "quiz" / name).read_text(encoding="utf-8")
        maths = inline_maths(text)
        assert len(maths) > 50
        plain = html.unescape(commonmark().render(text))
        lost = [formula for formula in maths if f"${formula}$" not in plain]
        assert not lost, lost[:5]
    problems = (tmp_path / "quiz" / "problems.md").read_text(encoding="utf-8")
    assert "-[\\thinspace y \\ln \\hat{p}" in problems and "M = \\lbrace " in problems


def test_escaped_punctuation_in_maths_takes_its_letter_named_form_and_text_keeps_its_escapes():
    written = render_string("A \\$5 set $\\{ {{ n }} \\}$, $0.15\\,T$, $a\\!b$, $\\|x\\|$, $\\;$", {"n": 3}, "md")
    assert written == "A \\$5 set $\\lbrace 3 \\rbrace$, $0.15\\thinspace T$, $a\\negthinspace b$, $\\Vert x\\Vert$, $\\;$"
    assert render_string("{{ w }} costs", {"w": "$5 or $6"}, "md") == "\\$5 or \\$6 costs"


UNCLOSED = re.compile(r"c14_user\.yaml:\d+: stem: a \$ opens maths that its paragraph does not close "
                      r"\(maths in \$\.\.\.\$ cannot run over a blank line\): close it before the blank line, "
                      r"use \\\[ \.\.\. \\\] for a displayed formula, or write \\\$ for a dollar sign \(seed ")


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.slow
def test_an_unclosed_dollar_stops_a_markdown_paper_as_it_stops_a_latex_one(invoke, tmp_path, fmt):
    bank = user_bank(tmp_path / "bank", "Give answers to 3 $significant figures.")
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--format", fmt, "--out", tmp_path / "quiz")
    assert result.exit_code == 2, result.output
    assert UNCLOSED.search(result.output) and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "quiz").exists()
