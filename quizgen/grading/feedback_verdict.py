"""What a feedback sheet says of a part's verdict in the student's words: a
mark the marker set is never contradicted, and a ``needs_review`` answer no
marker has scored yet reads as awaiting one, with a line under the score
saying the total is provisional (graded.csv keeps the marker-facing status)."""

from __future__ import annotations

from quizgen.csv_input import norm_question
from quizgen.key.status import Status
from quizgen.marking.rules import OVERRIDE

AWAITING = "awaiting your marker"
"""The verdict a student reads for a needs_review answer no marker has scored yet (graded.csv keeps the status)."""


def awaiting_note(questions, number: int, matrix, slot_of: dict) -> str:
    """The line under the score when answers of the student await a person
    (needs_review, no override yet): the total is provisional. "" when none does."""
    waiting = sum(_awaits(matrix.cell(number, slot)) for question in questions for part in question.parts
                  if (slot := slot_of.get((norm_question(question.id), part.letter))) is not None)
    if not waiting:
        return ""
    which = "One of your answers is" if waiting == 1 else f"{waiting} of your answers are"
    return (f"{which} {AWAITING}: a person will read it and give it its mark, and it counts 0 until then, "
            "so this score is provisional.")


def _awaits(outcome) -> bool:
    """Whether a part's outcome is a needs_review answer that no marker has scored yet."""
    return outcome is not None and outcome.status is Status.NEEDS_REVIEW and outcome.note != OVERRIDE


def sheet_verdict(outcome, points: float) -> str:
    """The verdict a student reads: graded.csv's status (``missing`` when no
    answer counts), except for a mark the marker set (an override), which the
    verdict never contradicts: ``correct`` at full marks and ``partly
    correct`` between none and full, whatever status graded.csv records (a
    needs_review answer given half marks is ``incorrect`` there); and a
    needs_review answer not yet marked, which reads AWAITING."""
    if outcome is None or outcome.status is None:
        return "missing"
    if outcome.note == OVERRIDE and outcome.score > 0:
        return "correct" if outcome.score >= points else "partly correct"
    return AWAITING if _awaits(outcome) else outcome.status.value
