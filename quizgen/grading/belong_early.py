"""Before the pass: answers that are clearly another key's stop grade in a
moment, not after every row of a big file is graded (belong.py's check,
after the pass, stays for what only the final verdicts show).

A few windows of rows spread evenly over the file (WINDOWS of WINDOW_BYTES,
each from a line start to a line end) are graded with the same checkers and
error carried forward as the pass, into a grid of their own that nothing
else reads; their outcomes on the students' own papers are kept for the pass,
which takes them rather than grading those answers again (answer_pass.py,
KeyIndex.sampled). Only whole students are counted (belong.Sample), as after the
pass: in each window, each run of one student's rows but the first and last
(cut, maybe), of an id in no other window, at least half EARLY_PARTS rows long
(two, for a key of four parts or fewer). A file sorted by question (a student's
one row, or one question's few parts, in a window) has none, so it is left to
the check after the pass: a window of one part says nothing of the others.
Grade stops here only when the answers file is big (EARLY_BYTES), the sample
holds at least EARLY_LEAST numeric answers of EARLY_STUDENTS whole students
over EARLY_PARTS parts (or every part of the key, when it has fewer), and
belong.py's rules would stop grade on it: another key.json near them fitting
them far better, or answers far from every value the key knows, with a margin
(more than EARLY_FAR of them, not half: a sample this small must not stop a
class that the whole file's sample would not). Few matched and no better key
(a weak class, maybe), or about half far, is left to the check after the pass
(which then does not search the other keys again: belong.better_key). With
``--force-key`` (or ``--force``) or ``--paper-as-written`` (which changes the paper a student is
graded against) nothing is sampled. A row cut at a window's edge is at worst
read as a malformed row: invalid, no value, counted for nothing."""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import replace

from quizgen.grading.answer_pass import pass_rows
from quizgen.grading.answers_file import BadRow
from quizgen.grading.belong import Sample, better_key, few_match, looks_foreign, stop_line
from quizgen.grading.ecf_pass import answered_slots, carry_errors_forward
from quizgen.grading.file_slice import CUTTABLE_ENCODINGS
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.students import Students
from quizgen.grading.tally import Tally
from quizgen.grading.writer import RowWriter

EARLY_BYTES = 1 << 20    # a smaller answers file is checked after the pass alone (its grade takes a second or so)
WINDOWS = 8              # windows of rows sampled, spread evenly over the file
WINDOW_BYTES = 6 << 10   # bytes of rows in each (about 300 rows, a dozen students of a class paper)
EARLY_LEAST = 200        # numeric answers (ECF aside) the sample needs before it may stop grade
EARLY_STUDENTS = 20      # ... of at least this many whole students ...
EARLY_PARTS = 12         # ... over at least this many parts (or all the key's, when it has fewer)
EARLY_FAR = 0.6          # the far rule stops grade here only when more than this share is far (after the pass: half)


def check_early(source, index, key_name: str, used=None) -> None:
    """Stop (InputFileError, exit 2) before the pass when a sample of rows
    spread over the answers file shows them clearly written for another key,
    with the line the check after the pass would give; return otherwise."""
    windows = sample_windows(source)
    if not windows:
        return
    sample = graded_sample(source, index, windows)
    if not spread(sample, index):
        return
    far = looks_foreign(sample.far, sample.numeric)
    if not far and not few_match(sample.matched, sample.numeric):
        return
    better = better_key(index, sample.answers, source.path, used)
    if better is not None or looks_foreign(sample.far, sample.numeric, most=EARLY_FAR):
        stop_line(sample, better, source.path.name, key_name, "")


def spread(sample: Sample, index) -> bool:
    """True when ``sample`` is big and spread enough to stop grade on: EARLY_LEAST
    numeric answers of EARLY_STUDENTS students over EARLY_PARTS parts."""
    students = {student for student, _, _, _ in sample.answers}
    parts = {(question, letter) for _, question, letter, _ in sample.answers}
    return (sample.numeric >= EARLY_LEAST and len(students) >= EARLY_STUDENTS
            and len(parts) >= min(EARLY_PARTS, len(index.slots)))


def sample_windows(source) -> list:
    """``(start, end)`` byte ranges of the rows sampled: WINDOWS of them, the
    first at the data's start, none when the file is small or in an encoding
    whose bytes cannot be cut at a line feed (UTF-16)."""
    if source.start or source.end is not None or source.encoding.lower() not in CUTTABLE_ENCODINGS:
        return []
    path = source.read_path or source.path
    try:
        size = path.stat().st_size
        if size < EARLY_BYTES:
            return []
        spacing, windows = size // WINDOWS, []
        with open(path, "rb") as handle:
            for k in range(WINDOWS):
                start = 0 if k == 0 else _line_end(handle, k * size // WINDOWS)
                end = None if start is None else _line_end(handle, start + min(WINDOW_BYTES, spacing // 2))
                if end is not None and end > start:
                    windows.append((start, end))
    except OSError:
        return []
    return windows


def _line_end(handle, offset: int) -> int | None:
    """The offset just after the first line feed at or after ``offset`` (within 64 KiB), or None."""
    handle.seek(offset)
    found = handle.read(64 << 10).find(b"\n")
    return None if found < 0 else offset + found + 1


def graded_sample(source, index, windows: list) -> Sample:
    """The rows of ``windows`` graded as the pass grades them (ECF applied),
    into a grid of their own; its whole students' final answers counted (belong.Sample)."""
    width = len(index.slots)
    students, grid, tally = Students(index), AnswerGrid(width), Tally(width)
    thrown = io.StringIO()   # the rows' text: thrown away
    writer = RowWriter(thrown, source.delimiter)
    runs = []
    for start, end in windows:
        part = replace(source, end=end) if start == 0 else replace(source, start=start, end=end, first_line=0,
                                                                    skip_lines=0)
        runs.append(student_runs(part))
        pass_rows(part, index, students, grid, tally, writer, sample=True)
        thrown.seek(0)
        thrown.truncate()
    carry_errors_forward(index, students, grid, slots=answered_slots(index))
    least = max(2, min(EARLY_PARTS, width) // 2)
    numbers = (students.by_text.get(text) for text in whole_students(runs, least))
    return Sample(index, students, grid, sorted(n for n in numbers if n is not None and n >= 0))


def student_runs(part) -> list:
    """``[(student cell, rows)]``: the runs of consecutive rows of one student in
    ``part`` (a window), in file order; a row that cannot be graded breaks a run."""
    runs, column, rows = [], part.columns[0], part.rows()
    try:
        for cells in rows:
            text = None if isinstance(cells, BadRow) or column >= len(cells) else cells[column]
            if runs and text is not None and runs[-1][0] == text:
                runs[-1][1] += 1
            else:
                runs.append([text, 1])
    finally:
        rows.close()
    return runs


def whole_students(runs: list, least: int = 2) -> list:
    """The students whose rows the windows' ``runs`` hold whole, as far as they
    tell: a run of ``least`` rows or more (not one question's parts in a file
    sorted by question), neither a window's first nor its last, of an id seen
    in no other run."""
    seen = Counter(text for window in runs for text, _ in window)
    return [text for window in runs for text, count in window[1:-1]
            if text is not None and count >= least and seen[text] == 1]
