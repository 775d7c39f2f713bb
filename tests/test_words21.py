"""Word answers an instructor found marked a bare incorrect (review 21): a
short listed word typed with a letter twice (``yess``, ``noo``, ``poss``) is a
near spelling, for a person to read as the docs promise; and C5 (b) takes
DNE and null as saying the formula has no value (a bare "none" goes to a person)."""

import pytest

from quizgen.marking.rules import NEEDS_REVIEW
from quizgen.marking.words import read_words


@pytest.mark.parametrize("said, listed", [("yess", "yes"), ("noo", "no"), ("poss", "pos"), ("yees", "yes")])
def test_a_short_word_with_a_letter_twice_is_for_a_person(said, listed):
    assert read_words(said, [listed], {"other": ["zzz"]}).status == NEEDS_REVIEW


@pytest.mark.parametrize("said", ["yesno", "ys", "nope", "po", "12"])
def test_other_short_words_are_not_taken_for_a_doubled_letter(said):
    assert read_words(said, ["yes"], {"other": ["pos"]}).status != NEEDS_REVIEW


@pytest.mark.parametrize("said, status", [("DNE", "correct"), ("null", "correct"),
                                          # bank25: "none" may also say no loss (0/0 taken as 0)
                                          ("none", "needs_review"), ("None", "needs_review")])
def test_c5_b_takes_dne_and_null_for_no_value(templates_by_class, said, status):
    from quizgen.generation.quiz import Question
    from quizgen.generation.sampling import sample_instance
    from quizgen.grading.part_checker import question_checkers
    from quizgen.key.entries import key_entry

    instance = sample_instance(templates_by_class["C5"], "words21/0")
    checkers = question_checkers(key_entry(Question("Q1", instance)))
    assert checkers["b"](said).status == status


@pytest.mark.parametrize("credit, said", [(0.5, ", which earns half of the marks in this course"),
                                          (0.25, ", which earns 25% of the marks in this course")])
def test_an_answer_rounded_too_early_says_its_part_marks(credit, said):
    """An instructor giving rounded-too-early answers part marks (--policy) saw
    the score but no word of why, where ECF's part marks are said."""
    from quizgen.marking.rules import Credits, PartRule, mark_part

    verdict = mark_part(PartRule("p", "(a)", "numeric", 0.1192, {}), "0.12", {}, {}, Credits(imprecise=credit))
    assert verdict.status == "imprecise" and verdict.score == credit
    assert verdict.feedback.endswith(said), verdict.feedback


def test_no_part_marks_no_word_of_them():
    from quizgen.marking.rules import PartRule, mark_part

    assert "in this course" not in mark_part(PartRule("p", "(a)", "numeric", 0.1192, {}), "0.12", {}, {}).feedback


def test_a_stray_percent_sign_on_a_right_number_is_for_a_person(templates_by_class):
    """``0.713%`` for p = 0.7130 was a plain incorrect (read as 0.00713): the
    number is right, the % a likely slip, so a person decides; a % that makes
    the answer right (71.3%) or one that is wrong either way stays as it was."""
    from quizgen.generation.quiz import Question
    from quizgen.generation.sampling import sample_instance
    from quizgen.grading.part_checker import question_checkers
    from quizgen.key.entries import key_entry

    instance = sample_instance(templates_by_class["C1"], "words21/percent")
    p = float(instance.parts[0].value)
    check = question_checkers(key_entry(Question("Q1", instance)))["a"]
    stray = check(f"{p:.4f}%")
    assert stray.status == "needs_review" and "% sign" in stray.reason and not stray.feedback, stray
    assert check(f"{100 * p:.2f}%").status == "correct"
    assert check(f"{p / 2:.4f}%").status == "incorrect"


@pytest.mark.parametrize("said", ["no idea", "don't know", "I don't know", "dont know", "do not know", "idk"])
def test_every_way_of_saying_no_idea_is_marked_as_no_idea(said):
    """rev-docs21: on C5 (b) `no idea` was incorrect but `don't know` needs_review
    (its "not" read as a negation); each is no answer, and on a yes/no part each
    is for a person, as `no idea` is (its leading "no")."""
    from quizgen.marking.words import read_words

    assert read_words(said, ["undefined"], {"zero": ["0"]}).status == "blank"   # said as no answer (forms22)
    assert read_words(said, ["yes"], {"no": ["no"]}).status == "blank"
