"""Students ``--roster`` lacks whose rows hold no answer at all (a wide
file's line with every answer cell empty: a student who dropped the course
but is still in the form's export). Like a key paper's student the roster
lacks who gave no answer (students.Students.left_out), they are no part of
the class: no score, not in the class figures, the students CSV, the
gradebook or the feedback sheets; their rows stay in graded.csv (blank).

Decided once every row is read and a split file's parts are merged
(grading/parallel.py), from the final grid, so ``--jobs`` changes nothing:
the students are then taken out of the registry, the grid and the tally's
per-student counts, the others renumbered in their order."""

from __future__ import annotations

from quizgen.grading.students import check_roster_matches
from quizgen.key.status import Status
from quizgen.marking.rules import OVERRIDE
from quizgen.marking.student_ids import normalise_id


def settle_class(students, grid, tally, answers_name: str) -> None:
    """Once every row is read: stop when no id of the answers (``answers_name``)
    is on --roster (students.check_roster_matches); take out the students it
    lacks whose rows hold no answer, noting in ``students.dropped`` the ids of
    those with no paper of their own in the key (add_roster names the others)."""
    check_roster_matches(students, answers_name)
    dropped = drop_students(students, grid, tally, blank_outsiders(students, grid, tally.unread))
    # one with a paper in the key is named by add_roster as a key paper's student the roster lacks (left_out)
    students.dropped = [sid for sid in dropped if normalise_id(sid) not in students.paper_of]


def blank_outsiders(students, grid, unread: dict) -> list:
    """The numbers of the students not on ``--roster`` whose every cell is
    blank (no override) or has no answer, and who have no row not read as a
    row (``unread``: Tally.unread); [] without a roster."""
    if students.on_roster is None:
        return []
    found = []
    for number, student_id in enumerate(students.ids):
        if students.in_class(student_id) or number in unread:
            continue
        if holds_no_answer(grid.row(number) if number < grid.students else ()):
            found.append(number)
    return found


def holds_no_answer(row) -> bool:
    """Whether a student's outcomes (``row``) hold no answer: each blank (no override) or none at all."""
    return all(o.status is None or (o.status is Status.BLANK and o.note != OVERRIDE) for o in row)


def left_blank(row) -> bool:
    """Whether a student's outcomes (``row``) give no answer, for counting them absent: each blank
    or none at all, a blank an override kept blank at 0 (``seen``, ``absent``) too, as a roster
    absentee marked only by overrides scoring 0 is absent (student_notes.zero_marked).
    An override crediting a mark, or giving the part another verdict, says they answered."""
    return all(o.status is None or (o.status is Status.BLANK and not o.score) for o in row)


def drop_students(students, grid, tally, numbers: list) -> list:
    """Take the students ``numbers`` out of the registry (``students``), the
    grid and the tally, renumbering the others in order; returns their ids."""
    if not numbers:
        return []
    gone = set(numbers)
    dropped = [students.ids[n] for n in numbers]
    for n in numbers:   # their blank rows stay in graded.csv, so in the summary's counts of its rows
        for outcome in grid.row(n) if n < grid.students else ():
            if outcome.status is not None:
                tally.status[outcome.status] += 1
    keep = [n for n in range(len(students.ids)) if n not in gone]
    new = students.keep_students(keep)
    grid.keep_students(keep)
    tally.keep_students(keep, new)
    return dropped
