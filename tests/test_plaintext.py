"""Plain text for the terminal: LaTeX maths to ASCII, the Markdown subset, wrapping."""

import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.generation.quiz import Question
from quizgen.generation.views import question_view
from quizgen.text.plain import math_to_plain, to_plain, wrap
from quizgen.text.render import render_string
from quizgen.generation.sampling import canonical_instance


@pytest.mark.parametrize("latex, plain", [
    (r"\frac{a}{b}", "a/b"),
    (r"\frac{e^{2}}{e^{2} + e + 1}", "e^2/(e^2 + e + 1)"),
    (r"\frac{-1}{-2}", "-1/(-2)"),
    (r"\frac12", "1/2"),
    (r"\frac{1}{\ln 3}", "1/(ln 3)"),
    (r"\ln", "ln"),
    (r"-\ln p", "-ln p"),
    (r"\ln4", "ln 4"),
    (r"e^{x}", "e^(x)"),
    (r"e^{2}", "e^2"),
    (r"e^{ -0.5 }", "e^(-0.5)"),
    (r"e^{z_j}", "e^(z_j)"),
    (r"\text{chosen tokens}", "chosen tokens"),
    (r"\sum_j e^{z_j}", "sum_j e^(z_j)"),
    (r"\sum_{i \in M} L_{i}", "sum_(i in M) L_i"),
    (r"1/3 \approx 0.333", "1/3 ~ 0.333"),
    (r"a \cdot b", "a * b"),
    (r"0.15 \times 200", "0.15 x 200"),
    (r"\hat{p} = \sigma(s)", "p_hat = sigma(s)"),
    (r"\left( 1 - \hat p \right)", "(1 - p_hat)"),
    (r"-\ln\left(\frac{e^{2}}{e^{2} + e + 1}\right)", "-ln(e^2/(e^2 + e + 1))"),
    (r"\ln\frac{\hat{p}}{1 - \hat{p}} = s", "ln(p_hat/(1 - p_hat)) = s"),   # never (ln p_hat)/(1 - p_hat)
    (r"-\ln \frac{a}{b}", "-ln(a/b)"),
    (r"\log_{10} p", "log10 p"),
    (r"\sqrt{2}", "sqrt(2)"),
    (r"w^{\top} h", "w^T h"),
    (r"\mathbb{R}^{2 \times d}", "R^(2 x d)"),
    (r"\arg\max_j z_j", "argmax_j z_j"),
    (r"p \geq 0.5 \neq 1", "p >= 0.5 != 1"),
    (r"15\% \text{ of } 200", "15% of 200"),
    (r"\operatorname{softmax}(z)", "softmax(z)"),
    (r"\alpha\beta", "alpha beta"),
    (r"\unknown{x}", "unknown(x)"),
    (r"-\frac{1}{|M|}\sum_{i \in M} \ln p_i", "-1/|M| sum_(i in M) ln p_i"),
    (r"M = \varnothing", "M = {}"),
])
def test_math_to_plain(latex, plain):
    assert math_to_plain(latex) == plain


LATEX_PIECES = list("\\{}^_ $ab1-+() ") + ["\\frac", "\\left", "\\right", "\\ln", "\\text", "\\hat",
                                            "\\sqrt", "\\,", "\\sum", "\\alpha"]


LATEX = given(st.lists(st.sampled_from(LATEX_PIECES), max_size=40).map("".join))


@quick(settings())
@LATEX
@example("\\frac{a}{1} - \\hat{b}_{1 a}")
@example("\\left(a\\right)^{-1}\\text{b1}\\alpha b")
def test_math_to_plain_never_fails_and_leaves_no_latex(latex):
    result = math_to_plain(latex)
    assert "\\" not in result
    # its atoms survive: each digit (none made up), and each letter not part of a command's name
    assert result.count("1") == latex.count("1"), result
    bare = re.sub(r"\\[A-Za-z]+", "", latex)
    assert all(result.count(letter) >= bare.count(letter) for letter in "ab"), result


test_math_to_plain_many = many_copy(test_math_to_plain_never_fails_and_leaves_no_latex, LATEX, settings())


def test_to_plain_converts_maths_bold_and_escaped_dollars():
    text = 'The **true** word is "mat": $p = \\frac{7.389}{11.107}$ costs \\$5.'
    assert to_plain(text) == 'The true word is "mat": p = 7.389/11.107 costs $5.'


def test_to_plain_keeps_paragraphs_and_bullets_and_joins_lines():
    text = "First line\ncontinues here.\n\n- one: $z = 1$\n- two\n  goes on\nAfter the list.\n"
    assert to_plain(text) == "First line continues here.\n\n- one: z = 1\n- two goes on\nAfter the list."


def test_wrap_keeps_lines_within_width_and_hangs_bullets():
    text = to_plain("- " + "word " * 30 + "\n\n" + "long " * 40)
    lines = wrap(text, 40, "  ").splitlines()
    assert all(len(line) <= 40 for line in lines)
    assert lines[0].startswith("  - word") and lines[1].startswith("    word")
    assert "" in lines


def test_wrap_does_not_split_a_short_formula():
    text = "x " * 33 + "so p = 0.7101 > 1/4 here"
    wrapped = wrap(text, 80)
    assert all(len(line) <= 80 for line in wrapped.splitlines())
    assert any("p = 0.7101 > 1/4" in line for line in wrapped.splitlines())


@given(st.lists(st.sampled_from(list("ab =+-$\n") + ["\\frac{1}{2}", "**", "- ", "word"]), max_size=200)
       .map("".join))
@pytest.mark.slow
def test_wrap_never_exceeds_width_with_short_words(text):
    for line in wrap(to_plain(text), 30).splitlines():
        body = line.strip()
        body = body[2:] if body.startswith("- ") else body
        assert len(line) <= 30 or " " not in body, "only an unbreakable word may overflow"


def test_text_format_renders_plain_maths(templates_by_class):
    template = templates_by_class["C1"]
    view = question_view(Question("Q1", canonical_instance(template)), "text")
    everything = " ".join([view["stem"], view["forecast"], view["verify"]]
                          + [p["ask"] for p in view["parts"]]
                          + [s[k] for s in view["steps"] for k in ("title", "why", "work")])
    assert "$" not in everything and "\\" not in everything and "**" not in everything
    assert "-ln p" in view["parts"][1]["ask"]
    assert "e^(2.0) = 7.389" in view["steps"][0]["work"]


def test_text_format_keeps_plain_words_unchanged():
    assert render_string("{{ w }}", {"w": "[MASK]"}, "text") == "[MASK]"
    assert render_string("pos", {}, "text") == "pos"
