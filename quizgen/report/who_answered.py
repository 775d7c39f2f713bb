"""How the report counts the students in its figures: "3 who answered", except that a student
marked only by overrides (no answer row) answered nothing, so with such students among them the
count says "3 students (2 who answered and 1 marked only by overrides)" wherever it is given
(the class report's figures, and report.md's class line and grade's summary)."""

from __future__ import annotations

from quizgen.report.formatting import whole_number


def who_answered(test, comma: bool = False, noun: str = "") -> str:
    """``3 who answered`` (``3 students who answered`` with ``noun`` "students"), or ``3 students
    (2 who answered and 1 marked only by overrides)`` when ``test.only_overrides`` are among them."""
    return answered_of(test.students, test.only_overrides, comma, noun)


def answered_of(students: int, only: int, comma: bool = False, noun: str = "") -> str:
    """``who_answered``'s words for ``students`` in the figures, ``only`` of them marked only by overrides;
    ``1 student marked only by overrides`` when that is all of them."""
    n = whole_number(students, comma)
    if only and only == students:
        return f"{n} student{'s' * (students != 1)} marked only by overrides"
    if only:
        return f"{n} students ({split_words(students, only, comma)})"
    return f"{n} {noun + ' ' if noun else ''}who answered"


def in_the_figures(test, comma: bool = False) -> str:
    """``3 students who answered``, or ``3 students in the figures, 2 who answered and 1 marked only by
    overrides``: who_answered's words without brackets, for a sentence already in brackets."""
    if not test.only_overrides:
        return who_answered(test, comma, "student" + "s" * (test.students != 1))
    return students_answered(test, comma)


def students_answered(test, comma: bool = False, count: str = "") -> str:
    """``3 students answered`` (``count`` in words for the 3 if given), or ``3 students in the figures,
    2 who answered and 1 marked only by overrides`` when ``test.only_overrides`` are among them."""
    count = count or whole_number(test.students, comma)
    return f"{count} {_students(test.students)} in the figures, {split_words(test.students, test.only_overrides, comma)}" \
        if test.only_overrides else f"{count} students answered"


def split_words(students: int, only: int, comma: bool = False) -> str:
    """``2 who answered and 1 marked only by overrides``, of ``students`` of whom ``only`` were;
    ``marked only by overrides`` (``all marked ...`` for several) when all of them were."""
    if only == students:
        return "marked only by overrides" if students == 1 else "all marked only by overrides"
    return f"{whole_number(students - only, comma)} who answered and {whole_number(only, comma)} marked only by overrides"


def _students(n: int) -> str:
    return "student" if n == 1 else "students"
