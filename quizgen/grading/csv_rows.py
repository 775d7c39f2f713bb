"""Reading CSV records so that no physical line is lost: a stray quote (``"0.71``
never closed) would make the csv module read every following line into one
cell. Here a record may span several lines only while its continuation lines
do not look like rows of their own, never more than ``MAX_RECORD_LINES``, and
only when it ends with the header's number of cells before the end of the
file; otherwise its first line becomes a bad row and reading starts again on the
next line. Cells over ``MAX_CELL_CHARS`` are a bad row too, with the leading
cells (the student id) kept. The limits are documented in docs/errors.md."""

from __future__ import annotations

import csv

from quizgen.csv_input import MAX_CELL_CHARS

MAX_RECORD_LINES = 20        # lines one record (a quoted cell with line breaks) may span
BLOCK_CHARS = 1 << 16       # characters of whole lines read at a time by the plain reader
SALVAGE_CHARS = 4096         # how much of a bad line is kept to find its leading cells


class _Runaway(Exception):
    """A record ran on into a line that looks like the next row (or too many lines)."""

    def __init__(self, line: str):
        super().__init__("runaway record")
        self.line = line


class Records:
    """The rows of a CSV text stream, each with the problem that spoils it (or
    None). ``line`` is the physical line the latest row ends on (counted from
    ``first_line``, the lines of the file before ``handle``'s text).

    Most files have no quote at all, and a line without one is a record of its
    own: such lines are read a block at a time by a plain ``csv.reader``. A
    block with a quote, and the lines after it until a record ends with
    nothing left over, go through the careful reading above."""

    def __init__(self, handle, delimiter: str, width: int, first_line: int = 0):
        self.delimiter, self.width = delimiter, width
        self.row_like = max(width - 1, 1)
        self._handle = handle
        self._pending, self._lines, self._base = [], iter(handle), first_line
        self._taken, self._ended = [], [False]
        self._reader = self._new_reader()

    @property
    def line(self) -> int:
        """The physical line the latest row ended on."""
        return self._base + self._reader.line_num

    def skip(self, count: int) -> None:
        """Pass over ``count`` records (the lines before and of the header)."""
        for _ in range(count):
            next(self._reader, None)
            self._taken.clear()

    def __iter__(self):
        """``(row, problem)`` for every record, problem None for a good one."""
        for rows, plain in self.runs():
            if plain:
                for self._reader.line_num, row in enumerate(rows, 1):   # keeps ``line`` true
                    yield row, None
            else:
                yield from rows

    def runs(self):
        """The records as runs ``(rows, plain)``. With ``plain`` True, ``rows``
        is a list of good rows, one a line (a block of lines a plain
        csv.reader reads so, see ``_plain_rows``), and ``line`` is the line
        before them until the reader sets ``self._reader.line_num`` to a row's
        number in the run. Else ``rows`` iterates ``(row, problem)`` read
        line-safely. Read each run before asking for the next."""
        while True:
            if self._pending or self._taken:
                done = []
                yield self._careful(done), False
                if done[0]:
                    return
                continue
            lines = self._handle.readlines(BLOCK_CHARS)
            if not lines:
                return
            self._base = self.line
            rows = _plain_rows(lines, self.delimiter)
            if rows is None:
                self._take_back(lines)
                continue
            self._reader = _Count()
            yield rows, True
            self._reader.line_num = len(lines)

    def _take_back(self, lines: list) -> None:
        """Let the careful reading start on ``lines``, before the file's next ones."""
        self._pending = list(reversed(lines))
        self._reader = self._new_reader()

    def _careful(self, done: list):
        """Rows read line-safely, until one ends with no line pushed back, or
        the file ends (then ``done`` gets True, else False)."""
        taken, ended = self._taken, self._ended
        while True:
            try:
                for row in self._reader:
                    if len(taken) > 1 and (ended[0] or len(row) != self.width):
                        yield self._restart(taken[1:])
                        break
                    taken.clear()
                    yield row, None
                    if not self._pending:
                        done.append(False)
                        return
                else:
                    done.append(True)
                    return
            except _Runaway as stop:
                yield self._restart(taken[1:] + [stop.line])
            except csv.Error as exc:
                yield self._restart(taken[1:], f"not valid CSV ({exc})")

    def _restart(self, rest: list, problem: str = "") -> tuple:
        """The first line of a spoilt record as a bad row; reading starts again
        on the line after it (the record's other lines are read anew)."""
        first = self._taken[0] if self._taken else ""
        start = self.line - len(self._taken) + 1 if self._taken else self.line
        if not problem:
            problem = ('a quote (") opened in this row is not closed on its line: '
                       "the row is not graded; quote the whole cell or remove the quote")
        if len(first) > MAX_CELL_CHARS or "field larger than field limit" in problem:
            problem = f"a cell is over {MAX_CELL_CHARS:,} characters (the limit): the row is not graded"
        self._base = start
        self._pending = self._pending + list(reversed(rest))
        self._taken.clear()
        self._ended[0] = False
        self._reader = self._new_reader()
        return _salvage(first, self.delimiter), f"line {start}: {problem}"

    def _new_reader(self):
        return csv.reader(self._source(), delimiter=self.delimiter, skipinitialspace=True)

    def _source(self):
        """The lines to read: pushed-back ones first, then the file's. A
        continuation line that looks like a row, or one too many, stops the record."""
        taken, pending, row_like, delimiter = self._taken, self._pending, self.row_like, self.delimiter
        while pending:
            line = pending.pop()
            if taken and (len(taken) >= MAX_RECORD_LINES or _row_like(line, delimiter, row_like)):
                raise _Runaway(line)
            taken.append(line)
            yield line
        for line in self._lines:
            if taken and (len(taken) >= MAX_RECORD_LINES or _row_like(line, delimiter, row_like)):
                raise _Runaway(line)
            taken.append(line)
            yield line
        self._ended[0] = True


class _Count:
    """Stands in for a csv.reader's line count during and after a plain run."""

    line_num = 0


def _plain_rows(lines: list, delimiter: str):
    """The rows of ``lines`` when a plain csv.reader reads each line as one
    whole record (then careful reading gives the same rows), else None. An
    empty line after the last one shows whether that one left a quote open:
    the reader would take it into the open cell."""
    reader = csv.reader(lines + ["\n"], delimiter=delimiter, skipinitialspace=True)
    try:
        rows = list(reader)
    except csv.Error:
        return None
    if len(rows) != reader.line_num or len(rows) != len(lines) + 1:
        return None
    rows.pop()
    return rows


def is_whole_row(line: str, delimiter: str, width: int) -> bool:
    """Whether ``line`` is a row by itself in any reading: it looks like a row
    (so no open record takes it in) and is one whole record of ``width`` cells."""
    if not _row_like(line, delimiter, max(width - 1, 1)):
        return False
    rows = _plain_rows([line], delimiter)
    return rows is not None and len(rows[0]) == width


def _row_like(line: str, delimiter: str, cells: int) -> bool:
    """Whether a continuation line looks like a row of its own: as many
    delimiters as a row has before the quote that could close the open cell
    (one followed by a delimiter or the line end; ``""`` is a quote inside the
    cell), or in the whole line when no quote could close it."""
    quote = line.find('"')
    while quote >= 0 and line[quote + 1:quote + 2] == '"':
        quote = line.find('"', quote + 2)
    closes = quote >= 0 and line[quote + 1:quote + 2] in (delimiter, "\r", "\n", "")
    return line.count(delimiter, 0, quote if closes else len(line)) >= cells


def _salvage(line: str, delimiter: str) -> list:
    """The leading cells of a spoilt line, read from its first characters alone
    (a quote left open keeps the rest of the line in its cell)."""
    text = line[:SALVAGE_CHARS].rstrip("\r\n")
    try:
        return next(csv.reader([text], delimiter=delimiter, skipinitialspace=True), [])
    except csv.Error:
        return text.split(delimiter)
