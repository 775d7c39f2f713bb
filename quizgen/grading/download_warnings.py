"""The warnings on an LMS download graded directly (grading/lms_input.py): its
rows that name no student, the Canvas users with a sis_id on some rows only,
the Canvas question groups a student was not given,
the students whose attempts cannot be ordered, the Canvas answers that may be
the right answer cut to 4 decimals, and the students a Moodle download names
by the other id column (which the gradebook's warnings say too)."""

from __future__ import annotations

from pathlib import Path

from quizgen.wording import first_few, quoted, shortened
from quizgen.key.status import Status
from quizgen.lms.download_kind import lms_kind
from quizgen.lms.row_checks import rows_said


def unnamed_warning(path, lines: list, kind: str) -> list:
    """A warning (in a list, or none) naming the download's rows that name no
    student: in Moodle, no ID number or email; in Canvas, no id or sis_id
    (the row of a logged-out user of a public quiz)."""
    if not lines:
        return []
    if kind == "canvas":
        why, advice = ("no id or sis_id", "Canvas writes such a row for a user not logged in, as on a public quiz; "
                       "have students log in to take it")
    else:
        why, advice = "no ID number or email", "fill in the student's ID number in Moodle and download again"
    return [f"{Path(path).name}: {len(lines)} row(s) name no student (row {first_few(lines)} after the header: "
            f"{why}) and are not graded; {advice}"]


def filled_warning(path, filled: dict) -> list:
    """A warning (in a list, or none) naming the Canvas users with a sis_id on
    some rows and none on others (``{(Canvas id, sis_id): (rows with it, rows
    without)}``, each row ``(row, name)``: lms.row_checks.canvas_students),
    graded as one student, and the names when they differ: a sis_id set or
    removed between attempts, or rows joined by hand, is for the instructor to tell."""
    if not filled:
        return []
    users = [_filled_user(user, sis, *rows) for (user, sis), rows in filled.items()]
    shown = "; ".join(users[:5]) + ("; ..." if len(users) > 5 else "")
    return [f"{Path(path).name}: {len(filled)} Canvas user(s) have a sis_id on some rows and none on others "
            f"({shown}; rows counted after the header); each one's rows are graded as one student, by that "
            "sis_id, as when the SIS id was set or removed in Canvas between their attempts; if the rows are not "
            "one person's (joined or edited by hand?), correct them or download the analysis again"]


def _filled_user(user: str, sis: str, held: list, bare: list) -> str:
    """One Canvas user of filled_warning: where their sis_id is and is not, and their names if they differ."""
    said = (f"user {user}: sis_id {sis} on {rows_said([row for row, _ in held])}, none on "
            f"{rows_said([row for row, _ in bare])}")
    names = {}
    for row, name in sorted(held + bare):
        names.setdefault(" ".join(name.split()), []).append(row)
    if len({name.casefold() for name in names}) < 2:
        return said
    return said + ", named " + ", ".join(f"{quoted(name) if name else 'no name'} on {rows_said(rows)}"
                                         for name, rows in names.items())


def absent_warning(path, absent: list) -> list:
    """A warning (in a list, or none) naming the Canvas question groups some
    students were not given: they are left off those students' papers."""
    if not absent:
        return []
    shown = first_few([f"{who} {template} ({part})" for who, template, part in absent])
    return [f"{Path(path).name}: {len(absent)} question(s) were not given to the student (Canvas lists no "
            f"variant of them for: {shown}; was the quiz edited after "
            "they took it?); they are left off those papers, not counted missing"]


_IN_FILE_ORDER = {"last": "each one's last attempt in the file is graded",
                  "first": "each one's first attempt in the file is graded",
                  "highest": "where two of one student's attempts score the same, the later in the file is graded"}
"""Which attempt of a student whose attempts are in file order each --attempt rule grades."""


def unordered_warning(path, students: list, rule: str, header=()) -> list:
    """A warning (in a list, or none) naming the students whose attempts a
    Moodle download gives no readable start time for (a spreadsheet's date,
    likely: see quizgen.lms.attempts.started): they are taken in file order,
    which chooses the attempt graded by ``rule`` (attempt_choice.RULES). Of a
    Canvas download (``header`` its header), the students of several rows with
    no attempt number (quizgen.lms.row_checks.canvas_attempts)."""
    if not students:
        return []
    graded = _IN_FILE_ORDER[rule]
    if lms_kind(header) == "canvas":
        why = ("the student analysis has no 'attempt' column" if "attempt" not in header
               else "an attempt cell of theirs is empty")
        return [f"{Path(path).name}: {len(students)} student(s) have several rows and no attempt number to tell "
                f"them apart ({first_few(students)}: {why}); each of their rows is taken as an attempt of its own, "
                f"numbered 1, 2, ... in file order, and {graded}. If the rows are not in the order the attempts "
                "were made, download the Student Analysis again with its attempt column"]
    return [f"{Path(path).name}: {len(students)} student(s) have several attempts whose Started on does not give "
            f"their order ({first_few(students)}: a date quizgen does not read, or one whose day and month could be "
            f"either way round, as 03/04/2026); {graded}. A download opened and "
            "saved again in a spreadsheet has the spreadsheet's dates: if that is not their order, grade the file as "
            "Moodle wrote it (or one downloaded with the table sorted by start time)"]


def cut_warning(path, cut: list) -> list:
    """A warning (in a list, or none) naming the parts of a Canvas download
    where an answer may be the right answer Canvas cut to 4 decimals: those
    answers are needs_review, scoring nothing until a person decides."""
    if not cut:
        return []
    parts = {}
    for question, template, letter, typed, stored in cut:
        parts.setdefault((question, template, letter), [0, f"{typed} is stored as {stored}"])[0] += 1
    shown = first_few([f"{q} ({t} ({letter})): {n}, e.g. {example}" for (q, t, letter), (n, example) in parts.items()])
    return [f"{Path(path).name}: Canvas keeps 4 decimal places of a typed number: {len(cut)} answer(s) may be the "
            f"right answer typed in full and stored cut, outside its window ({shown}); they are needs_review, "
            "scoring nothing until a person checks them and gives their marks with --overrides"]


def canvas_cut(inputs) -> list:
    """``(question, template, part, typed, stored)`` for each answer of the
    built Canvas ``inputs`` that grade sends to a person as perhaps the right
    answer Canvas cut to 4 decimals (quizgen.marking.canvas_kept)."""
    from quizgen.grading.careful import QuestionRules
    from quizgen.grading.part_checker import PartChecker
    from quizgen.key.model import Key
    from quizgen.lms.window import canvas_window
    from quizgen.marking.canvas_kept import plain, typed_as
    from quizgen.marking.rules import Credits

    key = Key.from_json(inputs.key)
    parts = {(p.student_id, q.id, part.letter): (q, part) for p in key.papers for q in p.questions
             for part in q.parts if part.kind != "word"}
    found = []
    for student, question_id, letter, answer in inputs.rows:
        question, part = parts.get((student, question_id, letter), (None, None))
        try:
            x = float(answer)
        except ValueError:
            continue
        typed = None if part is None else typed_as(part.value, canvas_window(part), x)
        if typed is None:
            continue
        checker = PartChecker(part, question=QuestionRules(question, Credits()), figures_shown=False)
        if checker(answer).status is Status.NEEDS_REVIEW:   # not one grade's rules accept (carried rounding)
            found.append((question_id, question.template, part.letter, typed, plain(x)))
    return found


def fallback_warning(download: str, shown: str, count: int, id_key: str, left_out: bool = False) -> str:
    """The one warning for the ``count`` students (``shown``) a Moodle download
    names by the other id column than ``id_key``, for want of their ``id_key``:
    Moodle's grade import keyed on ``id_key`` refuses the whole file at the
    first of them, so a Moodle gradebook leaves them out (``left_out``)."""
    kind, other = ("email address", "ID number") if id_key == "email" else ("ID number", "email address")
    said = f"{download}: {count} student(s) have no {kind} in the download and are named by their {other}: {shown}; "
    said += (f"they are left out of the Moodle gradebook, as Moodle's import keyed on {kind} stops the whole file "
             "at the first of them" if left_out else
             f"a Moodle grade import keyed on {kind} refuses the whole file at the first of them")
    return (said + f": fill in their {kind} in Moodle and download again"
            + ("" if id_key == "email" else ", or grade with --gradebook-key email"))


def test_student_note(download: str, rows: list) -> list:
    """The note naming the rows of Canvas's Test Student (``rows``: ``(row, Canvas id)``,
    Responses.test_student) left out of the class: a teacher's Student View, which Canvas's
    Student Analysis lists among the students, graded in no output."""
    if not rows:
        return []
    ids = ", ".join(dict.fromkeys(shortened(i) for _, i in rows))
    where = f"row {rows[0][0]}" if len(rows) == 1 else f"rows {first_few([str(r) for r, _ in rows])}"
    return [f"{download}: Canvas's Test Student (Canvas id {ids}: a teacher's Student View, no student) on {where} "
            "after the header is left out of the class; it is graded in no output"]
