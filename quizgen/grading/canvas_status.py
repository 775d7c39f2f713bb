"""Canvas gradebook cells that hold a status, not a grade: ``EX`` (the student is
excused) and ``N/A`` (the assignment is not assigned to the student). A grade this
run writes over one is no regrade, and importing it does what the teacher should
decide on (app/models/gradebook_importer.rb): the excused student gets the grade and
is excused no more; a grade for a student the assignment is not assigned to is
dropped by the import (``process_submissions``, ``assignment_assigned_to_student``)."""

from __future__ import annotations

from quizgen.wording import first_few, shortened

EXCUSED, UNASSIGNED = "EX", "N/A"


def status(cell: str) -> str | None:
    """``EX`` or ``N/A`` for a cell that holds that status (case aside, as Canvas's import reads ``ex``), else None."""
    word = cell.strip().upper()
    return word if word in (EXCUSED, UNASSIGNED) else None


def status_warnings(where: str, changed: list) -> tuple:
    """``(warnings, the other changes)``: one warning for the grades written over ``EX``
    cells and one for those over ``N/A`` cells of ``changed`` (``(id, before, now)``),
    saying what importing them does; ``where``: the column in words."""
    warnings = []
    excused = [change for change in changed if status(change[1]) == EXCUSED]
    unassigned = [change for change in changed if status(change[1]) == UNASSIGNED]
    if excused:
        warnings.append(f"{len(excused)} student(s) excused (EX) in {where} get this run's grade in the file, "
                        f"and importing it gives them that grade and un-excuses them: {_shown(excused)}; to keep "
                        "a student excused, put EX back in their cell before importing")
    if unassigned:
        warnings.append(f"{len(unassigned)} student(s) the assignment is not assigned to (N/A in {where}) get "
                        "this run's grade in the file, which Canvas's import drops (it takes no grade for a "
                        f"student not assigned the assignment): {_shown(unassigned)}; to record it, assign the "
                        "assignment to them in Canvas, export the gradebook again and grade with that one")
    return warnings, [change for change in changed if status(change[1]) is None]


def _shown(changes: list) -> str:
    """A few ``(id, before, now)`` as ``s001 (4.2)``: the grade written."""
    return first_few([f"{shortened(sid)} ({now})" for sid, _, now in changes])
