"""The latest answer of every student to every question part (slot): the grid
the grading pass fills (``AnswerGrid``), and the read-only view of its final
verdicts that the result hands to reports (``VerdictMatrix``)."""

from __future__ import annotations

from array import array
from itertools import chain
from typing import NamedTuple

from quizgen.grading.outcome import NO_ANSWER, Outcome
from quizgen.grading.timestamps import Contests


class AnswerGrid:
    """Students x slots, row-major (cell ``number * width + slot``): the data row
    number of the latest answer (-1 for none) and its Outcome (NO_ANSWER for
    none). Grows by whole students; memory grows with students and parts, not rows."""

    def __init__(self, width: int):
        self.width = width
        self.students = 0
        self.rows = array("q")
        self.outcomes = []
        self._no_rows = array("q", [-1]) * width
        self.stamps = None     # with a timestamp column: each cell's time text (timestamps.py)
        self.contests = None   # and the answers superseded in file order (timestamps.Contests)

    def track_times(self) -> None:
        """Keep each cell's timestamp text and the answers it superseded (timestamps.py)."""
        if self.stamps is None:
            self.stamps, self.contests = [None] * len(self.outcomes), Contests()

    def forget_times(self) -> None:
        """Drop what ``track_times`` kept, once resubmissions are settled."""
        self.stamps = self.contests = None

    def grow(self, students: int) -> None:
        """Make room for students up to number ``students``."""
        while self.students < students:
            self.rows.extend(self._no_rows)
            self.outcomes.extend([NO_ANSWER] * self.width)
            if self.stamps is not None:
                self.stamps.extend([None] * self.width)
            self.students += 1

    def row(self, number: int) -> list:
        """The Outcomes of student ``number``, one per slot."""
        return self.outcomes[number * self.width:(number + 1) * self.width]

    def column(self, slot: int) -> list:
        """The Outcomes of question part ``slot``, one per student."""
        return self.outcomes[slot::self.width]

    def keep_students(self, keep: list) -> None:
        """Keep only the students numbered ``keep`` (in that order), renumbered from 0."""
        width, kept = self.width, [n for n in keep if n < self.students]
        self.rows = array(self.rows.typecode, chain.from_iterable(self.rows[n * width:(n + 1) * width] for n in kept))
        self.outcomes = list(chain.from_iterable(self.outcomes[n * width:(n + 1) * width] for n in kept))
        self.students = len(kept)


class Slot(NamedTuple):
    """One question part of the key: a column of the matrix."""

    question_id: str
    part: str
    cls: str
    template: str
    points: float


class VerdictMatrix:
    """The final verdict of every student on every question part, for reports
    that need more than the totals (item analysis, per-student detail).

    ``students`` are the student ids in the order of the students CSV, ``slots``
    the question parts (Slot) in key order. ``row(n)`` gives student ``n``'s
    cells, one per slot, each with ``.status`` (a Status; None when the student
    gave no answer that counts for that part), ``.score`` (points earned) and
    ``.misconception`` (the trap's code, "" for none). A superseded answer is
    never in the matrix: the latest answer to a part is. ``on_paper(n, slot)``
    says whether that part is on the student's paper at all (per-student keys
    may differ). Reading is cheap: the cells are the grader's own outcome
    objects, shared, not copied."""

    def __init__(self, grid: AnswerGrid, students: list, slots: list, on_paper: list, papers: list | None = None):
        self._grid = grid
        self.students = students
        self.slots = slots
        self._on_paper = on_paper
        self.papers = papers if papers is not None else [0] * len(students)   # each student's paper: 0 the class's

    def row(self, number: int) -> list:
        """Student ``number``'s cells (status, score, misconception), one per slot."""
        return self._grid.row(number)

    def cell(self, number: int, slot: int) -> Outcome:
        """Student ``number``'s cell for question part ``slot``."""
        return self._grid.outcomes[number * self._grid.width + slot]

    def on_paper(self, number: int, slot: int) -> bool:
        """Whether question part ``slot`` is on student ``number``'s paper."""
        return self._on_paper[number][slot]

    def __len__(self) -> int:
        return len(self.students)

    def answer_row(self, number: int, slot: int) -> int:
        """The data row number (from 0) of student ``number``'s latest answer to
        ``slot``, -1 for none: graded.csv's data row of the same number holds it."""
        return self._grid.rows[number * self._grid.width + slot]

    def paper_masks(self) -> list:
        """Per student, the tuple of ``on_paper`` flags of their paper (shared per paper)."""
        return self._on_paper

    def column(self, slot: int) -> list:
        """Every student's cell for question part ``slot``, in student order."""
        return self._grid.column(slot)

    def where(self, status, limit: int) -> list:
        """The first ``limit`` (student id, Slot) whose latest answer has ``status``,
        in student then key order: a summary can say where to look."""
        width, found = self._grid.width, []
        for cell, outcome in enumerate(self._grid.outcomes):
            if outcome.status is status:
                found.append((self.students[cell // width], self.slots[cell % width]))
                if len(found) == limit:
                    break
        return found
