"""Grading a big answers file in several processes (``--jobs``): the main
process grades the rows before the first cut (file_slice.py) while one forked
process per later part grades it into an anonymous temporary file; then, in
file order, each later part's graded rows are appended to graded.csv and its
students, latest answers and counts merged in, exactly as one pass over the
whole file would have left them.

What makes the merge exact: a part knows its students by its own numbers in
order of first appearance, so a later part's students are registered after
those met before, in that order, through the same registry
(``Students.number``); a part answered again in a later part has its earlier
answer superseded, counted and marked as the pass would have done on meeting
the later row; and rows are numbered from the count of the parts before.
Counting during the pass is integers only (superseded, unknown and ungraded
rows), so adding the parts' counts gives the same totals; scores are counted
once, after the merge (tally.count_latest). Errors are carried forward
where the work is shared: with per-student papers each part re-marks its
own students (whose part checkers it made), and a student met in more than
one part has that undone and is re-marked from their merged answers; on a
class paper, whose re-markings the students who wrote the same answers
share, no part re-marks, and once every part is in the questions are shared
out between processes instead (ecf_split.py)."""

from __future__ import annotations

import os
import shutil
import tempfile
from array import array
from contextlib import ExitStack
from dataclasses import replace
from typing import NamedTuple

from quizgen.background import Background
from quizgen.grading.answer_pass import pass_over, pass_rows, supersede
from quizgen.grading.key_index import KeyIndex
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import NO_ANSWER, as_columns, from_columns, passes_over
from quizgen.grading.ecf_pass import answered_slots, carry_errors_forward
from quizgen.grading.ecf_split import carry_forward_in_parts
from quizgen.grading.students import UNKNOWN_LIMIT, Students
from quizgen.grading.tally import NO_ID_KEPT, Tally
from quizgen.grading.timestamps import record_contest, settle_resubmissions
from quizgen.grading.writer import RowSet, RowWriter


class LaterPart(NamedTuple):
    """What a later part's process hands back: its answers count, its students
    (the id cell each was first met by, and name), the unknown ids it met, its
    grid (its students x slots: answer rows counted from its first row, and
    Outcomes), its pass-time counts, the rows it superseded (a RowSet),
    whether a graded record spans lines, its ECF re-marking: {row:
    Outcome} and {grid cell: the Outcome ECF replaced}, and its students'
    rows not read as a row and superseded answers, the lines of answers
    graded against no part (Tally.unread, .resubmitted, .unplaced_lines, .no_id_at),
    and the rows of each unknown id it met (Students.unknown_rows); with a
    timestamp column, its grid's time texts and superseded answers
    (AnswerGrid.stamps, .contests: timestamps.py); the slots its rows answered."""

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
    unread: dict
    resubmitted: dict
    unplaced_lines: dict
    unknown_rows: dict
    stamps: list | None = None
    contests: object = None
    no_id_at: list = ()
    slots: frozenset | None = None   # the slots its rows answered (ecf_pass.answered_slots)
    columns: tuple | None = None   # set: the grid sent packed, these slots of each student alone (``packed``)
    header_at: list = ()   # Tally.header_at
    unknown_labels: dict | None = None   # Tally.unknown_labels
    unknown_label_lines: dict | None = None   # Tally.unknown_label_lines


def grade_in_parts(source, cuts: list, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally,
                   writer: RowWriter, handle, bar=None, while_waiting=None) -> tuple:
    """Grade ``source`` in ``len(cuts) + 1`` processes, cut at ``cuts``: the
    first part's rows are written through ``writer``, then each later part's
    appended to ``handle`` (graded.csv, open as text); ``students``, ``grid``
    and ``tally`` are left as one pass leaves them, ECF applied. Returns
    (answers, superseded RowSet, whether a graded record spans lines, the
    rows re-marked as ``carry_errors_forward`` gives them). ``while_waiting()``
    is called once the first part is done if a later part is still being graded."""
    folder, by_student = os.path.dirname(os.path.abspath(handle.name)), students.own_papers
    with ExitStack() as stack:
        spills = [stack.enter_context(tempfile.TemporaryFile(dir=folder)) for _ in cuts]
        jobs = [stack.enter_context(Background(grade_later_part, part, index, students, spill.fileno(), by_student))
                for part, spill in zip(_later_parts(source, cuts), spills)]
        rows, superseded = pass_rows(replace(source, end=cuts[0].offset), index, students, grid, tally, writer, bar)
        writer.pass_done()
        multiline, originals = writer.multiline, {}
        slots = answered_slots(index)
        patched = carry_errors_forward(index, students, grid, originals=originals, slots=slots) if by_student else {}
        if while_waiting is not None and not all(job.ready() for job in jobs):
            while_waiting()
        shared = {}   # students met in more than one part, in the order found, to be re-marked
        handle.flush()
        for spill, job in zip(spills, jobs):
            part = unpacked(job.result(), grid.width)
            spill.seek(0)
            shutil.copyfileobj(spill, handle.buffer, 1 << 20)
            handle.buffer.flush()
            shared.update(dict.fromkeys(merge_later_part(part, rows, students, grid, tally, superseded, patched,
                                                         originals)))
            rows, multiline = rows + part.rows, multiline or part.multiline
            slots = None if slots is None or part.slots is None else slots | part.slots
    if bar is not None:   # the later parts' bytes, read in the other processes
        bar.update(os.path.getsize(source.read_path or source.path) - cuts[0].offset)
    width = grid.width
    moved, marked = settle_resubmissions(source, grid, tally, superseded, lambda n: _undo_ecf(
        n * width, width, grid.rows, grid.outcomes, patched, originals))
    shared.update(dict.fromkeys(moved))
    patched.update(marked)
    if by_student:
        patched.update(carry_errors_forward(index, students, grid, list(shared), slots=slots))
    else:
        patched.update(carry_forward_in_parts(index, students, grid, slots, len(cuts) + 1))
    return rows, superseded, multiline, patched


def _later_parts(source, cuts: list) -> list:
    """The sources of the parts after the first: each from its cut to the next."""
    ends = [cut.offset for cut in cuts[1:]] + [source.end]
    return [replace(source, start=cut.offset, end=end, first_line=cut.lines, skip_lines=0)
            for cut, end in zip(cuts, ends)]


def grade_later_part(source, index: KeyIndex, students: Students, spill: int, carry: bool = True) -> LaterPart:
    """Grade ``source`` (a part after the first) into the file open at
    descriptor ``spill``, from its start, with its own grid and counts; the
    students it meets join ``students`` (in its process, a copy with none yet);
    with ``carry``, errors carried forward for them."""
    os.ftruncate(spill, 0)   # a second try in the main process starts afresh
    os.lseek(spill, 0, os.SEEK_SET)
    width = len(index.slots)
    grid, tally = AnswerGrid(width), Tally(width)
    grid.grow(len(students))
    with open(os.dup(spill), "w", encoding="utf-8", newline="") as handle:
        writer = RowWriter(handle, source.delimiter)
        rows, superseded = pass_rows(source, index, students, grid, tally, writer)
        writer.pass_done()
    tally.grow(len(students))
    originals, slots = {}, answered_slots(index)
    patched = carry_errors_forward(index, students, grid, originals=originals, slots=slots) if carry else {}
    first_text = {}
    for text, number in students.by_text.items():
        first_text.setdefault(number, text)
    return packed(LaterPart(rows, [first_text[n] for n in range(len(students))], list(students.names),
                            list(students.unknown.items()), grid.rows, grid.outcomes, tally.status,
                            tally.student_counts, superseded, writer.multiline, patched, originals, tally.unread,
                            tally.resubmitted, tally.unplaced_lines, students.unknown_rows, grid.stamps,
                            grid.contests, tally.no_id_at, slots, header_at=tally.header_at,
                            unknown_labels=tally.unknown_labels,
                            unknown_label_lines=tally.unknown_label_lines), width)


def packed(part: LaterPart, width: int) -> LaterPart:
    """``part`` as it goes back to the main process by pickle, whose cost grows with the grid's cells:
    its outcomes as columns (outcome.as_columns), and its grid (row numbers, outcomes, time texts) cut to
    the slots its rows answered, when they are at most half the key's ``width`` (a key of thousands of
    parts, a few of them answered)."""
    if part.slots is not None and 2 * len(part.slots) <= width:
        part = _cut(part, width)
    return part._replace(outcomes=as_columns(part.outcomes))


def _cut(part: LaterPart, width: int) -> LaterPart:
    """``part``'s grid cut to the slots its rows answered (``columns``)."""
    columns, count = tuple(sorted(part.slots)), len(part.texts)
    bases = range(0, count * width, width)

    def cut(cells):
        return None if cells is None else [cells[base + slot] for base in bases for slot in columns]
    return part._replace(answer_rows=array("q", cut(part.answer_rows)), outcomes=cut(part.outcomes),
                         stamps=cut(part.stamps), columns=columns)


def unpacked(part: LaterPart, width: int) -> LaterPart:
    """A ``packed`` part's outcomes made again and its grid put back to the key's ``width``: no answer
    in the slots it left out."""
    part = part._replace(outcomes=from_columns(part.outcomes))
    if part.columns is None:
        return part
    count, columns = len(part.texts), part.columns
    rows, outcomes = array("q", [-1]) * (count * width), [NO_ANSWER] * (count * width)
    stamps = None if part.stamps is None else [None] * (count * width)
    at = 0
    for base in range(0, count * width, width):
        for slot in columns:
            rows[base + slot], outcomes[base + slot] = part.answer_rows[at], part.outcomes[at]
            if stamps is not None:
                stamps[base + slot] = part.stamps[at]
            at += 1
    return part._replace(answer_rows=rows, outcomes=outcomes, stamps=stamps, columns=None)


def merge_later_part(part: LaterPart, offset: int, students: Students, grid: AnswerGrid, tally: Tally,
                     superseded: RowSet, patched: dict, originals: dict) -> list:
    """Add a later part (its rows numbered after the ``offset`` answers
    before it) to the students, grid, counts, superseded rows and ECF
    re-marking (``patched``; ``originals`` what it replaced) of the parts
    before, as one pass over them all would have left them, except for the
    students met before: their re-marking is undone, and their numbers
    returned to be re-marked from their merged answers."""
    known = len(students)
    numbers = [students.number(text, name) for text, name in zip(part.texts, part.names)]
    shared = [(local, number) for local, number in enumerate(numbers) if number < known]
    for local, number in shared:
        _undo_ecf(number * grid.width, grid.width, grid.rows, grid.outcomes, patched, originals)
        _undo_ecf(local * grid.width, grid.width, part.answer_rows, part.outcomes, part.patched, part.originals)
    patched.update((row + offset, outcome) for row, outcome in part.patched.items())
    width = grid.width
    for k, outcome in part.originals.items():   # a later part may meet the part's new students again
        originals[numbers[k // width] * width + k % width] = outcome
    for text, outcome in part.unknown:
        if text not in students.unknown and len(students.unknown) < UNKNOWN_LIMIT:
            students.unknown[text] = outcome
    for text, rows in part.unknown_rows.items():   # hinted once all parts are in (Students.hinted_rows)
        if text in students.unknown:
            students.unknown_rows.setdefault(text, array("q")).extend(row + offset for row in rows)
    grid.grow(len(students))
    tally.grow(len(students))
    _add_counts(part, numbers, tally)
    for row in part.superseded:
        superseded.add(row + offset)
    _merge_times(part, numbers, offset, grid)
    _merge_grid(part, numbers, known, offset, grid, tally, superseded, patched)
    return [number for _, number in shared]


def _merge_times(part: LaterPart, numbers: list, offset: int, grid: AnswerGrid) -> None:
    """The answers a later part superseded in file order, kept for timestamps.py, in the merged numbering."""
    if part.contests is not None:
        width = grid.width
        grid.contests.merge(part.contests, lambda k: numbers[k // width] * width + k % width, offset)


def _undo_ecf(base: int, width: int, rows, outcomes: list, patched: dict, originals: dict) -> None:
    """Put back the outcomes ECF replaced in one student's grid row (cells
    ``base`` to ``base + width``), and forget their re-marked rows."""
    for k in range(base, base + width):
        original = originals.pop(k, None)
        if original is not None:
            patched.pop(rows[k], None)
            outcomes[k] = original


def _add_counts(part: LaterPart, numbers: list, tally: Tally) -> None:
    for status, count in part.status.items():
        tally.status[status] += count
    for local, counts in enumerate(part.student_counts):
        target = tally.student_counts[numbers[local]]
        for status, count in counts.items():
            if count:
                target[status] += count
    for counts, merged in ((part.unread, tally.unread), (part.resubmitted, tally.resubmitted)):
        for local, count in counts.items():
            number = numbers[local] if local >= 0 else -1
            merged[number] = merged.get(number, 0) + count
    for kind, lines in part.unplaced_lines.items():   # a line is never cut between two parts
        tally.unplaced_lines[kind] = tally.unplaced_lines.get(kind, 0) + lines
    tally.no_id_at.extend(part.no_id_at[:NO_ID_KEPT - len(tally.no_id_at)])   # parts merge in file order
    tally.header_at.extend(part.header_at[:NO_ID_KEPT - len(tally.header_at)])
    lines = part.unknown_label_lines or {}
    for (question, label_part), (reason, rows) in (part.unknown_labels or {}).items():
        tally.count_unknown_label(question, label_part, reason, rows, lines.get((question, label_part), 0))


def _merge_grid(part: LaterPart, numbers: list, known: int, offset: int, grid: AnswerGrid, tally: Tally,
                superseded: RowSet, patched: dict) -> None:
    """Each of a later part's students' latest answers into the grid: a
    student not met before (numbered from ``known`` on) takes their whole row
    at once; for one met before, an answer to a question part answered before
    supersedes the earlier one, and a blank is passed over (re-marked in ``patched``)."""
    width, last, latest = grid.width, grid.rows, grid.outcomes
    for local, number in enumerate(numbers):
        rows = part.answer_rows[local * width:(local + 1) * width]
        outcomes = part.outcomes[local * width:(local + 1) * width]
        base = number * width
        if number >= known:
            last[base:base + width] = array("q", [row + offset if row >= 0 else -1 for row in rows])
            latest[base:base + width] = outcomes
            if grid.stamps is not None:
                grid.stamps[base:base + width] = part.stamps[local * width:(local + 1) * width]
            continue
        for slot, (row, outcome) in enumerate(zip(rows, outcomes)):
            if row < 0:
                continue
            k = base + slot
            if latest[k] is not NO_ANSWER:
                if passes_over(outcome, latest[k]):
                    patched[row + offset] = pass_over(tally, number, slot, outcome)
                    continue
                if grid.stamps is not None:
                    record_contest(grid, k, last[k], latest[k], outcome)
                supersede(tally, superseded, last[k], latest[k], number, slot, outcome)
            last[k], latest[k] = row + offset, outcome
            if grid.stamps is not None:
                grid.stamps[k] = part.stamps[local * width + slot]
