"""A number said in words before it, and a bound named by its letter (rev-maths17):
``it is 0`` was invalid ("comparisons are not allowed": the parser read ``is``),
``|M| >= 1`` was invalid while ``>= 1`` went to a person."""

import pytest

from quizgen.marking.forms import BOUND_REASON, NUMBER, REVIEW, read_number


@pytest.mark.parametrize("text, value", [("it is 0", 0.0), ("It is 0.", 0.0), ("it's 1", 1.0), ("it’s 1", 1.0),
                                         ("the answer is 0.427", 0.427), ("Answer is 2432", 2432.0),
                                         ("so 0.769", 0.769), ("that is 6", 6.0)])
def test_the_words_that_say_a_number_is_the_answer_are_read_past(text, value):
    reading = read_number(text)
    assert (reading.status, reading.value) == (NUMBER, value)


@pytest.mark.parametrize("text", ["|M| >= 1", "|M| ≥ 1", "M >= 1", "n > 0", ">= 1", "at least 1"])
def test_a_bound_goes_to_a_person_whether_or_not_it_names_its_quantity(text):
    reading = read_number(text, whole=True)
    assert (reading.status, reading.reason) == (REVIEW, BOUND_REASON)


@pytest.mark.parametrize("text", ["is 5", "it is", "so", "2 is 2"])
def test_words_without_a_number_after_them_are_not_read_as_one(text):
    assert read_number(text).status != NUMBER


def test_a_digit_inside_a_sentence_is_read_as_the_value_it_is():
    """C5 (b): "0, contributes nothing" names the trap's 0 and an accepted phrase
    (it was accepted, the 0 skipped as a word under three letters); "division by 0"
    is one accepted phrase, the 0 inside it no trap."""
    from quizgen.marking.words import read_words
    accept, traps = ["undefined", "contributes nothing", "division by 0"], {"zero_mask_is_zero": ["0", "zero"]}
    assert read_words("0, contributes nothing", accept, traps).status == "needs_review"
    assert read_words("division by 0", accept, traps).status == "accept"
    assert read_words("it is 0", accept, traps).code == "zero_mask_is_zero"
