"""Gradebook files an LMS imports: Canvas (its own exported gradebook CSV with
the assignment column filled or added), Moodle (the grade-import CSV keyed by
ID number or email) and a plain one-row-per-student CSV.

Pure functions from a list of :class:`Grade` to CSV text. Numbers always use
a decimal point, whatever the answers file used; every cell is made
spreadsheet-safe (a text cell starting ``= + - @`` gets a leading quote)."""

from __future__ import annotations

import csv
import io
import re
from typing import NamedTuple

from quizgen.errors import InputFileError, UsageError
from quizgen.cells import spreadsheet_safe
from quizgen.report.formatting import number_text

CANVAS_ID_COLUMNS = ("SIS User ID", "SIS Login ID", "ID")
"""Canvas columns a quizgen student id is matched against, in this order."""
POINTS_POSSIBLE = "Points Possible"
MOODLE_KEYS = {"idnumber": "ID number", "email": "Email address"}
PLAIN_COLUMNS = ("student_id", "name", "score", "max", "percent")


class Grade(NamedTuple):
    """One student's result: their id, name, score and the maximum score."""

    student_id: str
    name: str
    score: float
    max: float


class CanvasGradebook(NamedTuple):
    """The Canvas file (text) and the ids of graded students Canvas does not list."""

    text: str
    unmatched: list


def plain_gradebook(grades: list) -> str:
    """One row per student: student_id, name, score, max, percent."""
    rows = [PLAIN_COLUMNS]
    for g in grades:
        percent = number_text(100 * g.score / g.max) if g.max else ""
        rows.append((g.student_id, g.name, number_text(g.score), number_text(g.max), percent))
    return _csv(rows)


def moodle_gradebook(grades: list, item: str, key: str = "idnumber") -> str:
    """Moodle's grade import CSV: the student's ID number (or email, with
    ``key="email"``), their name, and the grade item column ``item``. In
    Moodle, map the first column to "ID number" (or "Email address") and the
    last to the grade item."""
    if key not in MOODLE_KEYS:
        raise UsageError(f"Moodle gradebook key must be one of {', '.join(MOODLE_KEYS)}, got {key!r}")
    rows = [(MOODLE_KEYS[key], "Full name", item)]
    rows += [(g.student_id, g.name, number_text(g.score)) for g in grades]
    return _csv(rows)


def canvas_gradebook(template: str, grades: list, assignment: str) -> CanvasGradebook:
    """Canvas's exported gradebook CSV (``template``, as text) with the
    ``assignment`` column filled for the graded students: an existing column
    is one whose header is ``assignment`` or ``assignment (id)``; otherwise a
    column is added at the end, with the maximum score in the "Points
    Possible" row. An existing column whose "Points Possible" is set gets
    the scores scaled to it (17 of 34 on a 10-point assignment is 5), as
    Canvas reads the cell in the assignment's points. Every other row and
    column keeps its values."""
    bom = template.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(template.lstrip("\ufeff"))))
    if not rows or not any(c in rows[0] for c in CANVAS_ID_COLUMNS):
        raise InputFileError("the Canvas gradebook template has no ID, SIS User ID or SIS Login ID column; "
                             "export it from Canvas: Grades > Export > Export Entire Gradebook")
    header = rows[0]
    column = _assignment_column(header, assignment)
    if column is None:
        column = len(header)
        header.append(assignment)
    by_id = {g.student_id: g for g in grades}
    matched = set()
    possible = _points_possible(rows, column)
    for row in rows[1:]:
        row.extend([""] * (len(header) - len(row)))
        grade = _row_grade(header, row, by_id)
        if grade is not None:
            scaled = grade.score * possible / grade.max if possible and grade.max else grade.score
            row[column] = number_text(scaled)
            matched.add(grade.student_id)
        elif row[0].strip() == POINTS_POSSIBLE and grades and not row[column]:
            row[column] = number_text(grades[0].max)
    unmatched = [g.student_id for g in grades if g.student_id not in matched]
    return CanvasGradebook(("\ufeff" if bom else "") + _csv(rows), unmatched)


def _points_possible(rows: list, column: int):
    """The assignment's points from the "Points Possible" row, or None (unset, or a new column)."""
    for row in rows[1:]:
        if row and row[0].strip() == POINTS_POSSIBLE and column < len(row):
            try:
                value = float(row[column])
            except ValueError:
                return None
            return value if value > 0 and value != float("inf") else None
    return None


def _assignment_column(header: list, assignment: str):
    """The index of ``assignment``'s column (named alone or with Canvas's
    numeric ``(id)``), or None. Only digits count as the id: "Quiz 1 (Retake)
    (456)" is another assignment, not "Quiz 1"."""
    named = re.compile(re.escape(assignment) + r" \(\d+\)")
    for i, name in enumerate(header):
        if name == assignment or named.fullmatch(name):
            return i
    return None


def _row_grade(header: list, row: list, by_id: dict):
    """The grade of the student on ``row``, matched on SIS User ID, SIS Login ID, then ID."""
    for name in CANVAS_ID_COLUMNS:
        if name in header:
            value = row[header.index(name)].strip()
            if value and value in by_id:
                return by_id[value]
    return None


def _csv(rows) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([spreadsheet_safe(str(cell)) for cell in row] for row in rows)
    return out.getvalue()
