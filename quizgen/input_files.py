"""Reading a user's input file of any kind (a regular file, a pipe such as
``/dev/stdin`` or ``<(...)``, a device) with a size cap, so that /dev/zero or
an endless pipe is one error line, never a hang or a full memory. Imports only
``errors``, so every layer can read its inputs through it (the key model too).
"""

from __future__ import annotations

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
        with path.open("rb") as handle:
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
