"""Human decisions that survive re-running grade (``--overrides overrides.csv``):
columns ``student_id, question_id, part, score`` (``part`` may be left out when
the question cell holds it, ``Q3b``) and optionally ``status``,
``comment``. ``score`` is the part's mark as a fraction 0..1 (or ``50%``).
The file is read with the answers file's conventions (encoding detection,
``,`` ``;`` or tab, Excel's ``sep=`` line, loose header names, ``Q01``/``q1``
and ``(a)``/``a``), and an override that matches nothing is reported."""

from __future__ import annotations

import csv
from dataclasses import dataclass

from quizgen.csv_input import ALIASES, csv_problem, header_shown, norm_header, read_csv_text, sniffed_reader
from quizgen.errors import InputFileError, printable, shortened
from quizgen.key.status import VERDICTS
from quizgen.marking.shares import RULE as SHARE_RULE, read_share

STATUSES = tuple(s.value for s in VERDICTS)
ROLES = {"student": ALIASES["student"], "question": ALIASES["question"], "part": ALIASES["part"],
         "score": ("score", "mark", "marks", "points", "credit", "grade"),
         "status": ("status", "verdict", "result"), "comment": ("comment", "comments", "note", "reason", "why")}


@dataclass(frozen=True)
class Override:
    """One human decision, with the line of the file it came from."""

    student_id: str
    question_id: str
    part: str
    score: float
    status: str = ""
    comment: str = ""
    line: int = 0


def read_overrides(path) -> list:
    """The overrides in the CSV file at ``path``, in file order."""
    return parse_overrides(read_csv_text(path, "overrides"), str(path))


def parse_overrides(text: str, source: str = "overrides") -> list:
    """The overrides in CSV ``text``; ``source`` names it in errors."""
    reader, skip = sniffed_reader(text)
    try:
        header = next(reader, None)
        columns = _columns(header, source)
        found = []
        for row in reader:
            if any(cell.strip() for cell in row):
                where = f"{source}: line {reader.line_num + skip}"
                _check_width(row, _named_width(header), where)
                found.append(_override(row, columns, where, reader.line_num + skip))
    except csv.Error as exc:
        raise InputFileError(f"{source}: line {reader.line_num + skip}: {csv_problem(exc)}") from exc
    return found


def _columns(header, source: str) -> dict:
    names = [norm_header(h) for h in header or ()]
    columns = {role: next((names.index(a) for a in aliases if a in names), None) for role, aliases in ROLES.items()}
    missing = [r for r in ("student", "question", "score") if columns[r] is None]   # Q3b may carry its part
    if missing:
        raise InputFileError(f"{source}: line 1: expected the columns student_id, question_id, part, score "
                             f"(part optional when the question cell holds it, as Q3b; optional status, "
                             f"comment); found {header_shown(header)}")
    return columns


def _named_width(header: list) -> int:
    """How many columns the header names: empty cells after the last name
    (which spreadsheets often save) name none."""
    names = [cell.strip() for cell in header]
    while names and not names[-1]:
        names.pop()
    return len(names)


def _check_width(row: list, width: int, where: str) -> None:
    """Refuse a row with text beyond the header's columns: an unquoted comment
    holding the delimiter would otherwise lose its end without a word."""
    if any(cell.strip() for cell in row[width:]):
        raise InputFileError(f"{where}: {len(row)} cells but the header names {width} columns; "
                             "put a comment that holds the delimiter in double quotes")


def _override(row: list, columns: dict, where: str, line: int) -> Override:
    def cell(role):
        index = columns[role]
        return row[index].strip() if index is not None and index < len(row) else ""

    status = cell("status").lower().replace(" ", "_")
    if status and status not in STATUSES:
        raise InputFileError(f"{where}: status {status!r} is not one of {', '.join(STATUSES)}")
    if not cell("student"):
        raise InputFileError(f"{where}: student_id is empty")
    score = _score(cell("score"), where)
    _check_agrees(status, score, where)
    return Override(cell("student"), cell("question"), cell("part"), score, status, cell("comment"), line)


_AGREES = {"blank": lambda score: score == 0, "correct": lambda score: score > 0,
           "incorrect": lambda score: score < 1}


def _check_agrees(status: str, score: float, where: str) -> None:
    """Refuse a status its score contradicts: ``blank`` with marks, ``correct``
    with none, ``incorrect`` with full marks (a slip in one of the two cells)."""
    if status in _AGREES and not _AGREES[status](score):
        raise InputFileError(f"{where}: status {status!r} with score {score:g} contradicts itself: "
                             "leave the status empty to follow the score, or change one of them")


def _score(text: str, where: str) -> float:
    value = read_share(text)
    if value is None:
        raise InputFileError(f"{where}: score {shortened(printable(text))!r} is not {SHARE_RULE}")
    return value


def decided_status(given: str, machine: str, score: float) -> str:
    """The status an override leaves: the one it names; else what its score
    says (full marks ``correct``, none ``incorrect``, a blank stays blank);
    partial credit keeps the marker's status, except ``needs_review``, which a
    person has now decided: it becomes ``incorrect`` (credit below full)."""
    if given:
        return given
    if machine == "blank":
        return "correct" if score >= 1 else machine
    if score >= 1:
        return "correct"
    if score <= 0 or machine == "needs_review":
        return "incorrect"
    return machine


def describe_unmatched(unmatched: list, source: str = "overrides", reasons: dict | None = None) -> list:
    """One line per override that matched no answer, with why when known
    (``reasons``: {line: "no part given for Q1 (parts a, b)"}). The file's
    cells are shown on one line and shortened, as in every message."""
    reasons = reasons or {}
    return [f"{source}: line {o.line}: override for {_cell(o.student_id)} {_cell(o.question_id)}"
            f"{f' ({_cell(o.part)})' if o.part else ''} matches no answer"
            f"{f': {reasons[o.line]}' if o.line in reasons else ''}" for o in unmatched]


def _cell(text: str) -> str:
    """A cell of the overrides file in a one-line message: a line break or NUL as ``?``, a long id cut."""
    return shortened(printable(text))
