"""The warnings on a wide-form answers file's lines, from one more read of the file once it is
graded (the pass reads answers, not lines):

- lines that end before some of its answer columns: those answers are graded as blank, which a
  file cut short (a truncated export, a tool dropping a row's last cells) would otherwise pass off
  as parts left unanswered. A line missing only cells of other columns (a comment
  column, or the empty header cells a spreadsheet leaves after the last column) loses no answer
  and is not named. A line with more cells is invalid, named by its line.
- answers a comma-separated file may have split (docs/grading.md): an unquoted decimal comma
  (``0,384``) makes two cells, ``0`` and ``384``, and every answer after them moves one column on.
  A row that then has more cells than the header is refused as it is read (answers_file._fit); one
  that keeps the header's count (an answer left out further on) is graded as the cells fall. The
  warning names the rows with ``0`` and a run of two or more digits in two answer columns side by
  side, which no answer of this bank's parts is written as but such a split; the marks stay as graded."""

from __future__ import annotations

import re
from bisect import bisect_left

from quizgen.errors import InputFileError
from quizgen.grading.answers_file import MAX_ANSWER_CHARS
from quizgen.grading.csv_rows import Records
from quizgen.grading.timestamps import SHOWN
from quizgen.wording import first_few, printable, shortened, thousands

LABELS_SHOWN = 3
"""How many of the first short line's missing answer columns the warning names."""
SPLIT_DIGITS = re.compile(r"\d{2,}")
SPLIT_SHOWN = 5
"""How many rows the split-comma warning names."""


def wide_line_warnings(source) -> list:
    """The warnings on a wide file's answers a decimal comma may have split and on its lines that end
    before an answer column (the first few of each), from one read of the file; [] for none."""
    if source.form != "wide":
        return []
    answers = sorted(column for column, _, _ in source.wide if column not in source.stray)
    try:
        split, short = _read_lines(source, answers[-1] if answers else -1, _split_firsts(source))
    except (OSError, ValueError, InputFileError):   # gone since graded: the warnings are left out
        return []
    return _split_warning(source, split) + _short_warning(source, answers, short)


def _split_firsts(source) -> list:
    """The answer columns another answer column follows, in order, when the file's cells are
    separated by commas (a decimal comma splits a cell only then); else []."""
    if source.delimiter != ",":
        return []
    columns = {column for column, _, _ in source.wide}
    return sorted(column for column in columns if column + 1 in columns)


def _read_lines(source, last: int, firsts: list) -> tuple:
    """``(split, short)`` from the file read again: ``[(line, '0', digits)]`` of every line with
    ``0`` then digits in two answer columns side by side (``_split``), and ``[(line, cells)]`` of every
    line holding some text but ending before the answer column ``last``."""
    split, short = [], []
    with source.open() as handle:
        records = Records(handle, source.delimiter, len(source.header), source.first_line)
        records.skip(source.skip_lines)
        for row, problem in records:
            if problem is None and len(row) <= last and any(cell.strip() for cell in row):   # a bad row is invalid
                short.append((records.line, len(row)))
            pair = _split(row, firsts) if firsts else None
            if pair is not None:
                split.append((records.line, *pair))
    return split, short


def _split(row: list, firsts: list) -> tuple | None:
    """``('0', digits)``: the first split-looking pair of a row's answer cells (``firsts``: the answer
    columns another answer column follows, in order), else None. A cell past the line's end is
    empty, and an answer over MAX_ANSWER_CHARS is graded cut short, so neither is such a pair."""
    for column in firsts:
        if column + 1 >= len(row):
            return None
        left, right = row[column].strip(), row[column + 1]
        if left in ("0", "-0") and len(right) <= MAX_ANSWER_CHARS and SPLIT_DIGITS.fullmatch(right := right.strip()):
            return left, right
    return None


def _split_warning(source, found: list) -> list:
    """One warning naming the rows a decimal comma may have split (``_read_lines``), [] for none."""
    if not found:
        return []
    first, left, right = found[0]
    return [f"{source.path.name}: {len(found)} row(s) hold 0 and then digits in two answer columns side by side "
            f"(line {first}: '{left}' and '{right}'; lines {first_few([f[0] for f in found], SPLIT_SHOWN)}): each may "
            f"be one answer written with a decimal comma ({left},{right}) and split by the file's commas, which moves "
            "every later answer one column on; check those rows, and quote such answers or separate the cells "
            "with ';'"]


def _short_warning(source, answers: list, short: list) -> list:
    """One warning naming the lines that end before an answer column (``answers``: the indexes of
    the columns holding answers, in order; ``short`` from ``_read_lines``), [] for none."""
    if not short:
        return []
    line, cells = short[0]
    lost = answers[bisect_left(answers, cells):]
    others = f" ({thousands(len(short))} such lines: {first_few([s[0] for s in short], SHOWN)})" if len(short) > 1 else ""
    labels = first_few([shortened(printable(source.header[c].strip()), 30) for c in lost], LABELS_SHOWN)
    return [f"{source.path.name}: line {line} has {cells} cells where the header has {len(source.header)}{others}: "
            f"the answers missing at a line's end are graded as blank (line {line}: {thousands(len(lost))} "
            f"answer{'s' if len(lost) > 1 else ''}, {labels}); if the file was cut short (a truncated export), "
            "export it again"]
