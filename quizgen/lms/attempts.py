"""The attempts of a Moodle Responses download: the rows of one attempt's
tries joined into one (a download made with "Which tries" = all tries), and
each student's attempts numbered in the order they were started.

Moodle's report writes one row per try when "Which tries" is "all tries"
(mod/quiz/report/responses/first_or_all_responses_table.php): every row of an
attempt but its last has an empty State (col_state), the rows after the first
an empty Email address (col_email), and a question with fewer tries than the
attempt's most shows ``-`` on the later rows (get_summary_after_try returns
null, data_col writes ``-``): no try there, not an answer taken back."""

from __future__ import annotations

import re
from datetime import datetime

from quizgen.csv_input import norm_header
from quizgen.errors import InputFileError
from quizgen.wording import named_few, printable, shortened
from quizgen.roster import name_columns

ALL_TRIES_ADVICE = ("download the Responses report again with Display options > 'Which tries' = 'last try'")
_RETRIED_SHOWN = 5
"""How many retried questions retried_note names before "and N more"."""
_SAME_ATTEMPT = ("ID number", "Started on")
"""Columns each row of one attempt's tries repeats, with the name's (moodle_name_columns;
Email address is on the first only)."""
_FIXED_TIMES = ("%d %B %Y %I:%M %p", "%d %B %Y %H:%M",   # Moodle's English strftimedatetime, its comma a space
                "%d.%m.%Y %H:%M", "%d.%m.%Y %H:%M:%S", "%d.%m.%y %H:%M",   # a spreadsheet's: 30.11.2026 15:43
                "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S")
_SLASHED_TIMES = ("%Y %H:%M", "%Y %H:%M:%S", "%Y %I:%M %p", "%Y %I:%M:%S %p", "%y %H:%M", "%y %I:%M %p")
_SLASHED = re.compile(r"\d{1,2}/\d{1,2}/\d")
_READINGS = ("%d/%m/", "%m/%d/")
"""How a slashed date reads: day first (30/11/2026) or month first (11/30/2026)."""


def joined_tries(header: list, rows: list) -> list:
    """``[(line, row, {column: line its cell came from}, {column: tries})]``,
    one per attempt, of the download's ``rows`` (after the header; line 1 = the
    first): the rows of an attempt's tries joined, each question's response the
    latest try's that is not ``-`` or empty, with its question text, and the
    number of its tries (rows with a response: 1 in a download of last tries,
    more where the student checked an answer again, as Adaptive mode
    allows); identity from the first row, State from the last.
    A download of last tries gives each row as it is. A
    try row (empty State) not followed by a row of the same attempt (a table
    sorted again in a spreadsheet, or a download of first tries, whose row of an
    attempt with later tries has an empty State too) is refused in one line:
    the tries cannot be told apart, or the answers graded are not the last."""
    state = header.index("State") if "State" in header else None
    first = first_columns(header)
    slots = [(i, first.get(f"Question {m.group(1)}"))
             for i, h in enumerate(header) if (m := re.fullmatch(r"Response (\d+)", h))]
    padded = [row + [""] * (len(header) - len(row)) for row in rows]
    same = _same_attempt_columns(header)
    attempts, run = [], []
    for line, row in enumerate(padded, start=1):
        run.append(line)
        if state is not None and not row[state].strip() and any(c.strip() for c in row):
            following = padded[line] if line < len(padded) else None
            if following is None or not _same_attempt(header, row, following, same):
                raise InputFileError(f"the Moodle export's row {line} has an empty State, as Moodle writes on a try "
                                     "before an attempt's last, and the next row is not a later try of that attempt "
                                     "(a download of 'first try', or of 'all tries' sorted again?); "
                                     + ALL_TRIES_ADVICE)
            continue
        attempts.append(_joined(run, padded, slots, state))
        run = []
    return attempts


def retried_note(download: str, rows: list) -> list:
    """A note (in a list, or none) when ``rows`` (the ResponseRow of the
    attempts graded) hold a question answered in more than one try (a
    download of all tries from a quiz in Adaptive mode; "Interactive with multiple
    tries" gives these questions one try, as they carry no hints: behaviour.php's
    init_first_step allows count(hints) + 1): Moodle
    marked each try less the question's penalty (``<penalty>`` of the export,
    quizgen.lms.moodle.PENALTY: a third of its mark) for each earlier try, the
    best so far kept (question/behaviour/adaptive/behaviour.php); quizgen marks
    the last try in full, so its grade may be above the one Moodle showed."""
    retried = {}
    for row in rows:
        if row.tries > 1:
            retried.setdefault((row.student_id, row.slot), row.tries)
    if not retried:
        return []
    students = {student for student, _ in retried}
    shown = [f"{shortened(printable(student), 40)} Q{slot} ({tries} tries)"
             for (student, slot), tries in retried.items()]
    return [f"{download}: {len(students)} student(s) answered {len(retried)} question(s) in more than one try "
            f"({named_few(shown, _RETRIED_SHOWN)}); in Adaptive mode Moodle takes the question's penalty, a third "
            "of its mark as exported, off for each earlier try ('Adaptive mode (no penalties)' aside), and quizgen "
            "grades the last try at full marks, so its grade for these students can be above the one Moodle "
            "showed them: check those grades before "
            "importing (Moodle's own are in its Grades report); for a later quiz, 'How questions behave' = "
            "Deferred feedback (one try a question) makes the two agree"]


def first_columns(header: list) -> dict:
    """Each column name of ``header`` to the index of its first column (what
    ``header.index`` gives), read in one pass so a wide header costs linear time."""
    first = {}
    for i, name in enumerate(header):
        first.setdefault(name, i)
    return first


def moodle_name_columns(header: list) -> tuple:
    """The columns of a Moodle download's ``header`` its students' names are
    read from, by the roster's rule (roster.name_columns): ``First name``,
    then ``Last name`` (Moodle 4) or ``Surname`` (Moodle 3, and some language packs)."""
    return name_columns([norm_header(cell) for cell in header]).read


def _same_attempt_columns(header: list) -> tuple:
    """The columns each row of one attempt's tries repeats: the name's (moodle_name_columns) and _SAME_ATTEMPT's."""
    return moodle_name_columns(header) + tuple(header.index(name) for name in _SAME_ATTEMPT if name in header)


def _same_attempt(header: list, row: list, following: list, same: tuple = ()) -> bool:
    """Whether ``following`` is a later try of ``row``'s attempt: the same
    name, ID number and start (the columns ``same``: _same_attempt_columns), and no other email."""
    if any(row[i].strip() != following[i].strip() for i in same):
        return False
    email = header.index("Email address") if "Email address" in header else None
    return email is None or following[email].strip() in ("", row[email].strip())


def _joined(lines: list, rows: list, slots: list, state) -> tuple:
    """The attempt whose tries are ``lines``: see joined_tries."""
    first, source, tries = list(rows[lines[0] - 1]), {}, {}
    if state is not None:
        first[state] = rows[lines[-1] - 1][state]
    for response, question in slots:
        tried = [n for n in lines if rows[n - 1][response].strip() not in ("", "-")]
        line = tried[-1] if tried else lines[-1]
        first[response] = rows[line - 1][response]
        if question is not None:
            first[question] = rows[line - 1][question]
        source[response], tries[response] = line, len(tried)
    return lines[0], first, source, tries


def attempt_numbers(header: list, kept: list, unordered: list | None = None) -> dict:
    """{line: the attempt's number among its student's} for ``kept``, the
    ``(line, row, student)`` of each attempt: in the order the attempts were
    started when each of the student's "Started on" cells reads as a date
    (Moodle downloads the table in the order it is sorted on screen, by grade
    say), else in file order, the student then added to ``unordered``."""
    column = header.index("Started on") if "Started on" in header else None
    cells = [row[column] for _, row, _ in kept] if column is not None else []
    readings = [r for r in _READINGS if all(started(c, r) is not None for c in cells if _SLASHED.match(c.strip()))]
    readings = readings or [None]   # no reading fits every slashed date: they read as none
    by_student = {}
    for line, row, student in kept:
        by_student.setdefault(student, []).append((row[column] if column is not None else None, line))
    numbers = {}
    for student, attempts in by_student.items():
        lines = [line for _, line in attempts]
        if len(attempts) > 1:   # one attempt has one order: its "Started on" is not read
            orders = {tuple(line for _, line in sorted((started(cell, r), line) for cell, line in attempts))
                      for r in readings if all(cell is not None and started(cell, r) for cell, _ in attempts)}
            if len(orders) == 1:
                lines = list(orders.pop())   # by start time, then file order
            elif unordered is not None:
                unordered.append(student)
        numbers.update((line, n) for n, line in enumerate(lines, start=1))
    return numbers


def started(text: str, reading: str = _READINGS[0]):
    """A "Started on" cell as a datetime, or None: Moodle's English format,
    with or without its comma (``1 December 2026  5:03 PM``), or as a
    spreadsheet saving the download again writes it (``01.12.2026 17:03``,
    ``2026-12-01 17:03``, ``01/12/2026 17:03`` read by ``reading``: day or month first)."""
    cleaned = " ".join(text.replace(",", " ").split())
    slashed = [reading + layout for layout in _SLASHED_TIMES] if reading and _SLASHED.match(cleaned) else []
    for layout in (*_FIXED_TIMES, *slashed):
        try:
            return datetime.strptime(cleaned, layout)
        except ValueError:
            continue
    return None
