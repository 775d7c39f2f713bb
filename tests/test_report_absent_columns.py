"""The students absent from a test (no verdict but ``missing`` or None) found
part by part from grade's columns of verdicts, as from each student's row: a
student blank on the first parts who answered a later one sat the test."""

from quizgen.report import analyse
from quizgen.report.absent import absent_students
from quizgen.report.model import Part, Student, Verdict

RIGHT, WRONG, MISSING = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("missing", 0.0)
PARTS = [Part("Q1", letter, "C1", "t", 1.0) for letter in "abc"]
ROWS = {
    "s0": [RIGHT, WRONG, RIGHT],
    "s1": [MISSING, MISSING, MISSING],    # absent
    "s2": [MISSING, None, RIGHT],         # answered the last part only: sat the test
    "s3": [None, MISSING, MISSING],       # absent: nothing but missing and off the paper
    "s4": [WRONG, RIGHT, MISSING],
    "s5": [MISSING, WRONG, None],
    "s6": [RIGHT, RIGHT, RIGHT],
}


def _class():
    students = [Student(sid, "", verdicts) for sid, verdicts in ROWS.items()]
    return students, [list(column) for column in zip(*ROWS.values())]


def test_the_absent_are_found_column_by_column_as_row_by_row():
    students, columns = _class()
    assert absent_students(students, columns) == absent_students(students) == {1, 3}


def test_the_analysis_from_columns_is_the_analysis_from_rows():
    students, columns = _class()
    from_columns, from_rows = analyse(PARTS, students, columns=columns), analyse(PARTS, students)
    assert repr(from_columns) == repr(from_rows)
    assert from_rows.test.absent == 2 and [s.absent for s in from_rows.students] == [
        False, True, False, True, False, False, False]
