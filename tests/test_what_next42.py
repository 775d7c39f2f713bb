"""The feedback sheet's "what next" for a wrong answer the grader said nothing
of (review 42a F4): "your last digit is off" only for an answer one or two
units of its last digit from the key's value so rounded (or one unit across a
ten: rounded the wrong way), not for any answer that differs in its last digit.
Seed 11's paper, Q8 (b): L = 3.5586. ``3.51`` is -ln 0.03, p = 0.02848 carried
at 1 figure: 5 units from 3.56, and was told its last digit is off."""

import pytest

from quizgen.generation.run import generate
from quizgen.grading.feedback_words import last_digit_hint
from quizgen.key.load import load_key_file


@pytest.fixture(scope="module")
def parts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed11")
    generate(folder / "paper", count=1, seed=11)
    key = load_key_file(folder / "paper" / "key.json")
    return {(q.id, p.letter): p for q in key.questions for p in q.parts}


@pytest.mark.parametrize("answer", ["3.51", "3.53", "3.59", "3.50"])
def test_a_last_digit_three_or_more_units_off_is_no_slip(parts, answer):
    assert last_digit_hint(parts["Q8", "b"], answer) == ""


@pytest.mark.parametrize("answer", ["3.55", "3.57", "3.58", "3.54"])
def test_one_or_two_units_off_is_a_last_digit_slip(parts, answer):
    assert last_digit_hint(parts["Q8", "b"], answer) == \
        "your last digit is off: 3.5586 rounds to 3.56 at the 3 significant figures you gave"
