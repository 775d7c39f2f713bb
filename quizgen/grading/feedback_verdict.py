"""What a feedback sheet says of a part's verdict in the student's words: a
score between none and full marks reads ``partly correct`` whatever earned it
(a mark the marker set, a trap given credit, error carried forward or early
rounding at part credit), the note under the table saying why; a mark the
marker set is never contradicted; and a ``needs_review`` answer no marker has
scored yet reads as awaiting one, with a line under the score saying the
total is provisional. graded.csv keeps the marker-facing status."""

from __future__ import annotations

from quizgen.lost_parts import lost_columns
from quizgen.question_ids import norm_question
from quizgen.key.status import Status
from quizgen.marking.rules import OVERRIDE
from quizgen.grading.decisions import made_by_override
from quizgen.grading.student_notes import only_overridden

AWAITING = "awaiting your marker"
"""The verdict a student reads for a needs_review answer no marker has scored yet (graded.csv keeps the status)."""
PARTLY = "partly correct"
"""The verdict a student reads for any score between none and full marks (graded.csv keeps the status)."""
_SCORE_NOISE = 1e-9   # scores are kept to 9 decimals (quizgen/scores.py): full marks within it are full


def unsubmitted_note(states, number: int) -> str:
    """The line under the score of a student graded from a Moodle attempt
    that was not submitted (``states``: {student number: Moodle's State},
    feedback.SheetContext.states); "" for anyone else."""
    state = (states or {}).get(number, "")
    if not state:
        return ""
    return (f"Moodle shows the attempt graded here as {state}: it was not submitted, and as it is your only "
            "attempt it was graded as it stands. If you did submit the quiz, contact your instructor.")


def awaiting_note(questions, number: int, matrix, slot_of: dict) -> str:
    """The line under the score when answers of the student await a person
    (needs_review, no override yet): the total is provisional. "" when none does."""
    waiting = sum(_awaits(matrix.cell(number, slot)) for question in questions for part in question.parts
                  if (slot := slot_of.get((norm_question(question.id), part.letter))) is not None)
    if not waiting:
        return ""
    if waiting == 1:
        return (f"One of your answers is {AWAITING}: a person will read it and give it its mark, and it counts 0 "
                "until then, so this score is provisional.")
    return (f"{waiting} of your answers are {AWAITING}: a person will read them and give each its mark, and they "
            "count 0 until then, so this score is provisional.")


def gave_no_answer(number: int, matrix, strays=None) -> bool:
    """Whether student ``number`` has no answer in this run at all: no part's
    cell has a status and no row of theirs went elsewhere (``strays``:
    feedback_stray.StrayAnswers)."""
    if any(_answered(matrix.cell(number, slot)) for slot in range(len(matrix.slots))):
        return False
    return strays is None or not any(strays.of(number))


def unanswered_sheets(matrix, strays, held=frozenset()) -> tuple:
    """``(numbers, notes)``: the students (not ``held``) who gave no answer in
    this run, who get no feedback sheet, and the one-line note counting them.
    Nothing of theirs was marked, and a sheet would print their paper's key and
    worked solutions (a leak before a make-up on it); an earlier sheet of theirs
    is kept (feedback_files.kept_sheets), as the gradebook keeps an earlier grade."""
    numbers = {n for n in range(len(matrix.students)) if n not in held and gave_no_answer(n, matrix, strays)}
    if not numbers:
        return numbers, []
    return numbers, [f"{len(numbers)} student(s) with no answer in this run get no feedback sheet: nothing of theirs "
                     "was marked, and a sheet would show their paper's key and worked solutions (before a make-up "
                     "on it, say); a sheet an earlier run wrote for them is kept"]


def _answered(outcome) -> bool:
    """Whether a part's cell holds a graded answer (a blank one included)."""
    return outcome is not None and outcome.status is not None


def _awaits(outcome) -> bool:
    """Whether a part's outcome is a needs_review answer that no marker has scored yet."""
    return outcome is not None and outcome.status is Status.NEEDS_REVIEW and outcome.note != OVERRIDE


def sheet_verdict(outcome, points: float) -> str:
    """The verdict a student reads: graded.csv's status (``missing`` when no
    answer counts), except that one score always reads one way: PARTLY
    between none and full marks, whatever status graded.csv records (a trap
    given half credit is ``incorrect`` there, ECF at half credit ``correct``,
    a needs_review answer the marker gave half marks ``incorrect``), and a
    mark the marker set at full marks ``correct``; a needs_review answer not
    yet marked reads AWAITING."""
    if outcome is None or outcome.status is None:
        return "missing"
    if 0 < outcome.score < points - _SCORE_NOISE:
        return PARTLY
    if outcome.note == OVERRIDE and outcome.score > 0:
        return Status.CORRECT.value
    return AWAITING if _awaits(outcome) else outcome.status.value


def parts_span(labels: list) -> str:
    """Parts in paper order, as a sheet names a run of them: ``Q1 (b) and Q1 (c)``,
    ``Q2 (b) to Q10 (b) (24 parts)``."""
    return " and ".join(labels) if len(labels) < 3 else f"{labels[0]} to {labels[-1]} ({len(labels)} parts)"


def not_received_note(questions, number: int, matrix, slot_of: dict, lost=frozenset()) -> str:
    """The line under the score of a student who stopped early: the parts after
    their last answer (not reached, in the class report) had no answer
    received, named here as the absent student's sheet says it of the whole
    paper; "" when the last part was answered or nothing was, or when every
    mark is one an override made (no answer row: the class report does not
    call such a student stopped early either). The parts no student answered
    (``lost``: their slots, ``lost_slots``) are left out: lost_note says why for everyone."""
    parts = [(f"{question.id} ({part.letter})", slot_of.get((norm_question(question.id), part.letter)))
             for question in questions for part in question.parts]
    parts = [(label, slot) for label, slot in parts if slot is not None and slot not in lost]
    cells = [matrix.cell(number, slot) for _, slot in parts]
    answered = [_answered(cell) for cell in cells]
    if True not in answered or answered[-1] or all(made_by_override(c) for c in cells if _answered(c)):
        return ""   # marked only by overrides: no answer row, so no "last answer" to stop after
    after = parts[len(answered) - answered[::-1].index(True):]
    last = ("after the last part you handed in (every part you handed in was blank)"
            if all(c.status is Status.BLANK for c in cells if _answered(c)) else "after your last answer")
    return (f"No answers were received for {parts_span([label for label, _ in after])}, {last}, so they show as "
            "missing and score 0. If you did answer them (on a page or form that was not submitted, say), contact "
            "your instructor.")


def lost_slots(matrix, absent=()) -> frozenset:
    """The slots (question parts) of ``matrix`` the answer form or its export most likely lost
    (quizgen.lost_parts, the class report's "no answers" rule: the students marked only by overrides
    not counted among those answering, and those counted absent, ``absent``'s ids as GradeResult.absent
    lists them, every answer blank say, passed over): no sheet blames the student for them."""
    gone = set(absent)
    rows = (map(_answered, matrix.row(n)) for n in range(len(matrix)))
    return lost_columns(rows, len(matrix.slots), only_overridden(matrix, range(len(matrix))),
                        [n for n, student_id in enumerate(matrix.students) if student_id in gone])


def lost_parts(questions, slot_of: dict, lost, matrix, number: int) -> dict:
    """``{(question id, letter): "Q3 (b)"}`` of a paper's parts whose slot is in ``lost`` (lost_slots)
    and that student ``number`` of ``matrix`` has no answer to: one who handed in a blank (counted absent,
    passed over by lost_slots) sees it as their blank, not as lost."""
    found = {}
    for question in questions:
        for part in question.parts:
            slot = slot_of.get((norm_question(question.id), part.letter))
            if slot in lost and not _answered(matrix.cell(number, slot)):
                found[(question.id, part.letter)] = f"{question.id} ({part.letter})"
    return found


def lost_note(parts: dict) -> str:
    """The line under the score naming the parts of the paper no student's answer was received for
    (``parts``: lost_parts): not the student's omission; "" when there are none."""
    if not parts:
        return ""
    span = parts_span(list(parts.values()))
    return (f"No answers to {span} were received from anyone in the class: they were most likely lost on the "
            f"way (the answer form or its export), so {'it shows' if len(parts) == 1 else 'they show'} as "
            f"missing for everyone and {'scores' if len(parts) == 1 else 'score'} 0 for now. Your instructor can "
            "check this.")
