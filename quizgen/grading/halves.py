"""Grading a big answers file in two processes: the main process grades the
rows before the cut (file_slice.py) while a forked one grades the rest into an
anonymous temporary file; then the second half's graded rows are appended to
graded.csv and its students, latest answers and counts merged in, exactly as
one pass over the whole file would have left them.

What makes the merge exact: a half knows its students by its own numbers in
order of first appearance, so the second half's students are registered after
the first half's, in that order, through the same registry (``Students.number``);
a part answered in both halves has its first-half answer superseded, counted
and marked as the pass would have done on meeting the later row; and rows
are numbered from the first half's count on. Counting during the pass is
integers only (superseded, unknown and ungraded rows), so adding the halves'
counts gives the same totals; scores are counted once, after the merge
(tally.count_latest)."""

from __future__ import annotations

import os
import shutil
import tempfile
from array import array
from dataclasses import replace
from typing import NamedTuple

from quizgen.background import Background
from quizgen.grading.answer_pass import pass_rows, supersede
from quizgen.grading.key_index import KeyIndex
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import NO_ANSWER
from quizgen.grading.ecf_pass import carry_errors_forward
from quizgen.grading.students import UNKNOWN_LIMIT, Students
from quizgen.grading.tally import Tally
from quizgen.grading.writer import RowSet, RowWriter


class SecondHalf(NamedTuple):
    """What the second process hands back: its answers count, its students (the
    id cell each was first met by, and name), the unknown ids it met, its grid
    (its students x slots: answer rows counted from its first row, and Outcomes),
    its pass-time counts, the rows it superseded (a RowSet), whether a
    graded record spans lines, and its ECF re-marking: {row: Outcome} and
    {grid cell: the Outcome ECF replaced}."""

    rows: int
    texts: list
    names: list
    unknown: list
    answer_rows: array
    outcomes: list
    status: dict
    student_counts: list
    superseded: RowSet
    multiline: bool
    patched: dict
    originals: dict


def grade_halves(source, cut, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally,
                 writer: RowWriter, handle, bar=None) -> tuple:
    """Grade ``source`` in two processes, cut at ``cut``: the first half's rows
    are written through ``writer``, then the second half's appended to
    ``handle`` (graded.csv, open as text); ``students``, ``grid`` and ``tally``
    are left as one pass leaves them, ECF applied. Returns (answers,
    superseded RowSet, whether a graded record spans lines, the rows ECF
    re-marked as ``carry_errors_forward`` gives them)."""
    first = replace(source, end=cut.offset)
    second = replace(source, start=cut.offset, first_line=cut.lines, skip_lines=0)
    with tempfile.TemporaryFile(dir=os.path.dirname(os.path.abspath(handle.name))) as spill:
        with Background(grade_second_half, second, index, students, spill.fileno()) as job:
            rows, superseded = pass_rows(first, index, students, grid, tally, writer, bar)
            originals = {}
            patched = carry_errors_forward(index, students, grid, originals=originals)
            half = job.result()
        if bar is not None:   # the second half's bytes, read in the other process
            bar.update(os.path.getsize(source.read_path or source.path) - cut.offset)
        handle.flush()
        spill.seek(0)
        shutil.copyfileobj(spill, handle.buffer, 1 << 20)
        handle.buffer.flush()
    shared = merge_second_half(half, rows, students, grid, tally, superseded, patched, originals)
    patched.update(carry_errors_forward(index, students, grid, shared))
    return rows + half.rows, superseded, writer.multiline or half.multiline, patched


def grade_second_half(source, index: KeyIndex, students: Students, spill: int) -> SecondHalf:
    """Grade ``source`` (the second half) into the file open at descriptor
    ``spill``, from its start, with its own grid and counts; the students it
    meets join ``students`` (in the second process, a copy with none yet)."""
    os.ftruncate(spill, 0)   # a second try in the main process starts afresh
    os.lseek(spill, 0, os.SEEK_SET)
    width = len(index.slots)
    grid, tally = AnswerGrid(width), Tally(width)
    grid.grow(len(students))
    with open(os.dup(spill), "w", encoding="utf-8", newline="") as handle:
        writer = RowWriter(handle, source.delimiter)
        rows, superseded = pass_rows(source, index, students, grid, tally, writer)
    tally.grow(len(students))
    originals = {}
    patched = carry_errors_forward(index, students, grid, originals=originals)
    first_text = {}
    for text, number in students.by_text.items():
        first_text.setdefault(number, text)
    return SecondHalf(rows, [first_text[n] for n in range(len(students))], list(students.names),
                      list(students.unknown.items()), grid.rows, grid.outcomes, tally.status,
                      tally.student_counts, superseded, writer.multiline, patched, originals)


def merge_second_half(half: SecondHalf, offset: int, students: Students, grid: AnswerGrid, tally: Tally,
                      superseded: RowSet, patched: dict, originals: dict) -> list:
    """Add the second half (its rows numbered after the first half's
    ``offset`` answers) to the first half's students, grid, counts,
    superseded rows and ECF re-marking (``patched``; ``originals`` what it
    replaced), as one pass over both would have left them, except for the
    students met in both halves: their re-marking is undone, and their
    numbers returned to be re-marked from their merged answers."""
    known = len(students)
    numbers = [students.number(text, name) for text, name in zip(half.texts, half.names)]
    shared = [(local, number) for local, number in enumerate(numbers) if number < known]
    for local, number in shared:
        _undo_ecf(number * grid.width, grid.width, grid.rows, grid.outcomes, patched, originals)
        _undo_ecf(local * grid.width, grid.width, half.answer_rows, half.outcomes, half.patched, half.originals)
    patched.update((row + offset, outcome) for row, outcome in half.patched.items())
    for text, outcome in half.unknown:
        if text not in students.unknown and len(students.unknown) < UNKNOWN_LIMIT:
            students.unknown[text] = outcome
    grid.grow(len(students))
    tally.grow(len(students))
    _add_counts(half, numbers, tally)
    for row in half.superseded:
        superseded.add(row + offset)
    _merge_grid(half, numbers, known, offset, grid, tally, superseded)
    return [number for _, number in shared]


def _undo_ecf(base: int, width: int, rows, outcomes: list, patched: dict, originals: dict) -> None:
    """Put back the outcomes ECF replaced in one student's grid row (cells
    ``base`` to ``base + width``), and forget their re-marked rows."""
    for k in range(base, base + width):
        original = originals.pop(k, None)
        if original is not None:
            patched.pop(rows[k], None)
            outcomes[k] = original


def _add_counts(half: SecondHalf, numbers: list, tally: Tally) -> None:
    for status, count in half.status.items():
        tally.status[status] += count
    for local, counts in enumerate(half.student_counts):
        target = tally.student_counts[numbers[local]]
        for status, count in counts.items():
            if count:
                target[status] += count


def _merge_grid(half: SecondHalf, numbers: list, known: int, offset: int, grid: AnswerGrid, tally: Tally,
                superseded: RowSet) -> None:
    """Each second-half student's latest answers into the grid: a student new
    to the first half (numbered from ``known`` on) takes their whole row at
    once; for one met in both, an answer to a part answered in the first half
    supersedes it."""
    width, last, latest = grid.width, grid.rows, grid.outcomes
    for local, number in enumerate(numbers):
        rows = half.answer_rows[local * width:(local + 1) * width]
        outcomes = half.outcomes[local * width:(local + 1) * width]
        base = number * width
        if number >= known:
            last[base:base + width] = array("q", [row + offset if row >= 0 else -1 for row in rows])
            latest[base:base + width] = outcomes
            continue
        for slot, (row, outcome) in enumerate(zip(rows, outcomes)):
            if row < 0:
                continue
            k = base + slot
            if latest[k] is not NO_ANSWER:
                supersede(tally, superseded, last[k], latest[k], number, slot)
            last[k], latest[k] = row + offset, outcome
