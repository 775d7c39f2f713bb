"""Reading a user's input file of any kind (a regular file, a pipe such as
``/dev/stdin`` or ``<(...)``, a device) with a size cap, so that /dev/zero or
an endless pipe is one error line, never a hang or a full memory. Imports only
``errors``, so every layer can read its inputs through it (the key model too).
"""

from __future__ import annotations

import os
import re
import select
import stat
from pathlib import Path

from quizgen.errors import InputFileError

SMALL_INPUT_BYTES = 64 * 1024 ** 2
"""The most a roster, overrides or Canvas gradebook template may hold: 64 MiB,
a thousand times a big course's roster."""


MAX_KEY_BYTES = 512 * 1024 ** 2
"""The largest key.json read (grade's --key, generate's earlier key in --out):
512 MiB, 60,000 students' own papers (2,000 of all classes make 16 MB)."""


def read_capped(path, limit: int, what: str, first_block=None) -> bytes:
    """The bytes of the file, pipe or device at ``path`` (``what`` it is, for
    messages), read a MiB at a time and never more than ``limit``: /dev/zero
    or an endless pipe gets one InputFileError line, not a hang or a full memory.
    ``first_block``, if given, is called with the first MiB read (to refuse a
    file whose start is no such file at once, not after ``limit`` bytes)."""
    path = Path(path)
    chunks, size = [], 0
    try:
        with open_input(path, what) as handle:
            while size <= limit:
                chunk = handle.read(min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                if not chunks and first_block is not None:
                    first_block(chunk)
                chunks.append(chunk)
                size += len(chunk)
    except FileNotFoundError as exc:
        raise InputFileError(f"{path}: {what} file not found") from exc
    except OSError as exc:
        raise InputFileError(f"{path}: cannot read the {what} file ({exc.strerror or exc})") from exc
    if size > limit:
        hint = "" if path.is_file() else " (an endless pipe or a device?)"
        raise InputFileError(f"{path}: the {what} file is over {limit:,} bytes, more than any {what} file "
                             f"needs{hint}")
    return b"".join(chunks)


FIFO_WAIT_SECONDS = 5
"""How long a named pipe (``mkfifo``) given by name may stay silent before it
is refused: opening one with no program writing to it waited forever."""

_OWN_DESCRIPTOR = re.compile(r"/dev/(?:std(in)|fd/(\d+))|/proc/(?:self|thread-self)/fd/(\d+)")
"""A path naming a descriptor already open here (``/dev/stdin``, bash's
``<(...)`` as ``/dev/fd/63``): read through a copy of it, not opened again."""


def open_input(path, what: str):
    """``path`` opened for reading in binary. ``/dev/stdin`` (``/dev/fd/N``) is
    a copy of the descriptor already open, as opening a named pipe given as
    ``< fifo`` again would wait for a second writer; a named pipe given by name
    is refused if nothing is written to it within FIFO_WAIT_SECONDS."""
    found = _OWN_DESCRIPTOR.fullmatch(os.path.abspath(path))
    if found:
        try:
            return os.fdopen(os.dup(0 if found.group(1) else int(found.group(2) or found.group(3))), "rb")
        except OSError:
            pass   # not open here: opening the path says why
    if not _is_fifo(path):
        return open(path, "rb")
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)   # never waits for a writer
    waiting = select.poll()
    waiting.register(fd, select.POLLIN | select.POLLHUP)
    if not waiting.poll(FIFO_WAIT_SECONDS * 1000):
        os.close(fd)
        raise InputFileError(f"{path}: the {what} file is a named pipe (FIFO) that nothing wrote to within "
                             f"{FIFO_WAIT_SECONDS} s; give a file, or start the program writing to the pipe first")
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def _is_fifo(path) -> bool:
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False   # opening it says what is wrong
