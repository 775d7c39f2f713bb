"""LMS HTML reads maths as the paper's LaTeX does: a backslash pair never opens or closes maths.
``\\\\$x$`` (an escaped backslash, then maths) was read as a backslash and an escaped dollar, so
Moodle and Canvas showed ``\\$x$`` as typed; ``$a\\\\$`` (maths ending in TeX's ``\\\\``) ran on."""

import pytest

from quizgen.lms.html import markdown_html
from quizgen.text.tex_markdown import markdown_to_tex


@pytest.mark.parametrize("text, html", [
    (r"a \\$x$ b", r"a \\(x\) b"),                       # the escaped backslash shows as one, then maths
    (r"\\$$p = 1$$", r"\\[p = 1\]"),
    (r"$a\\$ and $b$", r"\(a\\\) and \(b\)"),            # maths closing after TeX's \\
    (r"cost \$5 and $y$", r"cost $5 and \(y\)"),          # an escaped dollar is still a dollar sign
    (r"\\\$x$", r"\$x$"),                                 # a backslash, then an escaped dollar: no maths
    (r"$\$5$ each", r"\(\$5\) each"),                     # an escaped dollar inside maths closes nothing
    ("no $ close", "no $ close"),
])
def test_a_backslash_pair_never_opens_or_closes_maths(text, html):
    assert markdown_html(text, block=False) == html


def test_the_lms_finds_the_maths_the_paper_typesets():
    """The same text's maths in the paper's LaTeX (kept as written) and in the LMS's MathJax delimiters."""
    text = r"the set \\$M = \{1, 2\}$ of $a\\$ items"
    assert markdown_to_tex(text) == text
    assert markdown_html(text) == r"<p>the set \\(M = \{1, 2\}\) of \(a\\\) items</p>"
