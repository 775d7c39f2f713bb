"""Which answer stands when a student answered a part more than once: with a
column saying when the form was filled in (``TIMESTAMP_HEADERS``), the one of
the latest time (of equal times, the later row in the file); without one, or
when a compared cell of it cannot be read as a time, the last row in the file.

Times are read lazily: the pass (answer_pass.py) keeps each grid cell's
timestamp text (a reference to the cell, shared by the rows of one
submission) and, when an answer supersedes an earlier one, the earlier
(``record_contest``). Those contested cells are compared once the whole
file is in (``settle_by_time``; after the parts are merged with --jobs); the
other times the grid holds are then read once each, only to name the first
that is no time (``_first_unread``, FULLY_READ): a file without the column
pays nothing. Formats read (time_text.py, standard library only): ISO 8601
(``T`` or a space, seconds and zone optional), Google Forms ``2026/12/03
10:04:00 AM GMT+1``, ``12/3/2026 10:04:00``, ``03.12.2026 10:04:00``, Microsoft Forms ``12/3/26
10:04:00``, Moodle ``3 December 2026  10:04 AM`` and ``Thursday, 3 December
2026, 10:04 AM``. A day/month order (``03/04/2026``) is told from the column: a first field over 12
puts the day first, a second over 12 the month; with neither, dots or a day-first header
(``DAY_FIRST_HEADERS``) put the day first, else the order is ambiguous."""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from itertools import chain, groupby

from quizgen.wording import named_few, printable, shortened
from quizgen.grading.outcome import Outcome, superseded_cells
from quizgen.grading.day_order import BadCell as _BadCell, Undecided as _Undecided, day_order as _day_order, line_of_row
from quizgen.grading.time_text import Unread, has_time_form, read_time
from quizgen.key.status import Status

DAY_FIRST_HEADERS = ("zeitstempel", "horodateur", "marcatemporal", "marcadetiempo", "informazionicronologiche",
                     "carimbodedata/hora", "tijdstempel")
"""Google Forms' ``Timestamp`` in German, French, Spanish, Italian, Portuguese, Dutch: locales
writing the day first (``03.12.2026``, ``03/12/2026``), taken when the column cannot tell."""
MS_FORMS_TIMES = ("fertigstellungszeit", "heuredefin", "horadefinalización", "tijdvanvoltooien",
                  "startzeit", "heurededébut", "horadeinicio", "begintijd")
"""Microsoft Forms' ``Completion time`` and then ``Start time`` in German, French, Spanish and Dutch
(its exports head them ``Fertigstellungszeit``, ``Heure de fin``, ``Hora de finalización``,
``Tijd van voltooien``; ``Startzeit``, ``Heure de début``, ``Hora de inicio``, ``Begintijd``):
day-first locales too, like ``DAY_FIRST_HEADERS``."""
TIMESTAMP_HEADERS = ("timestamp", "completiontime", "submitted", "submittedat", "completed", "completedon",
                     "endtime", "starttime", "startedon", *DAY_FIRST_HEADERS, *MS_FORMS_TIMES)
"""Headers (case, spaces and underscores aside) of a column saying when a form was filled in (Google
Forms, Microsoft Forms, Moodle), the first found in this order (completion time before start time)."""

SHOWN = 10
"""Answers to look at (needs_review, invalid) and students named in grade's notes; graded.csv has them all."""


@dataclass
class TimeOrder:
    """How resubmissions were settled: ``label`` the timestamp column's
    header; ``problem`` None when by time, else why file order decided (the
    first bad line and cell); ``moved``: the students whose graded row is
    not their last in the file (by time), or not their latest by time (file order)."""

    label: str
    problem: str | None = None
    moved: set = field(default_factory=set)
    unread: str | None = None   # the first line whose time cannot be read, of the parts answered once


def squeezed(cell: str) -> str:
    """A header cell without case, spaces and underscores."""
    return "".join(cell.replace("_", " ").split()).casefold()


def stamp_header(header: list):
    """The index in ``header`` of its timestamp column (``TIMESTAMP_HEADERS``), or None."""
    found = {squeezed(cell): i for i, cell in reversed(list(enumerate(header)))}
    return next((found[name] for name in TIMESTAMP_HEADERS if name in found), None)


def timestamp_column(source):
    """Where the cells of ``source``'s rows hold the timestamp column, or None
    (none, or a wide file's column graded.csv does not keep)."""
    column = stamp_header(source.header)
    if column is None or source.form == "long":
        return column
    return source.identity.index(column) if column in source.identity else None


class Contests:
    """The answers a later row superseded in file order, kept for
    ``settle_by_time``: grid cell, row, time text and Outcome of each, in
    parallel arrays (about 32 bytes an answer, nothing per grid cell)."""

    def __init__(self):
        self.cells, self.rows, self.texts, self.outcomes = array("q"), array("q"), [], []

    def __len__(self) -> int:
        return len(self.rows)

    def add(self, k: int, row: int, text: str, outcome) -> None:
        self.cells.append(k)
        self.rows.append(row)
        self.texts.append(text)
        self.outcomes.append(outcome)

    def merge(self, other: "Contests", cell_of, offset: int) -> None:
        """Add a later part's (parallel.py): its cells as ``cell_of`` numbers them, its rows after ``offset``."""
        for k, row, text, outcome in zip(other.cells, other.rows, other.texts, other.outcomes):
            self.add(cell_of(k), row + offset, text, outcome)


def record_contest(grid, k: int, row: int, earlier, later) -> None:
    """Keep grid cell ``k``'s answer (``row``, ``earlier``) that ``later``
    supersedes in file order, with its time text, for ``settle_by_time``:
    only an answer replacing an answer (a blank never stands over an answer,
    an unknown part is no answer)."""
    if earlier.status in _NOT_ANSWERS or later.status is Status.BLANK:
        return
    grid.contests.add(k, row, grid.stamps[k], earlier)


_NOT_ANSWERS = (Status.BLANK, Status.UNKNOWN_QUESTION)


def settle_resubmissions(source, grid, tally, superseded, unsettle=None) -> tuple:
    """With a timestamp column, put each contested cell's latest answer by
    time in the grid (marking the one it replaces superseded in its stead),
    and leave how in ``tally.time_order``; returns the students whose cells
    moved, each first handed to ``unsettle`` (to undo what was worked out
    from their answers: parallel.py's ECF), and {row: Outcome} of the rows
    graded.csv must now mark superseded (rows.py's ``patched``). Nothing
    without the column."""
    if grid.stamps is None:
        return [], {}
    label = source.header[stamp_header(source.header)].strip()
    order, plan = settle_by_time(source, grid, label)
    moved = sorted({k // grid.width for k, _ in plan})
    for number in moved if unsettle is not None else ():
        unsettle(number)
    marked = apply_plan(grid, superseded, plan, f"a row with a later {shortened(printable(label), 40)!r} answers "
                                                "this part again")
    tally.time_order = order
    grid.forget_times()
    return moved, marked


def settle_by_time(source, grid, label: str) -> tuple:
    """``(TimeOrder, plan)``: each contested cell's answers compared by time;
    ``plan`` lists ``(cell, contest)`` for the cells whose latest by time is
    the answer ``grid.contests`` holds at index ``contest`` (``apply_plan``
    makes it so). When a compared cell cannot be read, or the day/month
    order cannot be told, the plan is empty (file order stands) and the
    TimeOrder names the first bad line. Each distinct time text is read once."""
    order = TimeOrder(label)
    first = _first_rows(grid)
    cells = sorted((row, text) for text, row in first.items())
    try:
        times = _column_times(cells, grid, source, squeezed(label) in (*DAY_FIRST_HEADERS, *MS_FORMS_TIMES))
    except _BadCell as bad:
        order.problem = f"line {line_of_row(source, bad.row)}: {bad.said()}"
        order.moved = _not_latest(grid)
        return order, []
    order.unread = _first_unread(source, grid, times)
    plan = _plan(grid, times)
    order.moved.update(k // grid.width for k, _ in plan)
    return order, plan


def _column_times(cells: list, grid, source, locale_day_first: bool) -> dict:
    """{text: read_time(text)} of the compared cells, in the column's day/month
    order; when that order cannot be told, in either, provided both settle every
    contested cell alike (``12/3/26 10:25`` and ``12/3/26 11:05``: one day,
    whichever it is). Refused (``_BadCell``) otherwise."""
    try:
        day_first = _day_order(cells, grid, source, locale_day_first)
    except _Undecided as undecided:
        readings = [_times(cells, first) for first in (True, False)]
        for times in readings:
            _one_kind(cells, times)
        if _plan(grid, readings[0]) != _plan(grid, readings[1]):
            raise undecided from None
        return readings[0]
    times = _times(cells, day_first)
    _one_kind(cells, times)
    return times


def _plan(grid, times: dict) -> list:
    """``(cell, contest)`` for each contested cell whose latest answer by ``times``
    (of equal times, the later row) is the one ``grid.contests`` holds at ``contest``."""
    plan, rows, texts = [], grid.contests.rows, grid.contests.texts
    for k, group in _groups(grid):
        best = max(group, key=lambda c: (times[texts[c] if c >= 0 else grid.stamps[k]][0],
                                         rows[c] if c >= 0 else grid.rows[k]))
        if best >= 0:
            plan.append((k, best))
    return plan


FULLY_READ = 20_000
"""Distinct times of parts answered once read in full, the first by line
(about 10 microseconds each); those after are only checked to be written
as a time (about 2): a form writes one time per submission."""


def _first_unread(source, grid, compared: dict) -> str | None:
    """``line N: 'text' is not a time...`` of the first time the grid holds
    that cannot be read in either day/month order (the ``compared`` ones
    aside, read already), or None; past the first FULLY_READ, one not
    written as a time. Each distinct text is read once, and the cells are
    walked for rows only when one is no time (or there are more than FULLY_READ)."""
    texts = {text: None for text in dict.fromkeys(grid.stamps) if text is not None and text not in compared}
    if len(texts) <= FULLY_READ:   # every one read in full: the first by line matters only among those unread
        texts = dict.fromkeys(text for text in texts if _unread_why(text) is not None)
        if not texts:
            return None
    first = _first_rows_of(grid, texts)
    for n, (text, row) in enumerate(sorted(first.items(), key=lambda item: item[1])):
        why = _unread_why(text) if n < FULLY_READ else None if has_time_form(text) else _unread_why(text)
        if why is not None:
            return f"line {line_of_row(source, row)}: {_BadCell(row, text, why).said()}"
    return None


def _first_rows_of(grid, texts: dict) -> dict:
    """{text: the first row holding it} of the grid's time ``texts``, in the order first met."""
    first, rows = {}, grid.rows
    for k, text in enumerate(grid.stamps):
        if text in texts and rows[k] < first.get(text, rows[k] + 1):
            first[text] = rows[k]
    return first


def _unread_why(text: str) -> str | None:
    """Why ``text`` is no time in either day/month order, or None when it is one."""
    try:
        read_time(text, True)
        return None
    except Unread as exc:
        try:
            read_time(text, False)
            return None
        except Unread:
            return str(exc)


def _first_rows(grid) -> dict:
    """{time text: the first row holding it} of the answers compared: the
    contests, and the grid's answers they were superseded by."""
    first, contests = {}, grid.contests
    pairs = chain(zip(contests.rows, contests.texts), ((grid.rows[k], grid.stamps[k]) for k in contests.cells))
    for row, text in pairs:
        if row < first.get(text, row + 1):
            first[text] = row
    return first


def _groups(grid):
    """``(cell, [contest indexes..., -1])`` of each contested cell: -1 stands for the grid's own answer."""
    cells = grid.contests.cells
    by_cell = sorted(range(len(cells)), key=cells.__getitem__)
    for k, indexes in groupby(by_cell, key=cells.__getitem__):
        yield k, [*indexes, -1]


def apply_plan(grid, superseded, plan: list, reason: str) -> dict:
    """Put each planned answer in its grid cell (no longer ``superseded``);
    returns {row: Outcome} of the rows they replace, superseded for ``reason``."""
    marked, contests, made = {}, grid.contests, {}   # made: one superseded Outcome per Outcome (they are shared)
    for k, c in plan:
        earlier = grid.outcomes[k]
        if earlier not in made:
            made[earlier] = Outcome(Status.SUPERSEDED, 0.0, "", "", tuple(superseded_cells(earlier.cells, reason)))
        marked[grid.rows[k]] = made[earlier]
        superseded.discard(contests.rows[c])
        grid.rows[k], grid.outcomes[k], grid.stamps[k] = contests.rows[c], contests.outcomes[c], contests.texts[c]
    return marked


def _times(cells: list, day_first) -> dict:
    """{text: read_time(text)} of the compared cells; the first unread one refused (``_BadCell``)."""
    times = {}
    for row, text in cells:
        if text not in times:
            try:
                times[text] = read_time(text, day_first)
            except Unread as exc:
                raise _BadCell(row, text, str(exc)) from None
    return times


def _one_kind(cells: list, times: dict) -> None:
    """Refuse comparing times with a time zone and times without one."""
    kinds = {times[text][1] for _, text in cells}
    if len(kinds) > 1:
        row, text = next((row, text) for row, text in cells if not times[text][1])
        raise _BadCell(row, text, "has no time zone, while other times in the column have one")


def _not_latest(grid) -> set:
    """File order decided: the students some cell of whose graded answer is
    not the latest by the times that can be read (both day/month orders
    agreeing where it is not known)."""
    moved, contests, read = set(), grid.contests, {}
    for k, group in _groups(grid):
        texts = [contests.texts[c] for c in group[:-1]]
        if all(_later_than(texts, grid.stamps[k], day_first, read) for day_first in (True, False)):
            moved.add(k // grid.width)
    return moved


def _later_than(texts: list, graded: str, day_first: bool, read: dict) -> bool:
    """Whether one of ``texts`` is a time after ``graded`` (both read, of one kind)."""
    when = _read_or_none(graded, day_first, read)
    if when is None:
        return False
    for text in texts:
        other = _read_or_none(text, day_first, read)
        if other is not None and other[1] == when[1] and other[0] > when[0]:
            return True
    return False


def _read_or_none(text: str, day_first: bool, read: dict):
    """``read_time``, None for a cell that cannot be read, kept in ``read``."""
    if (text, day_first) not in read:
        try:
            read[text, day_first] = read_time(text, day_first)
        except Unread:
            read[text, day_first] = None
    return read[text, day_first]


def resubmission_lines(ids: list, resubmitted: dict, header: list, order: TimeOrder | None = None) -> list:
    """One line naming the students who answered a part more than once
    (``resubmitted``: Tally.resubmitted), saying which answer was graded:
    the latest by ``order``'s timestamp column, naming whose is not their
    last row in the file; else the last row in the file, and, with a
    timestamp column in ``header``, that its row order decided and why, and
    whose graded answer is not their latest by time."""
    owners = sorted(n for n, count in resubmitted.items() if count and n >= 0)
    if not owners:
        return []
    names = named_few([shortened(ids[n]) for n in owners], SHOWN)
    found = stamp_header(header)
    column = None if found is None else header[found].strip()
    label = shortened(order.label if order is not None else column or "")
    moved = [n for n in owners if order is not None and n in order.moved]
    moved_names = named_few([shortened(ids[n]) for n in moved], SHOWN)
    if order is not None and order.problem is None:
        line = (f"{len(owners)} student(s) answered a part more than once, and for each part the answer with the "
                f"latest {label!r} was graded (the others are superseded; of equal times, the later row in the file): "
                + names)
        return [line + (f"; for {len(moved)} of them that is not their last row in the file (it is not sorted by "
                        f"time): {moved_names}" if moved else "")]
    line = (f"{len(owners)} student(s) answered a part more than once, and for each part the last row in the file "
            "was graded (the earlier ones are superseded): " + names)
    if column is None:
        return [line]
    if order is None:   # no compared cell of it could be kept (a wide file's column graded.csv drops)
        return [line + f"; the file's row order decides which is last, not its {label!r} column"]
    line += (f"; the file's row order decides which is last, not its {label!r} column, which cannot decide: "
             f"{order.problem}")
    if moved:
        line += f"; by the times that can be read, the answer graded is not the latest for {moved_names}"
    return [line + f" (correct the column, or sort the file by {label!r}, and grade again)"]


def unread_time_lines(order: TimeOrder | None) -> list:
    """One line naming the first time of a part answered once that cannot
    be read (``order.unread``): it decided nothing, but would decide by file order."""
    if order is None or order.unread is None:
        return []
    label = shortened(printable(order.label))
    return [f"the {label!r} column has a time that cannot be read, first {order.unread}; it decided nothing (no "
            "part with such a time was answered more than once), but a part answered again there would be settled "
            "by the file's row order (correct the column)"]
