"""Running totals of grading: answers per status, and per student and per
question part the statuses, scores and misconceptions. Rows that cannot be
graded and superseded answers are counted as they are met; the latest answer of
every (student, part) is counted once at the end from the grid (``count_latest``)."""

from __future__ import annotations

from collections import Counter
from operator import attrgetter

from quizgen.grading.matrix import AnswerGrid
from quizgen.key.status import SCORED, Status

_STATUS = attrgetter("status")


_STATUSES = tuple(Status)   # iterating the Enum class runs Python code; this tuple does not


def status_counts() -> dict:
    """{Status: 0} for every status, in Status order."""
    return dict.fromkeys(_STATUSES, 0)


class Tally:
    """The totals, updated without holding any row."""

    def __init__(self, slots: int):
        self.slots = slots
        self.status = status_counts()
        self.student_counts = []      # per student: {Status: answers}
        self.student_score = []
        self.student_codes = {}       # {student: {code: answers}}
        self.slot_counts = [status_counts() for _ in range(slots)]
        self.slot_score = [0.0] * slots
        self.slot_codes = [{} for _ in range(slots)]
        self.feedback = {}            # {code: the first feedback met for it}

    def grow(self, students: int) -> None:
        """Make room for students up to number ``students``."""
        while len(self.student_score) < students:
            self.student_score.append(0.0)
            self.student_counts.append(status_counts())

    def code(self, student: int, slot: int, code: str, feedback: str) -> None:
        """Count one misconception met by ``student`` on question part ``slot``."""
        codes = self.student_codes.setdefault(student, {})
        codes[code] = codes.get(code, 0) + 1
        slot_codes = self.slot_codes[slot]
        slot_codes[code] = slot_codes.get(code, 0) + 1
        self.feedback.setdefault(code, feedback)

    def count(self, student: int, slot: int, outcome) -> None:
        """Count one answer's outcome for ``student`` (-1: none) on question
        part ``slot`` (-1: none)."""
        status = outcome.status
        self.status[status] += 1
        if student < 0:
            return
        self.grow(student + 1)
        self.student_counts[student][status] += 1
        if status in SCORED and slot >= 0:
            self.slot_counts[slot][status] += 1
            self.slot_score[slot] += outcome.score
            self.student_score[student] += outcome.score
            if outcome.misconception:
                self.code(student, slot, outcome.misconception, outcome.feedback)


def count_latest(grid: AnswerGrid, tally: Tally) -> None:
    """Add every (student, part)'s latest answer to the totals: exactly the
    answers that were graded and not superseded. The same as ``tally.count``
    on each cell, done a row (student) and a column (part) at a time, since a
    large class has a million cells: statuses are counted with Counter, and
    scores added one by one in student then part order, so that every float
    sum is the one counting answer by answer gives. (A cell with no answer
    has status None and score 0.0; adding 0.0 never changes these sums.)"""
    tally.grow(grid.students)
    for number in range(grid.students):
        row = grid.row(number)
        counts = tally.student_counts[number]
        for status, n in Counter(map(_STATUS, row)).items():
            if status is not None:
                tally.status[status] += n
                counts[status] += n
        score = tally.student_score[number]
        for slot, outcome in enumerate(row):
            score += outcome.score
            if outcome.misconception:
                tally.code(number, slot, outcome.misconception, outcome.feedback)
        tally.student_score[number] = score
    for slot in range(grid.width):
        column = grid.column(slot)
        counts = tally.slot_counts[slot]
        for status, n in Counter(map(_STATUS, column)).items():
            if status in SCORED:
                counts[status] += n
        score = tally.slot_score[slot]
        for outcome in column:
            score += outcome.score
        tally.slot_score[slot] = score
