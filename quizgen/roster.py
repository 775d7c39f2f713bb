"""The class roster, one reader for ``generate --students roster.csv`` (a
paper per student) and ``grade --roster roster.csv`` (who should have
answered).

A roster is a small CSV read with the answers file's conventions
(quizgen/csv_input.py: encoding detection, ``,`` ``;`` or tab, Excel's
``sep=`` line): a student id column under any of its names (``student_id``,
``Student ID``, ``Matrikelnummer``, ``email``, ...), optionally a name
column, other columns ignored. Each id is normalised for comparison
(quizgen/marking/student_ids.py: case and spaces ignored), so a roster listing
one student twice, even as ``S010`` and ``s010``, is refused with both lines
named. Errors are one line naming the file, the line and what was wrong."""

from __future__ import annotations

import re
from csv import Error as CsvError
from dataclasses import dataclass

from quizgen.csv_input import (ALIASES, csv_problem, find_column, header_shown, norm_header, read_csv_text,
                               sniffed_reader)
from quizgen.errors import InputFileError
from quizgen.marking.student_ids import normalise_id

MAX_ID = 200   # characters of a student id; a longer cell is not an id
ID_COLUMNS = "student_id, Student ID, Matrikelnummer, email, ..."
_CONTROL = re.compile(r"[\x00-\x08\x0e-\x1f\x7f]")


@dataclass(frozen=True)
class Student:
    """One row of the roster: the id as written (spaces collapsed) and the name ('' when none)."""

    student_id: str
    name: str


def read_roster(path) -> list:
    """The students of the roster CSV at ``path``, in file order."""
    return parse_roster(read_csv_text(path, "roster"), str(path))


def parse_roster(text: str, source: str = "roster") -> list:
    """The students of a roster given as CSV ``text``, in file order; blank
    lines are skipped; ``source`` names it in errors."""
    reader, skip = sniffed_reader(text)
    try:
        header = next((row for row in reader if any(cell.strip() for cell in row)), None)
        student, name = _columns(header, f"{source}: line {max(reader.line_num, 1) + skip}")
        return _unique_students(reader, student, name, source, skip)
    except CsvError as exc:
        raise InputFileError(f"{source}: line {reader.line_num + skip}: {csv_problem(exc)}") from exc


def _columns(header, where: str) -> tuple:
    """``(student column, name column or None)`` from the header cells."""
    names = [norm_header(cell) for cell in header or ()]
    student = find_column(names, ALIASES["student"])
    if student is None:
        raise InputFileError(f"{where}: expected a student id column ({ID_COLUMNS}; optionally name); "
                             f"found {header_shown(header)}")
    return student, find_column(names, ALIASES["name"])


def _unique_students(reader, student: int, name, source: str, skip: int) -> list:
    """The students of the data rows; an id whose normal form repeats an
    earlier one's is refused, naming both lines and both spellings."""
    students, seen = [], {}
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        line = reader.line_num + skip
        found = _student(row, student, name, f"{source}: line {line}")
        key = normalise_id(found.student_id)
        if key in seen:
            raise InputFileError(f"{source}: line {line}: student_id {found.student_id!r} repeats "
                                 f"line {_repeat(seen[key], found.student_id)}")
        seen[key] = (line, found.student_id)
        students.append(found)
    if not students:
        raise InputFileError(f"{source}: the roster lists no students")
    return students


def _repeat(first: tuple, student_id: str) -> str:
    """Which earlier line an id repeats, with its spelling when that differs."""
    line, spelled = first
    if spelled == student_id:
        return str(line)
    return f"{line} ({spelled!r}: ids are compared ignoring case and spaces)"


def _student(row: list, student: int, name, where: str) -> Student:
    if student >= len(row):
        raise InputFileError(f"{where}: expected at least {student + 1} fields, found {len(row)}")
    student_id = _clean(row[student], "student_id", where)
    if not student_id:
        raise InputFileError(f"{where}: student_id is empty")
    if not normalise_id(student_id):   # only invisible characters: it would match no answer row's id
        raise InputFileError(f"{where}: student_id holds only invisible characters "
                             f"({student_id.encode('unicode_escape').decode('ascii')[:40]})")
    if len(student_id) > MAX_ID:
        raise InputFileError(f"{where}: {student_id[:40]!r}... is not a student id (over {MAX_ID} characters)")
    full_name = _clean(row[name], "name", where) if name is not None and name < len(row) else ""
    if len(full_name) > MAX_ID:   # key.json keeps names to this length, so grade could not read the key
        raise InputFileError(f"{where}: the name {full_name[:40]!r}... is over {MAX_ID} characters")
    return Student(student_id, full_name)


def _clean(value: str, column: str, where: str) -> str:
    """A cell with its runs of spaces collapsed; a control character is refused."""
    if _CONTROL.search(value):
        raise InputFileError(f"{where}: {column} contains a control character")
    return " ".join(value.split())
