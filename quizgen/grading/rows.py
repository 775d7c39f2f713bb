"""Grading an answers file into graded.csv: the pass over its rows
(answer_pass.py; in several processes for a big file, parallel.py), then error
carried forward and the human decisions, which re-mark final answers. Only
when some row was superseded (with a timestamp column, the latest answer by
time stands: timestamps.py) or re-marked, or some id is written otherwise, is
graded.csv copied once more, with those rows marked and the graded_as column
inserted in the same copy; a file without them is read once. The latest outcomes are
counted into the totals afterwards (``tally.count_latest``)."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from quizgen.grading.answer_pass import pass_rows
from quizgen.grading.decisions import MadeRows
from quizgen.grading.ecf_pass import answered_slots, carry_errors_forward
from quizgen.grading.file_slice import find_cuts
from quizgen.grading.graded_as import column_writer, written_otherwise
from quizgen.grading.key_index import KeyIndex
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.override_answers import GradedRows
from quizgen.grading.parallel import grade_in_parts
from quizgen.grading.students import Students
from quizgen.grading.tally import Tally
from quizgen.grading.timestamps import settle_resubmissions
from quizgen.grading.writer import RowSet, rewrite_graded, start_graded


class GradedPass(NamedTuple):
    """What the pass leaves to do: the number of answers, the RowSet of rows a
    later answer superseded, the rows ECF or an override re-marked ({row:
    Outcome}) and whether some written record spans more than one line."""

    rows: int
    superseded: RowSet
    patched: dict
    multiline: bool


def grade_file(source, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, handle, bar=None,
               decisions=None, jobs: int = 1, while_waiting=None) -> GradedPass:
    """Grade every answer into graded.csv (``handle``, a file open at a temporary
    path), the grid and the running ``tally`` (superseded and ungraded rows), ECF
    and ``decisions`` applied. The latest answers are counted later
    (tally.count_latest), and ``finish_graded`` marks what this pass could not
    know when it wrote a row. ``jobs`` > 1: a big file in up to that many processes
    (``while_waiting``: see parallel.grade_in_parts)."""
    return GradedPass(*grade_rows(source, index, students, grid, tally, handle, bar, decisions, jobs, while_waiting))


def finish_graded(graded: GradedPass, handle, source, students: Students) -> None:
    """When some rows were superseded or re-marked by ECF or an override
    (decisions.py), or some id cell is written otherwise than the id it was
    graded as, copy graded.csv once with those rows marked and the graded_as
    column inserted (graded_as.py)."""
    otherwise = written_otherwise(students)
    if not (graded.superseded or graded.patched or otherwise):
        return
    handle.flush()
    insert = column_writer(otherwise, source.columns[0], len(source.out_header), source.delimiter) if otherwise else None
    rewrite_graded(Path(handle.name), graded.superseded, source.delimiter, graded.patched, graded.multiline, insert)


def grade_rows(source, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, handle, bar=None,
               decisions=None, jobs: int = 1, while_waiting=None):
    """Grade every answer and write its row, then carry errors forward and
    apply ``decisions``; returns the number of answers, the RowSet of rows a
    later answer superseded, the rows re-marked ({row: Outcome}, see
    ``carry_errors_forward``) and whether some written record spans more than
    one line. With ``jobs`` > 1 a big file is graded in up to ``jobs``
    processes (parallel.py), with the same result."""
    writer = start_graded(handle, source.out_header, source.delimiter)
    read_path = source.read_path or source.path
    cuts = find_cuts(read_path, read_path.stat().st_size, source.encoding, source.delimiter,
                     len(source.header), jobs) if jobs > 1 else []
    if not cuts:
        rows, superseded = pass_rows(source, index, students, grid, tally, writer, bar)
        writer.pass_done()
        _, marked = settle_resubmissions(source, grid, tally, superseded)
        multiline = writer.multiline
        patched = carry_errors_forward(index, students, grid, slots=answered_slots(index))
        patched.update(marked)
    else:
        rows, superseded, multiline, patched = grade_in_parts(source, cuts, index, students, grid, tally, writer,
                                                              handle, bar, while_waiting)
    patched.update(students.hinted_rows())   # an unknown id's nearest known ids, once every part is in
    if decisions is not None:
        graded = GradedRows(handle, source.delimiter, writer.multiline, source.columns, superseded)
        decisions.apply(index, students, grid, patched, MadeRows(writer, len(source.out_header), source.columns, rows),
                        graded)
    return rows, superseded, patched, multiline
