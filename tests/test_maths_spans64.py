"""The LMS HTML reads template text's maths by the one reader plain text uses (text/spans.py's DOLLARS,
the dollar kinds of MATHS), not a pattern of its own: a dollar after an odd run of backslashes is a dollar
sign, after an even run (a backslash, then maths) it opens or closes maths, as LaTeX reads it."""

import re
from html import unescape

import pytest

from quizgen.lms.html import markdown_html
from quizgen.text.spans import DOLLARS, MATHS, spans

CASES = [
    ("cost \\$5 and $x$", "<p>cost $5 and \\(x\\)</p>"),
    ("\\\\$x$", "<p>\\\\(x\\)</p>"),
    ("$a\\\\$ b", "<p>\\(a\\\\\\) b</p>"),
    ("$a\\$b$", "<p>\\(a\\$b\\)</p>"),
    ("$$y = 2$$ and $z$", "<p>\\[y = 2\\] and \\(z\\)</p>"),
    ("$$a$b$$", "<p>\\[a$b\\]</p>"),
    ("an unclosed $ sign", "<p>an unclosed $ sign</p>"),
    ("$x < y$ **bold**", "<p>\\(x &lt; y\\) <strong>bold</strong></p>"),
]


@pytest.mark.parametrize("text, html", CASES)
def test_the_lms_html_reads_maths_as_the_spans_reader_does(text, html):
    assert markdown_html(text) == html
    typeset = [unescape(inline or shown) for inline, shown in re.findall(r"\\\((.*?)\\\)|\\\[(.*?)\\\]", html)]
    dollars = [text[start:end] for start, end in spans(text, DOLLARS)]
    assert typeset == [piece[2:-2] if piece.startswith("$$") else piece[1:-1] for piece in dollars]


def test_dollars_are_the_dollar_kinds_of_maths():
    assert DOLLARS == (MATHS[0], MATHS[-1])


def test_an_unclosed_opener_run_is_read_in_linear_time():
    import time

    text = "$$\\$" * 40_000 + "$"
    began = time.perf_counter()
    markdown_html(text, block=False)
    assert time.perf_counter() - began < 2
