"""The export key ``grade`` reads a Moodle or Canvas download's variant codes
back through when no ``--key`` is given: the key file ``quizgen export`` writes
beside its default ``--out`` (``questions-key.json`` for Moodle,
``quiz-key.json`` for Canvas: lms.exportkey.DEFAULT_KEY_NAMES), looked for as
key.json is for an answers file (key_index.key_candidates): beside the
download, then in the working directory, then in ./quiz. A key of
another export cannot grade in silence: each code is keyed by the export's
secret, so a code the key does not know stops the run naming its row."""

from __future__ import annotations

from pathlib import Path

from quizgen.errors import UsageError
from quizgen.grading.key_index import found_keys, key_shown
from quizgen.lms.exportkey import DEFAULT_KEY_NAMES, coded_rows


def export_keys_found(download, kind: str | None) -> list:
    """The export key files of the LMS ``kind`` ("moodle", "canvas") found for the
    download at ``download``, in the order they are looked for; none for another kind."""
    return found_keys(Path(download), DEFAULT_KEY_NAMES[kind]) if kind in DEFAULT_KEY_NAMES else []


def export_key_for(download, kind: str, rows: list, found: list, notes: list | None) -> Path | None:
    """The export key to read the download's ``rows`` (ResponseRow) through, no --key given:
    the first of ``found`` (export_keys_found), with a note naming it (and any other found,
    not used) added to ``notes``; None when no row names its variant by code (an older
    export's tags name their seed labels); refused in one line when some does and none was found."""
    if not coded_rows(rows):
        return None
    download, name = Path(download), DEFAULT_KEY_NAMES.get(kind, "questions-key.json")
    if not found:
        raise UsageError(f"{download.name}: its questions name their variants by code, and no --key was given nor "
                         f"{name} (the key file quizgen export {kind} writes beside its default --out) found beside "
                         "it, in the working directory or in ./quiz: pass the key file quizgen export wrote "
                         "beside the questions with --key")
    others = [key_shown(path, download) for path in found[1:]]
    unused = f"; {' and '.join(others)} also found, not used (pass --key to choose)" if others else ""
    if notes is not None:
        notes.append(f"{download.name}: its variant codes were read back through {key_shown(found[0], download)}, "
                     f"the export key found (no --key given; {name} looked for beside the download, then in the "
                     f"working directory, then in ./quiz){unused}")
    return found[0]


def found_key_refusal(exc, found: list, download) -> str:
    """The line of ``exc``, a refusal of the export key found (``found[0]``; no
    --key given), saying that it was found, not given, and naming the others found."""
    others = [key_shown(path, Path(download)) for path in found[1:]]
    also = f"; also found: {', '.join(others)}" if others else ""
    return (f"{str(exc).removeprefix('--key ')} ({found[0]} was found, not given: no --key{also}; "
            "pass --key with the key file quizgen export wrote beside these questions)")
