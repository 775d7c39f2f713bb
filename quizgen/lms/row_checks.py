"""The checks of an LMS download's rows that stop the reading in one line
naming the row (1 = the first after the header): a download with no attempt,
a row cut short, a student id no key can hold, an attempt number that is none;
and a reason of the answers file built from it placed at the download's line;
a [quizgen:...] tag longer than an export writes, and the line of a template's tag.
Also who each Canvas row's student is (``canvas_students``), refusing a Canvas
user with two sis_ids."""

from __future__ import annotations

import re

from quizgen.cells import first_control
from quizgen.errors import InputFileError
from quizgen.wording import printable, quoted, shortened
from quizgen.key.checks import MAX_ID, MAX_STUDENT_ID
from quizgen.key.model import NO_ATTEMPT, UNSUBMITTED
from quizgen.marking.student_ids import normalise_id, why_one_id
from quizgen.text.words import and_list

MOODLE_ID_COLUMNS = ("ID number", "Email address")
MOODLE_FINISHED = ("Finished", "Submitted")
"""The States of a Moodle attempt that was submitted, which quizgen grades as
finished (``Submitted``: its grading queued to a task); those of one not
submitted are quizgen.key.model.UNSUBMITTED."""
_STATES = {state.casefold(): state for state in (*MOODLE_FINISHED, *UNSUBMITTED)}


def check_attempts(rows: list, what: str) -> None:
    """Refuse a download with its header and no attempt (made before anyone answered)."""
    if not any(any(cell.strip() for cell in row) for row in rows[1:]):
        raise InputFileError(f"the {what} has its header and no attempt (downloaded before anyone "
                             "answered?); download it again once students have submitted")


def unfinished_state(header: list, row: list, line: int, student: str) -> str:
    """The State of an attempt Moodle does not grade (``In progress``,
    ``Overdue``, ``Never submitted``, ``Not yet started``: UNSUBMITTED), else
    "" (``Finished``, ``Submitted``; a download without the State column has
    none). Any other State of a student's row is refused naming the row and
    the States known: whether the attempt was submitted cannot be told, and
    grading an open one would hand its student the worked solutions, while
    holding a finished one would withhold its grade."""
    column = header.index("State") if "State" in header else None
    written = row[column].strip() if column is not None and column < len(row) else ""
    if written in ("", "-") or not student:
        return ""
    state = _STATES.get(" ".join(written.split()).casefold())
    if state is None:
        known = ", ".join(s for s in _STATES.values() if s != NO_ATTEMPT)
        raise InputFileError(f"the Moodle export's row {line} after the header (student "
                             f"{shortened(printable(student), 40)}): State {shortened(printable(written), 40)!r} is "
                             f"not one Moodle writes in English ({known}), so whether the attempt was submitted "
                             "cannot be told; download the Responses report again in English, or correct the cell")
    return "" if state in MOODLE_FINISHED else state


def check_widths(header: list, rows: list, needed: list) -> None:
    """Refuse a row that ends before a question's columns: Moodle writes every
    row as wide as its header, so such a row is a damaged file (cut short),
    whose missing questions would otherwise vanish from the student's paper
    rather than count as missing."""
    for line, row in enumerate(rows, start=1):
        cut = [c for c in needed if c >= len(row)]
        if cut and any(cell.strip() for cell in row):
            first = min(cut)
            ids = [row[i].strip() for i in (header.index(n) for n in MOODLE_ID_COLUMNS if n in header)
                   if i < len(row) and row[i].strip()]
            who = f" (student {shortened(printable(ids[0]), 40)})" if ids else ""
            raise InputFileError(f"the Moodle export's row {line} after the header{who} has {len(row)} cells, but the "
                                 f"header has {len(header)} columns: it ends before {shortened(printable(header[first]), 40)!r}, and Moodle "
                                 "writes every row as wide as its header, so the file is damaged (cut short?); "
                                 "download the Responses report again")


def check_id(student: str, export: str, line: int) -> None:
    """Stop at a student id no LMS writes, naming its row: one longer than
    the 255 characters of Moodle's ID number and Canvas's SIS id (which a key
    holds; a lower limit such as 200 would stop a class at a real id), or one holding a
    control character (ESC, NUL), which no LMS id holds and the built answers
    file would write as U+FFFD beside the key's id as read, so that the
    student's answers would match no paper."""
    where = f"{export} row {line} after the header"
    if len(student) > MAX_STUDENT_ID:
        raise InputFileError(f"{where}: student id {student[:40]!r}... is {len(student)} characters "
                             f"long, and no LMS id is longer than {MAX_STUDENT_ID} (Moodle's ID number, Canvas's "
                             "SIS id): was the file damaged or edited? Correct the id as the LMS shows it, or "
                             "download the file again")
    control = first_control(student)
    if control:
        raise InputFileError(f"{where}: student id {shortened(printable(student), 40)!r} contains a control "
                             f"character (U+{ord(control):04X}), which no LMS id holds: was the file damaged or "
                             "edited? Correct the id as the LMS shows it, or download the file again")


MAX_ATTEMPT_DIGITS = 9
"""The digits an attempt number may have (leading zeros aside): Canvas numbers a student's attempts 1, 2, 3, ..."""


def attempt_number(text: str, line: int) -> int:
    """The attempt number written in a Canvas row's attempt cell (not empty: see canvas_attempts)."""
    where = f"the Canvas student analysis's row {line} after the header: attempt"
    if not text.isdigit() or not text.isascii():
        raise InputFileError(f"{where} {shortened(printable(text), 40)!r} is not an attempt number: Canvas numbers "
                             "a student's attempts 1, 2, 3, ...; was the file damaged or edited? Download it again")
    digits = len(text.lstrip("0"))
    if digits > MAX_ATTEMPT_DIGITS:
        raise InputFileError(f"{where} {shortened(text, 40)!r} has {digits} digits, more than the "
                             f"{MAX_ATTEMPT_DIGITS} of any attempt Canvas numbers (1, 2, 3, ...); was the file damaged "
                             "or edited? Download it again")
    return int(text)


def canvas_attempts(cells: list, students: list, numbered: list | None = None, filled: dict | None = None) -> list:
    """Each Canvas row's attempt number, ``cells`` its attempt cell ("" when empty
    or the column is absent) and ``students`` its student ("" for none), row 1
    first. A student with several rows, one with no attempt number, has their
    rows numbered 1, 2, ... in file order, each an attempt of its own, and is
    added to ``numbered``: taken as one attempt, their rows would be joined part
    by part into a score no attempt earned. One attempt number twice for one
    student is refused naming both rows: Canvas writes each attempt once, so the
    file was joined or edited, and which row is which attempt cannot be told
    (a row that borrowed its sis_id, of canvas_students' ``filled``, said so)."""
    read = [attempt_number(text, line) if text and student else None   # a row for nobody is skipped, not read
            for line, (text, student) in enumerate(zip(cells, students), start=1)]
    rows = {}
    for line, student in enumerate(students, start=1):
        if student:
            rows.setdefault(student, []).append(line)
    numbers = [1 if number is None else number for number in read]   # attempt 0 stays an attempt of its own
    for student, lines in rows.items():
        seen = {}
        for line in lines:
            first = seen.setdefault(read[line - 1], line) if read[line - 1] is not None else line
            if first != line:
                raise InputFileError(
                    f"the Canvas student analysis's rows {first} and {line} after the header: student {_id(student)} "
                    f"has attempt {read[line - 1]} twice{_borrowed(filled or {}, (first, line))}, and Canvas writes "
                    "each attempt once (two downloads joined, or a row copied?), so which row is which attempt "
                    "cannot be told; delete the extra row or correct its attempt number, or download the analysis "
                    "again")
        if len(lines) > 1 and any(read[line - 1] is None for line in lines):
            for number, line in enumerate(lines, start=1):
                numbers[line - 1] = number
            if numbered is not None:
                numbered.append(student)
    return numbers


def _borrowed(filled: dict, lines: tuple) -> str:
    """Which of ``lines`` hold no sis_id and are named by their Canvas user's
    (canvas_students' ``filled``), for a refusal naming them: `` (row 2 has no
    sis_id; its Canvas user '103' has 's001' on row 1)``; "" for none."""
    for (user, sis), (held, bare) in filled.items():
        lent = [line for line in lines if line in [row for row, _ in bare]]
        if lent:
            has, its = ("has", "its") if len(lent) == 1 else ("have", "their")
            return (f" ({rows_said(lent)} {has} no sis_id; {its} Canvas user {_id(user)} has {_id(sis)} on "
                    f"{rows_said([row for row, _ in held])})")
    return ""


_BUILT_LINE = re.compile(r"^line \d+: ")
_BUILT_LINES = re.compile(r"a quoted cell runs over lines \d+ to \d+ \((\d+) lines; ")


def download_reason(problem: str, where: str) -> str:
    """The reason ``problem`` of a row of the answers file built from an LMS
    download (a quoted answer of more lines than a record may span), placed at
    ``where``, the download's line (``line 3 of the download``), as the other
    reasons of such a file are: the built file's line numbers mean nothing to
    the instructor, who never opened it."""
    problem = _BUILT_LINES.sub(r"the answer runs over \1 lines (", _BUILT_LINE.sub("", problem, count=1), count=1)
    return f"{where}: {problem}"


def refuse_repeated(header: list, pattern) -> None:
    """Refuse a header naming a column matching ``pattern`` twice (``Question 1``
    where ``Question 2`` should be: a hand edit), naming it and its columns
    (from 1); else return, and the caller says what is missing."""
    seen = {}
    for column, name in enumerate(header, start=1):
        if pattern.fullmatch(name.strip()):
            if name.strip() in seen:
                raise InputFileError(f"the column {shortened(printable(name.strip()), 40)!r} is repeated (columns "
                                     f"{seen[name.strip()]} and {column}); a Moodle download names each question "
                                     "once: download it again")
            seen[name.strip()] = column


def check_one_person_each(header: list, attempts: list, students: list, names: tuple,
                          prefer: str = "idnumber") -> None:
    """Refuse, in one line naming both rows, an id whose attempts name two
    people (another email address, or with none to tell, another name), and
    two ids the id rule reads as one (``S001``, ``s001``: two Moodle accounts).
    Moodle does not require ID numbers to be unique, and the attempts of one
    id are one student's: the later would be graded and the other dropped,
    one person's answers standing as another's. ``attempts``: joined_tries's;
    ``students``: each attempt's id; ``names``: the name's columns; ``prefer``:
    the column that names students (--gradebook-key)."""
    email = header.index("Email address") if "Email address" in header else None
    seen = {}
    for (line, row, _, _), student in zip(attempts, students):
        if not student:
            continue
        person = (row[email].strip() if email is not None and email < len(row) else "",
                  " ".join(" ".join(row[i] for i in names if i < len(row)).split()))
        first = seen.setdefault(normalise_id(student), (line, person, student))
        if first[2] != student:
            raise InputFileError(f"{_rows_of(first[0], line)}: the ids {_id(first[2])} and {_id(student)} are one id by the id rule "
                                 f"({why_one_id(first[2], student)}), so quizgen cannot tell their students apart; give each "
                                 "student one ID number in Moodle (two accounts?) and download again")
        if _two_people(first[1], person):
            by_email = first[1][0] and person[0] and prefer != "email"
            raise InputFileError(
                f"{_rows_of(first[0], line)}: the id {_id(student)} names two people ({_shown(first[1])}; {_shown(person)}), so their "
                "attempts would be taken for one student's; give each their own ID number in Moodle and download "
                "again" + (", or grade with --gradebook-key email to name students by their email address"
                           if by_email else ""))


def _rows_of(first: int, line: int) -> str:
    """Where two attempts of a Moodle download are, for a refusal."""
    return f"the Moodle export's rows {first} and {line} after the header"


def _id(student: str) -> str:
    """A student id as a message quotes it."""
    return repr(shortened(printable(student)))


def _two_people(one: tuple, other: tuple) -> bool:
    """Whether two attempts' (email, name) are two people's: emails differ when both are
    there (an all-tries download leaves it off later rows), else names differ."""
    (email, name), (other_email, other_name) = (tuple(part.casefold() for part in p) for p in (one, other))
    if email and other_email:
        return email != other_email
    return bool(name and other_name) and name != other_name


def _shown(person: tuple) -> str:
    """An attempt's person for the message: their name, and email when there."""
    return ", ".join(shortened(printable(part), 40) for part in (person[1], person[0]) if part) or "no name"


def canvas_students(ids: list, sis_ids: list, names: list = ()) -> tuple:
    """``(students, filled)``: each Canvas row's student, given its ``id`` and
    ``sis_id`` cells (row 1 first): the sis_id, else the sis_id another row of
    the same Canvas user holds, else the Canvas id; "" for none.
    One person's rows are one student's even when the sis_id was set between
    their attempts; a user whose rows hold two sis_ids is refused
    (refuse_two_sis_ids, ``names`` the rows' names). ``filled``: ``{(Canvas
    id, sis_id): ([(row holding it, name) ...], [(row without it, name) ...])}``
    for the warning."""
    known = {}
    for line, (user, sis) in enumerate(zip(ids, sis_ids), start=1):
        if user and sis:
            known.setdefault(user, {}).setdefault(sis, []).append(line)
    for user, held in known.items():
        if len(held) > 1:
            refuse_two_sis_ids(user, held, [line for line, (u, s) in enumerate(zip(ids, sis_ids), start=1)
                                            if u == user and not s], names)
    students, filled = [], {}
    named = [(line, names[line - 1] if line <= len(names) else "") for line in range(1, len(ids) + 1)]
    for line, (user, sis) in enumerate(zip(ids, sis_ids), start=1):
        if not sis and user in known:
            sis, lines = next(iter(known[user].items()))
            filled.setdefault((user, sis), ([named[held - 1] for held in lines], []))[1].append(named[line - 1])
        students.append(sis or user)
    return students, filled


def refuse_two_sis_ids(user: str, held: dict, bare: list, names: list = ()) -> None:
    """Refuse, in one line naming the rows, a Canvas user (``id``) whose rows
    hold two or more sis_ids (``held``: {sis_id: its rows}; ``bare``: the
    user's rows with none): which is the student's cannot be told, and taking
    either (or each as a student) would grade and report an attempt the
    student's grade may not be, so the download is to be put right."""
    lines = sorted([line for rows in held.values() for line in rows] + bare)
    name = " ".join(names[lines[0] - 1].split()) if len(names) >= lines[0] else ""
    shown = "; ".join([f"{_id(sis)} on {rows_said(rows)}" for sis, rows in held.items()]
                      + ([f"none on {rows_said(bare)}"] if bare else []))
    raise InputFileError(
        f"the Canvas student analysis's {rows_said(lines)} after the header: the Canvas user {_id(user)}"
        + (f" ({shortened(printable(name), 40)})" if name else "")
        + f" has {len(held)} sis_ids ({shown}), so which is the student's cannot be told (taking one is a guess, "
        "and could put a wrong attempt in the gradebook); give the user one SIS id in Canvas and download the "
        "analysis again, or correct the rows' sis_id by hand")


def rows_said(lines: list) -> str:
    """Rows of a download for a message: ``row 3``, ``rows 1, 2 and 4`` (the first 5, then ``...``)."""
    if len(lines) == 1:
        return f"row {lines[0]}"
    if len(lines) > 5:
        return f"rows {', '.join(map(str, lines[:5]))}, ..."
    return f"rows {and_list(map(str, lines))}"


def check_one_canvas_user_each(seen: dict, student: str, canvas_id: str, line: int) -> None:
    """Refuse, in one line naming both rows, an id that names two Canvas users
    (another ``id``): a student with no sis_id is named by their Canvas id,
    which can be another student's sis_id, and their answers would be taken
    for one student's. ``seen``: {normal id: (row, Canvas id)} so far, filled here."""
    first = seen.setdefault(normalise_id(student), (line, canvas_id))
    if first[1] != canvas_id:
        raise InputFileError(
            f"the Canvas student analysis's rows {first[0]} and {line} after the header: the id {_id(student)} names "
            f"two Canvas users (ids {_id(first[1])} and {_id(canvas_id)}: one's sis_id is the other's Canvas id, "
            "or two share a sis_id), so their answers would be taken for one student's; give each an SIS id of "
            "their own in Canvas and download again")


def refuse_two_columns(header: list, slots: list) -> None:
    """Refuse a download whose header numbers one response twice (``Response 1`` and
    ``Response 001``, or the column twice): which of the two a student gave cannot be told."""
    seen = {}
    for n, i in slots:
        if n in seen:
            raise InputFileError(f"the Moodle export has two columns for response {n} ({header[seen[n]]!r} and "
                                 f"{header[i]!r}); keep the one Moodle wrote and delete the other")
        seen[n] = i


def tag_line(rows: list, template: str) -> str:
    """``line N: `` of the download for the first row whose tag names ``template``, else ""."""
    line = next((r.line for r in rows if r.template == template and r.line), None)
    return f"line {line}: " if line else ""


def refuse_long_tags(rows: list) -> None:
    """One line naming the download's line of a tag whose template or seed label is
    longer than key.json holds (MAX_ID): no quizgen export writes one (a hand edit),
    and the key built from it would be refused as a key the user never gave."""
    edited = next((r for r in rows if max(len(r.template), len(r.variant)) > MAX_ID), None)   # the first in the file
    if edited is not None:
        what, value = ("template", edited.template) if len(edited.template) > MAX_ID else ("seed label", edited.variant)
        where = f"line {edited.line}: " if edited.line else ""
        raise InputFileError(f"{where}the [quizgen:...] tag's {what} {quoted(value)} is longer than the {MAX_ID} "
                             "characters a quizgen export writes: the tag was edited; restore it from the quiz as "
                             "exported")
