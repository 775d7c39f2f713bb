"""Feedback sheets' file names: safe on every system, unique ignoring case,
independent of the order of the answers, and never the name of another file
the run reads or writes (a student ``ans-graded-report`` beside the class
report ``ans-graded-report.md`` gets ``ans-graded-report-2.md``, said in a note)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from quizgen.wording import first_few, shortened
from quizgen.file_names import NAME_LIMIT, plain_letters

INDEX_STEM = "index"
INDEX_EXT = ".csv"
_INDEX_NAME = re.compile(rf"{INDEX_STEM}(?:-[1-9][0-9]*)?{re.escape(INDEX_EXT)}")
_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
# Names Windows keeps for devices, with any extension: a sheet called CON.md cannot be made there
_WINDOWS_DEVICES = frozenset(["con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)),
                              *(f"lpt{n}" for n in range(1, 10))])


def safe_file_names(ids: list, reserved=frozenset()) -> list:
    """A file name stem per student id: letters, digits, ``. _ -`` only, a
    letter with a plain ASCII form written so (``Zoë`` gives ``Zoe``: file_names.plain_letters; no
    path separator, no leading dot, and no leading ``-``, which ``rm *`` in the
    folder would read as an option), at most NAME_LIMIT characters, never a
    Windows device name (``CON`` becomes ``CON_``), and no two alike even
    ignoring case. Names do not depend on the order of the answers: an id that
    is already a safe name keeps it, and the others, in the order of their ids,
    take the name or, when it is taken, add ``-2``, ``-3`` ... (``a_b`` is
    always ``a_b.md``; ``a/b`` then ``a_b-2.md``). ``reserved``: casefolded
    stems already used by other files, never given."""
    stems = [_safe_stem(student_id) for student_id in ids]
    names, taken = [None] * len(ids), set(reserved)
    own = [n for n, (i, stem) in enumerate(zip(ids, stems)) if i == stem]
    for n in own + sorted(set(range(len(ids))) - set(own), key=lambda n: (ids[n], n)):
        name, k = stems[n], 1
        while name.casefold() in taken:
            k += 1
            name = f"{stems[n]}-{k}"
        taken.add(name.casefold())
        names[n] = name
    return names


def _safe_stem(student_id: str) -> str:
    """``student_id`` made a safe file name stem (safe_file_names), clashes aside."""
    stem = _UNSAFE.sub("_", plain_letters(student_id)).lstrip("._-").rstrip("._")[:NAME_LIMIT] or "student"   # no leading -: rm *
    first, dot, rest = stem.partition(".")
    if first.casefold() in _WINDOWS_DEVICES:   # CON.1 is a device too: mark the part before the dot
        stem = f"{first}_{dot}{rest}"
    return stem


def index_of(files) -> str:
    """The name of the feedback folder's index among the names ``files`` (the sheets that
    sheet_index.with_index gave theirs: ``index.csv``, or ``index-2.csv`` ...), "" when none."""
    return next((name for name in files if _INDEX_NAME.fullmatch(name)), "")


def run_stems(files: dict, folder, ext: str) -> dict:
    """``{casefolded stem: role}`` of the run's ``files`` (run_files) in the
    feedback ``folder`` ending in ``ext``: names no sheet may take, though
    the outputs do not exist yet (``--feedback .`` beside the class report)."""
    folder = Path(folder)
    return {Path(path).stem.casefold(): role for path, role in files.items()
            if Path(path).suffix.casefold() == ext and _same_folder(Path(path).parent, folder)}


def _same_folder(one: Path, other: Path) -> bool:
    """Whether two folder paths are one folder (through links), existing or not."""
    try:
        return os.path.samefile(one, other)
    except OSError:
        return Path(os.path.abspath(one)) == Path(os.path.abspath(other))


def renamed_note(ids: list, stems: list, own: dict, ext: str) -> list:
    """A note (in a list, or none) naming the sheets given another name
    because theirs is one of the run's own files (run_stems ``own``)."""
    natural = safe_file_names(ids)
    moved = [f"{shortened(i)} -> {shortened(stem)}{ext} ({shortened(want)}{ext} is {own[want.casefold()]})"
             for i, stem, want in zip(ids, stems, natural) if want.casefold() in own and stem != want]
    if not moved:
        return []
    return [f"{len(moved)} feedback sheet(s) named otherwise, as their student's own name is a file this run "
            f"reads or writes: {first_few(moved)}"]
