"""Plain text's maths spans (text/spans.py: the drill, graded.csv, feedback sheets) read backslashes as
LaTeX does, as the LMS HTML does: ``\\$`` is a dollar sign, and ``\\\\`` (a line break, an escaped
backslash) then ``$x$`` is maths."""

import pytest

from quizgen.text.spans import MATHS, escaped, spans


@pytest.mark.parametrize("text, at, expected", [
    ("a\\$", 2, True), ("a\\\\$", 3, False), ("a\\\\\\$", 4, True), ("$", 0, False)])
def test_a_character_is_escaped_by_an_odd_run_of_backslashes(text, at, expected):
    assert escaped(text, at) is expected


def test_maths_after_an_escaped_backslash_is_maths_and_a_dollar_sign_is_not():
    text = "row\\\\$x$ costs \\$5"
    assert [text[a:b] for a, b in spans(text, MATHS)] == ["$x$"]
    closed = "$a\\\\$ then $b$"   # the first span closes after a backslash pair: two spans, not one running on
    assert [closed[a:b] for a, b in spans(closed, MATHS)] == ["$a\\\\$", "$b$"]
    assert spans("price \\$3 and \\$4", MATHS) == []
