"""The check prints inline-size fractions in the Moodle and Canvas exports too:
their worked solution is the Markdown view's, and a \\dfrac in a sentence sets
huge inline in MathJax/KaTeX."""

import pytest

from quizgen.lms.variants import variant


@pytest.mark.parametrize("cls", ["C5", "C7"])
def test_the_exported_check_keeps_inline_fractions(templates_by_class, cls):
    """The check, the paragraph after the numbered steps, has its \\frac and no \\dfrac."""
    html = variant(templates_by_class[cls], "7/check/0").solution_html
    check = html.split("</ol>", 1)[1].split("<p><strong>Answers:", 1)[0]
    assert r"\frac" in check and r"\dfrac" not in check, check
