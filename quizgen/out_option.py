"""The one refusal of an ``--out`` that names nothing, for every command that
writes (grade, review, generate, export): an empty or blank name is no file or
folder, and read as one it wrote where no one asked (./, or a new folder named
' '); ``-`` names standard output elsewhere, and would be a folder called ``-`` here.
grade's other output folder, ``--feedback``, is refused alike (``refuse_empty_folder``).
With no ``--out``, grade and review write beside their input, or in the working
folder when that is no regular file in a folder of files (``default_output_folder``)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from quizgen.errors import UsageError

OUT_WORDS = {
    "grade": ("files (the graded file and its reports)", "the graded file's path or a folder",
              "write beside the answers"),
    "review": ("a file to fill in", "a file or folder", "write beside the graded file"),
    "generate": ("files (the problems, the solutions and the key)", "a folder", "write into ./quiz"),
    "export moodle": ("a file (the Moodle XML) and its key beside it", "a file or folder", "write ./questions.xml"),
    "export canvas": ("a file (the Canvas zip) and its key beside it", "a file or folder", "write ./quiz.zip"),
}
"""For each command taking --out: what it writes, what --out may name, and what leaving --out out does."""


def refuse_empty_folder(value, option: str, writes: str) -> None:
    """Refuse an output folder option (grade's ``--feedback``) naming nothing, as
    ``--out`` is refused: ``''``, blank, or ``-`` (``writes``: what goes there)."""
    _refuse_nothing(value, option, f"grade writes {writes} into a folder", "a folder", f"for {writes}")


def refuse_empty_out(out, command: str = "grade") -> None:
    """Refuse ``--out ''`` (or blank) and ``--out -`` of ``command`` (a key of
    OUT_WORDS) in one line saying what it writes and what --out may name."""
    writes, expected, default = OUT_WORDS[command]
    _refuse_nothing(out, "--out", f"{command} writes {writes}", expected, f"leave --out out to {default}")


def _refuse_nothing(value, option: str, writes: str, expected: str, hint: str) -> None:
    """One line refusing ``option`` when it names nothing (empty or blank: ``hint`` says what
    to do) or standard output (``-``: ``writes`` says what the command writes instead)."""
    text = None if value is None else str(value)
    if text is not None and not text.strip():
        raise UsageError(f"{option} {text!r}: the name is empty; expected {expected} ({hint})")
    if text == "-":
        raise UsageError(f"{option} -: {writes}, never to standard output; expected {expected}")


def default_output_folder(input_path) -> Path:
    """Where outputs go by default: beside ``input_path``, or in the working
    folder when the input is not a regular file (``/dev/stdin``, a pipe or a
    process substitution), so that reports never land in /dev or /proc. A path
    in /dev or /proc (``/dev/stdin < answers.csv``, ``/proc/self/fd/0``) counts
    as no regular file though the descriptor it names is one: its own folder is
    a system folder all the same."""
    path = Path(input_path)
    try:
        regular = stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        regular = True
    return path.parent if regular and not _in_system_folder(path) else Path(".")


def _in_system_folder(path: Path) -> bool:
    """Whether ``path``'s folder, its links followed, is a system folder (is_system_folder)."""
    return is_system_folder(path.parent)


SYSTEM_FOLDERS = ("/dev", "/proc", "/sys")
"""The folders of the system's devices and kernel, where no output is ever written, nor any folder made."""
MEMORY_DISK = "/dev/shm"
"""The one folder under /dev that holds files people write: a memory disk (tmpfs)."""


def is_system_folder(folder) -> bool:
    """Whether ``folder``, its links followed, is at or under /dev, /proc or
    /sys: no output is ever written there (``--out /dev/stdout`` would replace
    the system's link, ``--out /dev/net/new`` make a folder among the devices).
    /dev/shm and what is under it, a memory disk for files, is none."""
    folder = os.path.realpath(folder)
    if _at_or_under(folder, MEMORY_DISK):
        return False
    return any(_at_or_under(folder, top) for top in SYSTEM_FOLDERS)


def _at_or_under(path: str, top: str) -> bool:
    """Whether the absolute ``path`` is ``top`` or inside it."""
    return path == top or path.startswith(top + "/")
