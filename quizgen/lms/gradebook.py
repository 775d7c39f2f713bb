"""Gradebook files an LMS imports: Canvas (its own exported gradebook CSV with
the assignment column filled or added), Moodle (the grade-import CSV keyed by
ID number or email) and a plain one-row-per-student CSV.

A column that already holds grades (Canvas's template, or for Moodle a grade
export or the file an earlier run wrote) is merged, not overwritten: a student
with no answer in this run keeps a grade already there (a second section's
answers leave the first section's grades alone), and the grades this run
changes are listed, so that a re-run or a regrade is visible. A template's
student is a graded one by grade's id rule (normalise_id, then the one id
differing only by leading zeros, never two: student_ids.zero_pairs, listed in
``by_zeros``); a column or student twice, or a Moodle grade that is not a
number, is refused in one line (lms/template_rows.py reads the rows).

Pure functions from a list of :class:`Grade` to CSV text. Numbers always use a
decimal point (a Moodle template's grade written back too: ``4,50`` is ``4.5``);
every cell is spreadsheet-safe (a text cell starting ``= + - @`` gets a leading
quote), but for a student's identity cell, never changed: a row whose id the
guard would change is left out (``unguarded``), as the LMS would not know it;
a Canvas row given no grade is kept, guarded, and named (``odd_rows``)."""

from __future__ import annotations

from typing import NamedTuple

from quizgen.errors import InputFileError, UsageError
from quizgen.wording import printable, shortened
from quizgen.csv_input import one_column_each, sniffed_reader
from quizgen.lms.assignment import added_warning, assignment_column, names_assignment
from quizgen.lms.gradebook_file import canvas_file, gradebook_csv
from quizgen.lms.import_limits import needs_guard
from quizgen.lms.template_rows import (MOODLE_KEYS, NO_GRADE, moodle_rows, numbered_rows,
                                       repeated_student)
from quizgen.marking.student_ids import normalise_id, zero_pairs
from quizgen.report.formatting import number_text

CANVAS_SIS_COLUMNS = ("SIS User ID", "SIS Login ID")
"""The school's ids in a Canvas gradebook, which quizgen's ids usually are: matched first."""
CANVAS_ID_COLUMNS = (*CANVAS_SIS_COLUMNS, "ID")
"""Canvas columns a quizgen student id is matched against, in this order (``ID``: Canvas's own user number)."""
POINTS_POSSIBLE = "Points Possible"
MIN_POINTS_POSSIBLE = 0.01
"""The least Points Possible scores are scaled to: 1e-300 scaled every score to 0."""
PLAIN_COLUMNS = ("student_id", "name", "score", "max", "percent")
SAME_GRADE = 0.005
"""Grades closer than this are the same grade (Canvas shows two decimals; quizgen writes four)."""


class Grade(NamedTuple):
    """One student's result: their id, name, score and the maximum score."""

    student_id: str
    name: str
    score: float
    max: float


class FilledGradebook(NamedTuple):
    """A gradebook file (``text``) filled into a column that may already hold
    grades: the graded ids the file cannot match (``unmatched``), the students
    with no answer in this run whose grade already there was kept, ``(id, grade
    written)`` (``kept``), the grades this run changed, ``(id, before, now)``
    (``changed``), the template's lines with no student id (``no_id``), and the
    graded ids a Moodle file cannot key (``left_out``, see moodle_left_out)."""

    text: str
    unmatched: list
    kept: list = ()
    changed: list = ()
    no_id: list = ()
    left_out: list = ()
    possible: float | None = None   # the Canvas column's Points Possible the scores were scaled to (0: none, unscaled; None: not set)
    off_roster: tuple = ()   # graded ids not on grade's --roster, left out (Moodle: unless the template lists them)
    added: tuple = ()   # the warning when the Canvas file adds a new assignment column (lms/assignment.py)
    by_zeros: tuple = ()   # (the template's id, graded id) matched only by leading zeros (student_ids.zero_pairs)
    unfilled: tuple = ()   # the template's student ids (as written) no grade was matched to: the nearest-id hints
    other_rows: tuple = ()   # Canvas: (graded id, its row's id, an unmatched row's id that could be theirs too)
    held: tuple = ()   # graded ids given no grade, as their Moodle attempt is still open or they have none (``held``)
    unguarded: tuple = ()   # (id, grade) left out: an id cell would need the formula guard (unguardable)
    columns_added: tuple = ()   # Canvas: student columns the template lacks, written empty (import_limits.canvas_layout)
    odd_rows: tuple = ()   # Canvas: rows given no grade with a cell needing the formula guard (gradebook_file.canvas_file)
    from_export: bool = False   # Moodle: the template is Moodle's own grade export, whose grades are not written back
    not_in_export: tuple = ()   # Moodle: graded ids its own grade export does not list, left out (its import stops)


def plain_gradebook(grades: list, delimiter: str = ",", comma: bool = False) -> str:
    """One row per student: student_id, name, score, max, percent, separated by ``delimiter``
    and with decimal commas when ``comma``: no LMS reads it, so it is written as the class's
    answers file was, for their spreadsheet."""
    def shown(value) -> str:
        text = number_text(value)
        return text.replace(".", ",") if comma else text

    rows = [PLAIN_COLUMNS]
    for g in grades:
        percent = shown(100 * g.score / g.max) if g.max else ""
        rows.append((g.student_id, g.name, shown(g.score), shown(g.max), percent))
    return gradebook_csv(rows, delimiter)


def moodle_gradebook(grades: list, item: str, key: str = "idnumber", held=frozenset()) -> str:
    """Moodle's grade import CSV: the student's ID number (or email, with
    ``key="email"``), their name, and the grade item column ``item``. In
    Moodle, map the first column to "ID number" (or "Email address") and the
    last to the grade item. A student in ``held`` (normal ids: their attempt
    still open, or none yet) has no row: Moodle's import reads a blank or
    ``-`` cell as "no grade" and sets it, overriding the quiz's own grade
    (grade/import/csv/classes/load_data.php, update_grade_item; then
    grade_item::update_final_grade), as it does a 0; a student not in the file
    is left alone, so their later attempt's grade shows."""
    if key not in MOODLE_KEYS:
        raise UsageError(f"Moodle gradebook key must be one of {', '.join(MOODLE_KEYS)}, got {key!r}")
    rows = [(MOODLE_KEYS[key], "Full name", item)]
    rows += [(g.student_id, g.name, number_text(g.score)) for g in grades
             if normalise_id(g.student_id) not in held and not needs_guard(g.student_id)]
    return gradebook_csv(rows)


def unguardable(grades: list, held=frozenset()) -> tuple:
    """``(id, grade)`` of the students :func:`moodle_gradebook` leaves out as their id needs the guard."""
    return tuple((g.student_id, number_text(g.score)) for g in grades
                 if needs_guard(g.student_id) and normalise_id(g.student_id) not in held)


def unkeyed_ids(ids: list, key: str) -> list:
    """The ``ids`` a Moodle file keyed on ``key`` cannot name: email addresses
    keyed on ID number, ids that are no email address keyed on email."""
    return [i for i in ids if ("@" in i) == (key == "idnumber")]


def moodle_left_out(grades: list, key: str = "idnumber", known=frozenset()) -> list:
    """The graded ids a Moodle file leaves out, since Moodle's import stops
    the whole file at a student it does not know
    (grade/import/csv/classes/load_data.php): keyed on ID number, email
    addresses (students a Moodle download names by email for want of an ID
    number); keyed on email, ids that are no email address; either way only
    those the template does not list (``known``: its normal ids). None when
    every id is of the other kind: then the key was likely the wrong one, and
    grade's notes say so."""
    odd = unkeyed_ids([g.student_id for g in grades], key)
    if len(odd) == len(grades):
        return []
    return [i for i in odd if normalise_id(i) not in known]


def moodle_gradebook_filled(template: str, grades: list, item: str, key: str = "idnumber",
                            absent=frozenset(), off_roster=(), held=frozenset()) -> FilledGradebook:
    """Moodle's grade import CSV, as :func:`moodle_gradebook`, merged with the
    grades ``template`` (Moodle's grade export, or the file an earlier run
    wrote) holds for ``item``: a student in ``absent`` (no answer in this run)
    keeps a grade found there, and the template's students this run did not
    grade are written with their grade, so that the file is the whole column.
    Not so from Moodle's own grade export (``exported``): its grades are the
    quiz's, and an imported grade is marked overridden even when unchanged
    (grade_item::update_final_grade), so a later attempt would never show:
    the students this run gives no grade then get no row, which Moodle leaves alone.
    A graded student is the template's row whose id is theirs by the id rule
    (normalise_id: case, spaces, a formula guard; else leading zeros, one to
    one: zero_pairs, listed in ``by_zeros``), written as the template has it.
    The ids in ``off_roster`` (graded, not on grade's --roster) are left out
    unless the template lists them, as moodle_left_out's are; so is a graded
    student Moodle's own export does not list (``not_in_export``): its import
    stops the whole file at a user it does not know. A student in
    ``held`` (moodle_gradebook) keeps a grade the template holds, else has no row."""
    if key not in MOODLE_KEYS:
        raise UsageError(f"Moodle gradebook key must be one of {', '.join(MOODLE_KEYS)}, got {key!r}")
    existing, no_id, exported = moodle_rows(template, item, MOODLE_KEYS[key])
    rows, kept, changed = [(MOODLE_KEYS[key], "Full name", item)], [], []
    zeros = zero_pairs([normalise_id(g.student_id) for g in grades], existing)
    listed = {*existing, *zeros}   # the graded normal ids the template lists, exactly or by leading zeros
    left_out = moodle_left_out(grades, key, listed)
    off = tuple(i for i in off_roster if normalise_id(i) not in listed and i not in left_out)
    by_zeros, unknown = [], []
    for g in (g for g in grades if g.student_id not in left_out and g.student_id not in off):
        normal = normalise_id(g.student_id)
        row = existing.pop(normal, None) or existing.pop(zeros.get(normal), None)
        before = row.grade if row is not None else ""
        written = g if row is None else g._replace(student_id=row.student_id)
        if row is not None and normalise_id(row.student_id) != normal:
            by_zeros.append((row.student_id, g.student_id))
        if normal in held and (exported or before.strip() in NO_GRADE):
            continue   # their attempt still open, or none: no row, so that Moodle's own grade stands
        if exported and row is None:
            unknown.append(g.student_id)   # a user Moodle's import would not know: the whole file refused
            continue
        if exported and (g.student_id in absent or normal in absent) and before.strip() not in NO_GRADE:
            kept.append((g.student_id, _number_cell(before).strip()))   # kept in Moodle: no row, not overridden
            continue
        cell = _merged(g, before, number_text(g.score), absent | held, kept, changed, _number_cell)
        rows.append((written.student_id, g.name, cell))
    rows += [(r.student_id, r.name, _number_cell(r.grade)) for r in existing.values()
             if r.grade not in NO_GRADE and not exported]
    unguarded = tuple((row[0], row[2]) for row in rows[1:] if needs_guard(row[0]))
    rows = [row for row in rows if not needs_guard(row[0])]
    return FilledGradebook(gradebook_csv(rows), [], kept, changed, no_id, left_out, off_roster=off,
                           by_zeros=tuple(by_zeros), held=_held(grades, held), unguarded=unguarded,
                           from_export=exported, not_in_export=tuple(unknown),
                           unfilled=tuple(r.student_id for r in existing.values()) if unknown else ())


def _held(grades: list, held) -> tuple:
    """The graded ids of ``held`` (normal ids), as graded."""
    return tuple(g.student_id for g in grades if normalise_id(g.student_id) in held)


def _merged(grade: Grade, before: str, now: str, absent, kept: list, changed: list, as_kept=str) -> str:
    """The cell to write for ``grade``: the grade ``before`` kept (as
    ``as_kept`` writes it), noted in ``kept``, when the student gave no answer
    in this run; else ``now``, noting in ``changed`` a different grade it replaces."""
    if (grade.student_id in absent or normalise_id(grade.student_id) in absent) and before.strip() not in NO_GRADE:
        cell = as_kept(before)
        kept.append((grade.student_id, cell.strip()))
        return cell
    if before.strip() not in NO_GRADE and not _same_grade(before, now):
        changed.append((grade.student_id, before.strip(), now))
    return now


def grade_value(cell: str):
    """The number a gradebook cell holds (``4.00``, or ``4,5`` with a decimal
    comma), or None for no grade (NO_GRADE) or text: the one reading of a cell
    that the merge here and grade's notes on it (grading/outputs.py) share."""
    cell = cell.strip()
    if cell in NO_GRADE:
        return None
    try:
        return float(cell.replace(",", "."))
    except ValueError:
        return None


def _same_grade(before: str, now: str) -> bool:
    """Whether a cell already there says the grade ``now`` (4.00 is 4; a decimal comma is read too)."""
    value = grade_value(before)
    return before.strip() == now if value is None else abs(value - float(now)) < SAME_GRADE


def _number_cell(cell: str) -> str:
    """A Moodle template's grade cell as this module writes numbers (``4,50``
    is ``4.5``), its digits all kept when it has more than number_text's four
    places (only the comma becomes a point); no grade (``-``, empty) as found."""
    value = grade_value(cell)
    if value is None:
        return cell
    text = number_text(value)
    return text if float(text) == value else cell.strip().replace(",", ".")


def canvas_gradebook(template: str, grades: list, assignment: str, absent=frozenset(),
                     held=frozenset(), user_ids=frozenset()) -> FilledGradebook:
    """Canvas's exported gradebook CSV (``template``, as text) with the
    ``assignment`` column filled for the graded students: an existing column
    is one whose header is ``assignment`` or ``assignment (id)``, case aside
    (quizgen.lms.assignment); otherwise a column is added at the end, with
    the maximum score in the "Points Possible" row, and ``added`` says so. An existing column whose "Points Possible" is set gets
    the scores scaled to it (17 of 34 on a 10-point assignment is 5), as
    Canvas reads the cell in the assignment's points. A student in ``absent``
    (no answer in this run) keeps a grade already in the column, and one in
    ``held`` (normal ids: their Moodle attempt still open, or none) keeps the
    cell as it is, empty too, not 0; every other row and column keeps its values. A student in ``user_ids``
    (normal ids: named by Canvas's own user id in the download) is matched by the ID column alone."""
    bom = template.startswith("\ufeff")
    reader, skip = sniffed_reader(template.lstrip("\ufeff"), exact=True)   # every cell kept as written
    numbered = list(numbered_rows(reader, skip))
    rows = [row for _, row in numbered]
    if not rows or not any(c in rows[0] for c in CANVAS_ID_COLUMNS):
        raise InputFileError("the Canvas gradebook template has no ID, SIS User ID or SIS Login ID column; "
                             "export it from Canvas: Grades > Export > Export Entire Gradebook")
    header = rows[0]
    one_column_each(header, {**{f"the {name}": name.__eq__ for name in CANVAS_ID_COLUMNS},
                              f"the assignment {assignment!r}": names_assignment(assignment)}, "line 1: ")
    column, added = assignment_column(header, assignment), ()
    if column is None:   # a new assignment on import: said, naming the template's own
        column, added = len(header), (added_warning(header, assignment),)
        header.append(assignment)
    matched, kept, changed = {}, [], []
    possible = _points_possible(numbered, column, header[column])
    for _, row in numbered[1:]:
        row.extend([""] * (len(header) - len(row)))
    graded, by_zeros, others = _canvas_matches(header, [row for _, row in numbered[1:]], grades, user_ids)
    for n, (line, row) in enumerate(numbered[1:]):
        grade = graded.get(n)
        if grade is not None:
            if grade.student_id in matched:
                raise repeated_student(matched[grade.student_id], line, "graded student", grade.student_id)
            scaled = grade.score * possible / grade.max if possible and grade.max else grade.score
            if normalise_id(grade.student_id) not in held or row[column].strip() not in NO_GRADE:
                row[column] = _merged(grade, row[column], number_text(scaled), absent | held, kept, changed)
            matched[grade.student_id] = line
        elif row[0].strip() == POINTS_POSSIBLE and grades and not row[column]:
            row[column] = number_text(grades[0].max)
    unmatched = [g.student_id for g in grades if g.student_id not in matched]
    text, unguarded, columns, odd = canvas_file(header, [row for _, row in numbered[1:]], column, graded,
                                                 reader.dialect.delimiter, [line for line, _ in numbered[1:]])
    return FilledGradebook(("\ufeff" if bom else "") + text, unmatched, kept, changed, possible=possible, added=added,
                           by_zeros=tuple(by_zeros), unfilled=_unfilled_ids(header, numbered[1:], graded),
                           other_rows=tuple(others), held=_held(grades, held), unguarded=unguarded,
                           columns_added=columns, odd_rows=odd)


def _canvas_matches(header: list, rows: list, grades: list, user_ids=frozenset()) -> tuple:
    """``({row number: Grade}, [(row's id, graded id)], [(graded id, its row's id, another row's id)])``:
    the student of each of the template's ``rows`` (counted from 0 below the
    header) by the id rule, the school's ids first: SIS User ID, then SIS Login
    ID, exactly (normalise_id), then for the graded ids left by leading zeros
    (student_ids.zero_pairs: Excel's ``123`` for ``00123``, never two, those
    pairs listed as the row writes its id); only then Canvas's own user number
    ``ID``, exactly, then by zeros; a student the download named by that number
    (``user_ids``) by it alone. A row left unmatched whose id is also a
    matched student's, exactly or but for zeros, could be them: listed third."""
    every = {}
    for g in grades:
        every.setdefault(normalise_id(g.student_id), g)
    found, how, by_zeros = {}, {}, []
    for names in (CANVAS_SIS_COLUMNS, ("ID",)):
        names = [name for name in names if name in header]
        taken = {normalise_id(g.student_id) for g in found.values()}
        by_id = every if names == ["ID"] else {normal: g for normal, g in every.items() if normal not in user_ids}
        left = {normal: g for normal, g in by_id.items() if normal not in taken}
        for n, row in enumerate(rows):
            hit = None if n in found else next(((name, cell) for name in names
                                                if (cell := normalise_id(row[header.index(name)])) in left), None)
            if hit is not None:
                found[n], how[n] = left[hit[1]], f"{hit[0]} {row[header.index(hit[0])].strip()}"
        for name in names:
            taken = {normalise_id(g.student_id) for g in found.values()}
            cells = [normalise_id(row[header.index(name)]) for row in rows]
            pairs = {known: normal for normal, known in zero_pairs(by_id, filter(None, cells)).items()
                     if normal not in taken}
            for n, cell in enumerate(cells):
                if n not in found and cell in pairs:
                    found[n], how[n] = by_id[pairs[cell]], f"{name} {rows[n][header.index(name)].strip()}"
                    by_zeros.append((rows[n][header.index(name)].strip(), found[n].student_id))
    return found, by_zeros, _other_rows(header, rows, found, how)


def _other_rows(header: list, rows: list, found: dict, how: dict) -> list:
    """``(graded id, "SIS User ID 09", "ID 9")``: each matched student's row,
    and a row left unmatched whose id is theirs too, exactly or but for leading zeros."""
    matched = {normalise_id(g.student_id, "strip"): n for n, g in found.items()}
    others = []
    for n, row in enumerate(rows):
        for name in (name for name in CANVAS_ID_COLUMNS if name in header and n not in found):
            cell = row[header.index(name)].strip()
            mine = matched.get(normalise_id(cell, "strip")) if normalise_id(cell) else None
            if mine is not None:
                others.append((found[mine].student_id, how[mine], f"{name} {cell}"))
                break
    return others


def _unfilled_ids(header: list, numbered: list, graded: dict) -> tuple:
    """The ids (as written, each id column's) of the template's students no grade was matched to."""
    columns = [header.index(name) for name in CANVAS_ID_COLUMNS if name in header]
    return tuple(row[i].strip() for n, (_, row) in enumerate(numbered) if n not in graded
                 and row[0].strip() != POINTS_POSSIBLE for i in columns if row[i].strip())


def _points_possible(numbered: list, column: int, name: str):
    """The assignment's points from the "Points Possible" row (``12.50``, or
    Canvas's ``12,50`` with a decimal comma: read by grade_value), 0 for an assignment of no points (the
    scores are written unscaled, and a note says so), or None (unset, or a new column); one line when the
    cell holds no number, rather than write unscaled points Canvas would read in the assignment's."""
    for line, row in numbered[1:]:
        if row and row[0].strip() == POINTS_POSSIBLE and column < len(row) and row[column].strip():
            value = grade_value(row[column])
            if value is None or not (value == 0 or MIN_POINTS_POSSIBLE <= value < float("inf")):
                raise InputFileError(f"line {line}: the Points Possible of {shortened(printable(name), 60)!r} is "
                                     f"{shortened(printable(row[column].strip()), 40)!r}, not a number of points; "
                                     f"expected the assignment's points ({MIN_POINTS_POSSIBLE} or more), such as "
                                     "10 or 12,50, to scale the scores to, or 0 or nothing to write them unscaled")
            return value or 0.0   # -0 read as 0
    return None
