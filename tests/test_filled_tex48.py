"""The filled-text TeX check's quick paths (docs/performance-history.md, the forty-eighth round): a text
whose every command is plainly listed skips _REFUSED and the walk, and one that can hold no length
argument skips _ARGUMENT. Both must answer exactly as the full checks do, on any text."""

from unittest.mock import patch

from hypothesis import given, settings, strategies as st

from quizgen.text import tex_commands
from quizgen.text.tex_commands import _ARGUMENT, oversized_length, tex_problem, unlisted_tex
from tests.property_sizes import many_copy, quick

PIECES = ["\\", "\\\\", "^^", "^", "{", "}", "[", "]", "begin", "end", "{aligned}", "{tabular*}", "{x y}",
          "input", "alpha", "href", "lua", "csname", "hspace", "space", "99999pt", "1cm", " ", "\n", "p", "m",
          "b", "w", "x", "é", "_", "1", "p{", " m {", "string", "readline", "frac", "*", "20000fil", "em", "`a"]


def walked(text: str) -> str | None:
    """unlisted_tex's answer for filled text without its quick path: the refused commands, then the walk."""
    with patch.object(tex_commands, "_only_listed_commands", lambda _: False):
        return unlisted_tex(text, filled=True)


MANY = settings(deadline=None, max_examples=3000)
TEXTS = given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))


@quick(MANY)
@TEXTS
def test_the_quick_path_answers_as_the_full_check(text):
    assert unlisted_tex(text, filled=True) == walked(text)


@quick(MANY)
@TEXTS
def test_a_text_that_may_hold_no_length_has_no_length_argument(text):
    if not tex_commands._may_hold_length(text):
        assert _ARGUMENT.search(text) is None


test_the_quick_path_answers_as_the_full_check_many = many_copy(test_the_quick_path_answers_as_the_full_check,
                                                               TEXTS, MANY)
test_a_text_that_may_hold_no_length_many = many_copy(test_a_text_that_may_hold_no_length_has_no_length_argument,
                                                     TEXTS, MANY)


def test_the_quick_paths_still_refuse():
    assert tex_problem("$\\alpha$ \\href{x}", filled=True).startswith("uses \\href")
    assert tex_problem("$\\alpha$ \\\\\\input{x}", filled=True).startswith("uses \\input")
    assert tex_problem("$\\frac{1}{2}$ ^^5c", filled=True).startswith("uses ^^")
    assert tex_problem("\\begin{x y} $\\alpha$", filled=True).startswith("uses \\begin")
    assert oversized_length("a p {99999cm} b") is not None
    assert oversized_length("a\\hspace{99cm}") is not None
    assert tex_problem("$\\alpha + \\beta$ and a \\\\ line", filled=True) is None
