"""The grader names a trap without making the part's full marking rule
(``PartChecker._named_trap``); its verdict must be the careful marker's
(``marking.rules.mark_value``) for every trap answer of the shipped bank,
with the policy's credits and an instructor's tolerance override alike."""

import pytest

from quizgen.grading.careful import QuestionRules
from quizgen.grading.part_checker import PartChecker
from quizgen.key.entries import key_entry
from quizgen.generation.quiz import Question
from quizgen.marking import rules as careful
from quizgen.marking.forms import NUMBER, Reading, significant_figures
from quizgen.maths.numbers import significant
from test_marking_students_gen import BANK, _instances

CREDITS = careful.Credits(traps={"missing_minus_sign": 0.25, "sum_instead_of_mean": 0.5})


def _answers(value: float, count: bool = False) -> list:
    """A trap's value as students write it; on a ``count`` a fraction without
    trailing zeros (a count's 7.500 reads as 7500, docs/grading.md)."""
    texts = [repr(value), significant(value, 4), significant(value, 3), repr(-value)]
    return [t.rstrip("0").rstrip(".") if count and "." in t else t for t in texts]


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(BANK))
@pytest.mark.parametrize("override", [None, {"rtol": 0.01}])
def test_a_trap_answer_gets_the_careful_markers_verdict(cls, override):
    named, traps = 0, 0
    for instance in _instances(cls, 6):
        question = key_entry(Question("Q1", instance))
        for part in question.parts:
            if part.value is None:
                continue
            for value in filter(None, part.trap_values):
                traps += 1
                for text in _answers(float(value), part.kind == "integer"):
                    rules = QuestionRules(question, CREDITS)
                    checker = PartChecker(part, override=override, question=rules)
                    verdict = checker(text)
                    slow = PartChecker(part, override=override, question=QuestionRules(question, CREDITS))
                    reading = Reading(NUMBER, float(text), significant_figures(text))
                    mark = careful.mark_value(slow.rule, reading, {}, {}, CREDITS, {})
                    if abs(reading.value - part.value) > checker.tolerance:
                        assert verdict == slow._verdict(mark, reading.figures), (cls, part.letter, text)
                        named += verdict.misconception != ""
    assert named >= traps   # each trap value, written in full, is named


def test_a_word_trap_takes_the_policys_credit():
    """A trap's credit from the policy applies to word answers too ("it doubles"
    for a mean: half credit here), and the template's own credit otherwise."""
    question = key_entry(Question("Q1", _instances("C9", 1)[0]))
    part = next(p for p in question.parts if p.kind == "word" and any(t.code == "sum_instead_of_mean" for t in p.traps))
    with_policy = PartChecker(part, question=QuestionRules(question, CREDITS))("it doubles")
    without = PartChecker(part, question=QuestionRules(question, careful.Credits()))("it doubles")
    assert (with_policy.misconception, with_policy.score) == ("sum_instead_of_mean", 0.5 * float(part.points))
    assert (without.misconception, without.score) == ("sum_instead_of_mean", 0.0)
