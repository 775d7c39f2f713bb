"""A word cut short from a listed word is told that word, not a short one it
is a slip of: C8's classes list ``neg`` beside ``negative``, and ``nega``
(four letters of ``negative``) was offered ``neg`` (one letter added)."""

import pytest

from quizgen.marking.unlisted import short_for


def _drill(invoke, seed, lines):
    result = invoke("drill", "--seed", seed, "--classes", "C8", "--count", "1", "--no-save",
                    input="".join(f"{line}\n" for line in lines))
    return " ".join(result.output.split())


def _told(word, meant):
    return f"I do not know the word '{word}' as an answer here: did you mean '{meant}'?"


@pytest.mark.parametrize("seed", [2, 6])
def test_a_cut_short_class_is_told_the_long_word(invoke, seed):
    """Seed 2 draws the three-way task (labels negative, neutral, positive; names neg, neu,
    pos), seed 6 the review task (labels neg, pos; names negative, positive): either way
    'nega' and 'posit' begin a class's long word, while 'negs' and 'pso' are slips of the
    short ones, and 'ne' begins both negative and neutral (no one word named)."""
    said = _drill(invoke, seed, ["0.5", "0.5", "nega", "posit", "negs", "pso", "q"])
    for word, meant in (("nega", "negative"), ("posit", "positive"), ("negs", "neg"), ("pso", "pos")):
        assert _told(word, meant) in said


def test_grade_and_the_drill_share_the_cut_short_rule():
    """Three letters or more, two or more short of the listed word it begins."""
    listed = ["neg", "negative", "neutral", "pos"]
    assert short_for("nega", listed) == ["negative"]
    assert short_for("neu", listed) == ["neutral"]
    assert short_for("ne", listed) == [] and short_for("negativ", listed) == []
