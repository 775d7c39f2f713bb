"""A big answers file cut into parts at lines where nothing can run across:
the first part for the main process to grade, each other for a process of
its own (parallel.py). ``find_cuts`` chooses the lines, ``open_slice`` reads
a byte range of the file as text.

A record spans lines only through a quote left open, and the careful reader
(csv_rows.py) never lets one run on past a line that looks like a row of its
own. So the file is cut after
``SAFE_LINES`` lines that are each a whole row by themselves (no quote, or
quotes that open and close on the line, and a row's delimiters): whatever was
open before them has ended there in any reading of the file, and each part is
read exactly as one pass over the whole file reads it."""

from __future__ import annotations

import io
from typing import NamedTuple

from quizgen.csv_input import FALLBACK_ERRORS
from quizgen.grading.csv_rows import MAX_RECORD_LINES, is_whole_row

MIN_PART_BYTES = 512 << 10        # a smaller part would not pay for its process
SAFE_LINES = 2 * MAX_RECORD_LINES + 2
LOOK_BACK = 256 << 10             # bytes before a cut's aim read to find the safe lines
SEARCH_BYTES = 1 << 20            # how far past its aim a cut is looked for
READ_BYTES = 1 << 20
# Encodings in which a line feed byte is always a line feed and starts no
# character: a cut just after one decodes as the whole file does.
CUTTABLE_ENCODINGS = frozenset({"utf-8", "utf-8-sig", "ascii", "cp1252", "latin-1", "iso8859-1", "iso8859-15"})


class Cut(NamedTuple):
    """Where a part after the first starts: its byte offset and the lines before it."""

    offset: int
    lines: int


def find_cuts(path, size: int, encoding: str, delimiter: str, width: int, parts: int) -> list:
    """Cuts (in file order) into up to ``parts`` parts of about equal size of
    the file at ``path`` (``size`` bytes, rows of ``width`` cells), each part
    at least MIN_PART_BYTES; none when the file is small, in an encoding a
    byte cut could split (UTF-16, UTF-32), or no run of safe lines is found
    near an aim (that part then joins the one before)."""
    if MIN_PART_BYTES:
        parts = min(parts, size // MIN_PART_BYTES)
    if parts < 2 or encoding.lower() not in CUTTABLE_ENCODINGS:
        return []
    safe, cuts = _SafeLine(encoding, delimiter, width), []
    with open(path, "rb") as handle:
        for aim in (size * k // parts for k in range(1, parts)):
            after = cuts[-1].offset if cuts else 0
            offset = _cut_near(handle, max(aim, after), safe)
            if offset is not None and offset > after and offset < size:
                cuts.append(Cut(offset, (cuts[-1].lines if cuts else 0) + _lines_between(handle, after, offset)))
    return cuts


def _cut_near(handle, aim: int, safe) -> int | None:
    """The first safe place to cut at or after byte ``aim`` (within SEARCH_BYTES), or None."""
    window_start = max(aim - LOOK_BACK, 0)
    handle.seek(window_start)
    window = handle.read(aim - window_start + SEARCH_BYTES)
    offset = _safe_line_start(window, aim - window_start, safe)
    return None if offset is None else window_start + offset


class _SafeLine:
    """Whether a line (bytes) is a whole row by itself; lines without a quote always are."""

    def __init__(self, encoding: str, delimiter: str, width: int):
        self.encoding, self.delimiter, self.width = encoding, delimiter, width

    def __call__(self, line: bytes) -> bool:
        return b'"' not in line or is_whole_row(line.decode(self.encoding, FALLBACK_ERRORS), self.delimiter,
                                                self.width)


def _safe_line_start(window: bytes, middle: int, safe) -> int | None:
    """The first offset in ``window`` after ``middle`` that follows a line feed
    and has SAFE_LINES safe lines before it (all in the window), or None."""
    at = window.find(b"\n", middle)
    while 0 <= at < len(window) - 1:
        start, unsafe = at, None
        for _ in range(SAFE_LINES):
            before = window.rfind(b"\n", 0, start)
            if before < 0:
                return None
            if not safe(window[before + 1:start + 1]):
                unsafe = start
                break
            start = before
        if unsafe is None:
            return at + 1
        at = unsafe
        for _ in range(SAFE_LINES):   # the next candidate: SAFE_LINES lines past the unsafe one
            at = window.find(b"\n", at + 1)
            if at < 0:
                return None
    return None


def _lines_between(handle, start: int, end: int) -> int:
    """Line ends in bytes ``[start, end)`` of the file as text reading counts
    them (``\\n``, ``\\r\\n`` and a lone ``\\r`` each end one line). ``start`` is 0
    or a cut, just after a line feed, so no ``\\r\\n`` is split by it."""
    handle.seek(start)
    lines, left, carriage = 0, end - start, False
    while left:
        chunk = handle.read(min(READ_BYTES, left))
        left -= len(chunk)
        lines += chunk.count(b"\n") + chunk.count(b"\r") - chunk.count(b"\r\n")
        if carriage and chunk.startswith(b"\n"):
            lines -= 1   # a \r\n cut across two chunks ends one line
        carriage = chunk.endswith(b"\r")
    return lines


class _Slice(io.RawIOBase):
    """The bytes ``[start, end)`` of a file (``end`` None: to its end)."""

    def __init__(self, path, start: int, end):
        self._file = open(path, "rb", buffering=0)
        self._file.seek(start)
        self._position, self._end = start, end

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        wanted = len(buffer) if self._end is None else min(len(buffer), self._end - self._position)
        if wanted <= 0:
            return 0
        count = self._file.readinto(memoryview(buffer)[:wanted])
        self._position += count
        return count

    def tell(self) -> int:
        return self._position

    def close(self) -> None:
        self._file.close()
        super().close()


def open_slice(path, encoding: str, start: int, end=None):
    """The bytes ``[start, end)`` of the file at ``path`` as a text handle read
    as answers files are (stray bytes through the fallback, line ends kept). A
    part that starts inside the file has no byte-order mark to skip."""
    if start and encoding.lower() == "utf-8-sig":
        encoding = "utf-8"
    return io.TextIOWrapper(io.BufferedReader(_Slice(path, start, end), READ_BYTES), encoding=encoding,
                            errors=FALLBACK_ERRORS, newline="")
