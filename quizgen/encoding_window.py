"""Where a CSV input's encoding is told from: its first bytes, or, when those
are plain ASCII, the bytes from its first non-ASCII one. A Canvas Student
Analysis opens with a header of question texts, routinely over 64 KB of ASCII,
so a Windows-1252 re-save of one (its first ``á`` in a name at byte 86,020)
was detected, and named in the summary, as UTF-8. Imports
nothing of quizgen."""

from __future__ import annotations

import re

_NON_ASCII = re.compile(rb"[\x80-\xff]")
_CHUNK = 1 << 20
"""Bytes of a file looked through at a time for its first non-ASCII byte."""


def telling_window(data: bytes, size: int) -> bytes:
    """The ``size`` bytes of ``data`` (a whole file's) to detect its encoding
    on: its first, unless they are all ASCII (no byte-order mark, no letter of
    another alphabet) and a later byte is not, then those from that byte (all
    before it being ASCII, it starts a character in UTF-8 and Windows-1252 alike)."""
    start = data[:size]
    if not start.isascii() or data.isascii():   # isascii first: a regular expression scan is 20 times slower
        return start
    found = _NON_ASCII.search(data, len(start)).start()
    return data[found:found + size]


def file_window(path, size: int) -> bytes | None:
    """:func:`telling_window`'s bytes from its first non-ASCII byte, read from
    the file at ``path`` a chunk at a time (it is not held whole), or None when
    every byte of the file is ASCII; the first ``size`` bytes' case is the caller's."""
    with open(path, "rb") as handle:
        offset = 0
        while chunk := handle.read(_CHUNK):
            found = None if chunk.isascii() else _NON_ASCII.search(chunk)
            if found is not None:
                handle.seek(offset + found.start())
                return handle.read(size)
            offset += len(chunk)
    return None
