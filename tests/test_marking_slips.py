"""A wrong answer that is a misconception's value rounded to fewer figures than
asked is named as that misconception (rev-mark16: 0.95 for sigma(3) = 0.9526, the
sigmoid-instead-of-softmax value at 2 figures, was a bare incorrect while 0.953
named it), in grade and the drill alike; its credit is the trap's times the
imprecise credit. Students are made from the bank's instances."""

import pytest
from quizgen.generation.quiz import Question
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.maths.numbers import significant
from quizgen.marking.rules import Credits
from quizgen.marking.slips import rounded_twice
from test_marking_grade import _instances


def _two_figure_trap(cls: str, code: str):
    """An instance, and its trap ``code``'s value at 2 figures, that is no rounding of
    the answer and no other value's plain window: the case to name."""
    for instance in _instances(cls, 60):
        checkers = question_checkers(key_entry(Question("Q1", instance)))
        for letter, checker in checkers.items():
            part = checker.part
            for trap, value in zip(part.traps, part.trap_values):
                if trap.code != code or value is None:
                    continue
                two = significant(float(value), 2)
                if float(two) != float(significant(float(value), 3)) and checker(two).status.value == "incorrect" \
                        and not checker(significant(float(value), 3)).status.value == "correct":
                    return instance, letter, two, checker
    raise AssertionError(f"no {cls} draw with a 2-figure {code} to name")


@pytest.mark.slow
def test_a_trap_value_rounded_too_early_is_named():
    instance, letter, two, checker = _two_figure_trap("C8", "sigmoid_instead_of_softmax")
    verdict = checker(two)
    assert verdict.misconception == "sigmoid_instead_of_softmax", verdict
    assert verdict.feedback.endswith("(That value, rounded to 2 significant figures: give at least 3.)"), verdict
    assert verdict.score == 0


@pytest.mark.slow
def test_the_named_slip_earns_the_traps_credit_times_the_imprecise_credit():
    instance, letter, two, _ = _two_figure_trap("C8", "sigmoid_instead_of_softmax")
    credits = Credits(traps={"sigmoid_instead_of_softmax": 0.5}, imprecise=0.5)
    checker = question_checkers(key_entry(Question("Q1", instance)), credits)[letter]
    assert checker(two).score == 0.25 * float(checker.part.points)


def test_rounded_twice_is_told_from_the_value_alone():
    assert rounded_twice(0.231475, 3, 0.232).startswith("rounded twice: 0.2315")
    assert rounded_twice(0.231475, 3, 0.231) == ""


def test_rounded_twice_is_told_where_the_value_to_two_more_figures_ends_in_a_5():
    """Review 58b F1: ln 1218 = 7.104965 is 7.10 to 3 figures, 7.1050 to 5 and 7.105 to 4, so 7.11 is it
    rounded twice; the sentence was dropped because "the value itself, 7.1050, rounds to 7.10" is false.
    It now quotes the value to as many figures as show its rounding (7.10497, as "expected" does)."""
    import math
    said = rounded_twice(math.log(1218), 3, 7.11)
    assert said.startswith("rounded twice: 7.105 (the value to 4 figures) rounded again to 3 is 7.11"), said
    assert "the value itself, 7.10497, rounds to 7.10" in said, said
    assert rounded_twice(math.log(1218), 3, 7.10) == ""
