"""validate marks sampled instances with the real grader (the checkers grade
and the drill use): the careful 3 s.f. student is correct, every trap is
named and never accepted; template tests run through the same checkers."""

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.grading.part_checker import Verdict
from quizgen.key.status import Status
from quizgen.validation import marking
from quizgen.bank.tests_schema import MARKER_STATUSES

BANK = {t.cls: t for t in load_bank()}


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(BANK))
def test_the_shipped_bank_is_marked_as_a_careful_marker_would(cls):
    instances = [canonical_instance(BANK[cls])] + [sample_instance(BANK[cls], f"vm/{cls}/{k}") for k in range(5)]
    assert [p for inst in instances for p in marking.marking_problems(inst)] == []


def test_the_careful_student_carries_three_figures():
    answers = marking.careful_student(canonical_instance(BANK["C7"]))
    assert answers == {"p": "0.769", "loss_y1": "0.263", "loss_y0": "1.47"}   # 1.47 needs carried rounding


def test_a_grader_that_rejects_the_careful_student_or_accepts_a_trap_is_reported(monkeypatch):
    instance = canonical_instance(BANK["C7"])
    wrong = Verdict(Status.INCORRECT, 0.0, "", value=1.0)
    monkeypatch.setattr(marking, "carried_forward", lambda checker, verdict, values, figures=None, statuses=None: wrong)
    problems = marking.marking_problems(instance)
    assert len(problems) == 3 and "carries 3 significant figures answers 0.769 and is marked incorrect" \
        in str(problems[0]) and "write the answer from the parameters" in str(problems[0])
    monkeypatch.undo()
    original = marking.question_checkers

    def accepting(entry):
        checkers = original(entry)
        return {letter: (lambda text, c=c: Verdict(Status.CORRECT, 1.0, "", value=float(text) if
                                                    text[0].isdigit() else None)) for letter, c in checkers.items()}

    monkeypatch.setattr(marking, "question_checkers", accepting)
    problems = marking.marking_problems(instance)
    assert any("is marked correct, not incorrect (sigmoid_sign_error)" in str(p) for p in problems)


def test_template_tests_may_expect_the_careful_statuses():
    assert {"imprecise", "needs_review"} <= set(MARKER_STATUSES)
