"""A quantity's name in brackets after a number reads as it does bare
(review 38): ``0.681 prob`` and ``0.384 (nats)`` were read, ``0.681 (prob)``
went to a person as "a number with words after it"."""

import pytest

from quizgen.marking.forms import NUMBER, read_number


@pytest.mark.parametrize("text, value", [("0.681 (prob)", 0.681), ("0.681(probability)", 0.681),
                                         ("1.46 (loss)", 1.46), ("1.463 (cross-entropy)", 1.463)])
def test_a_quantity_named_in_brackets_is_read_like_a_unit(text, value):
    reading = read_number(text)
    assert (reading.status, reading.value) == (NUMBER, value), reading


def test_a_perplexity_in_brackets_goes_to_a_person_as_bare():
    """Since review 52b F4 "perplexity" is no neutral quantity word (e to the loss is another number)."""
    from quizgen.marking.quantity_words import PERPLEXITY_REASON
    reading = read_number("2.05 ( perplexity ).")
    assert (reading.status, reading.value, reading.reason) == ("needs_review", 2.05, PERPLEXITY_REASON), reading


@pytest.mark.parametrize("text", ["0.681 (apples)", "0.681 (prob", "0.681 (p)", "0.681 (prob) (loss)"])
def test_other_words_in_brackets_still_go_to_a_person(text):
    assert read_number(text).status != NUMBER
