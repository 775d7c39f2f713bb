"""How grade's summary names the file it read: an answers file's form,
delimiter and encoding; for a Moodle or Canvas download graded directly, the
download's own kind, delimiter and encoding, not those of the long answers
file quizgen built from it (lms_input.py)."""

from __future__ import annotations

from pathlib import Path

from quizgen.grading.paths import ANSWERS_ROLE

DOWNLOAD_KINDS = {"moodle": "a Moodle Responses download", "canvas": "a Canvas Student Analysis download"}


def separator_named(delimiter: str) -> str:
    """A delimiter as the summary names it: ``','``, ``';'``, ``tab``."""
    return {",": "','", ";": "';'", "\t": "tab"}.get(delimiter, repr(delimiter))


def answers_read_as(result) -> str:
    """``wide form, ';'-separated, cp1252``: the answers file a GradeResult read, as the summary describes it."""
    return f"{result.form} form, {separator_named(result.delimiter)}-separated, {result.encoding}"


def download_read_as(kind: str, delimiter: str | None, encoding: str | None) -> str:
    """``a Moodle Responses download, ';'-separated, cp1252``: an LMS download as the summary
    describes it (what was not found out left out)."""
    said = [DOWNLOAD_KINDS.get(kind, "an LMS download")]
    said += [f"{separator_named(delimiter)}-separated"] if delimiter else []
    return ", ".join(said + ([encoding] if encoding else []))


def spreadsheet_signs(delimiter: str | None, encoding: str | None, sep_line: bool | None) -> str:
    """What shows that a spreadsheet saved an LMS download again (``';'-separated,
    cp1252, with Excel's sep= line``), or "" for none: Moodle and Canvas write
    their CSV downloads ``,``-separated in UTF-8, with no ``sep=`` line."""
    said = [f"{separator_named(delimiter)}-separated"] if delimiter and delimiter != "," else []
    said += [encoding] if encoding and not encoding.replace("_", "-").lower().startswith("utf-8") else []
    return ", ".join(said + (["with Excel's sep= line"] if sep_line else []))


def answers_named(result, cell) -> str:
    """How report.md names the answers a GradeResult graded, each name made a cell by ``cell``: the
    file and its form, or for an LMS download the download as the summary names it and the
    long file built from it (not the built file alone)."""
    download = next((path for path, role in result.files.items() if role == ANSWERS_ROLE), None)
    if result.read_as and download is not None:
        return (f"{cell(Path(download).name)} ({cell(result.read_as)}; graded as "
                f"{cell(result.answers_path.name)})")
    return f"{cell(result.answers_path.name)} ({result.form} form)"
