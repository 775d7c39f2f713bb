"""The class roster, one reader for ``generate --students roster.csv`` (a
paper per student) and ``grade --roster roster.csv`` (who should have
answered).

A roster is a small CSV read with the answers file's conventions
(quizgen/csv_input.py: encoding detection, ``,`` ``;`` or tab, Excel's
``sep=`` line): a student id column under any of its names (``student_id``,
``Student ID``, ``Matrikelnummer``, ``email``, ...), optionally the name, in
one column (``Name``, ``Full name``, ...) or as given and family names
(``First name``/``Last name``, ``Vorname``/``Nachname``, ``Prénom``/``Nom``,
...: one name "First Last"), other columns ignored. An LMS export reads as
the LMS names its students in a quiz download (quizgen/lms/responses.py):
Canvas's gradebook by ``SIS User ID``, else ``ID``, its ``Student`` column
("Last, First") the name; Moodle's by ``ID number``, else ``Email address``
(``ID-Nummer``, ``E-Mail-Adresse`` in German); a Moodle quiz report (its
Grades report: State and Started on columns) has a row per attempt, read
once (its State kept: Student.state), and average rows, which have neither id
nor State and no whole name (``_average_row``), skipped.
A section column (``Section``, Canvas's and registrars'; ``Groups``, Moodle's
participants page; ``SECTION_COLUMNS``) gives each student's section, which
grade's class report breaks its figures down by (quizgen/report/sections.py).
Each id is normalised for comparison (quizgen/marking/student_ids.py: case
and spaces ignored), so a roster listing one student twice, even as ``S010``
and ``s010``, is refused with both lines named. Errors are one line naming
the file, the line and what was wrong."""

from __future__ import annotations

from array import array
from csv import Error as CsvError
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from quizgen.csv_input import (ALIASES, csv_problem, find_column, first_lines, header_shown, norm_header,
                               one_column_each_at, read_csv_text, sniffed_reader)
from quizgen.cells import has_control
from quizgen.errors import InputFileError
from quizgen.wording import shortened, thousands
from quizgen.key.checks import MAX_NAME, MAX_STUDENT_ID   # characters of a name, of a student id (key.json's)
from quizgen.key.download_fields import STILL_OPEN
from quizgen.marking.student_ids import normalise_id, why_one_id

ID_COLUMNS = "student_id, Student ID, Matrikelnummer, email, ..."
# Given and family name columns (headers as csv_input.norm_header makes them);
# "Nom" and "Nombre" are a whole name (ALIASES) unless the other half is there too.
GIVEN_NAMES = ("firstname", "givenname", "givennames", "forename", "forenames", "vorname", "vornamen",
               "prenom", "prenoms", "nombre", "nombres", "nome", "voornaam", "first")
FAMILY_NAMES = ("lastname", "familyname", "surname", "nachname", "familienname", "nom", "nomdefamille",
                "apellidos", "apellido", "cognome", "achternaam", "last")
# (id column, the column a row without that id falls back on) of an LMS export:
# Canvas's gradebook, Moodle's participants or grades, as responses.py reads their quiz downloads.
# Moodle's in German too (ID-Nummer, E-Mail-Adresse), as it downloads its reports in the user's language.
LMS_IDS = (("sisuserid", ("id",)), ("idnumber", ("emailaddress", "email")), ("idnummer", ("emailadresse", "email")))
OTHER_IDS = ("emailadresse",)   # an id column of no csv_input.ALIASES: Moodle's German email address
CANVAS_NAME = "student"                              # Canvas's gradebook: "Last, First"
NOT_STUDENTS = ("points possible", "student, test")   # Canvas gradebook rows that are no student
# A Moodle quiz report's State and Started on columns (mod/quiz/report/attemptsreport.php: mod_quiz's
# strings 'attemptstate' and 'startedon'), which
# Moodle names in the downloading user's language (headers as norm_header makes them): English, German.
QUIZ_STATES = ("state", "status")
QUIZ_STARTS = ("startedon", "begonnenam")
SUBMITTED_STATES = ("Finished", "Submitted", "Never submitted")   # an attempt closed: Moodle's grade stands
# A student's section or group, headers as norm_header makes them: Canvas's gradebook and registrars' class
# lists (Section), Moodle's participants page (Groups; Gruppen, Groupes in German and French), tutorial groups.
SECTION_COLUMNS = ("section", "sections", "classsection", "coursesection", "group", "groups", "tutorialgroup",
                   "gruppe", "gruppen", "groupe", "groupes")


@dataclass(frozen=True, slots=True)
class Student:
    """One row of the roster: the id as written (spaces collapsed) and the name
    ('' when none); slots, no dict: a roster of a million rows is held whole.
    ``state``: a Moodle quiz report's State for them ('' in any other roster;
    with a row per attempt, a submitted one's if any: ``SUBMITTED_STATES``),
    which grade reads to give a student whose attempt is still open, or who
    has none (``-``), no grade in an LMS gradebook file (lms.papers.still_open_ids).
    ``section``: the roster's section column for them ('' when none, or no such column).
    ``open_attempt``: the State of an attempt still open beside a submitted one (``_attempts``)."""

    student_id: str
    name: str
    state: str = field(default="", compare=False)
    section: str = field(default="", compare=False)
    open_attempt: str = field(default="", compare=False)


class Roster(list):
    """The roster's Students in file order, with the file's name (``source``)
    and the header of the column their ids were read from (``column``), for
    grade to name when no answer id matches (grading/students.check_roster_matches),
    each one's line of the file (``lines``), for a refusal of one to name, and the
    encoding it was given in (``encoding``, None: detected), to read it again so."""

    def __init__(self, students=(), source: str = "roster", column: str = "", lines=()):
        super().__init__(students)
        self.source, self.column, self.lines, self.encoding = source, column, lines, None

    def where(self, student_id: str) -> str | None:
        """``roster.csv: line 5`` for the student ``student_id`` (by the id rule), else None."""
        normal = normalise_id(student_id)
        found = next((n for n, student in enumerate(self) if normalise_id(student.student_id) == normal), None)
        return None if found is None or found >= len(self.lines) else f"{self.source}: line {self.lines[found]}"


def read_roster(path, option: str = "--roster", encoding=None) -> Roster:
    """The students of the roster CSV at ``path``, in file order, read in ``encoding`` if given (else
    detected); ``option``: the command-line option that gave it (``--students`` for generate), as errors
    name it, and ``{option}-encoding`` the one naming its encoding (``--roster-encoding``)."""
    roster = parse_roster(read_csv_text(path, "roster", encoding, f"{option}-encoding"), str(path), option)
    roster.encoding = encoding
    return roster


def parse_roster(text: str, source: str = "roster", option: str = "--roster") -> Roster:
    """The students of a roster given as CSV ``text``, in file order; blank
    lines are skipped; ``source`` names it in errors, and ``option`` the option it was given to."""
    reader, skip = sniffed_reader(text, where=f"{source}: ")
    try:
        header = next((row for row in reader if any(cell.strip() for cell in row)), None)
        if _answers_header(header):
            raise InputFileError(f"{source}: line {max(reader.line_num, 1) + skip}: this looks like an answers file "
                                 f"(it has question and answer columns), not a roster: {option} takes the class list, "
                                 "a student_id and a name a row")
        columns = _columns(header, f"{source}: line {max(reader.line_num, 1) + skip}")
        students, lines = _unique_students(reader, columns, source, skip)
        return Roster(students, source, header[columns.student].strip(), lines)
    except CsvError as exc:
        raise InputFileError(f"{source}: line {reader.line_num + skip}: {csv_problem(exc)}") from exc


def _answers_header(header) -> bool:
    """Whether a header names a question and an answer column: an answers file given as the roster."""
    names = [norm_header(h) for h in header or ()]
    return find_column(names, ALIASES["question"]) is not None and find_column(names, ALIASES["answer"]) is not None


def column_holding(roster: Roster, ids) -> str | None:
    """The header of the roster file's column, other than the one its ids
    were read from, that holds one of ``ids`` (an Email column beside Student
    ID, for answers keyed by email), to name in check_roster_matches' error;
    None when none does or the file cannot be read again (a pipe)."""
    try:
        reader, _ = sniffed_reader(read_csv_text(roster.source, "roster", roster.encoding))
        rows = [row for row in reader if any(cell.strip() for cell in row)]
    except (OSError, CsvError, InputFileError):
        return None
    wanted = {normalise_id(i) for i in ids}
    for i, name in enumerate(rows[0] if rows else ()):
        if name.strip() != roster.column and any(i < len(row) and normalise_id(row[i]) in wanted for row in rows[1:]):
            return name.strip().lstrip("\ufeff")
    return None


def unmatched_advice(roster: Roster, ids: list, answers: str) -> str:
    """The end of the error for a roster whose ids match none of the answers'
    ``ids`` (grading/students.check_roster_matches): the roster's column that
    holds them when one does (an Email column beside Student ID, for answers
    keyed by email), else which roster to give."""
    other = column_holding(roster, ids)
    if other is None:
        return f"; give a roster whose id column holds the ids in {answers}"
    return (f", but its column {shortened(other)!r} holds them: delete or rename the column "
            f"{shortened(roster.column)!r}, so that the ids are read from {shortened(other)!r}")


class Columns(NamedTuple):
    """Where a roster row's cells are: the id, the id a row without it falls
    back on (an LMS export's, else None), the name's parts (none, the whole
    name, or given then family name), and whether the name is written "Last, First"."""

    student: int
    fallback: int | None
    name: tuple
    last_first: bool = False
    state: int | None = None   # a Moodle quiz report's State: a row per attempt, and average rows (no id, no State)
    section: int | None = None   # the section or group column (SECTION_COLUMNS)

    @property
    def attempts(self) -> bool:
        """Whether the roster is a Moodle quiz report (the quiz's Grades report, say)."""
        return self.state is not None


def _columns(header, where: str) -> Columns:
    """The roster's Columns from its header cells; a header naming the id or
    a name twice (``student_id,student_id``) is refused: which one it means
    cannot be known."""
    names = [norm_header(cell) for cell in header or ()]
    student, fallback = _id_columns(names)
    if student is None:
        raise InputFileError(f"{where}: expected a student id column ({ID_COLUMNS}; optionally name, or "
                             f"first and last name); found {header_shown(header)}")
    name = name_columns(names)
    section = find_column(names, SECTION_COLUMNS)
    one_column_each_at(header, names, {"student id": student, "LMS id": fallback, **name.roles(),
                                    "section": section}, f"{where}: ")
    if name.read:
        return Columns(student, fallback, name.read, False, _quiz_state(names), section)
    if CANVAS_NAME in names and names.index(CANVAS_NAME) != student:   # Canvas's "Student" beside its ids
        return Columns(student, fallback, (names.index(CANVAS_NAME),), True, section=section)
    return Columns(student, fallback, (), section=section)


class NameColumns(NamedTuple):
    """Where a header holds the students' names (None: no such column): a
    column with the whole name (``Name``, ``Full name``, ``Your name``, ...:
    csv_input.ALIASES), and given and family name columns (``First name`` and
    ``Last name`` or ``Surname``, ...: GIVEN_NAMES, FAMILY_NAMES)."""

    whole: int | None
    given: int | None
    family: int | None

    @property
    def read(self) -> tuple:
        """The columns a name is read from (name_in): the whole name's when
        there is one, else the given and the family name's (either alone when
        the other is missing); () when none."""
        if self.whole is not None:
            return (self.whole,)
        return tuple(i for i in (self.given, self.family) if i is not None)

    def roles(self) -> dict:
        """Each column's role as csv_input.one_column_each_at names it, to refuse one given twice."""
        return {"student's name": self.whole, "given name": self.given, "family name": self.family}


def name_columns(names: list, taken=frozenset()) -> NameColumns:
    """The NameColumns of a header, its cells as csv_input.norm_header makes
    them (``names``), for the roster, an answers file and an LMS download
    alike; ``taken``: columns that hold something else (an answers file's
    student id), never a name. ``Nom`` or ``Nombre`` (a whole name in
    ALIASES, a half in GIVEN_NAMES or FAMILY_NAMES) is a half when the other
    half is there too, else the whole name."""
    first = {}
    for i, name in enumerate(names):
        if i not in taken:
            first.setdefault(name, i)
    given, family = (next((first[a] for a in aliases if a in first), None) for aliases in (GIVEN_NAMES, FAMILY_NAMES))
    whole = next((first[a] for a in ALIASES["name"] if a in first and first[a] not in (given, family)), None)
    return NameColumns(whole, given, family)


def name_in(cells: list, columns: tuple) -> str:
    """The name that ``cells`` (a row, as long as its header) hold in
    ``columns`` (NameColumns.read): a whole-name column's cell as written;
    given and family names, each with its runs of spaces collapsed, joined
    by a space ("Ada Lovelace", as the roster joins them); "" with no name
    columns."""
    if len(columns) == 1:
        return cells[columns[0]]
    return joined_name(" ".join(cells[i].split()) for i in columns)


def joined_name(parts) -> str:
    """One name from its parts in order (given, family), the empty ones left out."""
    return " ".join(part for part in parts if part)


def _quiz_state(names: list):
    """The State column of a Moodle quiz report (its Grades report, with ID
    number, email or both; in English or another language: QUIZ_STATES,
    QUIZ_STARTS), known by its State and Started on columns; else None."""
    state = find_column(names, QUIZ_STATES)
    return state if state is not None and find_column(names, QUIZ_STARTS) is not None else None


def _id_columns(names: list) -> tuple:
    """``(id column, fallback column)``: an LMS export's registrar id (Canvas's
    SIS User ID, Moodle's ID number) and its own id, else the first of the id
    names (csv_input.ALIASES) and no fallback."""
    for registrar, own in LMS_IDS:
        if registrar in names:
            return names.index(registrar), find_column(names, own)
    student = find_column(names, ALIASES["student"] + OTHER_IDS)
    if student is not None and names[student] == CANVAS_NAME and "id" in names:   # Canvas's, without SIS ids
        return names.index("id"), None
    return student, None


def _unique_students(reader, columns: Columns, source: str, skip: int) -> tuple:
    """``(students, lines)``: the students of the data rows and each one's line; an id whose
    normal form repeats an earlier one's is refused, naming both lines and both spellings."""
    students, seen, lines = [], {}, array("l")   # seen: {normal id: its student's place}; lines: each one's line
    for line, row in first_lines(reader, skip):
        if not any(cell.strip() for cell in row):
            continue
        if _not_a_student(row, columns):
            continue
        found = _student(row, columns, f"{source}: line {line}")
        key = normalise_id(found.student_id)
        if key in seen and columns.attempts and students[seen[key]] == found:
            students[seen[key]] = _attempts(students[seen[key]], found.state)
            continue   # a Moodle quiz report's row per attempt: the same student again
        if key in seen:
            first = seen[key]
            raise InputFileError(f"{source}: line {line}: student_id {found.student_id!r} repeats "
                                 f"line {_repeat((lines[first], students[first].student_id), found.student_id)}")
        seen[key] = len(students)
        students.append(found)
        lines.append(line)
    if not students:
        raise InputFileError(f"{source}: the roster lists no students")
    return students, lines


def _repeat(first: tuple, student_id: str) -> str:
    """Which earlier line an id repeats, with its spelling when that differs and why the two are one
    (student_ids.why_one_id, as every refusal of one id twice says it)."""
    line, spelled = first
    if spelled == student_id:
        return str(line)
    return f"{line} ({why_one_id(spelled, student_id, named=False)})"


def _attempts(student: Student, state: str) -> Student:
    """``student`` of a Moodle quiz report with another attempt's row, in State ``state``: a submitted
    attempt's State counts (SUBMITTED_STATES), and an attempt still open beside it is kept as
    ``open_attempt``, whatever the rows' order (Moodle opens an attempt only once the last is closed,
    so the open one is the later): grade holds its student as a download showing it does."""
    closed = state if state in SUBMITTED_STATES else student.state
    opened = next((s for s in (state, student.state) if s in STILL_OPEN), student.open_attempt)
    return replace(student, state=closed, open_attempt=opened if closed in SUBMITTED_STATES else "")


def _not_a_student(row: list, columns: Columns) -> bool:
    """Whether a row of a Canvas gradebook is one of its rows that are no
    student: "Points Possible", the Test Student, a row with neither name nor
    id (the posting policy's); or of a Moodle quiz report (the Grades
    report's download), an average row ("Overall average", "Gesamtdurchschnitt",
    a group's, in whatever language): ``_average_row``."""
    if columns.attempts:
        return _average_row(row, columns)
    if not columns.last_first:
        return False
    name = " ".join(_cell(row, columns.name[0]).casefold().split())
    ids = (_cell(row, columns.student) + _cell(row, columns.fallback)).strip()
    return name in NOT_STUDENTS or not (name or ids)


def _average_row(row: list, columns: Columns) -> bool:
    """Whether a row of a Moodle quiz report is an average row: neither id nor
    State, and its label where Moodle writes it (mod/quiz/report/overview:
    compute_average_row puts it in the last name column of a download, the
    first name left empty), or, with a whole-name column, beside averages (a
    grade cell filled). A student's row with a name and no id is not one: it
    is refused (``_student``), as in any roster."""
    ids = (_cell(row, columns.student) + _cell(row, columns.fallback)).strip()
    if ids or _cell(row, columns.state).strip():
        return False
    if len(columns.name) == 2:   # given and family name
        return not all(_cell(row, column).strip() for column in columns.name)
    named = {columns.student, columns.fallback, columns.state, columns.section, *columns.name}
    return any(cell.strip() for i, cell in enumerate(row) if i not in named)


def _cell(row: list, column) -> str:
    """The cell of ``row`` in ``column`` ('' when the row is shorter or there is no such column)."""
    return row[column] if column is not None and column < len(row) else ""


def _student(row: list, columns: Columns, where: str) -> Student:
    """The Student of one data row."""
    if columns.student >= len(row) and columns.fallback is None:
        raise InputFileError(f"{where}: expected at least {columns.student + 1} fields, found {len(row)}")
    student_id = _clean(_cell(row, columns.student), "student_id", where) \
        or _clean(_cell(row, columns.fallback), "student_id", where)
    if not student_id:
        raise InputFileError(f"{where}: student_id is empty")
    if not normalise_id(student_id):   # only invisible characters: it would match no answer row's id
        raise InputFileError(f"{where}: student_id holds only invisible characters "
                             f"({student_id.encode('unicode_escape').decode('ascii')[:40]})")
    if len(student_id) > MAX_STUDENT_ID:
        raise InputFileError(f"{where}: {student_id[:40]!r}... is not a student id (over {MAX_STUDENT_ID} characters)")
    full_name = _name(row, columns, where)
    if len(full_name) > MAX_NAME:   # key.json keeps names to this length, so grade could not read the key
        raise InputFileError(f"{where}: the name {full_name[:40]!r}... is over {thousands(MAX_NAME)} characters")
    section = _clean(_cell(row, columns.section), "section", where)
    if len(section) > MAX_NAME:
        raise InputFileError(f"{where}: the section {section[:40]!r}... is over {thousands(MAX_NAME)} characters")
    return Student(student_id, full_name, " ".join(_cell(row, columns.state).split())[:40], section)


def _name(row: list, columns: Columns, where: str) -> str:
    """The student's name: the name column's, or "First Last" from the given and
    family name columns or from Canvas's "Last, First" ('' when none)."""
    parts = [_clean(_cell(row, column), "name", where) for column in columns.name]
    if columns.last_first and parts[0].count(",") == 1:
        family, given = parts[0].split(",")
        parts = [given.strip(), family.strip()]
    return joined_name(parts)


def _clean(value: str, column: str, where: str) -> str:
    """A cell with its runs of spaces collapsed; a control character is refused."""
    if has_control(value):
        raise InputFileError(f"{where}: {column} contains a control character")
    return " ".join(value.rstrip("\x00").split())
