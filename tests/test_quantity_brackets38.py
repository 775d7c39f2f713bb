"""A quantity's name in brackets after a number reads as it does bare
(review 38): ``0.681 prob`` and ``0.384 (nats)`` were read, ``0.681 (prob)``
went to a person as "a number with words after it"."""

import pytest

from quizgen.marking.forms import NUMBER, read_number


@pytest.mark.parametrize("text, value", [("0.681 (prob)", 0.681), ("0.681(probability)", 0.681),
                                         ("1.46 (loss)", 1.46), ("2.05 ( perplexity ).", 2.05)])
def test_a_quantity_named_in_brackets_is_read_like_a_unit(text, value):
    reading = read_number(text)
    assert (reading.status, reading.value) == (NUMBER, value), reading


@pytest.mark.parametrize("text", ["0.681 (apples)", "0.681 (prob", "0.681 (p)", "0.681 (prob) (loss)"])
def test_other_words_in_brackets_still_go_to_a_person(text):
    assert read_number(text).status != NUMBER
