"""Answers a comma-separated wide file may have split (docs/grading.md): an
unquoted decimal comma (``0,384``) makes two cells, ``0`` and ``384``, and
every answer after them moves one column on. A row that then has more cells
than the header is refused as it is read (answers_file._fit); one that keeps
the header's count (an answer left out further on) is graded as the cells
fall. One warning names the rows with ``0`` and a run of two or more digits in
two answer columns side by side, which no answer of this bank's parts is
written as but such a split; the marks stay as graded."""

from __future__ import annotations

import re

from quizgen.errors import InputFileError
from quizgen.wording import first_few

SPLIT_DIGITS = re.compile(r"\d{2,}")
SHOWN = 5   # rows named in the warning


def split_decimal_warnings(source) -> list:
    """One warning line for a wide comma-separated file whose rows hold ``0`` then
    digits in adjacent answer columns (its first few lines named); [] otherwise."""
    if source.form != "wide" or source.delimiter != ",":
        return []
    column_of = {(question, part): column for column, question, part in source.wide}
    columns = set(column_of.values())
    firsts = sorted(column for column in columns if column + 1 in columns)   # an answer column, another after it
    if not firsts:
        return []
    try:
        found = _split_rows(source, column_of, firsts)
    except (OSError, ValueError, InputFileError):   # gone since graded: a heuristic's warning is left out
        return []
    if not found:
        return []
    first, left, right = found[0]
    return [f"{source.path.name}: {len(found)} row(s) hold 0 and then digits in two answer columns side by side "
            f"(line {first}: '{left}' and '{right}'; lines {first_few([f[0] for f in found], SHOWN)}): each may be "
            f"one answer written with a decimal comma ({left},{right}) and split by the file's commas, which moves "
            "every later answer one column on; check those rows, and quote such answers or separate the cells "
            "with ';'"]


def _split_rows(source, column_of: dict, firsts: list) -> list:
    """``_split`` of every row of the file read again, in file order."""
    found, line, cells = [], None, {}
    for record in source.records():
        if record[0] != line:
            found += _split(line, cells, firsts)
            line, cells = record[0], {}
        cells[column_of.get((record[3], record[4]))] = record[5].strip()
    return found + _split(line, cells, firsts)


def _split(line, cells: dict, firsts: list) -> list:
    """``[(line, '0', digits)]`` for the first split-looking pair of a row's answer ``cells``
    (by column; ``firsts``: the answer columns another answer column follows, in order), else []."""
    for column in firsts:
        left, right = cells.get(column), cells.get(column + 1)
        if left in ("0", "-0") and right is not None and SPLIT_DIGITS.fullmatch(right):
            return [(line, left, right)]
    return []
