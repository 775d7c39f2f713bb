"""The signs in a Moodle download's own cells that a spreadsheet opened it and
saved it again (beside those of its text: a delimiter other than ``,``, an
encoding other than UTF-8, Excel's ``sep=`` line; grading/read_as.py): grades
with fewer decimals than the grade column's heading (``6.5`` under
``Grade/10.00``: Moodle writes every grade with the heading's places). Such a
save drops the zeros at the end of a one-number answer too (``2.10`` becomes
``2.1``), which grade then does not mark as rounded too early.

A time written otherwise than English Moodle's default is no sign: a site may
write its dates day first or in ISO form. And a grade that kept
its heading's places with a zero at its end (``1.00``, ``6.50``) shows that the
numbers were not rewritten, whatever else the file shows (``numbers_kept``)."""

from __future__ import annotations

import re

from quizgen.lms.download_kind import grade_column

_GRADE = re.compile(r"[0-9]+(?:[.,]([0-9]*))?")


def moodle_resave_signs(header: list, rows: list) -> str:
    """What in the cells of a Moodle download (``header``, then ``rows``) shows a spreadsheet's
    save, ``"grades with fewer decimals than the 'Grade/10.00' heading (6.5)"``, or ""."""
    column, places = _grade_column(header)
    if column is None:
        return ""
    short = next((cell for cell in _grades(rows, column) if len(cell[1]) < places), None)
    return f"grades with fewer decimals than the '{header[column].strip()}' heading ({short[0][:20]})" if short else ""


def numbers_kept(header: list, rows: list) -> str:
    """A grade of the download written with all its heading's places and a zero at its end (``1.00``),
    which a spreadsheet's save would have written ``1``: the numbers are Moodle's own, or ""."""
    column, places = _grade_column(header)
    if column is None or places == 0:
        return ""
    return next((text for text, decimals in _grades(rows, column) if len(decimals) == places
                 and decimals.endswith("0")), "")


def _grade_column(header: list) -> tuple:
    """(the grade column's index, its heading's decimal places), or (None, 0)."""
    column, maximum = grade_column(header)
    return column, len(maximum.partition(".")[2])


def _grades(rows: list, column: int):
    """Each grade cell that is a number: (its text, the digits after its decimal mark)."""
    for row in rows:
        if column < len(row) and (m := _GRADE.fullmatch(text := row[column].strip())):
            yield text, m.group(1) or ""
