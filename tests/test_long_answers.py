"""Answers far longer than any number or short phrase: read only as what they
can be (a sentence for a person, a trap's words), never scanned as a number
written with decorations, which cost milliseconds a row (a file of 10,000-
character answers took a minute to grade; the benchmark is in benchmarks/)."""

import pytest
import difflib
import random

from hypothesis import given, settings, strategies as st

import quizgen.grading.kept_values as marking   # where the part checker reads a refused answer
from quizgen.grading.part_checker import check_answer
from quizgen.marking.long_answers import LONG_FOR_A_NUMBER, MAX_REVIEW, too_long
from quizgen.key.status import Status
from quizgen.marking import phrases, spelling

NUMERIC = {"part": "a", "name": "p", "type": "numeric", "points": 1.0, "value": 0.5, "answer": "0.5000",
           "tolerance": {"sigfigs": 3}, "misconceptions": []}
WORD = {"part": "b", "name": "dir", "type": "word", "points": 1.0, "answer": "no", "accept": ["no"],
        "misconceptions": [{"code": "left_to_right", "feedback": "f", "words": ["yes"]}]}


def test_a_long_numeric_answer_is_never_read_as_a_decorated_number(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("read_number on a text no number can be")
    monkeypatch.setattr(marking, "read_number", refuse)
    verdict = check_answer(NUMERIC, "1 x " * 2499 + "7")
    assert (verdict.status, verdict.reason) == (Status.INVALID, too_long(number=True))   # 10,000 characters
    verdict = check_answer(NUMERIC, "1 x " * 200)
    assert (verdict.status, verdict.reason) == (Status.INVALID, LONG_FOR_A_NUMBER)


def test_a_long_sentence_on_a_numeric_part_still_goes_to_a_person():
    verdict = check_answer(NUMERIC, "I worked the probability out from the softmax and then " * 20)
    assert verdict.status == Status.NEEDS_REVIEW


def test_a_word_answer_over_the_review_limit_is_invalid_with_its_reason():
    verdict = check_answer(WORD, "no " * (MAX_REVIEW // 3 + 10))
    assert (verdict.status, verdict.reason) == (Status.INVALID, too_long())
    assert check_answer(WORD, "no, it reads the whole sentence at once").status == Status.CORRECT


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["the", "mean", "sum", "not", "over", "m", "no"]), max_size=30),
       st.lists(st.sampled_from(["the", "mean", "sum", "over", "m"]), min_size=1, max_size=3))
@pytest.mark.slow
def test_phrases_are_found_where_their_first_word_stands_as_at_every_word(tokens, phrase):
    assert phrases.starts(tokens, phrase, phrases.word_places(tokens)) == phrases.starts(tokens, phrase)


@pytest.mark.slow
def test_the_length_bound_decides_as_the_matcher_would():
    rng = random.Random(7)
    for _ in range(2000):
        a = "".join(rng.choice("abcde") for _ in range(rng.randint(4, 12)))
        b = "".join(rng.choice("abcde") for _ in range(rng.randint(4, 12)))
        assert spelling.alike(a, b) == (difflib.SequenceMatcher(None, a, b).ratio() >= spelling.MISSPELT)
