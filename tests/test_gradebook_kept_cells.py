"""Grades a Moodle gradebook template already holds, written back (review,
session 20): a kept grade with a decimal comma is written with a decimal
point, as every number of the gradebook; and the notes on kept grades say
only what is true of them. (An id an earlier run wrote guarded, ``'=s4``, is
tests/test_gradebook_template_hostile.py's.)"""

import pytest

from test_gradebook_template_hostile import ITEM


EXPORT = (f"ID number,Full name,{ITEM}\n"   # a file an earlier run wrote, saved again by a decimal-comma Excel
          "s001,Ann One,\"4,50\"\ns002,Bo Two,-\ns099,Cy Three,\"2,125\"\ns098,Di Four,\"1,23456\"\n")
# (Moodle's own export, ``Quiz: Midterm 1 (Real)``, is never written back: test_moodle_export_template39.py)


def test_moodle_grades_kept_from_the_template_are_written_with_a_decimal_point(invoke, tmp_path):
    """A Moodle gradebook file in a decimal-comma language: the kept ``4,50`` (s001 gave
    no answer) and the carried ``2,125`` are written ``4.5`` and ``2.125``, a
    grade past four places keeps its digits (was: ``4,50`` written as found); a student with no answer and
    ``-`` (s002) or no row (s004) gets no row, no 0 (since instr31; ``--zero-absent`` gives 0)."""
    from test_gradebook_merge import answers, column, run

    (tmp_path / "export.csv").write_text(EXPORT, encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(["s003"]), "moodle", tmp_path / "export.csv")
    assert result.exit_code == 0, result.output
    assert column(tmp_path / "two" / "answers-graded-gradebook-moodle.csv", id_column=0) == {
        "s003": "4", "s001": "4.5", "s099": "2.125", "s098": "1.23456"}
    assert "keep, in the gradebook, the grade already in the 'Midterm 1' column of export.csv: s001 (4.5)" \
        in result.output


def test_a_kept_grade_of_0_is_not_said_to_be_other_than_0(invoke, tmp_path):
    """The note on kept grades shows each (a 0 too); it said "(not 0)" of a kept 0."""
    from test_gradebook_merge import answers, run

    (tmp_path / "book.csv").write_text(f"ID number,Full name,{ITEM}\ns001,Ann,0\ns002,Bo,3\n", encoding="utf-8")
    result = run(invoke, tmp_path, "two", answers(["s003"]), "moodle", tmp_path / "book.csv")
    assert result.exit_code == 0, result.output
    assert ("2 student(s) with no answer in this run keep, in the gradebook, the grade already in the "
            "'Midterm 1' column of book.csv: s001 (0), s002 (3)") in result.output
    assert "not 0" not in result.output


@pytest.mark.parametrize("cell, value", [("4,50", 4.5), (" 3.00 ", 3.0), ("0", 0.0), ("-", None), ("", None),
                                         ("abc", None)])
def test_one_reading_of_a_gradebook_cell(cell, value):
    from quizgen.grading.outputs import _was_zero
    from quizgen.lms.gradebook import grade_value

    assert grade_value(cell) == value
    assert _was_zero(cell) is (value == 0)
