"""A true-or-false part (its lists hold ``false`` and ``true``, no yes or no) answered with another yes
or no word: ``n``, ``wrong`` and ``incorrect`` say false and ``yes``, ``y`` and ``correct`` true, as a bare
``no`` already did (unlisted.NO_MEANS); they were marked incorrect whatever the answer."""

import pytest

from grading_support import one_part_statuses
from quizgen.marking.words import read_words

ACCEPT, TRAPS = ["false"], {"said_true": ["true"]}   # the statement is false


@pytest.mark.parametrize("said", ["n", "N", "wrong", "Wrong.", "incorrect", "no", "nope", "false"])
def test_a_no_word_says_false(said):
    assert read_words(said, ACCEPT, TRAPS).status == "accept"


@pytest.mark.parametrize("said", ["yes", "y", "Yes!", "correct", "yeah", "true"])
def test_a_yes_word_says_true(said):
    reading = read_words(said, ACCEPT, TRAPS)
    assert (reading.status, reading.code) == ("trap", "said_true")


@pytest.mark.parametrize("said", ["n", "wrong", "yes"])
def test_where_no_list_holds_a_yes_no_true_or_false_the_word_answers_nothing(said):
    """C5 (b), whose answer is "undefined": ``n`` or ``yes`` is no answer to "which value"."""
    assert read_words(said, ["undefined"], {"zero": ["0"]}).status == "unknown"


def test_a_yes_no_part_keeps_its_own_words():
    """A part listing yes and no (C9) reads a no-word as its no, even where it lists true and false too."""
    assert read_words("wrong", ["no", "false"], {"t": ["yes", "true"]}).status == "accept"


@pytest.mark.parametrize("said, reason_start", [("wrong, it halves", "the words after its yes or no"),
                                                ("yes?", "said with doubt")])
def test_the_yes_or_no_rules_apply_to_the_true_or_false_reading(said, reason_start):
    reading = read_words(said, ACCEPT, TRAPS)
    assert reading.status == "needs_review" and reading.reason.startswith(reason_start), reading


@pytest.mark.slow
def test_grade_marks_a_true_or_false_part_by_what_the_word_says(tmp_path):
    part = {"part": "a", "name": "claim", "type": "word", "points": 1.0, "accept": ACCEPT, "answer": "false",
            "misconceptions": [{"code": "said_true", "feedback": "The claim is false.", "words": ["true"]}]}
    rows = [("s1", "n"), ("s2", "wrong"), ("s3", "yes"), ("s4", "false"), ("s5", "correct"), ("s6", "maybe")]
    assert one_part_statuses(tmp_path, part, rows) == {
        "s1": "correct", "s2": "correct", "s3": "incorrect", "s4": "correct", "s5": "incorrect", "s6": "incorrect"}
