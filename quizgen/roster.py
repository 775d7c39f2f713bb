"""Reading a class roster (``--students roster.csv``: columns student_id, name),
with one-line errors that name the row and what was wrong with it."""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from quizgen.errors import InputFileError

ROSTER_COLUMNS = ("student_id", "name")
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class Student:
    """One row of the roster."""

    student_id: str
    name: str


def read_roster(path) -> list:
    """The students of the roster CSV at ``path``, in file order. Extra columns
    are ignored; blank lines are skipped; ids must be unique."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: roster file not found") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise InputFileError(f"{path}: cannot read the roster ({exc})") from exc
    return parse_roster(text, str(path))


def parse_roster(text: str, source: str = "roster") -> list:
    """The students of a roster given as CSV text; ``source`` names it in errors."""
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        columns = _columns(next(reader, None), source)
        return unique_students(reader, lambda row, where: _student(row, columns, where), source)
    except csv.Error as exc:
        raise InputFileError(f"{source}: row {reader.line_num}: not valid CSV ({exc})") from exc


def unique_students(reader, make, source: str, same=lambda student_id: student_id, unit: str = "row",
                    offset: int = 0) -> list:
    """The students ``make(row, where)`` builds from each non-blank row of a
    csv ``reader``; a student whose ``same(id)`` repeats an earlier one's is
    refused, naming both rows (``unit`` and ``offset`` say how rows are counted)."""
    students, seen = [], {}
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        line = reader.line_num + offset
        student = make(row, f"{source}: {unit} {line}")
        key = same(student.student_id)
        if key in seen:
            raise InputFileError(f"{source}: {unit} {line}: student_id {student.student_id!r} repeats "
                                 f"{unit} {seen[key]}")
        seen[key] = line
        students.append(student)
    if not students:
        raise InputFileError(f"{source}: the roster lists no students")
    return students


def _columns(header, source: str) -> dict:
    found = [cell.strip().lower() for cell in header or ()]
    missing = [c for c in ROSTER_COLUMNS if c not in found]
    if missing:
        shown = ", ".join(found) if any(found) else "nothing"
        raise InputFileError(f"{source}: row 1: expected the columns student_id, name; found {shown}")
    return {c: found.index(c) for c in ROSTER_COLUMNS}


def _student(row: list, columns: dict, where: str) -> Student:
    needed = max(columns.values()) + 1
    if len(row) < needed:
        raise InputFileError(f"{where}: expected at least {needed} fields, found {len(row)}")
    student_id = _clean(row[columns["student_id"]], "student_id", where)
    return Student(student_id, _clean(row[columns["name"]], "name", where))


def _clean(value: str, column: str, where: str) -> str:
    if _CONTROL.search(value):
        raise InputFileError(f"{where}: {column} contains a control character")
    cleaned = " ".join(value.split())
    if not cleaned:
        raise InputFileError(f"{where}: {column} is empty")
    return cleaned
