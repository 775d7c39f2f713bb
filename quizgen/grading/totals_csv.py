"""The rows of the students and questions CSVs grade writes (header first; their columns in
csv_columns.py), every cell from outside guarded against formula injection."""

from __future__ import annotations

from quizgen.cells import spreadsheet_safe
from quizgen.grading.class_line import percent_text
from quizgen.grading.csv_columns import QUESTION_COLUMNS, STUDENT_COLUMNS
from quizgen.key.status import VERDICTS, Status
from quizgen.report.formatting import number_text, one_place


def _codes_text(codes) -> str:
    return "; ".join([f"{code} ({count})" for code, count in (codes.items() if isinstance(codes, dict) else codes)])


def student_rows(totals: list):
    """The rows of the per-student CSV (header first); a last column ``section``
    when the roster gives some student one."""
    sections = any(t.section for t in totals)
    yield list(STUDENT_COLUMNS) + ["section"] * sections
    for t in totals:
        c = t.counts
        yield [spreadsheet_safe(t.student_id), spreadsheet_safe(t.name), number_text(t.score),
               number_text(t.max_score), one_place(t.percent), *map(c.__getitem__, VERDICTS), t.missing,
               c[Status.UNKNOWN_QUESTION], c[Status.SUPERSEDED], spreadsheet_safe(_codes_text(t.misconceptions)),
               t.not_read, *[spreadsheet_safe(t.section)] * sections]


def question_rows(stats: list):
    """The rows of the per-question CSV (header first)."""
    yield list(QUESTION_COLUMNS)
    for q in stats:
        c = q.counts
        mean = "" if q.mean_score is None else number_text(q.mean_score)
        yield [*map(spreadsheet_safe, (q.question_id, q.part, q.cls, q.template)), number_text(q.points),
               q.students, *(c[s] for s in VERDICTS), q.missing,
               percent_text(q.percent_correct), mean, spreadsheet_safe(_codes_text(q.misconceptions)), q.ecf]
