"""The feedback sheets' files (``grade --feedback DIR``): written all at
once with MANIFEST, the list of their names and digests, beside them; a rerun
removes the sheets of the earlier run it did not write again, but only those
still as it wrote them and never one of the run's own files; and the files of
the folder that are not ours (foreign_stems), whose names no sheet may take."""

from __future__ import annotations

import hashlib
import os
import stat
from pathlib import Path

from quizgen.commit import remove_when_settled
from quizgen.files import FileTable, as_bytes, write_files
from quizgen.generation.figures import TITLE

MANIFEST = ".quizgen-sheets"
HEADING = "# Feedback for "
FIGURE_TITLE = f"<title>{TITLE}"


def write_sheet_files(folder, files: dict, keep: dict | None = None) -> Path:
    """Write the sheets ``{name: text or bytes}`` into ``folder`` atomically,
    with MANIFEST listing their names and digests, then remove the sheets an
    earlier run listed there that this run did not write again (a student no
    longer in the answers, Markdown sheets replaced by PDFs), so the folder
    never mixes old sheets with new ones. A listed file is removed only while
    it is still the sheet quizgen wrote (_still_ours) and is none of the run's
    files ``keep`` (GradeResult.files: a file put under a sheet's name since,
    such as the answers this run read, stays). Nothing else in the folder is
    touched; names are compared ignoring case, as a case-insensitive file system would."""
    folder = Path(folder)
    earlier = _listed(folder / MANIFEST)
    listing = "".join(f"{name}\t{_digest(as_bytes(content))}\n" for name, content in files.items())
    write_files(folder, {**files, MANIFEST: listing})
    kept, run_files = {name.casefold() for name in files}, FileTable(keep or {})
    for name, digest in earlier.items():
        path = folder / name
        if name.casefold() not in kept and run_files.find(path) is None and _still_ours(path, digest):
            remove_when_settled(path)   # once the run's other outputs are in place too
    return folder


def _digest(data: bytes) -> str:
    """A sheet's fingerprint as MANIFEST lists it: its BLAKE2b digest (16 bytes, hex)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _still_ours(path: Path, digest: str | None) -> bool:
    """Whether the listed sheet ``path`` is still a regular file holding what
    quizgen wrote: its digest, or for a list from before digests were kept,
    a sheet or figure by its start (_old_sheet) or a PDF by its signature."""
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        if digest is None:
            return _old_sheet(path) or (path.suffix == ".pdf" and _starts(path, b"%PDF-"))
        found = hashlib.blake2b(digest_size=16)
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                found.update(chunk)
    except OSError:
        return False
    return found.hexdigest() == digest


def foreign_stems(folder, ext: str) -> frozenset:
    """The casefolded stems of the files in the feedback ``folder`` ending in
    ``ext`` that are not ours (not listed by an earlier run and still as it
    wrote them, nor a Markdown sheet by its heading): the graded outputs, a
    quiz's problems.md, the instructor's notes.md or drawing.svg, a file put
    under a listed sheet's name since, which no sheet or figure may replace."""
    folder = Path(folder)
    try:
        files = [p for p in folder.iterdir() if p.suffix.casefold() == ext and not p.name.startswith(".")]
    except OSError:   # no folder yet (or none to read): nothing to keep clear of
        return frozenset()
    listed = {name.casefold(): digest for name, digest in _listed(folder / MANIFEST).items()}
    return frozenset(p.stem.casefold() for p in files if not _old_sheet(p)
                     and not (p.name.casefold() in listed and _still_ours(p, listed[p.name.casefold()])))


def _old_sheet(path: Path) -> bool:
    """Whether ``path`` is a Markdown feedback sheet (by its first line) or a
    sheet's figure (by the loss curve's title on its second line)."""
    mark = {".md": HEADING, ".svg": FIGURE_TITLE}.get(path.suffix)
    if mark is None or not path.is_file():
        return False
    try:
        with open(path, encoding="utf-8", errors="replace") as handle:
            start = handle.read(len(mark)) if mark is HEADING else handle.readline() and handle.readline()
    except OSError:
        return False
    return start.startswith(mark)


def _starts(path: Path, signature: bytes) -> bool:
    """Whether the file at ``path`` begins with ``signature``."""
    with open(path, "rb") as handle:
        return handle.read(len(signature)) == signature


def _listed(manifest: Path) -> dict:
    """``{name: digest or None}`` of the sheets an earlier run wrote, as
    MANIFEST lists them, one ``name<TAB>digest`` a line (a bare name: from a
    run before digests were kept). Plain names only: nothing with a path
    separator or a leading dot is ever removed."""
    try:
        lines = manifest.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    listed = {}
    for line in lines:
        n, _, digest = line.partition("\t")
        if n and not n.startswith(".") and "/" not in n and "\\" not in n and n.endswith((".md", ".pdf", ".svg")):
            listed[n] = digest.strip() or None
    return listed
