"""Which answers file (and key) made a folder's graded outputs: each run of
``grade`` writes, with its outputs and in the same commit, a small hidden
record beside graded.csv (``.<stem>.quizgen``) naming the answers file and the
key it read (the answers file also by its path from the record's folder, so
that a course folder moved or synced elsewhere still knows it). Two sections' ``answers.csv`` graded into one ``--out`` folder
would give the same output names, and the second run would silently replace
the first's files; a run about to replace outputs that another answers file
made is refused in one line naming both (``--replace-outputs``, or ``--force``,
replaces them, with a warning naming the option), while grading the same file again replaces them as before."""

from __future__ import annotations

import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from quizgen.errors import UsageError
from quizgen.wording import printable, shortened
from quizgen.files import TooLarge, read_json

RECORD_BYTES = 1 << 16
"""The largest record read: one quizgen writes holds three paths."""


def record_name(graded: Path) -> str:
    """The record's file name beside ``graded`` (``answers-graded.csv`` gives ``.answers-graded.quizgen``)."""
    return f".{Path(graded).stem}.quizgen"


def _identity(path) -> str | None:
    """The answers file or key at ``path`` as a record names it: its absolute
    path with links followed; None for a key given as data, or a pipe or
    device (``/dev/stdin``), which is another stream every run."""
    if not isinstance(path, (str, Path)):
        return None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        return str(Path(path).resolve())
    except (OSError, RuntimeError, ValueError):
        return None


@dataclass(frozen=True)
class MadeFrom:
    """The answers file and key (absolute paths, or None) a run's outputs are made
    from, and the answers file's path from the record's folder (``relative``)."""

    answers: str | None
    key: str | None
    relative: str | None = None

    @classmethod
    def of(cls, answers, key, folder=None) -> MadeFrom:
        """The record of a run grading ``answers`` (the file given: an LMS download, not the file built from it)
        against ``key`` (a path, or None or data), written in ``folder``."""
        absolute = _identity(answers)
        return cls(absolute, _identity(key), _relative(absolute, folder))

    def text(self) -> str:
        """The record as written: one JSON object."""
        return json.dumps({"made_by": "quizgen grade", "answers": self.answers, "key": self.key,
                           "answers_from_record": self.relative}) + "\n"

    def same_answers(self, other: MadeFrom) -> bool:
        """Whether ``other`` names this answers file: by path, as the same file (a hard link), or by the
        same path from the record's folder (the course folder moved or synced elsewhere, the record with
        it); True when either is unknown, since nothing can then be told."""
        if self.answers is None or other.answers is None or self.answers == other.answers:
            return True
        if self.relative is not None and self.relative == other.relative:
            return True
        try:
            return os.path.samefile(self.answers, other.answers)
        except OSError:
            return False


def _relative(absolute: str | None, folder) -> str | None:
    """The path ``absolute`` from ``folder`` (``../answers.csv``), in POSIX form; None when either is unknown
    or there is no such path (another drive)."""
    if absolute is None or folder is None:
        return None
    try:
        return Path(os.path.relpath(absolute, Path(folder).resolve())).as_posix()
    except (OSError, RuntimeError, ValueError):
        return None


def earlier_record(graded: Path) -> MadeFrom | None:
    """The record beside ``graded`` an earlier run wrote, or None (none, or not one quizgen wrote)."""
    try:
        data = read_json(Path(graded).parent / record_name(graded), RECORD_BYTES)
    except TooLarge:
        return None
    if not isinstance(data, dict) or data.get("made_by") != "quizgen grade":
        return None
    answers, key, relative = data.get("answers"), data.get("key"), data.get("answers_from_record")
    if not isinstance(answers, str) or not all(isinstance(text, (str, type(None))) for text in (key, relative)):
        return None
    return MadeFrom(answers, key, relative)


def check_made_from(paths: dict, made: MadeFrom, forced_by: str, lead: str) -> list:
    """Refuse (UsageError, exit 2) before anything is written a run whose
    outputs ``paths`` ({role: path}) would replace, with ``made``'s, outputs
    an earlier run made from another answers file (its record, while any of
    them is still there); with ``forced_by`` (the option given, "" for none), the warning
    saying they were replaced, in a list ([] when nothing is replaced). ``lead``: what named the outputs."""
    graded = Path(paths["graded"])
    earlier = earlier_record(graded)
    if earlier is None or made.same_answers(earlier) or not any(Path(p).exists() for p in paths.values()):
        return []
    theirs = f"{_shown(earlier.answers)}" + (f" (key {_shown(earlier.key)})" if earlier.key else "")
    if forced_by:
        return [f"replaced {_shown(graded)} and the outputs named after it, which an earlier run made from "
                f"{theirs}, as {forced_by} asks"]
    raise UsageError(f"{lead}: {_shown(graded)} and the outputs named after it were made from {theirs}, and this "
                     f"run grades {_shown(made.answers)}, whose outputs would replace them; give this one another "
                     "--out (a folder or file name of its own), or pass --replace-outputs to replace them")


def _shown(path) -> str:
    """A path for a one-line message: relative to the working folder when inside it, printable, cut short."""
    text = str(path)
    if Path(text).is_absolute():
        try:
            relative = os.path.relpath(text)
        except ValueError:   # another drive (Windows)
            relative = os.pardir
        text = text if relative.startswith(os.pardir) else relative
    return shortened(printable(text), 120)
