"""Human decisions that survive re-running grade (``--overrides overrides.csv``):
columns ``student_id, question_id, part, score`` (``part`` may be left out when
the question cell holds it, ``Q3b``) and optionally ``status``,
``comment`` and ``answer`` (the answer the marker judged, copied from
graded.csv: grading/override_answers.py holds the override off a changed
answer). ``score`` (or ``credit``, ``share``) is the part's mark as a
fraction 0..1 (or ``50%``); a column headed ``points`` (or ``mark``,
``marks``) instead gives points out of the part's points, checked against the
key when the overrides are applied. ``grade`` could mean either, so it is refused.
The file is read with the answers file's conventions (encoding detection,
``,`` ``;`` or tab, Excel's ``sep=`` line, loose header names, ``Q01``/``q1``
and ``(a)``/``a``), and an override that matches nothing is reported. A line
whose mark, status and comment are all empty decides nothing and is passed
over (its line counted), so a file ``quizgen review`` wrote may be handed back
half filled in."""

from __future__ import annotations

import csv
import math
from dataclasses import dataclass

from quizgen.cells import has_control
from quizgen.csv_input import (ALIASES, csv_problem, first_lines, header_shown, norm_header, one_column_each_at,
                               read_csv_text, sniffed_reader)
from quizgen.errors import InputFileError
from quizgen.wording import WARNINGS_SHOWN, first_few, lines_shown, printable, shortened
from quizgen.key.checks import MAX_POINTS
from quizgen.key.status import VERDICTS, Status
from quizgen.maths.shares import RULE as SHARE_RULE, plain_number, read_share

OVERRIDE_STATUSES = tuple(s.value for s in VERDICTS)
"""The statuses an override may set: the verdicts of a marked answer."""
SHARE, POINTS = "share", "points"   # what an override's mark column holds: a share of the part's marks, or points
ROLES = {"student": ALIASES["student"], "question": ALIASES["question"], "part": ALIASES["part"],
         SHARE: ("score", "credit", "share"), POINTS: ("points", "mark", "marks"),
         "status": ("status", "verdict", "result"), "comment": ("comment", "comments", "note", "reason", "why"),
         "answer": ("answer", "studentanswer", "answertext", "response", "responsetext", "answerjudged")}
_ROLE_WORDS = {"student": "student id", SHARE: "mark (a share)", POINTS: "mark (points)"}
AMBIGUOUS = ("grade",)
"""Mark headers that may mean points or a share (a graded file's ``score`` is
points; a policy's credit a share): refused rather than guessed."""


@dataclass(frozen=True)
class Override:
    """One human decision, with the line of the file it came from."""

    student_id: str
    question_id: str
    part: str
    score: float           # a share 0..1 of the part's marks, or points when ``unit`` is POINTS
    status: str = ""
    comment: str = ""
    line: int = 0
    unit: str = SHARE
    heading: str = "score"   # the mark column's header as the file writes it, for messages
    percent: bool = False    # the share was written as a percentage (50%): it cannot be points
    answer: str | None = None   # the answer the marker judged ("" a blank one); None: the file has no answer column

    def shown(self) -> str:
        """The mark as a message names it: ``score 0.5``, ``Points 2``."""
        return f"{self.heading} {self.score:g}"

    def plainly_share(self) -> bool:
        """Whether the mark column is headed ``share``, which no one writes points under
        (``score`` and ``credit`` may hold points copied from graded.csv)."""
        return self.unit == SHARE and norm_header(self.heading) == "share"


def read_overrides(path, undecided: list | None = None, graded_columns: tuple = (), found: dict | None = None) -> list:
    """The overrides in the CSV file at ``path``, in file order (``undecided``, ``graded_columns``,
    ``found``: parse_overrides')."""
    return parse_overrides(read_csv_text(path, "overrides"), str(path), undecided, graded_columns, found)


def parse_overrides(text: str, source: str = "overrides", undecided: list | None = None,
                    graded_columns: tuple = (), found: dict | None = None) -> list:
    """The overrides in CSV ``text``; ``source`` names it in errors. A line with
    no mark, status or comment is no decision: its number goes to ``undecided``;
    ``found`` gets where each role's column is (None: no such column).
    A header holding ``graded_columns`` (grade's result columns) side by side,
    whatever columns were added around them, is a graded file, refused: as
    overrides, its every row would fix the machine's mark."""
    reader, skip = sniffed_reader(text, where=f"{source}: ")
    try:
        header = next(reader, None)
        if _holds_run(header, graded_columns):
            raise InputFileError(f"{source}: line 1: this is a graded file (it has grade's columns "
                                 f"{', '.join(graded_columns)}), not an overrides file: quizgen review {source} "
                                 "writes the answers that need a person into an overrides file to fill in; then grade "
                                 "again with --overrides that file")
        columns = _columns(header, source)
        if found is not None:
            found.update(columns)
        unit = POINTS if columns[POINTS] is not None else SHARE
        heading = _heading(header, columns[unit])
        overrides = []
        for line, row in first_lines(reader, skip):
            if not _decides(row, columns, unit):
                if undecided is not None and any(cell.strip() for cell in row):
                    undecided.append(line)
            else:
                overrides.append(_override(row, columns, f"{source}: line {line}", line, (unit, heading)))
    except csv.Error as exc:
        raise InputFileError(f"{source}: line {reader.line_num + skip}: {csv_problem(exc)}") from exc
    return overrides


def _holds_run(header, run: tuple) -> bool:
    """Whether ``header``'s cells (stripped) hold ``run`` side by side; False for an empty ``run``."""
    cells = tuple(h.strip().lstrip("\ufeff") for h in header or ())
    return bool(run) and any(cells[i:i + len(run)] == run for i in range(len(cells) - len(run) + 1))


def _columns(header, source: str) -> dict:
    """Where each role's column is; refuses a header with no mark column, with
    both a share and a points column, with only an ambiguous one (``grade``),
    or naming one role twice (``score,score``: which one means it cannot be known)."""
    names = [norm_header(h) for h in header or ()]
    columns = {role: next((names.index(a) for a in aliases if a in names), None) for role, aliases in ROLES.items()}
    roles = {_ROLE_WORDS.get(role, role): column for role, column in columns.items()}
    one_column_each_at(header, names, roles, f"{source}: line 1: ")
    if columns[SHARE] is not None and columns[POINTS] is not None:
        raise InputFileError(f"{source}: line 1: both {_heading(header, columns[SHARE])!r} (a share of the part's "
                             f"marks) and {_heading(header, columns[POINTS])!r} (points out of the part's points) "
                             "head a column; keep one, so that each override's mark is read one way")
    vague = next((names.index(a) for a in AMBIGUOUS if a in names), None)
    if columns[SHARE] is None and columns[POINTS] is None and vague is not None:
        raise InputFileError(f"{source}: line 1: column {_heading(header, vague)!r} may mean points or a share "
                             "of the part's marks: head it points (points out of the part's points) or score "
                             "(a share from 0 to 1, or a percentage)")
    missing = [r for r in ("student", "question") if columns[r] is None]   # Q3b may carry its part
    if missing or (columns[SHARE] is None and columns[POINTS] is None):
        raise InputFileError(f"{source}: line 1: expected the columns student_id, question_id, part, score "
                             f"(a share of the part's marks; or points, out of the part's points; part optional "
                             f"when the question cell holds it, as Q3b; optional status, comment, answer); found "
                             f"{header_shown(header)}")
    return columns


def _decides(row: list, columns: dict, unit: str) -> bool:
    """Whether a data row holds a decision: a mark, a status or a comment (a
    row of ids and answers only is a part left for later)."""
    cells = [row[columns[role]] for role in (unit, "status", "comment")
             if columns[role] is not None and columns[role] < len(row)]
    return any(cell.strip() for cell in cells)


def _heading(header: list, index: int) -> str:
    """A column's header as the file writes it, on one line and short."""
    return shortened(printable(header[index].strip().lstrip("\ufeff")), 30)


def _override(row: list, columns: dict, where: str, line: int, mark: tuple) -> Override:
    """The override on one data row; ``mark``: (unit, heading) of its mark column."""
    def cell(role):
        index = columns[role]
        return row[index].strip() if index is not None and index < len(row) else ""

    status = cell("status").lower().replace(" ", "_")
    if status and status not in OVERRIDE_STATUSES:
        raise InputFileError(f"{where}: status {status!r} is not one of {', '.join(OVERRIDE_STATUSES)}")
    if not cell("student"):
        raise InputFileError(f"{where}: student_id is empty")
    if has_control(cell("student")):   # as a roster's id is refused, and an answers row's is not graded
        raise InputFileError(f"{where}: student_id contains a control character; retype the id")
    unit, heading = mark
    if unit == POINTS:
        score = _points(cell(POINTS), where, heading)
    else:
        score = _score(cell(SHARE), where, heading)
    answer = None if columns["answer"] is None else cell("answer")
    override = Override(cell("student"), cell("question"), cell("part"), score, status, cell("comment"), line,
                        unit, heading, cell(unit).endswith("%"), answer)
    check_agrees(override, 1.0 if unit == SHARE else math.inf, where)   # points' most: check_points, once applied
    return override


def check_agrees(override: Override, full: float, where: str) -> None:
    """Refuse a status its mark contradicts (``full``: 1 for a share, the
    part's points for points, ``inf`` before they are known): ``blank`` or
    ``incorrect`` with marks, ``correct`` with less than full marks, ``partial``
    with none or full marks: a slip in one of the two cells, and one status
    for a person's part marks (``partial``) keeps every output saying the same.
    On a part worth 0 points, 0 points may be ``correct`` or ``incorrect``."""
    status, score = override.status, override.score
    known = full != math.inf
    wrong = {Status.BLANK: score > 0, Status.INCORRECT: score > 0 < full,
             Status.CORRECT: score <= 0 < full or (known and score < full),
             Status.PARTIAL: score <= 0 or full <= 0 or (known and score >= full)}
    if wrong.get(status):
        hint = (" (marks between none and full are partial)" if status in (Status.CORRECT, Status.INCORRECT) and 0 < score
                and (not known or score < full) else "")
        raise InputFileError(f"{where}: status {status!r} with {override.shown()} contradicts itself{hint}: "
                             f"leave the status empty to follow the {override.heading}, or change one of them")


def check_points(override: Override, full: float, part: str, where: str) -> None:
    """Refuse points above what the part is worth (``full``; ``part`` names it),
    and a status the points contradict."""
    if override.score > full:
        raise InputFileError(f"{where}: {override.heading} {override.score:g} is more than the {full:g} point(s) "
                             f"{part} is worth (a column headed {override.heading!r} holds points out of the "
                             "part's points; for a share of its marks head the column score)")
    check_agrees(override, full, where)


def _score(text: str, where: str, heading: str) -> float:
    """A share of the part's marks; a plain number above 1 is hinted to be points."""
    _refuse_empty(text, where, heading)
    value = read_share(text)
    if value is None:
        number = plain_number(text.strip())
        hint = ("; for points out of the part's points, head the column points"
                if number is not None and 1 < number <= MAX_POINTS else "")
        raise InputFileError(f"{where}: {heading} {shortened(printable(text))!r} is not {SHARE_RULE}{hint}")
    return value


def _refuse_empty(text: str, where: str, heading: str) -> None:
    """A line with a status or comment but no mark: say what to fill in (a status alone sets no mark)."""
    if not text.strip():
        raise InputFileError(f"{where}: the {heading} cell is empty beside a status or comment: fill in the mark "
                             f"too (1 for full marks, 0 for none), or leave the line's {heading}, status and comment "
                             "all empty to decide nothing yet")


def _points(text: str, where: str, heading: str) -> float:
    """Points out of the part's (checked against them when applied): a plain
    decimal from 0 to MAX_POINTS, as a key's points are."""
    _refuse_empty(text, where, heading)
    number = plain_number(text.strip())
    if number is None or not 0 <= number <= MAX_POINTS:
        hint = "; for a share of the part's marks, head the column score" if text.strip().endswith("%") else ""
        raise InputFileError(f"{where}: {heading} {shortened(printable(text))!r} is not a number of points from 0 "
                             f"to the part's points (a decimal: 0.5, 2, 0,5){hint}")
    return number + 0.0   # -0 is 0


def decided_status(given: str, machine: str, score: float | None, confirms: bool = False) -> str:
    """The status an override leaves: the one it names; else what its score
    (a share) says: full marks ``correct``, none ``incorrect`` (``blank`` for a
    part with no answer: ``machine`` ``blank``, which the caller also passes
    for a part with no row), part marks ``partial``, a person's part marks,
    named the same in every output. Only an override that ``confirms`` the
    marker's own part marks (the same score: a trap's credit, ECF at part
    credit, ``imprecise_credit``) keeps its status, unless that status is
    ``needs_review`` or ``blank``, which a person has now decided.
    ``score`` None (points on a part worth none) says nothing: the marker's stays."""
    if given or score is None:
        return given or machine
    if score >= 1:
        return Status.CORRECT
    if score <= 0:
        return Status.BLANK if machine == Status.BLANK else Status.INCORRECT
    return machine if confirms and machine not in (Status.NEEDS_REVIEW, Status.BLANK) else Status.PARTIAL


def describe_unmatched(unmatched: list, source: str = "overrides", reasons: dict | None = None) -> list:
    """One line per override that matched no answer, with why when known
    (``reasons``: {line: "no part given for Q1 (parts a, b)"}). The file's
    cells are shown on one line and shortened, as in every message."""
    reasons = reasons or {}
    return [f"{source}: line {o.line}: override for {_cell(o.student_id)} {_cell(o.question_id)}"
            f"{f' ({_cell(o.part)})' if o.part else ''} matches no answer"
            f"{f': {reasons[o.line]}' if o.line in reasons else ''}" for o in unmatched]


def capped_warnings(lines: list, source: str) -> list:
    """The overrides file's warnings, ``lines`` of (file line, text) in file
    order: at most WARNINGS_SHOWN, then one counting the rest and naming their
    lines (200,000 repeats of one line must not print 199,999 warnings)."""
    return lines_shown([text for _, text in lines], lambda more: f"{source}: and {more} more warning(s) like these, "
                       f"on lines {first_few([number for number, _ in lines[WARNINGS_SHOWN:]])}")


def _cell(text: str) -> str:
    """A cell of the overrides file in a one-line message: a line break or NUL as ``?``, a long id cut."""
    return shortened(printable(text))
