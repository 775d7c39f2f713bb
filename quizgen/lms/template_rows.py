"""A gradebook template's rows as read: CSV rows with their file line, one
column a role and one row a student (both refused in one line otherwise),
and a Moodle template's students (its grade export, or the file an earlier
run wrote) with their grade cells, each checked to be a number Moodle reads.
lms/gradebook.py merges this run's grades into them."""

from __future__ import annotations

import csv
import re
from typing import NamedTuple

from quizgen.cells import unguard
from quizgen.csv_input import first_lines, header_shown, norm_header, one_column_each, sniffed_reader
from quizgen.errors import InputFileError
from quizgen.wording import printable, shortened
from quizgen.marking.student_ids import normalise_id
from quizgen.roster import name_columns, name_in

MOODLE_KEYS = {"idnumber": "ID number", "email": "Email address"}
NO_GRADE = ("", "-")
"""Cells that hold no grade: empty, or Moodle's export's ``-``."""


class TemplateRow(NamedTuple):
    """A Moodle template's row: the id as written (formula guard off), the name, the grade cell and its line."""

    student_id: str
    name: str
    grade: str
    line: int


def moodle_rows(template: str, item: str, identity: str) -> tuple:
    """``({normal id: TemplateRow}, [lines with no id], exported)`` of ``template``'s
    students, ``exported`` when it is Moodle's own grade export (``_is_export``),
    not a gradebook file quizgen wrote; one line refusing a repeated column, a repeated student or a
    grade that is not a number, which Moodle's import would take or choke on."""
    reader, skip = sniffed_reader(template.lstrip("\ufeff"))
    numbered = [(line, [unguard(cell.strip()) for cell in row]) for line, row in numbered_rows(reader, skip)]
    numbered = [(line, row) for line, row in numbered if any(row)]
    header, column = _moodle_header(numbered[0] if numbered else (1, []), item, identity)
    found, no_id = {}, []
    names = name_columns([norm_header(cell) for cell in header], {column, header.index(identity)}).read
    for line, row in numbered[1:]:
        row = _fitted(row, header)
        here = TemplateRow(row[header.index(identity)], name_in(row, names), row[column], line)
        normal = normalise_id(here.student_id)
        if not normal:
            no_id.append(line)
            continue
        if normal in found:
            first = found[normal]
            raise repeated_student(first.line, line, identity, first.student_id, here.student_id)
        _check_grade(here, header[column])
        found[normal] = here
    return found, no_id, _is_export(header, column)


def _moodle_header(numbered_header: tuple, item: str, identity: str) -> tuple:
    """``(header, index of item's column)`` of a Moodle template, ``numbered_header``
    its ``(line, cells)``; one line when the identity or item column is missing or repeated."""
    line, header = numbered_header
    if identity not in header:
        keyed = {value: key for key, value in MOODLE_KEYS.items()}
        other = next((name for name in MOODLE_KEYS.values() if name != identity and name in header), None)
        advice = (f"it is keyed by {other}: grade with --gradebook-key {keyed[other]}" if other else
                  "give Moodle's grade export (Grades > Export > Plain text file) or the gradebook file an "
                  "earlier run wrote")
        raise InputFileError(f"the Moodle gradebook template has no {identity!r} column (it has "
                             f"{header_shown(header)}); {advice}")
    names_item = _moodle_item(item)
    one_column_each(header, {f"the {identity}": identity.__eq__, "the full name": "Full name".__eq__,
                              f"the grade item {item!r}": names_item}, f"line {line}: ")
    column = next((i for i, name in enumerate(header) if names_item(name)), None)
    if column is None:
        raise InputFileError(f"the Moodle gradebook template has no column for the grade item {item!r} (it has "
                             f"{header_shown(header)}); expected {item!r} or Moodle's export heading "
                             f"'Quiz: {item} (Real)': check --gradebook-item, and export the grades as Real")
    return header, column


def numbered_rows(reader, skip: int):
    """``(file line, row)`` for each row of ``reader`` (csv_input.sniffed_reader's, each row checked by
    its RowGuard); a row that is not valid CSV is one line naming it."""
    try:
        yield from first_lines(reader, skip)
    except csv.Error as exc:
        raise InputFileError(f"line {reader.line_num + skip}: not valid CSV ({exc})") from exc


def repeated_student(first_line: int, line: int, what: str, *ids) -> InputFileError:
    """The one line for two template rows of one student (by the id rule,
    spelled ``ids``): which grade is theirs cannot be known, and the second
    row was dropped (Moodle) or filled twice (Canvas) silently."""
    shown = [repr(shortened(printable(i), 40)) for i in dict.fromkeys(ids)]
    return InputFileError(f"lines {first_line} and {line} are both the {what} {' and '.join(shown)} (ids are "
                          "compared ignoring case, spaces, invisible characters and a formula guard's leading '); "
                          "expected one row a student: delete one")


def _fitted(row: list, header: list) -> list:
    """``row`` as wide as ``header`` (RowGuard refused a cell past its columns)."""
    return row[:len(header)] + [""] * (len(header) - len(row))


_GRADE = re.compile(r"[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)")
"""A grade Moodle's import reads: a number, with a decimal point or comma."""


def _check_grade(row: TemplateRow, column: str) -> None:
    """Refuse a grade cell that is neither a number nor empty (``-``): it
    would be written into the import file as it is (a letter grade, escapes)."""
    if row.grade not in NO_GRADE and not _GRADE.fullmatch(row.grade):
        raise InputFileError(f"line {row.line}: the grade {shortened(printable(row.grade), 40)!r} of "
                             f"{shortened(printable(row.student_id), 40)!r} in {shortened(printable(column), 60)!r} "
                             "is not a number; expected a number, or '-' or nothing for no grade (export the "
                             "grades as Real)")


_EXPORT_HEADING = r"[^:]+: {item} \(Real\)"   # Moodle's export heads a grade item "Quiz: Midterm (Real)"
_EXPORT_ONLY = frozenset(("First name", "Last name", "Surname", "Last downloaded from this course"))
"""Columns of Moodle's grade export that a gradebook file quizgen writes never has."""


def _is_export(header: list, column: int) -> bool:
    """Whether a Moodle template is Moodle's own grade export, told by the file
    itself: its item headed ``Quiz: X (Real)``, or a column quizgen never writes
    (its file is ``ID number`` or ``Email address``, ``Full name`` and the item)."""
    return bool(re.fullmatch(_EXPORT_HEADING.format(item=".+"), header[column])) or any(
        name in _EXPORT_ONLY for name in header)


def _moodle_item(item: str):
    """Whether a header cell names ``item``: alone, or as Moodle's export names it, ``Quiz: item (Real)``."""
    exported = re.compile(_EXPORT_HEADING.format(item=re.escape(item)))
    return lambda name: name == item or exported.fullmatch(name) is not None

