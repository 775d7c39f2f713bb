"""The feedback folder's index (``index.csv``): which sheet is whose. Sheet names are
plain ASCII, safe on every file system and in every zip and upload tool, so an id in
another script (طالب, 学生一) is ``student.md``, ``student-2.md`` ..., and José and Jose
are ``Jose.md`` and ``Jose-2.md``; the index maps each file to its student's id and name."""

from __future__ import annotations

import csv
import io

from quizgen.cells import spreadsheet_safe
from quizgen.grading.feedback_files import foreign_stems
from quizgen.grading.feedback_names import INDEX_EXT, INDEX_STEM, run_stems

INDEX_COLUMNS = ("student_id", "name", "file")


def with_index(sheets: dict, students: list, folder, files: dict) -> dict:
    """``sheets`` ({file name: content}) and the index of the sheets among them: a row
    per student of ``students`` (feedback.student_sheets': stem, StudentTotal, ...) whose
    sheet is there, in the order of their ids. Its name is ``index.csv``, or ``index-2.csv``
    ... when a file of the folder not ours, or one of the run's ``files``, has it."""
    rows = []
    for stem, total, *_ in students:
        name = next((f"{stem}{ext}" for ext in (".pdf", ".md") if f"{stem}{ext}" in sheets), None)
        if name is not None:
            rows.append((total.student_id, total.name, name))
    rows.sort(key=lambda row: (row[0], row[2]))
    return {**sheets, index_name(folder, files): index_csv(rows)}


def index_name(folder, files: dict) -> str:
    """``index.csv``, or the first of ``index-2.csv`` ... that no file in ``folder``
    but ours (an earlier run's index, as its list of sheets names it) and none of
    the run's ``files`` has, ignoring case."""
    taken = foreign_stems(folder, INDEX_EXT) | set(run_stems(files, folder, INDEX_EXT))
    stem, k = INDEX_STEM, 1
    while stem.casefold() in taken:
        k += 1
        stem = f"{INDEX_STEM}-{k}"
    return stem + INDEX_EXT


def index_csv(rows: list) -> str:
    """The index as a spreadsheet reads it: a byte-order mark and CRLF lines, as the
    students CSV; ids and names guarded against formula injection."""
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out)
    writer.writerow(INDEX_COLUMNS)
    writer.writerows((spreadsheet_safe(sid), spreadsheet_safe(name), sheet) for sid, name, sheet in rows)
    return out.getvalue()
