"""The paper's own notation as a label (review 28): C5 prints
``p(y_i | context)``, and ``p(y_i | context) = 0.789`` or ``P(story | context) =
0.789`` was invalid, since a label's brackets held at most 12 characters. A
condition (``a | b``) may now hold up to 20 each side of its bar; the pattern
stays anchored and bounded, so a crafted answer is read in linear time."""

import pytest

from quizgen.marking import forms
from quizgen.marking.forms import read_number
from redos_support import best_seconds


@pytest.mark.parametrize("text, value", [("p(y_i | context) = 0.789", 0.789), ("P(story | context) = 0.789", 0.789),
                                         ("p(y_i|context)=0.789", 0.789), ("P(positive | x) = 0.0241", 0.0241),
                                         ("P(masked word | the context) ≈ 0.789", 0.789),
                                         ("P(IsNext|A;B) = 0.0724", 0.0724)])
def test_the_papers_notation_as_a_label(text, value):
    reading = read_number(text)
    assert (reading.status, reading.value) == ("number", value)


@pytest.mark.parametrize("text", ["P(the masked word in the sentence) = 0.789",   # 30 characters, no condition
                                  "p(" + "a" * 21 + " | context) = 0.789"])        # over 20 before the bar
def test_a_long_bracket_is_still_no_label(text):
    assert read_number(text).status != "number"


@pytest.mark.parametrize("make", [lambda n: "p(" + "a |" * n + ") = 1", lambda n: "p(" + " " * n + "|" + " " * n,
                                  lambda n: "p(" + "a" * 20 + "|" + "b" * n + ")= 1", lambda n: "p(a|" * n])
@pytest.mark.parametrize("pattern", ["_LABEL", "_LABEL_ONLY"])
def test_a_crafted_label_is_read_in_linear_time(make, pattern):
    """The label patterns are anchored and bounded: a longer answer costs them no more."""
    match = getattr(forms, pattern).match if pattern == "_LABEL" else getattr(forms, pattern).fullmatch
    small, large = best_seconds(match, make(1_000), runs=3), best_seconds(match, make(100_000), runs=3)
    assert large < 0.01 or large < 3 * max(small, 1e-5), (small, large)
