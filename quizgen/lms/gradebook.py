"""Gradebook files an LMS imports: Canvas (its own exported gradebook CSV with
the assignment column filled or added), Moodle (the grade-import CSV keyed by
ID number or email) and a plain one-row-per-student CSV.

A column that already holds grades (Canvas's template, or for Moodle a grade
export or the file an earlier run wrote) is merged, not overwritten: a student
with no answer in this run keeps a grade already there (a second section's
answers leave the first section's grades alone), and the grades this run
changes are listed, so that a re-run or a regrade is visible.

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
from quizgen.csv_input import header_shown, sniffed_reader
from quizgen.report.formatting import number_text

CANVAS_ID_COLUMNS = ("SIS User ID", "SIS Login ID", "ID")
"""Canvas columns a quizgen student id is matched against, in this order."""
POINTS_POSSIBLE = "Points Possible"
MOODLE_KEYS = {"idnumber": "ID number", "email": "Email address"}
PLAIN_COLUMNS = ("student_id", "name", "score", "max", "percent")
NO_GRADE = ("", "-")
"""Cells that hold no grade: empty, or Moodle's export's ``-``."""
SAME_GRADE = 0.005
"""Grades closer than this are the same grade (Canvas shows two decimals; quizgen writes four)."""


class Grade(NamedTuple):
    """One student's result: their id, name, score and the maximum score."""

    student_id: str
    name: str
    score: float
    max: float


class FilledGradebook(NamedTuple):
    """A gradebook file (``text``) filled into a column that may already hold
    grades: the graded ids the file cannot match (``unmatched``), the students
    with no answer in this run whose grade already there was kept (``kept``),
    and the grades this run changed, ``(id, before, now)`` (``changed``)."""

    text: str
    unmatched: list
    kept: list = ()
    changed: list = ()


CanvasGradebook = FilledGradebook


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


def moodle_gradebook_filled(template: str, grades: list, item: str, key: str = "idnumber",
                            absent=frozenset()) -> FilledGradebook:
    """Moodle's grade import CSV, as :func:`moodle_gradebook`, merged with the
    grades ``template`` (Moodle's grade export, or the file an earlier run
    wrote) holds for ``item``: a student in ``absent`` (no answer in this run)
    keeps a grade found there, and the template's students this run did not
    grade are written with their grade, so that the file is the whole column."""
    if key not in MOODLE_KEYS:
        raise UsageError(f"Moodle gradebook key must be one of {', '.join(MOODLE_KEYS)}, got {key!r}")
    existing = _moodle_grades(template, item, MOODLE_KEYS[key])
    rows, kept, changed = [(MOODLE_KEYS[key], "Full name", item)], [], []
    for g in grades:
        before = existing.pop(g.student_id, ("", ""))[1]
        rows.append((g.student_id, g.name, _merged(g, before, number_text(g.score), absent, kept, changed)))
    rows += [(sid, name, value) for sid, (name, value) in existing.items()]
    return FilledGradebook(_csv(rows), [], kept, changed)


def _moodle_grades(template: str, item: str, identity: str) -> dict:
    """``{id: (name, grade)}`` of the students ``template`` gives a grade for ``item``."""
    reader, _ = sniffed_reader(template.lstrip("\ufeff"))
    rows = [[cell.strip() for cell in row] for row in reader if any(cell.strip() for cell in row)]
    header = rows[0] if rows else []
    if identity not in header:
        raise InputFileError(f"the Moodle gradebook template has no {identity!r} column (it has "
                             f"{header_shown(header)}); give Moodle's grade export (Grades > Export > "
                             "Plain text file) or the gradebook file an earlier run wrote")
    column = _moodle_item_column(header, item)
    if column is None:
        raise InputFileError(f"the Moodle gradebook template has no column for the grade item {item!r} (it has "
                             f"{header_shown(header)}); expected {item!r} or Moodle's export heading "
                             f"'Quiz: {item} (Real)': check --gradebook-item, and export the grades as Real")
    grades = {}
    for row in rows[1:]:
        row += [""] * (len(header) - len(row))
        sid, value = row[header.index(identity)], row[column]
        if sid and value not in NO_GRADE:
            grades.setdefault(sid, (_moodle_name(header, row), value))
    return grades


def _moodle_item_column(header: list, item: str):
    """The index of ``item``'s column: named alone, or as Moodle's export names it, ``Quiz: item (Real)``."""
    exported = re.compile(r"[^:]+: " + re.escape(item) + r" \(Real\)")
    return next((i for i, name in enumerate(header) if name == item or exported.fullmatch(name)), None)


def _moodle_name(header: list, row: list) -> str:
    """A template row's full name: its "Full name", else Moodle's export's first and last names."""
    if "Full name" in header:
        return row[header.index("Full name")]
    parts = [row[header.index(name)] for name in ("First name", "Last name") if name in header]
    return " ".join(p for p in parts if p)


def _merged(grade: Grade, before: str, now: str, absent, kept: list, changed: list) -> str:
    """The cell to write for ``grade``: the grade ``before`` kept when the
    student gave no answer in this run; else ``now``, noting in ``changed``
    a different grade it replaces."""
    if grade.student_id in absent and before.strip() not in NO_GRADE:
        kept.append(grade.student_id)
        return before
    if before.strip() not in NO_GRADE and not _same_grade(before, now):
        changed.append((grade.student_id, before.strip(), now))
    return now


def _same_grade(before: str, now: str) -> bool:
    """Whether a cell already there says the grade ``now`` (4.00 is 4; a decimal comma is read too)."""
    try:
        return abs(float(before.strip().replace(",", ".")) - float(now)) < SAME_GRADE
    except ValueError:
        return before.strip() == now


def canvas_gradebook(template: str, grades: list, assignment: str, absent=frozenset()) -> FilledGradebook:
    """Canvas's exported gradebook CSV (``template``, as text) with the
    ``assignment`` column filled for the graded students: an existing column
    is one whose header is ``assignment`` or ``assignment (id)``; otherwise a
    column is added at the end, with the maximum score in the "Points
    Possible" row. An existing column whose "Points Possible" is set gets
    the scores scaled to it (17 of 34 on a 10-point assignment is 5), as
    Canvas reads the cell in the assignment's points. A student in ``absent``
    (no answer in this run) keeps a grade already in the column; every other
    row and column keeps its values."""
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
    matched, kept, changed = set(), [], []
    possible = _points_possible(rows, column)
    for row in rows[1:]:
        row.extend([""] * (len(header) - len(row)))
        grade = _row_grade(header, row, by_id)
        if grade is not None:
            scaled = grade.score * possible / grade.max if possible and grade.max else grade.score
            row[column] = _merged(grade, row[column], number_text(scaled), absent, kept, changed)
            matched.add(grade.student_id)
        elif row[0].strip() == POINTS_POSSIBLE and grades and not row[column]:
            row[column] = number_text(grades[0].max)
    unmatched = [g.student_id for g in grades if g.student_id not in matched]
    return FilledGradebook(("\ufeff" if bom else "") + _csv(rows), unmatched, kept, changed)


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
