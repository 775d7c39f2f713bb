"""Running totals of grading: answers per status, and per student and per
question part the statuses, scores and misconceptions. Rows that cannot be
graded and superseded answers are counted as they are met; the latest answer of
every (student, part) is counted once at the end from the grid (``count_latest``)."""

from __future__ import annotations

from quizgen.grading.matrix import AnswerGrid
from quizgen.key.status import SCORED, Status


def status_counts() -> dict:
    """{Status: 0} for every status, in Status order."""
    return dict.fromkeys(Status, 0)


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
    answers that were graded and not superseded, in student then part order
    (so that score sums add in the order of counting answer by answer).
    The same as ``tally.count`` on each cell, written out with local names:
    it runs once per cell of the grid, a million times for a large class."""
    tally.grow(grid.students)
    totals, student_score = tally.status, tally.student_score
    slot_counts, slot_score = tally.slot_counts, tally.slot_score
    slots = range(grid.width)
    for number in range(grid.students):
        counts = tally.student_counts[number]
        for slot, outcome in zip(slots, grid.row(number)):
            status = outcome.status
            if status is None:
                continue
            totals[status] += 1
            counts[status] += 1
            if status in SCORED:
                slot_counts[slot][status] += 1
                if outcome.score:   # adding 0.0 to these sums never changes them
                    slot_score[slot] += outcome.score
                    student_score[number] += outcome.score
                if outcome.misconception:
                    tally.code(number, slot, outcome.misconception, outcome.feedback)
