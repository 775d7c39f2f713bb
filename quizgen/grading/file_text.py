"""The start of an answers file or an LMS download as text (read by
quizgen/csv_input.py's ``csv_text``: its encoding, a one-line refusal for what
is not text), and the lines up to the end of the header, however long (up to
``MAX_HEADER_BYTES``)."""

from __future__ import annotations

import atexit
import codecs
import io
import os
import re
import stat
import tempfile
from pathlib import Path
from typing import NamedTuple

from quizgen.csv_input import NOT_TEXT, choose_delimiter, csv_text, excel_sep_line, refuse_workbook
from quizgen.encoding_window import file_window
from quizgen.errors import InputFileError
from quizgen.input_files import open_input
from quizgen.text_encoding import SAMPLE_BYTES, detect_encoding, file_chunks, refuse_mixed

MAX_HEADER_BYTES = 4 << 20   # the header line may be this long (a wide file of many questions)


class CsvStart(NamedTuple):
    """How a CSV input reads: its encoding, its decoded lines up to the end of
    the header, the lines before the table (Excel's ``sep=`` line) and its delimiter."""

    encoding: str
    lines: list
    skip: int
    delimiter: str


def csv_start(path: Path, readable: Path, encoding, delimiter, expected: str) -> CsvStart:
    """The start of the CSV file at ``path`` (read from ``readable``, a pipe's
    copy) by ``csv_text``'s rule (``--encoding``, else detected; one line when
    it is empty, a workbook or no text, saying what was ``expected``), and its
    delimiter (``--delimiter``, else the ``sep=`` line's, else the header's most used)."""
    start = read_start(readable)
    refuse_empty_or_workbook(path, start, expected)
    encoding, lines = header_lines(path, readable, start, encoding, f"{NOT_TEXT}; {expected}")
    hint, skip = excel_sep_line(lines)
    return CsvStart(encoding, lines, skip, choose_delimiter(delimiter, hint, lines[skip:]))


_POINT_NUMBER = re.compile(r"[-+]?\d*\.\d+(?:[eE][-+]?\d+)?")
_COMMA_NUMBER = re.compile(r"[-+]?\d*,\d+(?:[eE][-+]?\d+)?")
_GROUPED = re.compile(r"[-+]?[1-9]\d{0,2}(?:\.\d{3})+")
"""A whole number grouped by points (``3.072``): a decimal-comma locale's thousands as much as a decimal."""


def points_only(lines: list, delimiter: str) -> bool:
    """Whether the cells of ``lines`` (the file's start) write numbers with a
    decimal point (``0.408``) and none with a decimal comma (``0,408``): a
    ``;`` or tab file so written (an English spreadsheet's tab export, Excel's
    "Unicode text") is no decimal-comma class. A date's ``03.12.2026`` is no number,
    and ``3.072`` (a thousands group or a decimal) no evidence either way."""
    points = False
    for line in lines:
        for cell in line.split(delimiter):
            cell = cell.strip().strip('"').strip()
            if _COMMA_NUMBER.fullmatch(cell):
                return False
            points = points or _POINT_NUMBER.fullmatch(cell) is not None and not _GROUPED.fullmatch(cell)
    return points


def header_lines(path: Path, readable: Path, sample: bytes, encoding, not_text: str) -> tuple:
    """``(encoding, lines)``: the decoded lines of the file's start, read from
    ``readable`` until the header line is whole (up to MAX_HEADER_BYTES); the
    encoding ``encoding`` (--encoding), else detected, from the file's first
    non-ASCII byte on when its start is ASCII (encoding_window), so that the
    whole file is read, and named, in the encoding of its first letters; a file
    mixing encodings is refused, a byte past the start too (text_encoding.refuse_mixed)."""
    given = encoding
    if encoding is None and sample[:SAMPLE_BYTES].isascii() and (later := file_window(readable, SAMPLE_BYTES)):
        encoding = detect_encoding(later)
    size = SAMPLE_BYTES
    while True:
        whole_file = len(sample) < size
        text = csv_text(path, sample, encoding, not_text, whole_file)
        lines = io.StringIO(text.text, newline="").readlines()
        if whole_file or _header_whole(lines):
            if given is None and not whole_file:   # csv_text checked a file it was given whole
                refuse_mixed(path, file_chunks(readable), text.encoding, "--encoding")
            return text.encoding, lines
        if size >= MAX_HEADER_BYTES:
            raise InputFileError(f"{path}: line 1: the header is over {MAX_HEADER_BYTES >> 20} MiB long "
                                 "(the limit); is this an answers CSV file?")
        size *= 2
        sample = read_start(readable, size)


def _header_whole(lines: list) -> bool:
    """Whether the first line with text (after a ``sep=`` line) has ended."""
    for line in lines:
        if line.strip(" \t\r\n,;") and not re.fullmatch(r"sep=.", line.strip()):
            return line.endswith(("\n", "\r"))
    return False


MAX_PIPED_BYTES = 1024 ** 3
"""The most read from a pipe or device (/dev/stdin): 1 GiB, thirty times a
million-row class. A regular file has no cap."""


HEAD_BYTES = MAX_HEADER_BYTES + 1
"""The start of a file that decides how it reads (csv_start reads no further):
a pipe's is checked (binary data, its header) before the rest is copied."""


def spooled(path: Path, check=None) -> Path:
    """A path that can be read more than once: ``path`` itself for a regular
    file; for a pipe or device (``/dev/stdin``) a temporary copy, removed at
    exit. ``check`` is called with the copy once it holds the first HEAD_BYTES
    (or all there are), to refuse what is no answers file at once: 1 GiB of
    /dev/urandom was copied, 30 s, before its header was read."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return path
    if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
        return path
    fd, copy = tempfile.mkstemp(prefix=".quizgen-input-", suffix=".tmp")
    atexit.register(_remove, copy)
    try:
        with open_input(path, "answers") as source, os.fdopen(fd, "wb") as target:
            copied = _copy_capped(source, target, HEAD_BYTES - 1)   # HEAD_BYTES at most
            target.flush()
            if check is not None:
                check(Path(copy))
            copied += _copy_capped(source, target, MAX_PIPED_BYTES - copied) if copied == HEAD_BYTES else 0
    except OSError as exc:
        _remove(copy)
        raise InputFileError(f"{path}: cannot read the answers ({exc.strerror or exc})") from exc
    except InputFileError:
        _remove(copy)
        raise
    if copied > MAX_PIPED_BYTES:
        _remove(copy)
        raise InputFileError(f"{path}: over {MAX_PIPED_BYTES:,} bytes came through this pipe or device "
                             "(an endless one?); save the answers to a file and grade that")
    return Path(copy)


def _copy_capped(source, target, limit: int) -> int:
    """Copy a MiB at a time until the end or just past ``limit`` bytes; returns the bytes copied."""
    copied = 0
    while copied <= limit:
        chunk = source.read(min(1 << 20, limit + 1 - copied))
        if not chunk:
            break
        target.write(chunk)
        copied += len(chunk)
    return copied


def _remove(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def read_start(path: Path, size: int = SAMPLE_BYTES) -> bytes:
    """The first ``size`` bytes of the answers file; one line if it cannot be read."""
    try:
        with open(path, "rb") as handle:
            return handle.read(size)
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: answers file not found") from exc
    except IsADirectoryError as exc:
        raise InputFileError(f"{path}: is a folder, expected an answers CSV file") from exc
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read the answers file ({exc.strerror or exc})") from exc


def refuse_empty_or_workbook(path: Path, sample: bytes, expected: str) -> None:
    """Refuse an empty file or a workbook, saying what was ``expected`` (binary
    data is refused by ``csv_text``)."""
    if not sample.strip(b" \t\r\n" + codecs.BOM_UTF8):
        raise InputFileError(f"{path}: the file is empty; {expected}")
    refuse_workbook(path, sample, f"{expected}: save the sheet as CSV")
    form = _table_form(sample)
    if form:   # Moodle's other "Download table data as" forms, named as such (not told to switch language)
        key = ", a key file? pass the answers CSV first, and the key with --key; or" if form == "JSON" else ":"
        raise InputFileError(f"{path}: this looks like {form}{key} a report downloaded as {form}? "
                             f"{expected}: download it again as \"Comma separated values (.csv)\" (Moodle's "
                             "'Download table data as' menu), or save it as CSV")


_JSON_START = re.compile(rb"(?:\[\s*[\[{\"]|\{\s*\")")
_HTML_START = re.compile(rb"<[!?a-zA-Z]")


def _table_form(sample: bytes) -> str:
    """"JSON" or "HTML" when the file's first bytes (UTF-8, a BOM and spaces before them allowed)
    open a JSON array or object of records or an HTML or XML document, as Moodle's report download
    writes a table in those forms; else "" (a CSV header opens with a cell)."""
    start = sample[:4096].lstrip(b" \t\r\n")
    start = start[len(codecs.BOM_UTF8):].lstrip(b" \t\r\n") if start.startswith(codecs.BOM_UTF8) else start
    return "JSON" if _JSON_START.match(start) else "HTML" if _HTML_START.match(start) else ""
