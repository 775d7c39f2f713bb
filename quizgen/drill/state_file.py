"""Guards on a drill's progress file (``--state``, $QUIZGEN_PROGRESS or the default)
before quizgen reads, locks, renames or replaces it (through a symbolic
link a drill could rename /etc/passwd to /etc/passwd.bad, and a mistyped ``--state
notes.txt`` would move the notes aside and write JSON in their place). A name ending in
``/`` names a folder and is refused (``answers.csv/`` means no file ``answers.csv``).

A progress path that is a symbolic link (never followed), or in a system folder, is
refused; a file at the path that does not hold quizgen's marker is not quizgen's record
and is refused too, left exactly as it is. Only a file that carries the marker, a damaged
record of ours, or an empty (or zeroed) one is ever moved aside (drill/record.py)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

from quizgen.byte_order import bom_encoding
from quizgen.errors import InputFileError, OutputError, UsageError
from quizgen.out_option import is_system_folder
from quizgen.wording import printable

MARKER = b'"quizgen-progress"'   # every record quizgen writes opens with {"format": "quizgen-progress", ...
ADVICE = "pass another --state FILE, or --no-save"


class StoppedWaiting(Exception):
    """Ctrl-C while a drill waited for the lock another drill holds on the progress file: the drill stops as it
    does at ``q``, before anything is read or written (quizgen.drill.entry says so in a line, exit 0)."""

    def __init__(self, path):
        super().__init__(f"Stopped while waiting for progress file {printable(path)}, in use by another quizgen "
                         "drill: nothing was read or changed.")


def refuse_folder_name(state) -> None:
    """Stop with one line when ``state`` (``--state`` or $QUIZGEN_PROGRESS) names a folder: an existing one
    (with --no-save, which reads no file, it is not looked at), or it ends in a path separator (``answers.csv/``, ``newdir/``: Path would drop it and land
    on the file ``answers.csv``) or in ``.`` or ``..`` (``nd/.`` made a file ``nd``)."""
    state = os.fspath(state)   # a Path (library callers) never ends in a separator, but for the root
    name = os.path.basename(state)   # "" after a separator at the end
    if name in ("", ".", "..") or os.path.isdir(state):   # an existing folder too
        why = f"ends in {(name or state[-1])!r}, so it names" if name in ("", ".", "..") else "is"
        raise UsageError(f"progress file {printable(state)} {why} a folder, not a file; pass the file itself with "
                         f"--state FILE (one in that folder: --state {printable(os.path.join(state, 'progress.json'))})"
                         f", or --no-save")


def refuse_link(path: Path) -> None:
    """Stop with one line when ``path`` is a symbolic link: saving replaces the file,
    and a rename or save through a link would change whatever file it points to."""
    if path.is_symlink():
        raise InputFileError(f"progress file {path} is a symbolic link, and quizgen does not follow one for its "
                             f"record (it would move or replace the file the link points to); pass the file itself "
                             f"with --state FILE, or --no-save")


def record_text(data: bytes, errors: str = "strict") -> str:
    """A progress file's bytes as text: UTF-8, or UTF-8, UTF-16 or UTF-32 by its
    byte-order mark (dropped), as key.json is read (an editor's re-save of a
    hand-edited record); UnicodeDecodeError when they are not (with ``errors`` strict)."""
    return data.decode(bom_encoding(data) or "utf-8", errors)


def is_ours(data: bytes) -> bool:
    """Whether a file's bytes look like a quizgen progress record, whole or damaged: they
    hold the quoted marker (a record cut short keeps it, as it comes first), and when they
    are whole JSON it is an object whose "format" is the marker (``["quizgen-progress"]``
    only mentions it: another file, never moved aside)."""
    if MARKER.decode() not in record_text(data, errors="replace"):
        return False
    try:
        whole = json.loads(record_text(data))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return True   # cut short or garbled: the marker it kept says whose it is
    return isinstance(whole, dict) and f'"{whole.get("format")}"'.encode() == MARKER


def is_empty(data: bytes) -> bool:
    """Whether a file's bytes hold nothing but blanks and NUL bytes (a byte-order mark aside): nothing of
    anyone's to lose. A save is synced to the disk before its rename, but one by an older quizgen (none was),
    or on a file system that cannot sync, could be left by a crash empty, or as long as it was but zeroed (NUL
    bytes): such a file is treated as a record of ours cut short (drill/record.py)."""
    return not record_text(data, errors="replace").replace("\0", "").strip()


def empty_problem(data: bytes) -> str:
    """What an empty file (is_empty) is, for the drill's warning: ``is empty`` (nothing, or blanks), or
    ``is zeroed`` when it holds NUL bytes, the other shape a crash during a save leaves."""
    return "is zeroed (it holds no text, only NUL bytes)" if "\0" in record_text(data, errors="replace") \
        else "is empty"


def refuse_foreign(path: Path, data: bytes) -> None:
    """Stop with one line, the file untouched, when ``data`` (the file at ``path``) is not
    quizgen's progress record, nor empty: it could be any file of the learner's."""
    if not is_ours(data) and not is_empty(data):
        raise InputFileError(f"{path} is not a quizgen progress file (it has no \"format\": \"quizgen-progress\"), "
                             f"so it is left as it is; {ADVICE}")


def unsaved(path: Path, kept) -> OutputError | None:
    """The error (exit 1, after the summary) of a drill that was to keep its record at ``path`` and kept
    none (``kept`` None: a device or FIFO, a read-only file or folder, a newer quizgen's record, a save
    that failed; a warning said why when it was known), else None; and None for /dev/null, which
    names a practice run: nothing is kept there by design."""
    if kept is not None or os.path.realpath(path) == os.devnull:
        return None
    return OutputError(f"progress was not saved to {printable(path)} (the warning above says why); {ADVICE}")


def refuse_system_folder(path: Path) -> None:
    """Stop with one line, before any lock file or folder is made, when the progress file's folder (links
    followed) is at or under /dev (but /dev/shm), /proc or /sys: out_option.is_system_folder, the rule by
    which no command writes or makes anything there (no record could be kept there either)."""
    if is_system_folder(path.parent):
        raise UsageError(f"progress file {printable(path)} is in a system folder (/dev, /proc, /sys), where "
                         f"quizgen writes no file; {ADVICE}")


def check_existing(path: Path, limit: int) -> None:
    """Refuse a link at ``path``, or a regular file there of at most ``limit`` bytes
    that is not quizgen's record, before any lock file is made beside it. A file that
    cannot be read, or is larger, is left to the reader (it is never moved aside)."""
    refuse_link(path)
    try:
        data = read_no_link(path, limit + 1)
    except OSError:
        return
    if data is not None and len(data) <= limit:
        refuse_foreign(path, data)


def read_no_link(path: Path, limit: int) -> bytes | None:
    """Up to ``limit`` bytes of the regular file at ``path``, opened without following a
    symbolic link (ELOOP) or waiting on a FIFO; None when there is no regular file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as handle:
        return handle.read(limit) if stat.S_ISREG(os.fstat(fd).st_mode) else None


def no_link(path, flags: int) -> int:
    """An opener for a file beside the record (its ``.lock``) that does not follow a
    symbolic link put in its place (ELOOP) and so never creates or opens its target."""
    return os.open(path, flags | os.O_NOFOLLOW, 0o644)
