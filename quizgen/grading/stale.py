"""An earlier run's outputs that this run of ``grade`` does not write again
(``--no-html``, another ``--gradebook`` or none): left beside this run's
files, they would contradict them (an old report.html saying 47 where the
new students CSV says 45). Once this run's files are in place, each such
file of the same stem in the same folder is removed when quizgen
recognisably wrote it, and named in one note; one quizgen cannot tell it
wrote is kept, and named in one warning.

Recognisably quizgen's: the HTML report by the generator mark its page
carries (``<meta name="generator" content="quizgen">``), a plain gradebook
by its header (``student_id,name,score,max,percent``), a Moodle gradebook
by its three columns (``ID number`` or ``Email address``, ``Full name``,
the grade item). A Canvas gradebook has the LMS's own header: it is never
removed. Nor is a Moodle one listing students this run does not grade,
which has quizgen's three columns but rows this run does not write: filled
from a ``--gradebook-template`` (the template's students it did not grade,
or its ids that matched only by leading zeros), it is the instructor's
merged column; written without one, by a run that graded other students,
it is that run's column, which the file cannot tell apart. It is kept with
a note when this run's grades written into it change nothing, else with a
warning naming the students. Nor is a link, or any file the run read or
wrote."""

from __future__ import annotations

import csv
import io
import os
from dataclasses import replace
from pathlib import Path

from quizgen.errors import InputFileError
from quizgen.wording import shortened
from quizgen.grading.off_roster import named_few
from quizgen.grading.output_options import GRADEBOOKS, GradeOutputs
from quizgen.grading.outputs import gradebook_text
from quizgen.input_files import SMALL_INPUT_BYTES
from quizgen.lms.gradebook import MOODLE_KEYS, PLAIN_COLUMNS
from quizgen.marking.student_ids import IdMatcher, normalise_id, spreadsheet_decimal, zero_pairs

GENERATOR_MARK = '<meta name="generator" content="quizgen">'
"""The HTML report's mark (templates/report.html.j2), read in its first HEAD_BYTES."""
HEAD_BYTES = 4096
SHOWN = 5
"""How many of the students a kept gradebook lists, not graded, its warning names before "and N more"."""


def remove_stale_outputs(result, outputs: GradeOutputs) -> None:
    """Remove (or warn of) the outputs of an earlier run of the same stem in
    ``result``'s folder that this run did not write; a note names those
    removed, a warning those kept, a note those gradebooks kept for holding
    this run's grades (``outputs``: the run's GradeOutputs).
    Called once this run's files are in place, inside its commit, so while it
    holds the lock on the outputs of this stem: no second run can write one
    of these files between this run's look at it and its removal."""
    graded = result.paths.get("graded")
    if graded is None:
        return
    folder, stem = Path(graded).parent, Path(graded).stem
    written = {Path(path).name for path in result.paths.values()}
    kinds = {f"{stem}-report.html": "html", **{f"{stem}-gradebook-{lms}.csv": lms for lms in GRADEBOOKS}}
    doomed, kept, current, merged = [], [], [], {}
    for name, kind in kinds.items():   # every verdict first: one that fails then has removed nothing
        path = folder / name
        if name in written or not path.is_file() or _is_run_file(path, result.files):
            continue
        if path.is_symlink() or not _written_by_quizgen(path, kind):
            kept.append(name)
            continue
        verdict, others = ("", ()) if kind == "html" else _verdict(path, kind, result, outputs)
        if verdict == "current":
            current.append(name)
        elif verdict:
            merged[name] = others
        else:
            doomed.append(name)
    removed = [name for name in doomed if _removed(folder / name)]
    kept += [name for name in doomed if name not in removed]
    shown = f"{folder}/"
    if removed:
        result.notes.append(f"removed {_names(removed)} in {shown}: written by an earlier run and not by this one, "
                            "so it would contradict this run's files (quizgen removes only files it recognisably "
                            "wrote, by the names grade gives them)")
    if current:
        result.notes.append(f"kept {_names(current)} in {shown}: written by an earlier run, but "
                            f"{'it holds' if len(current) == 1 else 'they hold'} the grades this run gives")
    result.warnings += [_merged_warning(name, shown, others) for name, others in merged.items()]
    if kept:
        result.warnings.append(f"{_names(kept)} in {shown} {'is' if len(kept) == 1 else 'are'} not from this run and "
                               "may contradict its files (kept: quizgen cannot tell it wrote "
                               f"{'it' if len(kept) == 1 else 'them'}); delete or rename before using this run's files")


def _removed(path: Path) -> bool:
    """Whether the file at ``path`` was removed (False: it could not be, and stays)."""
    try:
        path.unlink()
    except OSError:
        return False
    return True


def _merged_warning(name: str, shown: str, others: tuple) -> str:
    """The warning keeping the Moodle gradebook ``name`` (in ``shown``) an
    earlier run wrote, with grades not all this run's, which lists ``others``:
    ``(ids this run does not grade, ids matching this run's only by leading
    zeros, ids this run grades but would not write there: keyed by Email
    address, an id that is no address, or off --roster; ids that are this run's
    but for a spreadsheet's '.0')``, as written; from a
    --gradebook-template or from a run grading other students, which the file cannot tell."""
    unlisted, zeros, graded, point_zero = others
    lists = [f"{len(ids)} {what} ({named_few([_shown(sid) for sid in ids], SHOWN)})"
             for ids, what in ((unlisted, "student(s) this run does not grade"),
                               (zeros, "id(s) matching this run's only by leading zeros"),
                               (graded, "student(s) this run grades but would not write to it"),
                               (point_zero, "id(s) matching this run's once the '.0' a spreadsheet adds is taken "
                                            "off")) if ids]
    return (f"kept {shortened(name)} in {shown}: a Moodle gradebook an earlier run wrote (grading other students, "
            f"or filling a --gradebook-template), listing {' and '.join(lists)}, with grades not all this run's; "
            "to merge this run's grades into it, rename it and grade with --gradebook moodle --gradebook-template "
            "<its new name>; else delete it")


def _shown(student_id: str) -> str:
    """An id as the warning lists it; an empty one named, not shown as nothing."""
    return shortened(student_id) if student_id.strip() else "a row with no id"


def _names(names: list) -> str:
    return ", ".join(shortened(name) for name in names)


def _is_run_file(path: Path, files: dict) -> bool:
    """Whether ``path`` is one of the files the run read or wrote (``files``: GradeResult.files), by name or link."""
    for other in files:
        try:
            if os.path.samefile(path, other):
                return True
        except OSError:
            continue
    return False


def _written_by_quizgen(path: Path, kind: str) -> bool:
    """Whether the file at ``path`` carries quizgen's mark for its ``kind`` (the module's docstring)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(HEAD_BYTES).decode("utf-8", errors="replace")
    except OSError:
        return False
    if kind == "html":
        return GENERATOR_MARK in head
    line = head.removeprefix("\ufeff").splitlines()[:1]
    header = next(csv.reader(line), [])
    if kind == "plain":   # written with the answers file's delimiter
        return any(next(csv.reader(line, delimiter=d), []) == list(PLAIN_COLUMNS) for d in ",;\t")
    return kind == "moodle" and len(header) == 3 and header[0] in MOODLE_KEYS.values() and header[1] == "Full name"


def _verdict(path: Path, kind: str, result, outputs: GradeOutputs) -> tuple:
    """``(verdict, others)``: what to do with the quizgen gradebook of
    ``kind`` at ``path`` (plain, or Moodle): "current" to keep it when it has
    the rows this run would write in it (for Moodle, under the key and grade
    item its header names, or, listing students this run does not grade, when
    this run's grades written into it change nothing), "merged" to keep a
    Moodle file listing students this run does not grade whose grades are
    not this run's, "" to remove it; ``others``: ``(ids this run does not
    grade, ...)`` of the file (``_kinds``), as written (empty unless "merged")."""
    try:
        if path.stat().st_size > SMALL_INPUT_BYTES:
            return "", ()
        rows = _rows(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError, csv.Error):
        return "", ()
    own = replace(outputs, gradebook=kind, gradebook_template=None)
    if kind == "moodle":
        keys = {column: key for key, column in MOODLE_KEYS.items()}
        own = replace(own, gradebook_key=keys[rows[0][0]], gradebook_item=rows[0][2])
    written = _rows(gradebook_text(own, result).text.removeprefix("\ufeff"))   # read as the file is, BOM aside
    if written == rows:
        return "current", ()
    ids = {normalise_id(row[0]) for row in written[1:] if row}
    others = {sid: normal for sid, normal in ((row[0], normalise_id(row[0])) for row in rows[1:] if row)
              if normal not in ids}
    if kind != "moodle" or not others:
        return "", ()
    others = _kinds(others, ids, {normalise_id(student.student_id) for student in result.students})
    try:   # this run's grades, written into it as into a template, change nothing?
        refilled = gradebook_text(replace(own, gradebook_template=str(path)), result)
    except InputFileError:
        return "merged", others
    return ("current", ()) if _rows(refilled.text) == rows else ("merged", others)


def _kinds(others: dict, ids: set, graded: set) -> tuple:
    """The ids of a kept gradebook's rows this run would not write (``others``:
    {id as written: normal id}) as ``(not graded, matching a written id
    (``ids``) only by leading zeros, graded but not written, graded once a
    spreadsheet's '.0' is taken off)``, each as written, in file order."""
    matcher = IdMatcher(graded | ids, decimals=False)
    zeros = zero_pairs({normal for normal in others.values() if normal not in graded}, ids)
    groups = ([], [], [], [])
    for sid, normal in others.items():
        whole = spreadsheet_decimal(normal)
        point_zero = whole is not None and matcher.match(whole) is not None
        groups[3 if point_zero else 2 if normal in graded else 1 if normal in zeros else 0].append(sid)
    return groups


def _rows(text: str) -> list:
    """The rows of gradebook ``text``, a line of empty cells left out (``,,,``, as a spreadsheet may save)."""
    return [row for row in csv.reader(io.StringIO(text, newline="")) if any(cell.strip() for cell in row)]
