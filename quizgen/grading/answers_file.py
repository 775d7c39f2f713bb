"""Reading a class's answers file the way spreadsheets and LMS exports write it:
UTF-8 with or without BOM, UTF-16, or cp1252; ``,`` ``;`` or tab between
cells; long form (one answer a row) or wide form (one student a row, one column
per question part); header names matched loosely. Rows are streamed, never
held: ``AnswersFile.rows()`` reopens the file for each pass."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path

from quizgen.csv_input import FALLBACK_ERRORS, given_encoding
from quizgen.errors import InputFileError
from quizgen.wording import commas_written, thousands_kept
from quizgen.grading.csv_rows import Records
from quizgen.grading.file_slice import open_slice
from quizgen.grading.file_text import csv_start, points_only, spooled
from quizgen.grading.header_layout import (EXPECTED, LONG_COLUMNS, MAX_COLUMNS, MAX_OTHER_COLUMNS, WIDE_COLUMNS,
                                           layout_of, plain_answers_header, split_label)
from quizgen.lms.papers import DOWNLOAD_LINE   # the built answers file's column: a reason names the download's line
from quizgen.lms.row_checks import download_reason
from quizgen.cells import has_control
from quizgen.roster import name_in
from quizgen.grading.long_answer import MAX_ANSWER_CHARS, too_long as _too_long

__all__ = ["AnswersFile", "BadRow", "EXPECTED", "MAX_ANSWER_CHARS", "MAX_OTHER_COLUMNS", "header_row",
           "open_answers", "plain_answers_header", "split_label"]   # the last two live in header_layout.py



@dataclass
class AnswersFile:
    """The layout of an answers file: how to decode and split it, its form,
    and which columns hold what. ``rows()`` streams its answers."""

    path: Path
    encoding: str
    delimiter: str
    decimal_comma: bool   # the answers are read with decimal commas
    form: str
    header: list
    header_line: int
    skip_lines: int
    student: int
    name: tuple   # the name's columns (roster.NameColumns.read): none, the whole name's, or given and family name's
    question: int | None = None
    part: int | None = None
    answer: int | None = None
    wide: tuple = ()
    identity: tuple = ()
    stray: frozenset = frozenset()   # wide form: the columns naming no part of the key, their empty cells no answer
    read_path: Path | None = None   # a copy of a pipe's text; None: read ``path`` itself
    start: int = 0          # the bytes read: [start, end) of the file (grade splits a big file in two)
    end: int | None = None
    first_line: int = 0     # the lines before ``start``, so that line numbers stay the file's
    warnings: tuple = ()    # what reading the header decided and the user should know (columns not kept)
    writes_comma: bool = False   # every output number has a decimal comma (--decimal-mark; auto: as read)

    @property
    def out_header(self) -> list:
        """The input columns as graded.csv repeats them (wide form: one row per answer)."""
        if self.form == "long":
            return list(self.header)
        return [self.header[i] for i in self.identity] + ["question_id", "part", "answer"]

    def open(self):
        """The file as text, decoded with the fallback for stray bytes; the
        handle is kept so that :meth:`bytes_read` can report progress."""
        if self.start or self.end is not None:
            self._handle = open_slice(self.read_path or self.path, self.encoding, self.start, self.end)
        else:
            self._handle = open(self.read_path or self.path, encoding=self.encoding, errors=FALLBACK_ERRORS,
                                newline="")
        return self._handle

    def bytes_read(self) -> int:
        """How far reading has got into the file, in bytes (0 before it starts)."""
        handle = getattr(self, "_handle", None)
        if handle is None or handle.closed:
            return 0
        return handle.buffer.tell()

    @property
    def columns(self) -> tuple:
        """Where the cells of :meth:`rows` hold ``(student, name, question, part,
        answer)``: indexes, None for a part column the file lacks; the name's,
        a tuple of indexes for roster.name_in (none when the file has no name)."""
        if self.form == "long":
            return self.student, self.name, self.question, self.part, self.answer
        first = len(self.identity)
        name = tuple(self.identity.index(column) for column in self.name)
        return self.identity.index(self.student), name, first, first + 1, first + 2

    def rows(self):
        """Every answer in file order as its input cells for graded.csv: a list
        as long as ``out_header``, its roles at the indexes of ``columns``. A row
        that cannot be graded comes as a :class:`BadRow` saying why. Blank lines
        and rows of empty cells are skipped: they hold no answer."""
        for block in self.blocks():
            yield from block

    def blocks(self):
        """The rows of :meth:`rows`, a list at a time (a block of the file), so
        that the grading loop pays nothing per row for reading; ``line_of(j)``
        is the line row ``j`` of the latest block ends on."""
        return self._long() if self.form == "long" else self._batched(self._wide())

    def line_of(self, j: int) -> int:
        """The line of the file row ``j`` of the latest block ends on."""
        return self._block_base + j + 1 if self._block_lines is None else self._block_lines[j]

    def records(self):
        """Every answer in file order as ``(line, cells, student, question, part,
        answer, name, problem)``; ``cells`` are as :meth:`rows` gives them and
        ``problem`` says why a malformed row cannot be graded (else None)."""
        si, ni, qi, pi, ai = self.columns
        for block in self.blocks():
            for j, cells in enumerate(block):
                yield (self.line_of(j), cells, cells[si], cells[qi], "" if pi is None else cells[pi], cells[ai],
                       name_in(cells, ni), getattr(cells, "problem", None))

    def file_lines(self, rows) -> dict:
        """``{answer row: file line}`` for the answer ``rows`` (numbered from 0 in
        file order): the file read again up to the last of them, only to name a
        few rows (a bad time cell, a student graded from mixed submission lines)."""
        found, last = {}, max(rows, default=-1)
        for number, record in enumerate(self.records()):
            if number > last:
                break
            if number in rows:
                found[number] = record[0]
        return found

    def _records(self, handle) -> Records:
        records = Records(handle, self.delimiter, len(self.header), self.first_line)
        records.skip(self.skip_lines)
        return records

    def _long(self):
        """The row blocks of a long-form file. A run of plain rows
        (csv_rows.Records.runs) whose rows are all good, the common case, is
        handed on as the list csv.reader made, checked a column at a time."""
        width, si, ai = len(self.header), self.student, self.answer
        with self.open() as handle:
            records = self._records(handle)
            for rows, plain in records.runs():
                if plain and _all_good(rows, width, si, ai) and not self._may_repeat_header(rows):
                    self._block_base, self._block_lines = records.line, None
                    yield rows
                elif plain:
                    base = records.line
                    yield self._checked_block((row, None, base + n) for n, row in enumerate(rows, 1))
                else:
                    yield self._checked_block((row, problem, records.line) for row, problem in rows)

    def _checked_block(self, rows) -> list:
        """The rows of ``(row, problem, line)`` that hold an answer, each a good
        row, a BadRow or an unusual one (``_unusual``), their lines kept for ``line_of``."""
        width, si, ai = len(self.header), self.student, self.answer
        block, lines = [], []
        for row, problem, line in rows:
            if problem is not None:
                row = BadRow(_fit(row, width, line, self.delimiter), problem)
                where = self._download_line(row)
                row.problem = download_reason(row.problem, where) if where else row.problem
            elif not (len(row) == width and row[si] and len(row[ai]) <= MAX_ANSWER_CHARS):
                if not any(row):
                    continue
                row = self._unusual(row, line)
            elif self._repeats_header(row):
                row = _header_again(row, line)
            elif has_control(row[si]):
                row = BadRow(row, _control_id(line))
            block.append(row)
            lines.append(line)
        self._block_lines = lines
        return block

    def _batched(self, rows, size: int = 1024):
        """Blocks of ``(cells, line)`` pairs as lists of cells, their lines kept for ``line_of``."""
        block, lines = [], []
        for cells, line in rows:
            block.append(cells)
            lines.append(line)
            if len(block) >= size:
                self._block_lines = lines
                yield block
                block, lines = [], []
        if block:
            self._block_lines = lines
            yield block

    def _unusual(self, row: list, line: int) -> list:
        """A long-form row of another width, without a student, or with an
        answer over the length limit (not a row of empty cells)."""
        if len(row) == len(self.header) and row[self.student]:
            return _too_long(row, self.answer, line, self._download_line(row))
        fitted = _fit(row, len(self.header), line, self.delimiter)
        if fitted.__class__ is list and self._repeats_header(fitted):   # a trailing empty cell, say
            return _header_again(fitted, line)
        return _checked(fitted, self.answer, line)

    def _may_repeat_header(self, rows: list) -> bool:
        """Whether a block of rows may hold a line that repeats the header (two
        exports joined into one file): every word of the header's student name
        (``_plain_cell``: byte-order marks, case and spaces aside) is in its id
        column (one search of the block's ids, not a check per row); true
        whenever ``_repeats_header`` may be."""
        words = _plain_cell(self.header[self.student]).split()
        text = "\n".join(map(itemgetter(self.student), rows)).casefold()
        if "\ufeff" in text:
            text = text.replace("\ufeff", "")
        return bool(words) and all(word in text for word in words)

    def _repeats_header(self, row: list) -> bool:
        """Whether ``row`` is the header line again (a byte-order mark, case and
        spaces aside, and empty cells after the last: ``_plain_cells``): no
        student's answers, however its cells read."""
        if _plain_cell(row[self.student]) != _plain_cell(self.header[self.student]):
            return False
        return _plain_cells(row) == _plain_cells(self.header)

    def _download_line(self, row: list) -> str | None:
        """Where a reason places ``row`` of an answers file built from an LMS
        download: the download's line it was read from (``DOWNLOAD_LINE``); else None."""
        column = self.header.index(DOWNLOAD_LINE) if DOWNLOAD_LINE in self.header else None
        cell = row[column] if column is not None and column < len(row) else ""
        return f"line {cell} of the download" if cell.isdigit() and cell.isascii() else None

    def _wide(self):
        """``(cells, line)`` for every answer of a wide-form file, one per question
        column; an empty cell of a column that names no part of the key
        (``stray``: ``Q11a`` on a ten-question paper) is no answer and none."""
        width, identity, wide, stray = len(self.header), self.identity, self.wide, self.stray
        with self.open() as handle:
            records = self._records(handle)
            for row, problem in records:
                if not any(row):
                    continue
                if len(row) != width:
                    row = _fit(row, width, records.line, self.delimiter)
                again = problem is None and self._repeats_header(row)
                ident = [row[i] for i in identity]
                problem = problem or getattr(row, "problem", None) or (
                    _control_id(records.line) if has_control(row[self.student]) else None)
                for column, question, part in wide:
                    if stray and column in stray and not row[column].strip():
                        continue
                    cells = ident + [question, part, row[column]]
                    yield (_header_again(cells, records.line) if again else _checked(cells, -1, records.line)
                           if problem is None else BadRow(cells, problem), records.line)


def _all_good(rows: list, width: int, student: int, answer: int) -> bool:
    """Whether every row has the header's width, a student and an answer within
    the length limit (checked a column at a time, without a Python loop per row)."""
    if set(map(len, rows)) != {width}:
        return False
    ids = list(map(itemgetter(student), rows))
    return all(ids) and max(map(len, map(itemgetter(answer), rows))) <= MAX_ANSWER_CHARS and not has_control("".join(ids))


class BadRow(list):
    """The input cells of a row that cannot be graded, and why (``problem``)."""

    def __init__(self, cells: list, problem: str):
        super().__init__(cells)
        self.problem = problem


class HeaderRow(BadRow):
    """A line that repeats the header (two exports joined into one file): kept
    in graded.csv as invalid, its line named, and no student's (``no_student``)."""

    no_student = True


def _header_again(cells: list, line: int) -> HeaderRow:
    """The cells of a line that repeats the header, as a HeaderRow saying so."""
    return HeaderRow(list(cells), f"line {line} repeats the header line (two files joined into one?), so it holds "
                                  f"no answer and is no student's")


def _control_id(line: int) -> str:
    """Why a row whose student id holds a control character is not read, as a roster's is refused (cells.has_control)."""
    return f"line {line}: the student id contains a control character, so the line is not graded; retype the id"


def _plain_cell(text: str) -> str:
    """A cell as compared with a header name: byte-order marks, case and spaces aside."""
    return " ".join(text.replace("\ufeff", "").split()).casefold()


def _plain_cells(cells: list) -> list:
    """The cells of a line as compared with the header's (``_plain_cell``), empty ones at its end left out."""
    plain = [_plain_cell(cell) for cell in cells]
    while plain and not plain[-1]:
        plain.pop()
    return plain


def _checked(row: list, answer: int, line: int) -> list:
    """``row``, its answer a LongAnswer when over the length limit."""
    if row.__class__ is BadRow or len(row[answer]) <= MAX_ANSWER_CHARS:
        return row
    return _too_long(row, answer, line)


def _fit(row: list, width: int, line: int, delimiter: str) -> list:
    """A row of the header's width: one with too few cells is padded (spreadsheets
    drop trailing empties); one with too many keeps them in the reason of a
    BadRow, unless the extras are empty."""
    if len(row) < width:
        return row + [""] * (width - len(row))
    extra = row[width:]
    if not any(cell.strip() for cell in extra):
        return row[:width]
    hint = " (an unquoted decimal comma? quote the answer or use ';' between cells)" if delimiter == "," else ""
    problem = (f"line {line}: {len(row)} cells where the header has {width}{hint}: the line is not graded "
               f"(graded against no part); extra cells: {delimiter.join(extra)[:80]}")
    return BadRow(row[:width], problem)


def open_answers(path, delimiter=None, decimal_comma=None, encoding=None, decimal_mark: str = "auto") -> AnswersFile:
    """Read the header of the answers file at ``path`` and work out its layout,
    and the decimal mark its numbers are read with and the one every output writes
    (``decimal_mark``: "auto", the one read; "point" or "comma" forces it).
    Raises InputFileError naming what was expected and what was found."""
    path = Path(path)
    encoding = given_encoding(encoding)   # a bad --encoding is said before a pipe is copied
    given = delimiter
    marks = (decimal_comma, decimal_mark)
    readable = spooled(path, lambda start: _layout(path, start, encoding, given, marks))   # a pipe's refused at once
    encoding, delimiter, header, header_line, data_skip, layout, (read, writes) = _layout(path, readable, encoding,
                                                                                          given, marks)
    return AnswersFile(path=path, encoding=encoding, delimiter=delimiter, decimal_comma=read, writes_comma=writes,
                       header=header, header_line=header_line, skip_lines=data_skip,
                       read_path=None if readable == path else readable, **layout)


def _layout(path: Path, readable: Path, encoding, given, marks: tuple):
    """``(encoding, delimiter, header, its line, rows before the data, layout, (whether
    decimal commas are read, whether the outputs write them))`` of the answers file at
    ``path``, read from ``readable`` (``given``: --delimiter; ``marks``: open_answers'
    decimal_comma and decimal_mark). The layout's notes count as the outputs write."""
    encoding, lines, skip, delimiter = csv_start(path, readable, encoding, given, EXPECTED)
    header, header_line, data_skip = header_row(path, lines, delimiter, skip)
    decimal_comma, decimal_mark = marks
    if decimal_comma is None:   # a ';' or tab file writes decimal commas, unless its numbers show points only
        decimal_comma = delimiter != "," and not points_only(lines[data_skip:], delimiter)
    writes = bool(decimal_comma) if decimal_mark == "auto" else decimal_mark == "comma"
    with thousands_kept():
        commas_written(writes)
        layout = layout_of(path, header, header_line, delimiter if given is not None else None)
    return encoding, delimiter, header, header_line, data_skip, layout, (bool(decimal_comma), writes)


def header_row(path: Path, lines: list, delimiter: str, skip: int):
    """The header cells, the line they end on, and how many rows precede the data."""
    reader = csv.reader(lines[skip:], delimiter=delimiter, skipinitialspace=True)
    rows = 0
    try:
        for row in reader:
            rows += 1
            if any(cell.strip() for cell in row):
                _not_too_wide(path, row, reader.line_num + skip)
                return [cell.strip().lstrip("\ufeff") for cell in row], reader.line_num + skip, rows + skip
    except csv.Error as exc:
        raise InputFileError(f"{path}: line {reader.line_num + skip}: the header is not valid CSV ({exc})") from exc
    raise InputFileError(f"{path}: the file has no header row; expected {LONG_COLUMNS} (or {WIDE_COLUMNS})")


def _not_too_wide(path: Path, header: list, line: int) -> None:
    """Refuse a header of over MAX_COLUMNS cells before any is looked at: each
    column costs memory and time in every pass (a million took 490 MB)."""
    if len(header) > MAX_COLUMNS:
        raise InputFileError(f"{path}: line {line}: the header has {len(header):,} columns (the limit is "
                             f"{MAX_COLUMNS:,}); expected one column per question part and a few more; "
                             "is this an answers CSV file?")
