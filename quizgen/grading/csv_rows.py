"""Reading CSV records so that no physical line is lost: a stray quote (``"0.71``
never closed) would make the csv module read every following line into one
cell. Here a record may span several lines only while its continuation lines
do not look like rows of their own, and only when it ends with the header's
number of cells before the end of the file; otherwise its first line becomes a
bad row and reading starts again on the next line; a line whose quote is still
open when the file ends (a file cut off inside a quoted cell) is a bad row too. One of more than
``MAX_RECORD_LINES`` lines that ends so (a quoted cell of many lines) is one
bad row naming its lines: none of them is read as a row (a student) of its
own; where one failed to end, the lines read again keep to that limit. Cells over ``MAX_CELL_CHARS`` are a bad row too, with the leading
cells (the student id) kept, and so is a line over ``MAX_RECORD_CHARS`` or of
more than ``MAX_EXTRA_CELLS`` cells beyond the header's: it is never held
whole (a 300 MB line took 620 MB, 100 million commas 1.7 GB). The limits are
documented in docs/errors.md."""

from __future__ import annotations

import csv
import io

from quizgen.csv_input import MAX_CELL_CHARS, row_like
from quizgen.wording import thousands

MAX_RECORD_LINES = 20        # lines one record (a quoted cell with line breaks) may span
BLOCK_CHARS = 1 << 16       # characters of whole lines read at a time by the plain reader
SALVAGE_CHARS = 4096         # how much of a bad line is kept to find its leading cells
MAX_RECORD_CHARS = 8 << 20   # characters in one line (or record): twice a header's 4 MiB, eight 1 MiB cells
MAX_EXTRA_CELLS = 200_000    # cells a line may have beyond the header's (only empty ones are not a bad row)
LONG_LINE = 2 * BLOCK_CHARS  # a shorter line is within both limits: only a longer one is looked at


CUT_OFF = ('a quote (") opened in this row is not closed before the file ends (was the file cut short?): '
           "the row is not graded; export the file again, or quote the whole cell or remove the quote")


class _Runaway(Exception):
    """A record ran on into a line that looks like the next row (or too many lines)."""

    def __init__(self, line: str):
        super().__init__("runaway record")
        self.line = line


class _TooLong(Exception):
    """A line over a record's limits (``_Long``) where a record starts."""

    def __init__(self, line: str):
        super().__init__("line over the limits")
        self.line = line


class _Long(str):
    """The first SALVAGE_CHARS characters of a line over a record's limits
    (the rest is never kept), and why it is not graded (``problem``)."""

    problem = ""


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
        self._pending, self._base, self._carry = [], first_line, ""
        self._lines = self._bounded_lines()
        self._taken, self._ended = _Taken(), [False]
        self._limited_to = 0      # records starting on or before this line span at most MAX_RECORD_LINES
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
            lines = self._block()
            if not lines:
                return
            self._base = self.line
            rows = None if lines[-1].__class__ is _Long else _plain_rows(lines, self.delimiter)
            if rows is None:
                self._take_back(lines)
                continue
            self._reader = _Count()
            yield rows, True
            self._reader.line_num = len(lines)

    def _block(self) -> list:
        """The next whole lines of about BLOCK_CHARS characters (as
        ``readlines(BLOCK_CHARS)`` gives them), the last one a ``_Long`` when
        over the limits; only it can be longer than BLOCK_CHARS, so only it is
        looked at, and only when longer than LONG_LINE."""
        text = self._carry + self._handle.read(BLOCK_CHARS)
        self._carry = ""
        if text and text[-1] != "\n":   # a line cut short, or a \r that a \n may follow
            rest = self._handle.readline(MAX_RECORD_CHARS + 1)
            if len(rest) == MAX_RECORD_CHARS + 1 and rest[-1] == "\r":   # the limit fell between \r and \n
                after = self._handle.read(1)
                rest, self._carry = (rest + after, "") if after == "\n" else (rest, after)
            text += rest
        lines = io.StringIO(text, newline="").readlines()
        if lines and len(lines[-1]) > LONG_LINE:
            lines[-1] = self._limited(lines[-1])
        return lines

    def _bounded_lines(self):
        """The file's lines one at a time for the careful reading (nothing read
        ahead of them), a line over the limits as a ``_Long``."""
        while True:
            line = self._next_line() if self._carry else self._handle.readline(MAX_RECORD_CHARS + 1)
            if not line:
                return
            yield self._limited(line) if len(line) > LONG_LINE else line

    def _next_line(self) -> str:
        """The next line, starting with the character ``_skip_rest`` kept."""
        carry, self._carry = self._carry, ""
        if carry == "\r":   # an empty line of a file with \r line ends, or one ending in \r\n
            after = self._handle.read(1)
            if after == "\n":
                return "\r\n"
            self._carry = after
            return carry
        return carry + self._handle.readline(MAX_RECORD_CHARS + 1)

    def _limited(self, line: str) -> str:
        """``line`` (longer than LONG_LINE), or a ``_Long`` of it when it is over
        MAX_RECORD_CHARS (the rest of it is read past, never kept) or has over
        MAX_EXTRA_CELLS cells beyond the header's (counting every delimiter)."""
        if len(line) > MAX_RECORD_CHARS:
            problem = (f"the line is over {thousands(MAX_RECORD_CHARS)} characters long (the limit): "
                       "the row is not graded")
            if not line.endswith(("\n", "\r")):
                self._skip_rest()
        elif line.count(self.delimiter) >= self.width + MAX_EXTRA_CELLS:
            problem = (f"the line has over {thousands(self.width + MAX_EXTRA_CELLS)} cells ({self.width} in the "
                       f"header, at most {thousands(MAX_EXTRA_CELLS)} more): the row is not graded")
        else:
            return line
        long = _Long(line[:SALVAGE_CHARS].rstrip("\r\n"))
        long.problem = problem
        return long

    def _skip_rest(self) -> None:
        """Read past the rest of an over-long line, BLOCK_CHARS at a time. A
        piece cut just after a \r leaves open whether a \n follows: one more
        character says, kept for the next line when it is not that \n."""
        while True:
            piece = self._handle.readline(BLOCK_CHARS)
            if not piece or piece[-1] == "\n" or piece[-1] == "\r" and len(piece) < BLOCK_CHARS:
                return
            if piece[-1] == "\r":
                after = self._handle.read(1)
                self._carry = "" if after == "\n" else after
                return

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
                    if ended[0]:   # one line whose quote the end of the file cut off
                        yield self._restart([], CUT_OFF)
                        break
                    yield (row, None) if len(taken) <= MAX_RECORD_LINES else self._over_lines(row)
                    taken.clear()
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
            except _TooLong as stop:
                yield self._refuse(stop.line)

    def _refuse(self, line: _Long) -> tuple:
        """A line over the limits, where a record starts, as a bad row; reading
        starts again on the line after it."""
        self._base = self.line + 1
        self._reader = self._new_reader()
        return _salvage(line, self.delimiter), f"line {self._base}: {line.problem}"

    def _over_lines(self, row: list) -> tuple:
        """A record that closed with the header's cells after more than
        MAX_RECORD_LINES lines (a quoted cell of many lines), as one bad row:
        its cells' first lines are kept, and its lines are never read as rows
        of their own (each would become a student)."""
        end = self.line
        start = end - len(self._taken) + 1
        problem = (f"line {start}: a quoted cell runs over lines {start} to {end} ({end - start + 1} lines; "
                   f"a record may span at most {MAX_RECORD_LINES}): the row is not graded; "
                   "grade this answer by hand (an override) or shorten the cell")
        return [_first_line(cell) for cell in row], problem

    def _restart(self, rest: list, problem: str = "") -> tuple:
        """The first line of a spoilt record as a bad row; reading starts again
        on the line after it (the record's other lines are read anew)."""
        first = self._taken[0] if self._taken else ""
        start = self.line - len(self._taken) + 1 if self._taken else self.line
        if not problem:
            problem = ('a quote (") opened in this row is not closed on its line: '
                       "the row is not graded; quote the whole cell or remove the quote")
        if len(first) > MAX_CELL_CHARS or "field larger than field limit" in problem:
            problem = f"a cell is over {thousands(MAX_CELL_CHARS)} characters (the limit): the row is not graded"
        if len(self._taken) > MAX_RECORD_LINES:   # its lines are read anew within the line limit, once
            self._limited_to = max(self._limited_to, start + len(self._taken) - 1)
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
        taken, pending = self._taken, self._pending
        while pending:
            line = pending.pop()
            self._check(line)
            taken.append(line)
            yield line
        for line in self._lines:
            self._check(line)
            taken.append(line)
            yield line
        self._ended[0] = True

    def _check(self, line: str) -> None:
        """Stop the record before ``line`` when it looks like a row of its own,
        is one line too many or makes it over MAX_RECORD_CHARS (_Runaway), or
        when it is over the limits itself (_TooLong, where a record starts)."""
        taken = self._taken
        if line.__class__ is _Long:
            raise (_Runaway if taken else _TooLong)(line)
        if taken and (row_like(line, self.delimiter, self.row_like) or self._too_many(taken)
                      or len(line) + taken.chars > MAX_RECORD_CHARS):
            raise _Runaway(line)

    def _too_many(self, taken: list) -> bool:
        """Whether a record may take no further line: past MAX_RECORD_LINES it
        goes on (to be one bad row if it closes, see ``_over_lines``) unless its
        lines lie where a longer record already failed to close, which keeps
        reading them anew linear in the file."""
        return len(taken) >= MAX_RECORD_LINES and self.line - len(taken) + 1 <= self._limited_to


class _Taken(list):
    """The lines of the record being read, and how many characters they hold
    (kept as they come: a record may run to MAX_RECORD_CHARS over many lines,
    and adding them up again at each line made reading quadratic)."""

    chars = 0

    def append(self, line: str) -> None:
        self.chars += len(line)
        super().append(line)

    def clear(self) -> None:
        self.chars = 0
        super().clear()


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
    if not row_like(line, delimiter, max(width - 1, 1)):
        return False
    rows = _plain_rows([line], delimiter)
    return rows is not None and len(rows[0]) == width


def _first_line(cell: str) -> str:
    """The first line of a cell of several, marked as cut short (``...``)."""
    first = cell.splitlines()[0] if cell else cell
    return first[:SALVAGE_CHARS] + " ..." if len(first) < len(cell) else cell


def _salvage(line: str, delimiter: str) -> list:
    """The leading cells of a spoilt line, read from its first characters alone
    (a quote left open keeps the rest of the line in its cell)."""
    text = line[:SALVAGE_CHARS].rstrip("\r\n")
    try:
        return next(csv.reader([text], delimiter=delimiter, skipinitialspace=True), [])
    except csv.Error:
        return text.split(delimiter)
