"""The students absent from a test: those with no answer at all (every
verdict ``missing``, a part on their paper with no answer row, or None, not
on it). The item analysis lists them with the students but leaves them out of
every figure (their zeros are no responses to the items): it is worked out
over the others, the traps' lists of students renumbered among those, and each
absent student gets a row of their own (quizgen/report/analysis.py)."""

from __future__ import annotations

from quizgen.report.model import StudentRow, Trap
from quizgen.scores import score_total


def renumbered(part, among_sat: dict):
    """``part`` with each trap's ``absent`` students numbered among those who sat ({old: new})."""
    traps = [Trap(*t) for t in part.traps]
    if not any(t.absent for t in traps):
        return part
    return part._replace(traps=tuple(t._replace(absent=frozenset(among_sat[i] for i in t.absent if i in among_sat))
                                     for t in traps))


def absent_students(students, columns=None) -> set:
    """The indexes of the students :func:`absent` from the test; from ``columns``
    part by part when given: after the first part only the few with no answer
    yet are looked at again, not every student's row."""
    if columns is None:
        return {i for i, s in enumerate(students) if absent(s.verdicts)}
    blank = range(len(students))
    for column in columns:
        blank = [i for i in blank if column[i] is None or column[i][0] == "missing"]
    return set(blank)


def absent(verdicts) -> bool:
    """No verdict but ``missing`` (a part on the paper with no answer) or None (not on it)."""
    return all(v is None or v[0] == "missing" for v in verdicts)


def absent_row(parts, student) -> StudentRow:
    """An absent student's line: 0 of their own paper, no misconception, marked absent (and zero_marked)."""
    top = score_total(float(p.points) for p, v in zip(parts, student.verdicts) if v is not None)
    return StudentRow(student.student_id, student.name, 0.0, top, 0.0 if top else None, [], True, student.zero_marked,
                      no_part=student.no_part)
