"""Reading what students answered in an LMS quiz built from ``quizgen export``:
Moodle's quiz "Responses" report download and Canvas's "Student Analysis"
CSV, as long rows (student, variant, part, answer).

Both LMSs keep the question text of each answer in the export (Moodle in its
"Question N" columns, Canvas in each question's column header), and the
exported question text ends with the variant's tag
``[quizgen:<template>:<seed label>]`` (Canvas: ``...:<part>]``): that is how
a response is traced back to the numbers the student saw."""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from quizgen.csv_input import NOT_TEXT, csv_text
from quizgen.errors import InputFileError
from quizgen.wording import quoted
from quizgen.key.checks import MAX_NAME
from quizgen.key.model import NO_ATTEMPT, STILL_OPEN
from quizgen.lms.cloze_cells import cloze_parts
from quizgen.lms.attempts import attempt_numbers, first_columns, joined_tries, moodle_name_columns
from quizgen.lms.download_kind import DOWNLOADS, MOODLE_RESPONSE, NEITHER, lms_kind
from quizgen.lms.download_table import table_lines
from quizgen.lms.resave_signs import moodle_resave_signs, numbers_kept
from quizgen.lms.row_checks import (MOODLE_ID_COLUMNS, canvas_attempts, canvas_students, check_attempts, check_id,
                                    check_widths, check_one_canvas_user_each, check_one_person_each, refuse_repeated, refuse_two_columns,
                                    unfinished_state)
from quizgen.lms.tag import TAG   # read in linear time (a regular expression took quadratic)
from quizgen.lms.untagged import Untagged, moodle_untagged
from quizgen.roster import name_in

_MOODLE_QUESTION = re.compile(r"Question \d+")
_CANVAS_QUESTION = re.compile(r"\d+: ")
_MOODLE_MARK = re.compile(r"Q\. ?\d+ ?/.*")   # the Grades report's mark of a question: 'Q. 1 /4.00'
MOODLE_GRADES = ("this is Moodle's quiz Grades report (Results > Grades: its columns 'Q. 1 /...' hold marks, not "
                 "answers); download the quiz's Results > Responses report instead, with 'Show the' 'question text' "
                 "and 'response' ticked")
_MOODLE_TICK = ("In the quiz's Results > Responses report, under Display options > 'Show the' "
                "tick '{what}', then download the table again")


@dataclass(frozen=True)
class ResponseRow:
    """One answer to one part: who (id, name, their n-th attempt in the file),
    where (the LMS question slot when known), which variant (template and seed
    label, as exported) and part letter, and the answer as typed ("" if blank).
    ``answered`` is False for a question the student was given but the export
    holds no response to (Moodle's "-" or an empty cell: one row with part ""):
    its parts count as missing, never dropped. (Canvas writes an answer or
    points for every question a student was given, so it needs no such row.)
    ``row`` is the export's row it came from (1 = the first after the header),
    for messages; ``line``, the line of the file it starts on (a quoted cell
    may hold line breaks), which the built answers file keeps for grade's reasons. ``unsubmitted``: the State of a Moodle attempt that was not
    submitted (one of quizgen.key.model.UNSUBMITTED: ``In progress``,
    ``Overdue``, ``Never submitted``, ``Not yet started``), read because
    the student has no finished one; "" for a finished attempt. ``tries``:
    how many tries of the question the download shows (more than 1 only in a
    download of all tries: quizgen.lms.attempts.retried_note). ``tag_lost``:
    a Moodle question cell with no tag in a column other rows tag (a hand
    edit), its template and variant "" (quizgen.lms.lost_tag)."""

    student_id: str
    name: str
    attempt: int
    slot: int | None
    template: str
    variant: str
    part: str
    answer: str
    answered: bool = True
    row: int | None = field(default=None, compare=False)
    unsubmitted: str = ""
    tries: int = field(default=1, compare=False)
    line: int | None = field(default=None, compare=False)
    tag_lost: bool = False


@dataclass(frozen=True)
class Responses:
    """What read_responses reads: the long ``rows`` (ResponseRow), and what the
    caller reports beside them. ``skipped``: the numbers (1 = the first after the
    header) of rows that name no student (Moodle: no ID number, no email; Canvas:
    no id, no sis_id, as for a logged-out user of a public quiz), which cannot be
    graded. ``fallback``: the students named by the id column not preferred
    (_moodle_rows), or by Canvas's own user id for want of a sis_id.
    ``unordered``: the students whose attempts are taken in file order (Moodle:
    start times that do not all read as dates; Canvas: several rows, one with no
    attempt number: quizgen.lms.row_checks.canvas_attempts). ``absent``:
    ``(attempt, (student, template, part))`` for each Canvas question group not
    given in an attempt (_canvas_rows), of which the caller keeps the
    attempt's it grades. ``untagged``: the question cells with no ``[quizgen:...]``
    tag (quizgen.lms.untagged.Untagged); those of a Moodle column other rows tag
    are rows too (``ResponseRow.tag_lost``). ``filled``: the Canvas users with a
    sis_id on some rows, none on others, all taken as that sis_id's, with each
    row's name (row_checks.canvas_students). ``still_open``: {student: State} of
    each Moodle student graded from a finished attempt beside a later one still
    open (quizgen.lms.papers.STILL_OPEN), who could still submit it."""

    rows: list
    skipped: list = field(default_factory=list)
    fallback: list = field(default_factory=list)
    unordered: list = field(default_factory=list)
    absent: list = field(default_factory=list)
    untagged: list = field(default_factory=list)
    filled: dict = field(default_factory=dict)
    still_open: dict = field(default_factory=dict)
    resaved: str = ""   # a Moodle download's cells' signs of a spreadsheet's save (lms/resave_signs.py)
    numbers_kept: str = ""   # a grade cell a spreadsheet's save would have rewritten, as Moodle wrote it (1.00)
    test_student: list = field(default_factory=list)   # (row, Canvas id) of Canvas's Test Student, not graded


def read_responses(path, encoding: str | None = None, prefer: str = "idnumber",
                   delimiter: str | None = None) -> Responses:
    """The Responses of a Moodle responses download or a Canvas student
    analysis CSV, told apart by their headers. The file is read as an answers
    file is (quizgen.csv_input): its text by ``csv_text`` (``encoding``, else
    detected; one line when it is no text), and its delimiter (``,`` ``;``
    tab, Excel's ``sep=`` line) unless ``delimiter`` is, so a download re-saved
    by a spreadsheet reads as the original. ``prefer``: see _moodle_rows."""
    text = csv_text(path, Path(path).read_bytes(), encoding, f"{NOT_TEXT}; expected {DOWNLOADS['moodle']} or "
                    f"{DOWNLOADS['canvas']}").text
    try:
        rows, lines = table_lines(text, delimiter)
        del text   # the rows hold what is read of it (a question cell's tag: download_table)
        kind = lms_kind(rows[0] if rows else [])
        if kind == "moodle":
            return _moodle_rows(rows, prefer, lines)
        if kind == "canvas":
            return _canvas_rows(rows, lines)
    except csv.Error as exc:   # a cell over the size limit
        raise InputFileError(f"{path}: not valid CSV ({exc})") from exc
    except InputFileError as exc:   # the parsers name the row; the file is named here
        raise InputFileError(f"{path}: {exc}") from exc
    raise InputFileError(f"{path}: {NEITHER}")


def _refuse_unanswerable(header: list, answered: set) -> None:
    """Refuse a Moodle download with a 'Question N' column but no 'Response N' (a column deleted):
    graded, that question would leave every paper and every maximum in silence."""
    lacking = [h.strip() for h in header if _MOODLE_QUESTION.fullmatch(h.strip()) and int(h.split()[1]) not in answered]
    if lacking:
        raise InputFileError(f"the Moodle export has a '{lacking[0]}' column but no 'Response {lacking[0].split()[1]}', "
                             "so that question's answers are missing (a column deleted?). "
                             + _MOODLE_TICK.format(what="response"))


def _moodle_rows(rows: list, prefer: str = "idnumber", file_lines: list | None = None) -> Responses:
    """The Responses of Moodle's quiz Responses report as downloaded (CSV), from its table:
    columns Last name (Surname in Moodle 3), First name, the identity fields (ID number,
    Email address, ...), State, ..., then per slot N "Question N" and "Response N" (and
    "Right answer N"); a Cloze response reads ``part 1: 0.426; part 2: 1.2``. Students are
    named by their ID number, else their email (``prefer="email"``: the other way round);
    those named by the other column, whom a grade import keyed on ``prefer`` would not
    know, are the ``fallback``. A download of all tries (a row per try) is read as one row
    per attempt, each question's latest try counting (quizgen.lms.attempts.joined_tries).
    ``file_lines``: the file line of each row (``table_lines``; without it, one line a row)."""
    header = rows[0] if rows else []
    slots = [(int(m.group(1)), i) for i, h in enumerate(header) if (m := MOODLE_RESPONSE.fullmatch(h))]
    if not slots:
        if any(_MOODLE_MARK.fullmatch(h.strip()) for h in header):
            raise InputFileError(MOODLE_GRADES)
        raise InputFileError("the Moodle export has no 'Response N' columns. "
                             + _MOODLE_TICK.format(what="response"))
    refuse_two_columns(header, slots)
    first = first_columns(header)
    questions = {n: first[f"Question {n}"] for n, _ in slots if f"Question {n}" in first}
    if len(questions) < len(slots):
        refuse_repeated(header, _MOODLE_QUESTION)
        lacking = next(n for n, _ in slots if n not in questions)
        raise InputFileError((f"the Moodle export has a 'Response {lacking}' column but no 'Question {lacking}' beside "
                              "it, which names that question's variant (a column deleted?). " if questions else
                              "the Moodle export has no 'Question N' columns, which name each variant. ")
                             + _MOODLE_TICK.format(what="question text"))
    _refuse_unanswerable(header, {n for n, _ in slots})
    check_attempts(rows, "Moodle export")
    check_widths(header, rows[1:], [c for pair in zip(questions.values(), (i for _, i in slots)) for c in pair])
    id_columns = _moodle_id_columns(header, rows[1:], prefer)
    attempts = joined_tries(header, rows[1:])   # a download of all tries: each attempt's tries as one row
    skipped, fallback, unordered = [], [], []
    who = [(student := _moodle_student(row, id_columns, fallback),
            NO_ATTEMPT if _no_attempt(row, questions.values(), slots) else unfinished_state(header, row, line, student))
           for line, row, _, _ in attempts]
    check_one_person_each(header, attempts, [s if u != NO_ATTEMPT else "" for s, u in who], moodle_name_columns(header),
                          prefer)
    finished = {student for student, unfinished in who if not unfinished}
    tried = {student for student, unfinished in who if unfinished != NO_ATTEMPT}   # a no-attempt row beside: dropped
    # (line, row, student) of each attempt to read; by its line: the line each response came from, the State
    # of an open attempt, each question's tries
    kept, source, states, counts, still_open = [], {}, {}, {}, {}
    for (line, row, lines, tries), (student, unfinished) in zip(attempts, who):
        check_id(student, "the Moodle export's", line)
        if not student and any(c.strip() for c in row):
            skipped.append(line)
        if student and not (unfinished and student in finished or unfinished == NO_ATTEMPT and student in tried):
            kept.append((line, row, student))   # else an attempt left open beside a finished one: Moodle grades that
            source[line], states[line], counts[line] = lines, unfinished, tries
        elif student and unfinished in STILL_OPEN and unfinished != NO_ATTEMPT:   # it may still be submitted
            still_open.setdefault(student, unfinished)
    out, numbers, cells = [], attempt_numbers(header, kept, unordered), []
    names = moodle_name_columns(header)   # First name, and Last name (Moodle 4) or Surname (Moodle 3)
    for line, row, student in kept:
        name = _name(name_in(row, names), student, "the Moodle export's", line)
        if states[line] == NO_ATTEMPT:   # one row saying so: lms.papers gives them the class paper, scored 0
            out.append(ResponseRow(student, name.strip(), numbers[line], None, "", "", "", "", answered=False, row=line,
                                   unsubmitted=NO_ATTEMPT, line=file_lines[line] if file_lines else line + 1))
            continue
        for number, column in slots:
            at, question = source[line][column], row[questions[number]]
            tag = TAG.search(question)
            if tag is None:   # said (lms/untagged.py) unless the cell is empty
                answered = row[column].strip() not in ("", "-")
                if not answered and question.strip() in ("", "-"):
                    continue
                cells.append(Untagged(f"Question {number}", student, numbers[line], line, answered))
            out += [replace(r, unsubmitted=states[line]) if states[line] else r
                    for r in _moodle_answers(tag, row[column], number, (student, name.strip(), numbers[line]), at,
                                             counts[line][column], file_lines[at] if file_lines else at + 1)]
    tagged = {r.slot for r in out if r.slot is not None and not r.tag_lost}
    return Responses([r for r in out if not r.tag_lost or r.slot in tagged],   # a column tagged on no row: not graded
                     skipped, fallback, unordered, untagged=moodle_untagged(cells, {f"Question {s}" for s in tagged}),
                     still_open=still_open, resaved=moodle_resave_signs(header, rows[1:]),
                     numbers_kept=numbers_kept(header, rows[1:]))


def _no_attempt(row: list, questions, slots: list) -> bool:
    """Whether ``row`` is the row Moodle writes for an enrolled student who has
    not attempted the quiz (Attempts from including "enrolled users who have
    not attempted"): no question of it carries a quizgen tag, and every
    Response cell is ``-`` or empty (its State is ``-`` too). A row that says
    otherwise (Finished) but carries no tag and no response is taken so too:
    nothing in it can be graded, and the student is named as missing, scored 0."""
    return (not any(TAG.search(row[i]) for i in questions if i < len(row))
            and all(i >= len(row) or row[i].strip() in ("", "-") for _, i in slots))


def _moodle_student(row: list, columns: list, fallback: list) -> str:
    """The id naming the student of ``row``: its first filled id column (a
    student named by a later column is added to ``fallback``)."""
    for n, i in enumerate(columns):
        value = row[i].strip() if i is not None and i < len(row) else ""
        if value not in ("", "-"):
            if n and value not in fallback:
                fallback.append(value)
            return value
    return ""


def _moodle_id_columns(header: list, rows: list, prefer: str = "idnumber") -> list:
    """The columns naming students, in order of preference: ID number, then
    Email address (a row without an ID number falls back to its email), or the
    other way round with ``prefer="email"``; None for one the download lacks, so
    that a student named by the other is a fallback whether the preferred
    column is empty or deleted."""
    names = MOODLE_ID_COLUMNS if prefer != "email" else MOODLE_ID_COLUMNS[::-1]
    columns = [header.index(name) if name in header else None for name in names]
    if any(i is not None and len(r) > i and r[i].strip() not in ("", "-") for r in rows for i in columns):
        return columns
    raise InputFileError("the Moodle export has no filled 'ID number' or 'Email address' column to name "
                         "students; ask the site admin to add ID number (or email) to 'Show user identity' "
                         "(Site administration > Users > Permissions > User policies) and download again")


def _moodle_answers(tag, response: str, slot: int, who: tuple, line: int, tries: int = 1,
                    file_line: int | None = None) -> list:
    """The rows of one Moodle response cell (one answer, or ``part i: ...`` for
    Cloze) of row ``line`` (on ``file_line`` of the file), answered in ``tries`` tries;
    ``tag``: the TAG match of its question cell, naming the variant (None: the cell lost it, ``tag_lost``)."""
    template, variant = (tag.group(1), tag.group(2)) if tag is not None else ("", "")
    if response.strip() in ("", "-"):
        return [ResponseRow(*who, slot, template, variant, "", "", answered=False, row=line, line=file_line,
                            tag_lost=tag is None)]
    return [ResponseRow(*who, slot, template, variant, letter, answer, row=line, tries=max(tries, 1), line=file_line,
                        tag_lost=tag is None) for letter, answer in cloze_parts(response)]


def _canvas_rows(rows: list, file_lines: list | None = None) -> Responses:
    """The Responses of Canvas's Student Analysis CSV (Quiz Statistics > Student Analysis),
    from its table: name, id, sis_id, section, ..., submitted, [attempt], then per question
    a column headed ``<id>: <question text>`` with the answer and a points column, then
    n correct, n incorrect, score. ``file_lines``: as for _moodle_rows.

    Canvas fills the points cell of every question a student was given, even one left
    unanswered (its quiz grader scores each question of the submission, an empty answer at
    0.0), and leaves both cells empty only for a question the student was not given. So a
    question group none of whose variant columns is filled for a student (the quiz edited
    after they took it) is not on their paper: it is one of the ``absent``, for the caller to
    report, instead of a variant they never saw standing in. A row naming no student (no id,
    no sis_id: Canvas writes such a row for a logged-out user of a public quiz) is passed
    over (``skipped``), and so is Canvas's Test Student (a teacher's Student View: named so, no
    sis_id on any of its user's rows), which is no student (``test_student``). A column with no tag is one Untagged, but one worth no points (a
    text-only question) is none."""
    header = rows[0] if rows else []
    if "id" not in header:
        raise InputFileError("the Canvas student analysis has no 'id' column (an anonymous survey?); "
                             "quizgen needs to know whose answers these are")
    columns = [(i, TAG.search(h)) for i, h in enumerate(header) if _CANVAS_QUESTION.match(h)]
    untagged = [Untagged(header[i], answered=True) for i, m in columns if m is None and _worth(header, i + 1)]
    columns = [(i, m) for i, m in columns if m is not None]
    if not columns:
        raise InputFileError("no question of this Canvas student analysis carries a [quizgen:...] tag: "
                             "was the quiz imported from 'quizgen export canvas'?")
    check_attempts(rows, "Canvas student analysis")
    groups = {}
    for index, tag in columns:
        groups.setdefault((tag.group(1), tag.group(3) or "a"), []).append((index, tag.group(2)))
    users, ids = {}, [_cell(header, row, "id") for row in rows[1:]]
    students, filled = canvas_students(ids, [_cell(header, row, "sis_id") for row in rows[1:]],
                                       [_cell(header, row, "name") for row in rows[1:]])
    read = Responses([], untagged=untagged, filled=filled)
    for line, row in enumerate(rows[1:], start=1):   # a teacher's Student View: no student (roster.NOT_STUDENTS)
        if _cell(header, row, "name").casefold() == "test student" and students[line - 1] == ids[line - 1]:
            read.test_student.append((line, ids[line - 1]))
            students[line - 1] = ""
    for line, (row, student) in enumerate(zip(rows[1:], students), start=1):   # whose rows these are, first
        check_id(student, "the Canvas student analysis's", line)
        if student:
            check_one_canvas_user_each(users, student, ids[line - 1], line)
    attempts = canvas_attempts([_cell(header, row, "attempt") for row in rows[1:]], students, read.unordered, filled)
    for line, (row, student, attempt) in enumerate(zip(rows[1:], students, attempts), start=1):
        row = row + [""] * (len(header) + 1 - len(row))   # + 1: a question's points cell may be missing
        if student and student == ids[line - 1] and not _cell(header, row, "sis_id"):   # sis_id of no row
            read.fallback.append(student)
        if student:
            who = (student, _name(_cell(header, row, "name"), student, "the Canvas student analysis's", line),
                   attempt)
            for group in groups.items():
                answers = _canvas_answers(row, group, who, line, file_lines[line] if file_lines else line + 1)
                read.rows.extend(answers)
                if not answers:   # the caller keeps the attempt it grades (grading/lms_input._graded_attempts)
                    read.absent.append((who[2], (student, *group[0])))
        elif any(c.strip() for c in row) and (line, ids[line - 1]) not in read.test_student:
            read.skipped.append(line)
    return read


def _canvas_answers(row: list, group: tuple, who: tuple, line: int, file_line: int | None = None) -> list:
    """The rows of one question group (a template part) for one student, from
    row ``line`` (on ``file_line`` of the file): the variant columns the student has (answer, or points for a
    blank answer); none when no column is filled (the student was not given the group)."""
    (template, letter), members = group
    return [ResponseRow(*who, None, template, label, letter, row[i].strip(), row=line, line=file_line)
            for i, label in members if row[i].strip() or row[i + 1].strip()]


def _name(name: str, student: str, export: str, line: int) -> str:
    """A student's name as the download holds it: one over MAX_NAME characters
    (no one's name, but a shifted column or a crafted file) is refused naming
    the download's row (a long name is a name: key.json keeps MAX_NAME)."""
    if len(name) > MAX_NAME:
        raise InputFileError(f"{export} row {line} after the header (student {quoted(student)}): the name is "
                             f"{len(name):,} characters long, over {MAX_NAME:,}, which no name is; check the "
                             f"row, or download the report again")
    return name


def _worth(header: list, index: int) -> bool:
    """Whether the points column at ``index`` (its header: the question's points) is not 0."""
    try:
        return float(header[index]) != 0
    except (IndexError, ValueError):
        return True


def _cell(header: list, row: list, name: str) -> str:
    """The cell of column ``name`` in ``row``, stripped; "" when the column is absent or the row ends before it."""
    column = header.index(name) if name in header else len(row)
    return row[column].strip() if column < len(row) else ""
