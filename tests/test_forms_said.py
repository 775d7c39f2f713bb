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


@pytest.mark.parametrize("text, value, figures", [
    ("L ≈ 1.52", 1.52, 3), ("p ≈ 0.695", 0.695, 3), ("p~0.695", 0.695, 3), ("p(story) ≈ 0.695", 0.695, 3),
    ("p is 0.695", 0.695, 3), ("the probability is 0.695", 0.695, 3), ("the loss is about 0.364", 0.364, 3),
    ("-ln(0.695) = 0.364", 0.364, 3), ("0.72^2 = 0.518", 0.518, 3), ("6-1 = 5", 5.0, 1),
    ("L = L_MLM + L_NSP = 0.394 + 1.171 = 1.565", 1.565, 4), ("5 predictions", 5.0, 1),
    ("0.3 (rounded)", 0.3, 1)])
def test_a_value_as_students_write_it_around_their_working(text, value, figures):
    """rev-mark17: a label before ≈, '<label> is', working that ends in its value
    (the value after the last '='), a count of predictions, '(rounded)': all were
    invalid or went to a person; the figures are the final value's."""
    reading = read_number(text)
    assert (reading.status, reading.value, reading.figures) == (NUMBER, value, figures)


@pytest.mark.parametrize("text", ["=A1+1", "0.7 =", "2 == 2", ">= 1"])
def test_a_formula_or_a_bound_is_no_working_that_ends_in_a_value(text):
    assert read_number(text).status != NUMBER


@pytest.mark.parametrize("text", ["none", "no value", "nothing"])
def test_a_word_on_a_number_part_is_told_so_not_in_the_parsers_words(text):
    reading = read_number(text)
    assert (reading.status, reading.reason) == ("invalid", "not a number: a word, where this part asks for a number")


YES_NO = (["no", "false", "bidirectional"], {"left_to_right": ["yes", "true", "left to right"]})


@pytest.mark.parametrize("text", ["No. it reads both sides", "it does not", "it doesn't", "never", "incorrect",
                                  "no. it reads the whole sentence at once"])
def test_a_plain_no_is_read_however_it_is_said(text):
    """rev-mark17: 'No.' kept its full stop and was not the leading no; 'it does
    not', 'never' and 'incorrect' were a silent 0."""
    from quizgen.marking.words import read_words
    assert read_words(text, *YES_NO).status == "accept"


def test_a_decimal_point_in_a_word_answer_is_kept():
    from quizgen.marking.words import read_words
    assert read_words("0.5", ["0.5"], {}).status == "accept"


@pytest.mark.parametrize("text", ["L = 0.4076 where p = 0.6652", "L = 0.4076, p = 0.6652", "0.4076 with p=0.6652",
                                  "5, T = 6", "p = 0.6652 so L = 0.4076", "30 masked, with n = 200"])
def test_an_answer_beside_a_given_value_goes_to_a_person(text):
    """rev-hostile17: the value after the last '=' was read even when it was a
    value the paper gave (the answer 0.4076 scored 0 as 'probability_as_loss')."""
    assert read_number(text).status == REVIEW


def test_a_word_on_a_number_part_reaches_the_grade_as_a_word():
    from quizgen.grading.part_checker import check_answer
    part = {"part": "a", "name": "p", "type": "numeric", "points": 1.0, "value": 0.5, "answer": "0.5000",
            "tolerance": {"sigfigs": 3}, "misconceptions": []}
    verdict = check_answer(part, "none")
    assert (verdict.status, verdict.reason) == ("invalid", "not a number: a word, where this part asks for a number")
    assert check_answer(part, "L = 0.5" + " " * 400).status == "correct"   # spaces around are no part of it


@pytest.mark.parametrize("text", ["L=0/0", "L = 0/0", "L=undefined"])
def test_a_label_before_a_word_answer_with_or_without_spaces(text):
    from quizgen.marking.words import read_words
    assert read_words(text, ["undefined", "0/0"], {"zero_mask_is_zero": ["0", "zero"]}).status == "accept"
