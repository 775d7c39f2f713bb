"""``quizgen review``: the overrides file to fill in after a grade. From the
graded.csv ``grade`` wrote, one line per answer that needs a person
(``needs_review``; with ``also``, the imprecise, ECF or invalid answers too):
the student, question and part, the answer as written, how it was graded,
why, the expected answer, and empty ``share``, ``status`` and ``comment``
cells. Filled in (a share of the part's marks: ``1``, ``0.5``, ``50%``) and
given back to ``grade --overrides``, each line decides its part for that very
answer (the ``answer`` column: grading/override_answers.py); a line left
empty decides nothing (marking/overrides.py), so the file may be handed back
half done. Its columns other than the overrides' own are read past."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path

from quizgen.byte_order import bom_encoding, unmarked_utf16
from quizgen.cells import spreadsheet_safe, unguard
from quizgen.csv_input import (ALIASES, FALLBACK_ERRORS, GuardedReader, csv_problem, find_column, header_shown,
                               norm_header)
from quizgen.errors import InputFileError, UsageError
from quizgen.wording import printable, thousands
from quizgen.files import out_is_folder, refuse_clashes, write_file
from quizgen.out_option import default_output_folder, refuse_empty_out
from quizgen.grading.graded_as import COLUMN as GRADED_AS
from quizgen.grading.outcome import RESULT_COLUMNS
from quizgen.grading.review_merge import merged_review
from quizgen.grading.review_names import names_beside, with_names
from quizgen.input_files import open_input
from quizgen.question_ids import paper_order
from quizgen.roster import name_columns, name_in
from quizgen.key.status import Status

HEADER = ("student_id", "name", "question_id", "part", "answer", "graded_status", "grader_reason", "expected",
          "share", "status", "comment")
"""The review file's columns: the overrides' own (student_id, question_id, part, answer, share, status,
comment) and, for the person deciding, the name, how and why the grader graded the answer and the
expected answer, under names the overrides reader takes for none of its columns."""
KINDS = ("needs_review", "invalid", "imprecise", "ecf")
"""What a line is there for, in the file's order: ``needs_review`` always, the others when asked (``also``)."""
ALSO = KINDS[1:]
HEADER_MOST = 4 << 20   # characters of graded.csv's header line read at most (an answers header's limit)


@dataclass
class Review:
    """What ``write_review`` did: the file written (None when no answer needed a
    person, and nothing was written) and how many lines of each kind it holds."""

    path: Path | None
    counts: dict = field(default_factory=dict)
    added_to: bool = False   # the file was there (review_merge.py): ``counts`` are the lines added to it

    def summary(self, graded) -> str:
        """The line ``quizgen review`` prints."""
        if self.path is None:
            return f"No answer in {printable(str(graded))} needs a person: nothing to review, no file written."
        kinds = ", ".join(f"{count} {kind}" for kind, count in self.counts.items())
        path = printable(str(self.path))
        if self.added_to and not self.counts:
            return (f"{path} already lists every answer in {printable(str(graded))} that needs a person: nothing "
                    "added, the file left as it was.")
        if self.added_to:
            return (f"Added {sum(self.counts.values())} answer(s) to decide ({kinds}) to {path}, below its lines "
                    f"(kept as they were). Fill in the share column of the new lines, then grade again with "
                    f"--overrides {path}")
        return (f"Wrote {path}: {sum(self.counts.values())} answer(s) to decide ({kinds}). Fill in the share "
                f"column (1, 0.5, 50%; a line whose share, status and comment are left empty decides nothing), "
                f"then grade again with --overrides {path}")


def write_review(graded, out=None, also=()) -> Review:
    """Write the overrides file to fill in for the graded.csv at ``graded``
    (``<stem>-review.csv`` beside it, or ``out``: a file or a folder), one line per
    ``needs_review`` answer and per answer of the kinds in ``also`` (of ALSO).
    An existing review file is never replaced (it may hold decisions): the
    answers it does not list yet are added to it (review_merge.py).

    Example: ``write_review("answers-graded.csv", also=("imprecise",))``"""
    graded = Path(graded)
    target = review_path(graded, out)
    refuse_clashes({target: "the review file"}, {graded: "the graded file it reads"}, f"--out {out}",
                   "choose another --out")
    unknown = sorted(set(also) - set(ALSO))
    if unknown:
        raise UsageError(f"--also {unknown[0]}: expected one of {', '.join(ALSO)}")
    delimiter, lines = review_lines(graded, {"needs_review", *also})
    lines = with_names(lines, names_beside(graded))
    if target.exists():
        text, lines = merged_review(target, HEADER, lines)
        return Review(target if text is None else write_file(target, text), _counts(lines), added_to=True)
    if not lines:
        return Review(None)
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter)
    writer.writerow(HEADER)
    writer.writerows([spreadsheet_safe(cell) for cell in cells] for _, cells in lines)
    return Review(write_file(target, "\ufeff" + buffer.getvalue()), _counts(lines))


def _counts(lines: list) -> dict:
    """How many of ``lines`` ((kind, cells)) are of each kind, in KINDS' order, kinds with none left out."""
    counts = {kind: sum(line[0] == kind for line in lines) for kind in KINDS}
    return {kind: count for kind, count in counts.items() if count}


def review_path(graded: Path, out) -> Path:
    """Where the review file goes: ``out``, a folder's ``<stem>-review.csv`` (a new name with no
    table's extension is a folder, as for grade: files.out_is_folder), or that beside ``graded``."""
    refuse_empty_out(out, "review")
    name = f"{graded.stem}-review.csv"
    if out is None:
        return default_output_folder(graded) / name
    return Path(out) / name if out_is_folder(out, bare_name_too=True) else Path(out)


def review_lines(graded: Path, kinds: set) -> tuple:
    """``(delimiter, lines)``: graded.csv's delimiter and, for each row of one of
    ``kinds``, ``(kind, cells)``, the cells read back as written (the formula guard
    taken off: it is put back on writing); in KINDS' order, then a part's answers
    together, parts in paper order (Q7 (a), whose answer a later part may be worked
    from, before Q7 (b)), so that one part's answers are decided alike and in turn."""
    try:
        handle = open_input(graded, "graded")
    except OSError as exc:
        raise InputFileError(f"{graded}: cannot read the graded file: {exc.strerror or exc}") from exc
    with io.TextIOWrapper(handle, encoding=_encoding(graded, handle), errors=FALLBACK_ERRORS, newline="") as text:
        first = text.readline(HEADER_MOST)
        delimiter, columns = graded_columns(graded, first)
        reader = GuardedReader(chain([first], text), delimiter, 0, f"{graded}: ", skip_spaces=False)
        lines = []
        try:
            next(reader)
            for number, row in enumerate(reader):
                _refuse_unwritten(graded, reader.line_num, row, columns)
                line = review_line(row, columns, kinds)
                if line is not None:
                    lines.append((KINDS.index(line[0]), paper_order(*line[1][2:4]), number, line[1]))
        except csv.Error as exc:
            raise InputFileError(f"{graded}: line {reader.line_num}: {csv_problem(exc)}") from exc
    return delimiter, [(KINDS[rank], cells) for rank, _, _, cells in sorted(lines)]


STATUSES = frozenset(status.value for status in Status)


def _refuse_unwritten(graded: Path, line: int, row: list, columns: dict) -> None:
    """Refuse a row grade cannot have written: cut short or grown (a cell count
    other than the header's), or a status that is none of grade's. Read past, such a row's
    answer would be left out of the file to fill in without a word."""
    width = columns["note"] + 1   # the header's cells: the result columns come last
    if len(row) != width:
        raise InputFileError(f"{graded}: line {line}: {len(row)} cells where the header has {width}; "
                             "expected a row of the graded file quizgen grade wrote, whole")
    status = unguard(row[columns["status"]])
    if status not in STATUSES:
        raise InputFileError(f"{graded}: line {line}: status {printable(status[:40])!r} is none grade writes; expected "
                             f"one of {', '.join(sorted(STATUSES))}")


def _encoding(graded: Path, handle) -> str:
    """graded.csv's encoding: UTF-8 as grade writes it, or UTF-16 or UTF-32 by its byte-order mark
    (saved again as Excel's "Unicode text", which grade and --overrides read too); UTF-16 with no mark is refused naming it."""
    head = handle.peek(200)[:200]
    if unmarked_utf16(head) and not bom_encoding(head):
        handle.close()
        raise InputFileError(f"{graded}: line 1: it looks like UTF-16 without a byte-order mark; save it as UTF-8, "
                             "as grade writes it, or as UTF-16 with its byte-order mark")
    return bom_encoding(head) or "utf-8-sig"


def _header_cells(first: str, delimiter: str) -> list:
    """The cells of header line ``first``, none when it is no CSV line (a cell over the csv
    module's limit: a 3 MB line of NULs is no graded file's header)."""
    try:
        return next(csv.reader([first], delimiter=delimiter), [])
    except csv.Error:
        return []


def _found(first: str) -> str:
    """What a refused header line holds, for its message."""
    cells = _header_cells(first, ",")
    return header_shown(cells) if cells or not first.strip() else f"a line of {thousands(len(first))} characters"


def graded_columns(graded: Path, first: str) -> tuple:
    """``(delimiter, {role: column})`` of a graded.csv's header line ``first``: its
    last columns are grade's results (RESULT_COLUMNS), after graded_as when it has
    one; the student, question, part, answer and name columns are found as an answers
    file's are (the name by the roster's rule, roster.name_columns: a whole name, or
    first and last name columns, as a Moodle download or a roster gives them: the
    ``name`` role is a tuple of columns). Anything else is refused in one line."""
    for delimiter in (",", ";", "\t", "|"):
        header = _header_cells(first, delimiter)
        if tuple(cell.strip() for cell in header[-len(RESULT_COLUMNS):]) == RESULT_COLUMNS:
            break
    else:
        raise InputFileError(f"{graded}: line 1: expected the header of a graded file quizgen grade wrote, ending "
                             f"with the columns {', '.join(RESULT_COLUMNS)}; found {_found(first)}")
    results = len(header) - len(RESULT_COLUMNS)
    given = header[:results]
    columns = {name: results + n for n, name in enumerate(RESULT_COLUMNS)}
    columns["graded_as"] = results - 1 if given and given[-1].strip() == GRADED_AS else None
    names = [norm_header(cell) for cell in given[:results - (columns["graded_as"] is not None)]]
    columns.update({role: find_column(names, ALIASES[role]) for role in ("student", "question", "part", "answer")})
    columns["name"] = name_columns(names, {columns[role] for role in ("student", "question", "part", "answer")}).read
    missing = [role for role in ("student", "question", "answer") if columns[role] is None]
    if missing:
        raise InputFileError(f"{graded}: line 1: no {missing[0]} column among the answers' columns "
                             f"({header_shown(given)}): is it the graded file quizgen grade wrote?")
    return delimiter, columns


def review_line(row: list, columns: dict, kinds: set):
    """``(kind, cells)`` of a graded row one of ``kinds`` asks a person to look at, or None:
    an answer ``needs_review``, ``invalid`` (not one graded against no question), ``imprecise``
    or marked by ECF; never one an override decided (note ``override``) nor one superseded."""
    def cell(role):
        at = columns[role]
        return unguard(row[at]) if at is not None and at < len(row) else ""

    status, note = cell("status"), cell("note")
    kind = "ecf" if note == "ecf" and status != Status.NEEDS_REVIEW else status
    if kind not in kinds or note == "override" or (kind == Status.INVALID and not (cell("student") and cell("question"))):
        return None
    student = cell("graded_as") or cell("student")
    graded_as = f"{status} ({note})" if note else status
    name = name_in({at: unguard(row[at]) if at < len(row) else "" for at in columns["name"]}, columns["name"])
    return kind, [student, name, cell("question"), cell("part"), cell("answer"), graded_as,
                  cell("reason") or cell("feedback"), cell("expected"), "", "", ""]
