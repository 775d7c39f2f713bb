"""The names ``quizgen review`` writes beside each student: those of the
students CSV the same grade wrote beside graded.csv (``<stem>-students.csv``,
student_id then name), which holds the roster's names when grade had
``--roster`` (as report.md and the sheets show them), so one student has one
name in every file of a run; graded.csv's name column (each answer row's name
as written) only where the students file gives none. A students file missing,
unreadable or of another shape gives no names: graded.csv's are kept, or the
name cells are empty as before."""

from __future__ import annotations

import csv
from pathlib import Path

from quizgen.cells import unguard
from quizgen.csv_input import read_csv_text, sniffed_reader
from quizgen.errors import InputFileError
from quizgen.marking.student_ids import normalise_id


def names_beside(graded: Path) -> dict:
    """``{normalised student id: name}`` from the students CSV beside ``graded``
    (read as every small CSV input is: csv_input.read_csv_text, sniffed_reader);
    {} when none is usable."""
    students = graded.with_name(f"{graded.stem}-students.csv")
    try:
        if not students.is_file():
            return {}
        rows, _ = sniffed_reader(read_csv_text(students, "students"), exact=True)
        if next(rows, [])[:2] != ["student_id", "name"]:
            return {}
        return {normalise_id(unguard(row[0])): unguard(row[1]) for row in rows if len(row) > 1 and row[1]}
    except (OSError, csv.Error, InputFileError):
        return {}


def with_names(lines: list, names: dict) -> list:
    """``lines`` ((kind, cells), cells[0] the student, cells[1] the name) with each student's name from
    ``names`` (the students file's) where it gives one, else as the line has it."""
    if not names:
        return lines
    return [(kind, [cells[0], names.get(normalise_id(cells[0])) or cells[1], *cells[2:]]) for kind, cells in lines]
