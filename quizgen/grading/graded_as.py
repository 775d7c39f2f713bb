"""graded.csv's ``graded_as`` column: the id each row was graded as (the
key's or the roster's spelling, as in the students CSV and the gradebook),
for rows whose id cell is written otherwise (``S 2026000`` or ``s2026000 ``
graded as ``S2026000``), so that graded.csv can be filtered and joined by it.

Written only when some id cell differs from the id it was graded as: a class
whose ids are written as graded keeps graded.csv as it was (the column would
cost some 8 bytes a row: about 10% of a million-row file). The rows are then
copied once more with the column inserted after the input columns (the
result columns stay last, where the feedback sheets read them), in the one
copy that also marks superseded rows (writer.rewrite_graded); a row graded
as no student (no id, an id with no paper, a student left out) has it empty."""

from __future__ import annotations

import csv
import io

from quizgen.cells import spreadsheet_safe
from quizgen.grading.decisions import made_id_cell

COLUMN = "graded_as"


def written_otherwise(students) -> dict:
    """``{id cell as graded.csv holds it: the id it was graded as}`` when some
    id cell differs from its student's id (Students.by_text, Students.ids), else {}.
    It holds every student's id as a row an override made writes it (decisions.MadeRows):
    a student whose answers wrote their id otherwise may have such a row too."""
    ids = students.ids
    if all(text == ids[number] for text, number in students.by_text.items()):
        return {}
    otherwise = {spreadsheet_safe(text): ids[number] for text, number in students.by_text.items()}
    for student_id in ids:   # a made row's id cell: the student's own id
        otherwise.setdefault(spreadsheet_safe(made_id_cell(student_id)), student_id)
    return otherwise


def column_writer(graded_as: dict, id_column: int, width: int, delimiter: str):
    """A ``write_blocks(blocks, target)`` for writer.rewrite_graded: graded.csv's
    records with COLUMN inserted after their ``width`` input columns, each row's
    cell read from ``graded_as`` by its id cell (column ``id_column``)."""
    return lambda blocks, target: _insert(blocks, target, graded_as, id_column, width, delimiter)


def _insert(blocks, target, graded_as: dict, id_column: int, width: int, delimiter: str) -> None:
    """Write the records of ``blocks`` (lists of bytes, from the header on) into
    ``target`` with the column inserted: a record without quotes is split at
    its delimiters, any other read as CSV."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter)
    encoded = {}   # {id cell: the graded_as cell as CSV text}

    def cell(text: str) -> str:
        found = encoded.get(text)
        if found is None:
            found = encoded[text] = _encoded(spreadsheet_safe(graded_as.get(text, "")), writer, buffer)
        return found

    first = True
    for block in blocks:
        out = []
        for record in block:
            line = record.decode("utf-8")
            cells = line.split(delimiter, width)
            if '"' in line or len(cells) <= max(width, id_column):   # quoted cells, or a row cut short
                cells = next(csv.reader([line], delimiter=delimiter))
                written_id = cells[id_column] if id_column < len(cells) else ""
                buffer.seek(0)
                buffer.truncate()
                value = COLUMN if first else graded_as.get(written_id, "")
                writer.writerow(cells[:width] + [spreadsheet_safe(value)] + cells[width:])
                out.append(buffer.getvalue())
            else:
                inserted = COLUMN if first else cell(cells[id_column])
                out.append(delimiter.join(cells[:width]) + delimiter + inserted + delimiter + cells[width])
            first = False
        target.write("".join(out).encode("utf-8"))


def _encoded(value: str, writer, buffer) -> str:
    """``value`` as one CSV cell (quoted when it must be)."""
    buffer.seek(0)
    buffer.truncate()
    writer.writerow([value])
    return buffer.getvalue()[:-2]
