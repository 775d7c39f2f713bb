"""Long-form rows whose question and part name no part of the key (``C1``
for the paper's Q1, the class instead of the question; part ``1`` for
``a``): each is unknown_question in graded.csv, and one line says which
labels they were. When they are most of the file's rows the file was
labelled another way than the paper (or is for another paper), and the
marks would all be zero: grade stops (InputFileError, exit 2) unless
``--force-key`` (or ``--force``), or there are fewer than STOP_LEAST. The
wide form says the same of its columns (file_warnings.unknown_columns); a
Moodle or Canvas download's labels are quizgen's own reading of it
(lms/papers.py names what it could not place), so run.py asks for none."""

from __future__ import annotations

from quizgen.errors import InputFileError
from quizgen.wording import printable, shortened, thousands
from quizgen.grading.belong import KEY_OPTION
from quizgen.grading.no_part import part_column_lost
from quizgen.grading.tally import LABELS_KEPT, MORE_LABELS, Tally
from quizgen.key.status import Status
from quizgen.text.words import counted

SHOWN = 5   # labels named in the line; the rest are counted
STOP_LEAST = 10   # rows naming no part needed (and more than half the file's) before grade stops on them


def unknown_labels_line(tally: Tally, grid, source, key_name: str, rows: int, forced_by: str = "",
                        index=None) -> str:
    """The line naming the labels of rows that name no part of ``key_name``
    ('' when none, or for a wide file); it stops grade when they are more than
    half the file's ``rows`` and most of their students have no row that names
    a part (one student's flood of stray rows must not stop the class), or when
    the file lost its part column (no_part.py: ``index``, the KeyIndex), unless
    ``forced_by`` (the option given)."""
    if source.form == "wide" or not tally.unknown_labels:
        return ""
    lost = part_column_lost(source, tally, grid, index, rows) if index is not None else ""
    unknown = sum(entry[1] for entry in tally.unknown_labels.values())
    named, reason = _named(tally.unknown_labels, tally.unknown_label_lines)
    line = (f"{source.path.name}: {thousands(unknown)} of {_rows(rows, 'answer row')} "
            f"{'names' if unknown == 1 else 'name'} no part of {key_name}")
    said = f"{named}; {reason}"
    if not lost and (2 * unknown <= rows or unknown < STOP_LEAST or not _mostly_unplaced(tally, grid)):
        return f"{line}, so {'it is' if unknown == 1 else 'they are'} unknown_question in graded.csv: {said}"
    if forced_by:
        return f"{line}, so they are unknown_question in graded.csv: {said}; graded anyway, as {forced_by} asks"
    if lost:
        raise InputFileError(f"{lost}; or pass {KEY_OPTION} to grade them anyway")
    raise InputFileError(f"{line}: {said}; label each row with the question and part as the paper prints them "
                         f"(Q1 and a), or pass {KEY_OPTION} to grade them anyway")


def _named(labels: dict, lines: dict) -> tuple:
    """``(the labels named, the first's reason)``: up to SHOWN of ``labels``
    (Tally.unknown_labels), the most rows first with their counts, a label of
    one row with its line (``lines``, Tally.unknown_label_lines: a row cut
    short, a typo, is looked for by its line); past
    LABELS_KEPT, the first in the file, uncounted: a later part's labels
    past its own limit are counted together, so only the order of first
    meeting is the same for any --jobs."""
    kept = [(label, entry) for label, entry in labels.items() if label != MORE_LABELS]
    if MORE_LABELS in labels:
        named = ", ".join(_label(*label) for label, _ in kept[:SHOWN])
        return f"{named} and more (over {thousands(LABELS_KEPT)} labels; these met first)", kept[0][1][0]
    kept.sort(key=lambda item: -item[1][1])   # stable: ties in the order first met
    named = ", ".join(f"{_label(*label)} ({_rows(entry[1], 'row')}{_line(entry[1], lines.get(label))})"
                      for label, entry in kept[:SHOWN])
    more = f" and {counted(len(kept) - SHOWN, 'more label')}" if len(kept) > SHOWN else ""
    return named + more, kept[0][1][0]


def _mostly_unplaced(tally: Tally, grid) -> bool:
    """Whether most students with rows naming no part have no row in ``grid``
    (the AnswerGrid: each cell's row, -1 for none) that names one."""
    width, rows = grid.width, grid.rows
    strays = [n for n, counts in enumerate(tally.student_counts) if counts[Status.UNKNOWN_QUESTION]]
    unplaced = sum(max(rows[n * width:(n + 1) * width], default=-1) < 0 for n in strays)
    return 2 * unplaced > len(strays)


def _line(rows: int, line) -> str:
    """``, line 110`` for a label of one row on a known line, else ''."""
    return f", line {line}" if rows == 1 and line else ""


def _rows(count: int, noun: str) -> str:
    """``1 row``, ``6,000 rows``."""
    return f"{thousands(count)} {noun}{'' if count == 1 else 's'}"


def _label(question: str, part: str) -> str:
    """A row's label as it wrote it: ``'C1' part 'a'``; ``'Q1a'`` with no part cell."""
    shown = repr(shortened(printable(question.strip()), 30))
    return f"{shown} part {shortened(printable(part.strip()), 10)!r}" if part.strip() else shown
