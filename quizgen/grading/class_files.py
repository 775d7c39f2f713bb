"""The class's files grade writes beside graded.csv from the finished grid: the verdict
matrix the reports share (``verdict_matrix``), the students and questions CSVs and
report.md (``write_reports``), and whether the class report is big enough to be
computed in a process of its own (``report_pays_for_a_process``): a class paper's, not
per-student papers'."""

from __future__ import annotations

import csv

from quizgen.grading.grade_result import GradeResult
from quizgen.grading.key_index import KeyIndex
from quizgen.grading.matrix import AnswerGrid, Slot, VerdictMatrix
from quizgen.grading.outcome import localised
from quizgen.grading.report import report_markdown
from quizgen.grading.totals_csv import question_rows, student_rows
from quizgen.grading.students import Students

REPORT_PROCESS_CELLS = 5_000
"""Below this many student-part cells the class report is computed in the main
process: for 40 students x 27 parts it takes about 6 ms, less than forking
(docs/performance-history.md, the fourteenth round)."""


def report_pays_for_a_process(students: Students, index: KeyIndex) -> bool:
    """True when the class report is big enough to compute in a forked process and reads a class paper.
    With per-student papers it is made in the main process: its reading of every paper's parts
    (``slot_traps``) and the main process's totals would each copy most of the other's pages, nearly
    doubling grade's memory at that point (docs/performance.md, the sixty-fourth round)."""
    return not students.own_papers and len(students.names) * len(index.slots) >= REPORT_PROCESS_CELLS


def verdict_matrix(index: KeyIndex, students: Students, grid: AnswerGrid) -> VerdictMatrix:
    """The public view of the grid: slot metadata, and each student's paper as a
    row of booleans (shared by the students of one paper)."""
    slots = [Slot(s["question_id"], s["part"], s["class"], s["template"], s["points"]) for s in index.slots]
    masks = [tuple(part is not None for part in paper.parts) for paper in index.papers]
    return VerdictMatrix(grid, list(students.ids), slots, [masks[n] for n in students.paper_numbers],
                         list(students.paper_numbers))


def write_reports(result: GradeResult, handles: dict, names: dict) -> None:
    """The students and questions CSVs (the answers' separator and decimal mark) and report.md."""
    for role, rows in (("students", student_rows(result.students)), ("questions", question_rows(result.questions))):
        handle = handles[names[role]]
        handle.write("\ufeff")
        csv.writer(handle, delimiter=result.delimiter).writerows(localised(rows, result.decimal_comma))
    handles[names["report"]].write(report_markdown(result))
