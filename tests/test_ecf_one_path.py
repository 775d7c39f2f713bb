"""One marking path for error carried forward (issue 12 item 9): grade's ECF
pass and ``carried_forward`` (the drill's and validate's, and the tests'
``mark_paper``) both decide through ``ecf_at_once.ecf_verdict``. Grade made
an answer, not correct on its own, to a part worked from an earlier
``needs_review`` answer ``needs_review`` too (a person marks both); the drill
and validate left it ``incorrect``, a silent zero no override of the earlier
part would lift. Grade's rule is the one: a learner is not told a part is
wrong that may be right from their own earlier answer, and an instructor
sees both parts in the review list. Here grade (the CLI's path, a per-student
key) and ``mark_paper`` give the same verdict on every part of students of
every shipped class: careful, carrying a wrong or trapped earlier answer,
and hedging that earlier answer (``maybe 0.77``)."""

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.generation.quiz import Question
from quizgen.validation.marking import careful_student
from test_marking_grade import _grade
from tests.paper_support import mark_paper
from quizgen.marking.rules import Credits
from test_remark26 import ECF_CLASSES, _carrying_students

BANK = {t.cls: t for t in load_bank()}
CREDITS = Credits()   # grade's, with no policy file
PER_CLASS = 24   # students of each class beyond the careful ones


def _students(cls: str) -> list:
    """``(instance, answers)``: a careful student of two instances, then
    students carrying their own wrong or trapped earlier answer into a later
    part, each also with that earlier answer hedged ('maybe 15'), and the later
    part hedged in turn; every ``PER_CLASS``-th of them, to keep it quick."""
    found = [(inst, careful_student(inst, 3)) for inst in
             (sample_instance(BANK[cls], f"onepath/{cls}/{k}") for k in range(2))]
    carrying = list(_carrying_students(cls, 1))
    for instance, name, answers in carrying[::max(1, len(carrying) // PER_CLASS)]:
        careful = careful_student(instance, 3)
        found.append((instance, answers))
        for earlier in (d for d in answers if d != name and answers[d] != careful[d]):   # the one carried
            found.append((instance, {**answers, earlier: f"maybe {answers[earlier]}"}))
        found.append((instance, {**answers, name: f"{answers[name]}?"}))
    return found


def _same(row: dict, verdict, points: float) -> tuple:
    """Grade's row and mark_paper's verdict side by side (status, note, misconception, score)."""
    return ((row["status"], row["note"], row["misconception"], round(float(row["score"] or 0), 6)),
            (verdict.status, verdict.note, verdict.misconception, round(verdict.score * points, 6)))


@pytest.mark.parametrize("cls", sorted(BANK))
@pytest.mark.slow
def test_grade_and_mark_paper_give_the_same_verdicts(tmp_path, cls):
    students = _students(cls)
    instances = {f"s{k:03d}": inst for k, (inst, _) in enumerate(students)}
    answers = {f"s{k:03d}": given for k, (_, given) in enumerate(students)}
    graded = _grade(tmp_path, instances, answers, shuffle=3)   # an earlier part may come after its dependent
    reviewed_later = 0
    for sid, instance in instances.items():
        checkers = question_checkers(key_entry(Question("Q1", instance)), CREDITS)
        marked = mark_paper(instance, answers[sid], CREDITS)
        for pv in instance.parts:
            row, verdict = graded[sid, pv.letter], marked[pv.part.name]
            points = float(checkers[pv.letter].part.points) or 1.0
            grade_side, paper_side = _same(row, verdict, points)
            assert grade_side == paper_side, (instance.seed_label, pv.letter, answers[sid], row["feedback"],
                                              verdict.feedback)
            reviewed_later += row["status"] == "needs_review" and row["reason"].startswith("depends on")
    if cls in ECF_CLASSES:
        assert reviewed_later, "no later part waited on an earlier needs_review answer"
