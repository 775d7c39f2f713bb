"""The status of one graded answer. The order is the one of the output columns
and of the counts (correct first, superseded last); the value is the text
written in graded.csv's status column."""

from __future__ import annotations

from enum import Enum


class Status(str, Enum):
    """What became of one answer: its verdict, or why it was not graded."""

    CORRECT = "correct"
    PARTIAL = "partial"
    IMPRECISE = "imprecise"
    INCORRECT = "incorrect"
    NEEDS_REVIEW = "needs_review"
    INVALID = "invalid"
    BLANK = "blank"
    UNKNOWN_QUESTION = "unknown_question"
    UNKNOWN_STUDENT = "unknown_student"
    SUPERSEDED = "superseded"

    def __str__(self) -> str:
        return self.value


VERDICTS = (Status.CORRECT, Status.PARTIAL, Status.IMPRECISE, Status.INCORRECT, Status.NEEDS_REVIEW, Status.INVALID, Status.BLANK)
SCORED = frozenset(VERDICTS)
"""``VERDICTS`` in column order, ``SCORED`` as a set: the statuses that are a verdict on a question part of the student's paper:
counted per part and scored. (``unknown_question`` names no such part;
``unknown_student`` is not on the roster of a per-student key; ``superseded``
was replaced by a later answer.) ``imprecise`` (rounded too early) and
``needs_review`` (a sentence a person reads) are verdicts like the others.
``partial`` (part of the marks, given by a person in ``--overrides``) is
never the marker's own: MARKER_VERDICTS are the others."""
MARKER_VERDICTS = tuple(s for s in VERDICTS if s is not Status.PARTIAL)
"""The verdicts the marker itself gives (a template's ``tests`` may name them)."""
