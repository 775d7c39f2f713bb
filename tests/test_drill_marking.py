"""The drill marks on grade's path (issue 12, item 9): a learner who carries
3 significant figures is told at once that the answer was accepted by
carried rounding, with the same checkers grade and validate use."""

import pytest
import io

from quizgen.bank.loader import load_bank
from quizgen.drill.session import run_drill
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.validation.marking import careful_student, mark_answers
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry


@pytest.mark.slow
def test_the_drill_says_when_carried_rounding_was_accepted():
    template = next(t for t in load_bank() if t.cls == "C7")
    for seed in range(1, 60):
        inst = sample_instance(template, seed_label(seed, template.id, 0))
        answers = careful_student(inst)
        verdicts = mark_answers(question_checkers(key_entry(Question("Q1", inst))), inst, answers)
        if any(v.note == "carried_rounding" for v in verdicts.values()):
            break
    else:
        raise AssertionError("no C7 draw needs carried rounding")
    text = "".join(f"{answers[pv.part.name]}\n" for pv in inst.parts) + "q\n"
    out = io.StringIO()
    result = run_drill(io.StringIO(text), out, io.StringIO(), classes="C7", seed=seed, save=False)
    assert [p.status for p in result.parts] == ["correct"] * len(inst.parts)
    assert "consistent with carrying rounded intermediate results" in " ".join(out.getvalue().split())


def test_the_drill_names_a_trap_worked_from_the_learners_own_wrong_a():
    """As grade does: C2 (a) a slip, (b) -log10 of it: the log10 slip is named."""
    import math

    from quizgen.maths.numbers import significant

    seed, template = 1, next(t for t in load_bank() if t.cls == "C2")
    inst = sample_instance(template, seed_label(seed, template.id, 0))
    slip = float(significant(float(inst.parts[0].value) * 0.9, 3))
    text = f"{slip}\n{significant(-math.log10(slip), 3)}\nq\n"
    out = io.StringIO()
    result = run_drill(io.StringIO(text), out, io.StringIO(), classes="C2", seed=seed, save=False)
    assert [p.status for p in result.parts] == ["incorrect", "incorrect"]
    assert f"(worked from your own (a) = {slip:g})" in " ".join(out.getvalue().split())


def test_the_drill_quotes_the_learners_earlier_answer_with_its_trailing_zeros():
    """(a) typed with a trailing zero (0.04740, 4 figures) is quoted so in (b)'s ECF
    feedback, as grade quotes it, not shortened to 0.0474."""
    import math

    from quizgen.maths.numbers import significant

    seed, template = 1, next(t for t in load_bank() if t.cls == "C2")
    inst = sample_instance(template, seed_label(seed, template.id, 0))
    slip = significant(float(inst.parts[0].value) * 0.9, 3) + "0"
    text = f"{slip}\n{significant(-math.log(float(slip)), 3)}\nq\n"
    out = io.StringIO()
    result = run_drill(io.StringIO(text), out, io.StringIO(), classes="C2", seed=seed, save=False)
    assert [p.status for p in result.parts] == ["incorrect", "correct"]
    assert f"Marked from your (a) = {slip}:" in " ".join(out.getvalue().split())
