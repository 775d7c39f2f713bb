"""Rows of one student id that name different people (docs/grading.md, "One
student, one row"): a student who typed a classmate's id (``0000070`` for
``0000007``) lands on the classmate's rows, and the later row supersedes the
earlier as if one student had resubmitted. When the answers file has an email
or name column besides the id, the rows of each id are compared once the
whole file is graded: rows whose emails differ (or, when a row has no email,
whose names differ) are two people, and the summary names the id, both and
where they are, and whom the stray row probably belongs to. Grading is not
changed: the fix is the id in the answers file. Only each id's first row and
the first that names someone else are kept; a file gone or changed since
grading began skips the check with a warning."""

from __future__ import annotations

import io
import os
from operator import itemgetter

from quizgen.csv_input import norm_header
from quizgen.wording import shortened, thousands
from quizgen.grading.csv_rows import Records
from quizgen.marking.student_ids import nearest_ids, normalise_id

EMAIL_HEADERS = ("email", "emailaddress", "mail", "mailaddress")   # as csv_input.norm_header writes them
SHOWN = 10   # ids named in the note; more are counted


def who_columns(source) -> tuple:
    """``(email column or None, name columns)`` of the answers file's header,
    beside its student id column: the columns its names are read from (the
    name column, else given and family name columns, ``First name``,
    ``Surname``: roster.name_columns)."""
    names = [norm_header(cell) for cell in source.header]
    taken = {source.student} | {column for column, _, _ in getattr(source, "wide", ())}
    email = next((i for i, cell in enumerate(names) if cell in EMAIL_HEADERS and i not in taken), None)
    return email, tuple(i for i in source.name if i != email)


def answers_state(source):
    """``(device, inode, size, modification time)`` of the answers file grade
    reads, taken before grading: the later read (clashing_ids) checks the
    file is still that one; None when it cannot be looked at."""
    try:
        found = os.stat(source.read_path or source.path)
    except (OSError, ValueError):
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns


def clashing_ids(source, students, absent: list, state=None) -> tuple:
    """``(numbers, lines, warnings)``: the students whose rows name two
    people, one note naming them (none when the file has no email or name
    column), and a warning when the file could not be read again or is no
    longer the one graded (``state``, answers_state): then the check is skipped."""
    email, names = who_columns(source)
    if email is None and not names:
        return set(), [], []
    try:
        people = _people(source, ((email,) if email is not None else ()) + names, email is not None, students, state)
    except (OSError, _Changed) as exc:
        why = f"cannot be read again ({exc.strerror or exc})" if isinstance(exc, OSError) else exc
        return set(), [], [f"{source.path}: {why}, so the check for a student id on rows that name different "
                           "people (another email or name) was skipped: grade again with the file left in place"]
    clashes = {number: told for number, told in people.items() if told[2]}
    if not clashes:
        return set(), [], []
    shown = list(clashes.items())[:SHOWN]   # only these are worded (each looks through the roster)
    entries = [_entry(students, absent, number, *told) for number, told in shown]
    more = f"; and {thousands(len(clashes) - SHOWN)} more" if len(clashes) > SHOWN else ""
    return set(clashes), [f"{len(clashes)} student id(s) are on rows that name different people (another email or "
                          "name), yet each was graded as one student (for each part the last row's answer counts, the "
                          "earlier are superseded): correct the id on the wrong rows in the answers file and grade "
                          "again: " + "; ".join(entries) + more], []


class _Changed(Exception):
    """The answers file is no longer the one graded (replaced or rewritten since)."""


class _People:
    """Each student's first row ``(line, email, name)`` and the rows that name
    someone else, told one distinct row at a time in file order: only the
    first other row is kept, the rest counted (the note names two people), so
    memory grows with the students, never with the rows' text."""

    def __init__(self, students, has_email: bool):
        self.students, self.has_email, self.seen, self.found = students, has_email, set(), {}

    def add(self, key: tuple, line: int) -> None:
        """Take the row ``key`` (id cell, cells of the email and name columns) on ``line``."""
        number = self.students.find(key[0])
        if number is None or number < 0:
            return
        cells = key[1:]
        row = (line, cells[0].strip() if self.has_email else "", " ".join(" ".join(cells[self.has_email:]).split()))
        told = self.found.get(number)
        if told is None:
            self.found[number] = [row, None, 0]
        elif not _same_person(told[0], row):
            told[1], told[2] = told[1] or row, told[2] + 1   # the first other row in full; the rest counted

    def new(self, key: tuple) -> bool:
        """Whether ``key`` is a row not seen before (each row seen is kept as its hash, not its text)."""
        mark = hash(key)
        if mark in self.seen:
            return False
        self.seen.add(mark)
        return True


def _people(source, columns: tuple, has_email: bool, students, state) -> dict:
    """``{student number: [first row, first other row or None, how many
    others]}`` (_People) over the answers file's readable rows, read once
    more (a plain run of rows a block at a time, without a Python step per
    row). Raises _Changed when the file is no longer the one ``state``
    (answers_state) describes."""
    width = len(source.header)
    pick = itemgetter(source.student, *columns)
    people = _People(students, has_email)
    with source.open() as handle:
        _check_same(handle, state)
        records = Records(handle, source.delimiter, width, source.first_line)
        records.skip(source.skip_lines)
        for rows, plain in records.runs():
            if plain and set(map(len, rows)) == {width}:
                keys = list(map(pick, rows))
                first = dict(zip(reversed(keys), range(len(keys), 0, -1)))   # each key's first row, from 1
                for key in sorted((key for key in first if people.new(key)), key=first.__getitem__):
                    people.add(key, records.line + first[key])
                continue
            base = records.line
            pairs = (((row, None, base + n) for n, row in enumerate(rows, 1)) if plain
                     else ((row, problem, records.line) for row, problem in rows))
            for row, problem, line in pairs:   # a line not read (a cell too many) is no student's row
                if problem is None and any(row) and not any(cell.strip() for cell in row[width:]):
                    key = pick((row + [""] * width)[:width])
                    if people.new(key):
                        people.add(key, line)
    return people.found


def _check_same(handle, state) -> None:
    """Raise _Changed when the open file ``handle`` is not the answers file ``state`` describes."""
    if state is None:
        return
    try:
        found = os.fstat(handle.fileno())
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return
    if (found.st_dev, found.st_ino) != state[:2]:
        raise _Changed("was replaced by another file while it was graded")
    if (found.st_size, found.st_mtime_ns) != state[2:]:
        raise _Changed("was changed while it was graded")


def _same_person(a: tuple, b: tuple) -> bool:
    """Whether two rows ``(line, email, name)`` may be one person: their
    emails decide when both have one, else their names when both have one."""
    if a[1] and b[1]:
        return a[1].casefold() == b[1].casefold()
    return not (a[2] and b[2]) or a[2].casefold() == b[2].casefold()


def _entry(students, absent: list, number: int, first: tuple, other: tuple, count: int) -> str:
    """``0000070: line 2 (s6@uni.edu, Sam Six) and line 3 (...); line 2 is
    probably 0000007's (no answer)``: one clashing id, its first two people
    (``count``: the rows naming someone other than the first) and whom a row
    not the id's owner's may be."""
    student_id = students.ids[number]
    shown = [f"line {line} ({', '.join(shortened(cell) for cell in (email, name) if cell)})"
             for line, email, name in (first, other)]
    more = f" and {count - 1} other email(s) or name(s)" if count > 1 else ""
    return f"{shortened(student_id)} on {' and '.join(shown)}{more}{_probably(students, absent, number, first, other)}"


def _probably(students, absent: list, number: int, first: tuple, other: tuple) -> str:
    """Whom a row that is not the id's owner's probably belongs to: the
    roster or key student whose id is its email or whose name is its name;
    else the nearest ids of the students who gave no answer. The owner's
    name on the roster or key, when one row bears it, tells which row is stray."""
    owner = _plain(students.shown.get(students.matcher.match(normalise_id(students.ids[number])), ("", ""))[1])
    stray = [row for row in (first, other) if _plain(row[2]) != owner] if owner else []
    rows = stray if len(stray) == 1 else [first, other]
    for line, email, name in rows:
        known = _known(students, email, name, number)
        if known:
            gone = ", who gave no answer" if students.find(known) in absent else ""
            return f"; line {line} is probably {shortened(known)}'s{gone}"
    near = nearest_ids(students.ids[number], [students.ids[n] for n in absent])
    if not near:
        return ""
    whose = f"line {rows[0][0]} may be that" if len(rows) == 1 else "one of them may be that"
    return f"; {whose} of a student who gave no answer: {' or '.join(map(shortened, near))}"


def _known(students, email: str, name: str, number: int) -> str:
    """The id of the roster or key student (not ``number``) whose id is
    ``email`` or whose name is ``name``, "" when none or several."""
    own = normalise_id(students.ids[number])
    if email:
        known = students.matcher.match(normalise_id(email))
        if known is not None and known != own and known in students.shown:
            return students.shown[known][0]
    wanted = _plain(name)
    named = {sid for normal, (sid, known) in students.shown.items() if wanted and _plain(known) == wanted and normal != own}
    return named.pop() if len(named) == 1 else ""


def _plain(name: str) -> str:
    """A name as compared: case and spacing aside."""
    return " ".join(name.casefold().split())
