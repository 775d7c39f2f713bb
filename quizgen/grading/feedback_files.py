"""The feedback sheets' files (``grade --feedback DIR``): written all at
once with MANIFEST, the list of their names and digests, beside them; a rerun
keeps the sheets of an earlier run for students it writes no sheet for
(another section's, or a student with no answer in this run) and says so, removes those it replaced by another kind and the
figures no sheet shows, but only files still as it wrote them and never one
of the run's own files; and the files of the folder that are not ours
(foreign_stems), whose names no sheet may take."""

from __future__ import annotations

import hashlib
import os
import re
import stat
from pathlib import Path

from quizgen.commit import remove_when_settled
from quizgen.files import FileTable, as_bytes, write_files
from quizgen.grading.feedback_names import index_of, safe_file_names
from quizgen.generation.figures import TITLE
from quizgen.key.exact_check import values_digest

MANIFEST = ".quizgen-sheets"
KEY_LINE = ".key"
"""MANIFEST's line naming the key the sheets were graded against (key_mark): a name with a
leading dot, which no sheet has and which an earlier quizgen's reading of the list skips."""
HEADING = "# Feedback for "
FIGURE_TITLE = f"<title>{TITLE}"
SHEET_EXTS = (".md", ".pdf")
LISTED_EXTS = (*SHEET_EXTS, ".svg", ".csv")   # sheets, their figures and their index (grading/sheet_index)
MAX_FIGURE_BYTES = 1 << 20   # a figure of ours is a few KB; a bigger file is none of them


def write_grade_sheets(result, folder, files: dict, key) -> None:
    """:func:`write_sheet_files` for a grade run graded against ``key``: its notes and warnings
    into ``result``, which is given the folder (``paths["feedback"]``) and the name that
    sheet_index.with_index gave the index among ``files`` (feedback_names.index_of)."""
    result.paths["feedback"] = write_sheet_files(folder, files, result.files, result.notes,
                                                 [t.student_id for t in result.students], result.warnings,
                                                 key_mark(key))
    result.sheet_index = index_of(files)


def key_mark(key) -> str:
    """A short mark of a key (its seed and the digest key.json keeps of its answers): the
    same key gives the same mark, another quiz's or paper's another."""
    mark = hashlib.blake2b(f"{key.seed!r}\x1f{values_digest(key.exact_values())}".encode("utf-8", "surrogatepass"),
                           digest_size=16)
    return mark.hexdigest()


def write_sheet_files(folder, files: dict, keep: dict | None = None, notes: list | None = None,
                      students=(), warnings: list | None = None, key: str = "") -> Path:
    """Write the sheets ``{name: text or bytes}`` into ``folder`` atomically,
    with MANIFEST listing their names and digests, then remove the sheets an
    earlier run listed there that this run replaced by another kind (Markdown
    sheets by PDFs) and the figures no sheet shows any more. A sheet an earlier
    run wrote for a student this run writes no sheet for (another section's,
    graded before, or any student with no answer in this run) is kept, as the
    gradebook keeps an earlier grade; one note in ``notes`` counts them
    (kept_sheets), but those of this run's ``students`` (ids: on its key or
    roster, given no sheet now, as missing) are named in a warning in
    ``warnings`` instead: their sheet holds a score no report of this run has,
    and a folder mailed as it stands would send it. A listed file is removed or
    kept only while it is still the sheet quizgen wrote (_still_ours) and is
    none of the run's files ``keep`` (GradeResult.files: a file put under a
    sheet's name since, such as the answers this run read, stays). Nothing
    else in the folder is touched; names are compared ignoring case, as a
    case-insensitive file system would. ``key``: the key's mark (key_mark), kept in
    MANIFEST; sheets an earlier run wrote against another key that this run replaces
    (rewritten, or removed for a sheet of the other format) are counted in a note (other_key_note)."""
    folder, table = Path(folder), FileTable(keep or {})
    lines = _manifest_lines(folder / MANIFEST)
    listed, before = _listed(lines), _listed_key(lines)
    earlier = {name: digest for name, digest in listed.items()
               if table.find(folder / name) is None and _still_ours(folder / name, digest)}
    kept = kept_sheets(folder, files, earlier)
    files = {name: content for name, content in files.items() if name not in kept}
    written = {name.casefold() for name in [*files, *kept]}
    bare = [name for name, digest in listed.items() if digest is None and name.casefold() not in written
            and os.path.lexists(folder / name) and table.find(folder / name) is None]
    listing = "".join(f"{name}\t{_digest(as_bytes(content))}\n" for name, content in files.items())
    listing += "".join(f"{name}\t{earlier[name]}\n" for name in kept) + "".join(f"{name}\t\n" for name in bare)
    write_files(folder, {**files, MANIFEST: listing + (f"{KEY_LINE}\t{key}\n" if key else "")})
    replaced = [name for name in earlier if name.endswith(SHEET_EXTS) and name not in kept]   # either format
    if notes is not None and key and before not in (None, key) and replaced:
        notes.append(other_key_note(folder, replaced, sum(name.endswith(SHEET_EXTS) for name in kept)))
    for name in earlier:
        if name.casefold() not in written:
            remove_when_settled(folder / name)   # once the run's other outputs are in place too
    ours = {stem.casefold() for stem in safe_file_names(list(students))}
    stale = {name: True for name in kept if name.endswith(SHEET_EXTS) and Path(name).stem.casefold() in ours}
    if warnings is not None and stale:
        warnings.append(stale_warning(stale))
        kept = {name: True for name in kept if name not in stale}
    if notes is not None:
        notes.extend(kept_note(kept) for _ in range(any(name.endswith(SHEET_EXTS) for name in kept)))
        notes.extend(undigested_note(bare) for _ in range(bool(bare)))
    return folder


def kept_sheets(folder: Path, files: dict, earlier: dict) -> dict:
    """``{name: True}`` of the earlier run's sheets (``earlier``: listed and
    still ours) to keep, in name order: those of students given no sheet of
    any kind this run (a student who gave no answer in this run gets none),
    and the figures a kept Markdown sheet shows that this run
    does not write."""
    stems = {Path(name).stem.casefold() for name in files if name.endswith(SHEET_EXTS)}
    kept = {name: True for name in sorted(earlier)
            if name.endswith(SHEET_EXTS) and Path(name).stem.casefold() not in stems}
    shown = {figure for name in kept if name.endswith(".md") for figure in _figures(folder / name)}
    kept.update((name, True) for name in sorted(earlier) if name in shown and name not in files)
    return kept


def kept_note(kept: dict, limit: int = 5) -> str:
    """The note counting the earlier sheets kept (kept_sheets), naming the first ``limit``."""
    sheets = [name for name in kept if name.endswith(SHEET_EXTS)]
    more = f" and {len(sheets) - limit} more" if len(sheets) > limit else ""
    return (f"{len(sheets)} feedback sheet(s) an earlier run wrote in the feedback folder are kept, for students "
            "this run has no answers for (another section's, graded before?): " + ", ".join(sheets[:limit]) + more
            + "; delete them by hand if they are stale")


def other_key_note(folder: Path, replaced: list, kept: int, limit: int = 5) -> str:
    """The note counting the sheets an earlier run wrote against another key that this run
    replaced, of either format (names as MANIFEST lists them), and the sheets of that run kept."""
    more = f" and {len(replaced) - limit} more" if len(replaced) > limit else ""
    also = f"; the folder keeps {kept} other sheet(s) of earlier runs, for students this run has no answers for" \
        if kept else ""
    return (f"{len(replaced)} feedback sheet(s) in {folder} that an earlier run wrote against another key (another "
            f"quiz's or paper's) are replaced by this run's: {', '.join(replaced[:limit])}{more}{also}; grade each "
            "quiz into a feedback folder of its own")


def undigested_note(names: list, limit: int = 5) -> str:
    """The note naming the files MANIFEST lists without a digest, which are kept:
    a bare name cannot tell that the file is still the one quizgen wrote."""
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return (f"{len(names)} file(s) the feedback folder's list of sheets ({MANIFEST}) names without a digest "
            "are kept, as quizgen cannot tell they are still as it wrote them: " + ", ".join(names[:limit]) + more
            + "; delete them by hand if they are stale")


def stale_warning(stale: dict, limit: int = 5) -> str:
    """The warning naming the earlier sheets kept for students of this run who get no sheet now."""
    sheets = list(stale)
    more = f" and {len(sheets) - limit} more" if len(sheets) > limit else ""
    return (f"{len(sheets)} feedback sheet(s) an earlier run wrote in the feedback folder are kept for students "
            "this run has on its key or roster but no answer from (missing, scored 0 in its reports): "
            + ", ".join(sheets[:limit]) + more + "; each shows that earlier run's score: keep them if that run "
            "graded these students (another batch), else (an id changed since?) delete them before sending the folder")


def _text(path: Path) -> str:
    """A sheet's text ("" for a PDF or one that cannot be read)."""
    if path.suffix != ".md":
        return ""
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


def _figures(path: Path) -> set:
    """The figure files a Markdown sheet links to (``![...](Q1-figure.svg)``), plain names only."""
    return {m for m in re.findall(r"\]\(([^()/\\]+\.svg)\)", _text(path)) if not m.startswith(".")}


def _digest(data: bytes) -> str:
    """A sheet's fingerprint as MANIFEST lists it: its BLAKE2b digest (16 bytes, hex)."""
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _still_ours(path: Path, digest: str | None) -> bool:
    """Whether the listed sheet ``path`` is still a regular file holding what
    quizgen wrote, by its digest. A name listed without one (by hand, or by a
    run before digests were kept) is never ours: it licenses no removal, as
    any PDF, or a note saved under a sheet's name, would pass a look at its start."""
    if digest is None:
        return False
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
        found = hashlib.blake2b(digest_size=16)
        with open(path, "rb") as handle:
            for chunk in iter(lambda: handle.read(1 << 20), b""):
                found.update(chunk)
    except OSError:
        return False
    return found.hexdigest() == digest


def _file_text(path: Path) -> str | None:
    """A small file's text, None when it cannot be read as UTF-8 (or is too big to be a figure of ours)."""
    try:
        if path.stat().st_size > MAX_FIGURE_BYTES:
            return None
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def foreign_stems(folder, ext: str, texts=None, sheets=()) -> frozenset:
    """The casefolded stems of the files in the feedback ``folder`` ending in
    ``ext`` that are not ours (not listed by an earlier run and still as it
    wrote them, nor a Markdown sheet by its heading): the graded outputs, a
    quiz's problems.md, the instructor's notes.md or drawing.svg, a file put
    under a listed sheet's name since, which no sheet or figure may replace.
    Given ``texts`` (the figures this run writes), also those whose text is none
    of them: an earlier run's figure of another paper, which a sheet kept for
    another section still shows, is never rewritten with this paper's numbers;
    one this run would write as it is may keep its name, and so may one this run
    removes (_removed: no sheet kept beside this run's ``sheets`` shows it). The
    folder is listed once."""
    folder = Path(folder)
    try:
        files = [p for p in folder.iterdir() if p.suffix.casefold() == ext and not p.name.startswith(".")]
    except OSError:   # no folder yet (or none to read): nothing to keep clear of
        return frozenset()
    lines = _manifest_lines(folder / MANIFEST)
    listed = {name.casefold(): digest for name, digest in _listed(lines).items()}
    taken = {p.stem.casefold() for p in files if _not_ours(p, listed)}
    if texts is not None:
        ours = set(texts)
        drawn = [p for p in files if p.stem.casefold() not in taken and _file_text(p) not in ours]
        removed = _removed(folder, drawn, _listed(lines), sheets) if drawn else set()
        taken.update(p.stem.casefold() for p in drawn if p.name.casefold() not in removed)
    return frozenset(taken)


def _removed(folder: Path, figures: list, listed: dict, sheets) -> set:
    """The casefolded names of the ``figures`` (paths) a run writing the sheets of stems ``sheets``
    removes (write_sheet_files): listed (``listed``: MANIFEST's names) with their digest still
    matching, and shown by no listed Markdown sheet of another stem, which the run keeps."""
    stems = {stem.casefold() for stem in sheets}
    shown = {figure.casefold() for name in listed if name.endswith(".md") and Path(name).stem.casefold() not in stems
             for figure in _figures(folder / name)}
    digests = {name.casefold(): digest for name, digest in listed.items()}
    return {p.name.casefold() for p in figures if p.name.casefold() not in shown
            and _still_ours(p, digests.get(p.name.casefold()))}


def _not_ours(path: Path, listed: dict) -> bool:
    """Whether ``path`` is neither a sheet or figure by its start, nor one that ``listed``
    (MANIFEST's ``{casefolded name: digest}``) names and still as it was written."""
    name = path.name.casefold()
    return not _old_sheet(path) and not (name in listed and _still_ours(path, listed[name]))


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


def _manifest_lines(manifest: Path) -> list:
    """MANIFEST's lines, read once for its sheets and its key mark; none when it is absent or unreadable."""
    try:
        return manifest.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return []


def _listed_key(lines: list) -> str | None:
    """The key mark MANIFEST's ``lines`` keep (KEY_LINE), or None: no MANIFEST, or one a run before marks
    were kept wrote."""
    return next((line.partition("\t")[2].strip() for line in lines if line.startswith(f"{KEY_LINE}\t")), None)


def _listed(lines: list) -> dict:
    """``{name: digest or None}`` of the sheets an earlier run wrote, as
    MANIFEST's ``lines`` list them, one ``name<TAB>digest`` a line (a bare name, from a
    run before digests were kept or typed by hand: None, which licenses nothing). Plain names only: nothing with a path
    separator or a leading dot is ever removed. (``.csv``: the sheets' index, grading/sheet_index.)"""
    listed = {}
    for line in lines:
        n, _, digest = line.partition("\t")
        if n and not n.startswith(".") and "/" not in n and "\\" not in n and n.endswith(LISTED_EXTS):
            listed[n] = digest.strip() or None
    return listed
