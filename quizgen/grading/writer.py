"""Writing graded.csv: each input row as read, then its outcome's result cells,
exactly as csv.writer would write them; and the second copy that marks the rows
a later answer superseded or ECF re-marked, and inserts graded_as.py's column
(only made when one of them is needed)."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

from quizgen.grading.outcome import RESULT_COLUMNS, Outcome, superseded_cells
from quizgen.cells import safe_cells, spreadsheet_safe
from quizgen.files import temp_name

BOM = "\ufeff".encode("utf-8")   # graded.csv's first bytes (start_graded)
TAIL_LIMIT = 100_000    # encoded result cells kept before the cache starts afresh
PLAIN_LIMIT = 100_000   # cell texts known to need no quotes or formula guard, before starting afresh
FIELD_LIMIT = 10_000    # other cell texts kept with their written form, before starting afresh
PLAIN_ROW = 128         # longer rows are not learnt from


class RowWriter:
    """Writes graded rows as csv.writer would: the input cells made
    spreadsheet-safe, then the outcome's result cells.

    Three caches make it fast, all bounded. ``tails`` maps an Outcome (by
    identity) to the CSV text of its result cells, so that the long feedback is
    encoded once per verdict, not on every row. ``plain`` holds input cell texts
    known to need no quotes and no formula guard; a row made only of them is
    simply joined (checking each row costs more). ``fields`` maps the other
    input cell texts met in short rows (an answer with a comma, ``=cmd|...``,
    ``-``) to their field as written, guarded and quoted: csv.writer quotes
    each field on its own, so a row of known cells is their fields joined
    (a class's few such answers recur on thousands of rows). ``multiline`` says whether
    some record went over more than one line (a quoted line break), which the
    second copy needs to know (``rewrite_graded``)."""

    def __init__(self, handle, delimiter: str, multiline: bool = False):
        self.write, self.join, self.delimiter = handle.write, delimiter.join, delimiter
        self.multiline = multiline
        self.tails = {}
        self.plain = set()
        self.fields = {}
        self.buffer = io.StringIO()
        self.writer = csv.writer(self.buffer, delimiter=delimiter)
        self.needs_quotes = re.compile('["\r\n]').search

    def row(self, cells: list, outcome: Outcome) -> None:
        """Write one graded row: input ``cells`` then the outcome's result cells.
        (The grading loop, answer_pass.pass_rows, writes the common case itself from
        ``tails`` and ``plain``: it trusts a cell in ``plain`` to need no quotes and no
        guard, so a change to what ``_learn`` keeps there holds for both.)"""
        tail = self.tails.get(outcome) or self.tail(outcome)
        if self.plain.issuperset(cells):
            self.write(self.join(cells) + tail)
        else:
            self.write(self._careful(cells) + tail)

    def pass_done(self) -> None:
        """Forget the encoded result cells of the pass's outcomes (``tails``), once
        its rows are written: on per-student papers nearly every row has an outcome
        of its own, and the 27,000 tails of half the 2,000-student file (4 MB) were
        kept while error carried forward, which comes next, filled memory to its
        peak (docs/performance.md, the fifty-sixth round). A row written later
        (an override's) encodes its tail again, the same text."""
        self.tails.clear()

    def tail(self, outcome: Outcome) -> str:
        """The outcome's result cells as CSV text, from the delimiter before them
        to the line end; kept in ``tails``."""
        if len(self.tails) >= TAIL_LIMIT:
            self.tails.clear()
        text = self.tails[outcome] = self.delimiter + self.encode(outcome.cells) + "\r\n"
        return text

    def _careful(self, cells: list) -> str:
        """The CSV text of spreadsheet-safe ``cells``: their known fields joined
        (``fields``), else encoded, and each cell of a short row learnt:
        into ``plain`` when written as it is, else into ``fields``."""
        plain, fields = self.plain, self.fields
        known = [cell if cell in plain else fields.get(cell) for cell in cells]
        if None not in known:
            return self.join(known)
        text = self.encode(safe_cells(cells))
        if len(text) <= PLAIN_ROW:
            if text == self.join(cells):
                self._plain(cells)
            else:
                for cell in cells:
                    if cell not in plain and cell not in fields:
                        self._learn(cell)
        return text

    def _plain(self, cells) -> None:
        if len(self.plain) >= PLAIN_LIMIT:
            self.plain.clear()
        self.plain.update(cells)

    def _learn(self, cell: str) -> None:
        """Keep how ``cell`` is written as a field: in ``plain`` when as it is."""
        field = self.encode([spreadsheet_safe(cell)])
        if field == cell:
            self._plain([cell])
            return
        if len(self.fields) >= FIELD_LIMIT:
            self.fields.clear()
        self.fields[cell] = field

    def encode(self, cells) -> str:
        """The CSV text of ``cells`` (as csv.writer writes it), without the line end."""
        line = self.join(cells)
        if line.count(self.delimiter) == len(cells) - 1 and self.needs_quotes(line) is None:
            return line
        self.buffer.seek(0)
        self.buffer.truncate()
        self.writer.writerow(cells)
        text = self.buffer.getvalue()[:-2]
        if not self.multiline and ("\n" in text or "\r" in text):
            self.multiline = True
        return text


def graded_header(header: list) -> list:
    """graded.csv's header: the input columns, then the result columns; an input
    column named like a result column or ``graded_as`` (a graded file graded again: graded_as.py) becomes
    ``input_<name>``."""
    taken = {*RESULT_COLUMNS, "graded_as"}
    kept = [f"input_{h}" if h.strip().lower() in taken else h for h in header]
    return [spreadsheet_safe(h) for h in kept] + list(RESULT_COLUMNS)


def start_graded(handle, header: list, delimiter: str) -> RowWriter:
    """graded.csv started (byte-order mark, header) and a RowWriter for its rows."""
    handle.write("\ufeff")
    cells = graded_header(header)
    csv.writer(handle, delimiter=delimiter).writerow(cells)
    return RowWriter(handle, delimiter, multiline=any("\n" in c or "\r" in c for c in cells))


class RowSet:
    """A set of data row numbers kept as one bit per row: the rows a later
    answer superseded. (A million rows take 125 KB, however many are marked.)"""

    def __init__(self):
        self.bits = bytearray()
        self.count = 0

    def add(self, row: int) -> None:
        byte, bit = divmod(row, 8)
        if byte >= len(self.bits):
            self.bits.extend(bytes(max(byte + 1 - len(self.bits), len(self.bits))))
        if not self.bits[byte] >> bit & 1:
            self.bits[byte] |= 1 << bit
            self.count += 1

    def discard(self, row: int) -> None:
        if row in self:
            byte, bit = divmod(row, 8)
            self.bits[byte] &= ~(1 << bit) & 0xFF
            self.count -= 1

    def __contains__(self, row: int) -> bool:
        byte, bit = divmod(row, 8)
        return byte < len(self.bits) and bool(self.bits[byte] >> bit & 1)

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        """The marked rows, in order."""
        for byte_number, byte in enumerate(self.bits):
            if byte:
                for bit in range(8):
                    if byte >> bit & 1:
                        yield byte_number * 8 + bit


def rewrite_graded(path: Path, rows: RowSet, delimiter: str, patched: dict | None = None,
                   multiline: bool = True, write_blocks=None) -> None:
    """Rewrite the graded file at ``path`` once, atomically (a temporary file,
    then a rename), with the result cells of ``rows`` replaced by a superseded
    verdict and those of ``patched`` ({row: Outcome}, re-marked after the pass:
    ECF) by the outcome's cells. ``write_blocks(blocks, target)``, when given,
    writes the records (lists of bytes, from the header on) instead of copying
    them as they are: graded_as.py inserts its column so, in the same copy.
    ``multiline=False`` promises that every record is one line, so lines need
    no quote counting. The file is copied as bytes (UTF-8 as written): only a
    changed row is decoded and encoded."""
    def copy(written, target):
        target.write(written.read(len(BOM)))
        blocks = marked_blocks(written, rows, delimiter, patched or {}, multiline)
        if write_blocks is None:
            for block in blocks:
                target.write(b"".join(block))
        else:
            write_blocks(blocks, target)
    rewrite(path, copy)


def rewrite(path: Path, copy) -> None:
    """Rewrite the file at ``path`` atomically: ``copy(written, target)`` copies
    its bytes into a temporary file beside it, which then replaces it (removed
    on any failure, the file left as it was)."""
    fixed = temp_name(path.parent)
    try:
        with open(path, "rb") as written, open(fixed, "xb") as target:
            copy(written, target)
        os.replace(fixed, path)
    except BaseException:
        Path(fixed).unlink(missing_ok=True)
        raise


def marked_blocks(scratch, rows: RowSet, delimiter: str, patched: dict, multiline: bool):
    """The records of graded rows ``scratch`` (a binary stream of UTF-8 read
    past its byte-order mark), a list at a time, the result cells of ``rows``
    replaced by superseded ones (re-derived from the result cells each was
    written with), those of ``patched`` by their new outcome's. Only a changed
    record is decoded and encoded again; the others are yielded as read."""
    text = io.StringIO()
    writer = csv.writer(text, delimiter=delimiter)
    width = len(RESULT_COLUMNS)
    targets = sorted(set(_members(rows)) | set(patched))
    at, t = -1, 0   # the row number of the block's first record; the next target's index
    for block in record_blocks(scratch, multiline):
        while t < len(targets) and targets[t] < at + len(block):
            i = targets[t] - at
            row = next(csv.reader([block[i].decode("utf-8")], delimiter=delimiter))
            row = row[:-width] + (superseded_cells(row[-width:]) if targets[t] in rows else list(patched[targets[t]].cells))
            text.seek(0)
            text.truncate()
            writer.writerow(row)
            block[i] = text.getvalue().encode("utf-8")
            t += 1
        yield block
        at += len(block)


def _members(rows: RowSet):
    """The row numbers in ``rows``, in order."""
    for byte, bits in enumerate(rows.bits):
        if bits:
            yield from (byte * 8 + bit for bit in range(8) if bits >> bit & 1)


def record_blocks(scratch, multiline: bool):
    """The records of graded rows ``scratch`` (bytes read past the byte-order
    mark), a list at a time; ``multiline=False`` promises one line a record."""
    return _record_blocks(scratch) if multiline else _line_blocks(scratch)


def _line_blocks(scratch, size: int = 1 << 16):
    """The lines of ``scratch`` (bytes), a list at a time: its records, when
    none spans two lines (then no cell holds a line break: every line ends
    with the writer's CR LF, and splitting at LF alone finds the same lines)."""
    while True:
        lines = scratch.readlines(size)
        if not lines:
            return
        yield lines


def _record_blocks(scratch, size: int = 1 << 16):
    """The CSV records of ``scratch`` (bytes) as written, each with its line
    end, a list of them at a time: lines joined while a quote is open (a
    record ends at a line end outside quotes, and quotes inside a field are
    doubled, so an even count closes it). A block of lines without quotes is
    its own records."""
    pending, quotes = [], 0
    while True:
        lines = scratch.readlines(size)
        if not lines:
            return
        if not pending and b'"' not in b"".join(lines):
            yield lines
            continue
        records = []
        for line in lines:
            if not pending and b'"' not in line:
                records.append(line)
                continue
            quotes += line.count(b'"')
            if quotes % 2:
                pending.append(line)
                continue
            if pending:
                pending.append(line)
                line, pending = b"".join(pending), []
            quotes = 0
            records.append(line)
        yield records
