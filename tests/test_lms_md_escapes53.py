"""Review 53a F4: a bank's Markdown escapes reach the LMS as the characters the
paper prints (``\\}``, which validate asks for a brace as a character, shows
``}``, as in the PDF and in problems.md), while a literal ``&lt;`` shows as
written, as the PDF paper prints it; maths keeps its backslashes for MathJax."""

import pytest

from quizgen.lms.html import markdown_html
from quizgen.lms.moodle import inert_cloze


@pytest.mark.parametrize("text, html", [
    (r"tilde \~ hash \# brace \} and \{ amp \& per \%", "tilde ~ hash # brace } and { amp &amp; per %"),
    (r"a \* b \_ c \\ d", r"a * b _ c \ d"),
    ("written &lt; as typed", "written &amp;lt; as typed"),
    (r"the set $M = \{ 1, 2 \}$ \}", r"the set \(M = \{ 1, 2 \}\) }"),
])
def test_markdown_escapes_show_their_character(text, html):
    assert markdown_html(text, block=False) == html


def test_an_escaped_brace_opens_no_cloze_sub_question():
    assert inert_cloze(markdown_html(r"see \{1:NUMERICAL:=5\}", block=False)) == "see &#123;1:NUMERICAL:=5}"


@pytest.mark.parametrize("text, html", [
    (r"a \*\*b\*\* c", "a **b** c"),
    (r"**bold \*\* stars** and **\\**", r"<strong>bold ** stars</strong> and <strong>\</strong>"),
    ("**a<b** c", "<strong>a&lt;b</strong> c"),
])
def test_escaped_stars_open_no_bold(text, html):
    """Bold is found on the escaped text, before its escapes are read: ``\\*\\*`` is two stars, as printed."""
    assert markdown_html(text, block=False) == html
