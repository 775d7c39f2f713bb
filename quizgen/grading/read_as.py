"""How grade's summary names the file it read: an answers file's form,
delimiter and encoding; for a Moodle or Canvas download graded directly, the
download's own kind, delimiter and encoding, not those of the long answers
file quizgen built from it (lms_input.py)."""

from __future__ import annotations

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
