"""A gradebook file's text as an LMS's import reads it: CSV with CRLF line
ends and every cell spreadsheet-safe, and for Canvas the student columns in
the places its import reads them and the delimiter it will find
(gradebook_importer.rb). lms/gradebook.py decides the cells."""

from __future__ import annotations

import csv
import io

from quizgen.cells import spreadsheet_safe
from quizgen.lms.import_limits import CANVAS_KEYS, canvas_layout, canvas_unguardable, needs_guard
from quizgen.lms.template_rows import NO_GRADE


def gradebook_csv(rows, delimiter: str = ",") -> str:
    """``rows`` as CSV text, CRLF line ends, every cell spreadsheet-safe (cells.spreadsheet_safe)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n")
    writer.writerows([spreadsheet_safe(str(cell)) for cell in row] for row in rows)
    return out.getvalue()


def canvas_file(header: list, rows: list, column: int, graded: dict, delimiter: str, lines=()) -> tuple:
    """``(text, unguarded, added, odd_rows)``: the Canvas file of the student columns
    (import_limits.canvas_layout: in the places Canvas's import reads them,
    those the template lacks, ``added``, written empty) and the assignment's
    only, as Canvas's import leaves a column the file lacks (a note, another
    assignment) as it is; ``;`` between cells when the template had it (its
    header written by _semicolon_header), else ``,``, the two it reads
    (gradebook_importer.rb, identify_delimiter). A row whose id cell or
    assignment cell would need the formula guard is left out when this run
    writes a grade in it (canvas_unguardable), its graded student and grade in
    ``unguarded``; a row given no grade is kept, its cells guarded, unless its
    assignment cell needs the guard (Canvas would read the guarded cell as a
    grade): each such row in ``odd_rows``, ``(kept, line, cell, name)`` (``lines``:
    each row's line in the template), so that no row goes without a word."""
    layout, added = canvas_layout(header)
    written, unguarded, odd = [[*layout, header[column]]], [], []
    for n, row in enumerate(rows):
        cells = {}
        for i, name in enumerate(header):
            if i != column:
                cells.setdefault(name, row[i])
        unsafe = canvas_unguardable(cells) or needs_guard(row[column])
        if unsafe and n in graded and row[column].strip() not in NO_GRADE:
            unguarded.append((graded[n].student_id, row[column].strip()))
            continue
        if unsafe:
            odd.append((not needs_guard(row[column]), lines[n] if n < len(lines) else n + 2, *_odd_cell(cells)))
        if not needs_guard(row[column]):
            written.append([*(cells.get(name, "") for name in layout), row[column]])
    if delimiter != ";":
        return gradebook_csv(written, ","), tuple(unguarded), added, tuple(odd)
    return _semicolon_header(written[0]) + gradebook_csv(written[1:], ";"), tuple(unguarded), added, tuple(odd)


def _odd_cell(cells: dict) -> tuple:
    """``(cell, name)``: a row's first cell Canvas finds its student by that needs the
    formula guard (the name, on a row with no id) and the row's name."""
    name = cells.get("Student") or " ".join(cells.get(c, "") for c in ("FirstName", "LastName")).strip()
    cell = next((cells.get(c, "") for c in CANVAS_KEYS if needs_guard(cells.get(c, ""))), name)
    return cell, name


def _semicolon_header(header: list) -> str:
    """The header line of a ``;`` Canvas file, every cell but the first in
    quotes (``Student;"ID";...``), so that Canvas reads the file as ``;``:
    its import picks ``;`` only when ``,`` does not split the first three
    lines into equal field counts too (gradebook_importer.rb,
    identify_delimiter), and a file whose first lines hold no comma (a
    one-word name, ``47`` points) split into one field each, read as ``,``
    and refused ("Invalid header row"). Read with ``,``, this
    line is a quote inside an unquoted field, which Ruby's CSV refuses, so
    ``,`` is never kept. The first cell stays bare: after a byte order mark a
    quote would make ``;`` fail too."""
    out = io.StringIO()
    csv.writer(out, delimiter=";", lineterminator="\r\n", quoting=csv.QUOTE_ALL).writerow(
        spreadsheet_safe(str(cell)) for cell in header[1:])
    return gradebook_csv([header[:1]], ";").rstrip("\r\n") + ";" + out.getvalue()
