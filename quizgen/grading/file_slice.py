"""A big answers file cut in two at a line where nothing can run across: the
first part for the main process to grade, the rest for a second one
(halves.py). ``find_cut`` chooses the line, ``open_slice`` reads a byte range
of the file as text.

A record spans lines only through a quote left open, and the careful reader
(csv_rows.py) never lets one run on past a line that looks like a row of its
own, nor for more than ``MAX_RECORD_LINES`` lines. So the file is cut after
``SAFE_LINES`` lines that are each a whole row by themselves (no quote, or
quotes that open and close on the line, and a row's delimiters): whatever was
open before them has ended there in any reading of the file, and each part is
read exactly as one pass over the whole file reads it."""

from __future__ import annotations

import io
from typing import NamedTuple

from quizgen.grading.csv_rows import MAX_RECORD_LINES, is_whole_row
from quizgen.grading.file_text import FALLBACK_ERRORS

MIN_SPLIT_BYTES = 1 << 20         # smaller files are graded in one process: a second one would not pay
SAFE_LINES = 2 * MAX_RECORD_LINES + 2
LOOK_BACK = 256 << 10             # bytes before the middle read to find the safe lines
SEARCH_BYTES = 1 << 20            # how far past the middle a cut is looked for
READ_BYTES = 1 << 20
# Encodings in which a line feed byte is always a line feed and starts no
# character: a cut just after one decodes as the whole file does.
CUTTABLE_ENCODINGS = frozenset({"utf-8", "utf-8-sig", "ascii", "cp1252", "latin-1", "iso8859-1", "iso8859-15"})


class Cut(NamedTuple):
    """Where the second part starts: its byte offset and the lines before it."""

    offset: int
    lines: int


def find_cut(path, size: int, encoding: str, delimiter: str, width: int):
    """A Cut near the middle of the file at ``path`` (``size`` bytes, rows of
    ``width`` cells), or None when it is small, in an encoding a byte cut could
    split (UTF-16, UTF-32), or no run of safe lines is found near the middle."""
    if size < MIN_SPLIT_BYTES or encoding.lower() not in CUTTABLE_ENCODINGS:
        return None
    middle = size // 2
    with open(path, "rb") as handle:
        window_start = max(middle - LOOK_BACK, 0)
        handle.seek(window_start)
        window = handle.read(middle - window_start + SEARCH_BYTES)
        safe = _SafeLine(encoding, delimiter, width)
        offset = _safe_line_start(window, middle - window_start, safe)
        if offset is None:
            return None
        return Cut(window_start + offset, _lines_before(handle, window_start + offset))


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


def _lines_before(handle, offset: int) -> int:
    """Line ends in the file's first ``offset`` bytes as text reading counts them
    (``\\n``, ``\\r\\n`` and a lone ``\\r`` each end one line)."""
    handle.seek(0)
    lines, left, carriage = 0, offset, False
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
