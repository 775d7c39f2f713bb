"""The class roster of ``grade --roster roster.csv``: who should have
answered. Read with the answers file's conventions (encoding detection,
``,`` ``;`` or tab, Excel's ``sep=`` line, loose header names such as
``Student ID``, ``Matrikelnummer`` or ``email``; a name column is optional),
each id normalised once (quizgen/marking/students.py) so that ``S010`` and
``s010 `` are one student and a roster that lists one student twice is
refused with both lines named."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from quizgen.errors import InputFileError
from quizgen.grading.answers_file import (ALIASES, FALLBACK_ERRORS, _delimiter, _excel_sep_line, detect_encoding,
                                          norm_header)
from quizgen.marking.students import normalise_id
from quizgen.roster import Student, unique_students

MAX_ID = 200   # characters of a student id; a longer cell is not an id


def read_class_roster(path) -> list:
    """The students of the roster file at ``path`` (``Student``), in file order."""
    return parse_class_roster(read_csv_text(path, "roster"), str(path))


def read_csv_text(path, what: str) -> str:
    """The text of a small CSV input (a roster, overrides) at ``path``, its
    encoding detected as an answers file's is; one-line errors naming ``what``."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: {what} file not found") from exc
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read the {what} file ({exc.strerror or exc})") from exc
    if b"\x00" in data[:4096] and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise InputFileError(f"{path}: the {what} file is not text; save it as CSV")
    return data.decode(detect_encoding(data[:65536]), errors=FALLBACK_ERRORS).lstrip("\ufeff")


def parse_class_roster(text: str, source: str = "roster") -> list:
    """The students of a roster given as CSV ``text``; ``source`` names it in errors."""
    lines = io.StringIO(text, newline="").readlines()
    hint, skip = _excel_sep_line(lines)
    reader = csv.reader(lines[skip:], delimiter=_delimiter(None, hint, lines[skip:]), skipinitialspace=True)
    try:
        student, name = _columns(next(reader, None), source)
        return unique_students(reader, lambda row, where: _student(row, student, name, where), source,
                               normalise_id, "line", skip)
    except csv.Error as exc:
        raise InputFileError(f"{source}: line {reader.line_num + skip}: not valid CSV ({exc})") from exc


def _columns(header, source: str) -> tuple:
    names = [norm_header(cell) for cell in header or ()]
    student = next((names.index(a) for a in ALIASES["student"] if a in names), None)
    name = next((names.index(a) for a in ALIASES["name"] if a in names), None)
    if student is None:
        shown = ", ".join(cell.strip()[:40] for cell in header or ()) or "nothing"
        raise InputFileError(f"{source}: line 1: expected a student id column (student_id, and optionally "
                             f"name); found {shown}")
    return student, name


def _student(row: list, student: int, name, where: str) -> Student:
    student_id = " ".join(row[student].split()) if student < len(row) else ""
    if not student_id:
        raise InputFileError(f"{where}: the student id is empty")
    if len(student_id) > MAX_ID or any(ord(c) < 32 for c in student_id):
        raise InputFileError(f"{where}: {student_id[:40]!r}... is not a student id")
    full_name = " ".join(row[name].split()) if name is not None and name < len(row) else ""
    return Student(student_id, full_name)
