"""The notes on a Canvas gradebook column's Points Possible: the scores written to
it scaled to its points (Canvas reads the cell in the assignment's points), or, in a
column of 0 points possible, written as the paper's points and why."""

from __future__ import annotations

from pathlib import Path

from quizgen.grading.output_options import GradeOutputs
from quizgen.report.formatting import number_text
from quizgen.wording import shortened


def column_words(outputs: GradeOutputs, result) -> str:
    """The gradebook column in words: the template's name and the item's."""
    item = shortened(outputs.gradebook_item or result.answers_path.stem)
    return f"the {item!r} column of {shortened(Path(outputs.gradebook_template).name)}"


def points_possible_note(outputs: GradeOutputs, result, possible) -> list:
    """The note on the scores written to a Canvas column whose Points Possible is ``possible``
    (None: unset, or a new column; [] then): scaled to it from the paper's points, with one
    student's as an example ([] when every paper's points are that already); or, at 0, unscaled."""
    if possible is None:
        return []
    graded = _graded(result)
    if possible == 0:
        return [_zero_note(outputs, result, graded)]
    example = next((t for t in graded if t.max_score != possible), None)
    if example is None:
        return []
    return [f"the scores in {column_words(outputs, result)} are scaled to its Points Possible, "
            f"{number_text(possible)}, from the {_points(graded)} points, as Canvas reads that column: "
            f"{shortened(example.student_id)}'s {number_text(example.score)} of {number_text(example.max_score)} "
            f"is written {number_text(example.score * possible / example.max_score)}"]


def _zero_note(outputs: GradeOutputs, result, graded: list) -> str:
    """Why the scores in a column of 0 points possible are the paper's points: there is nothing to scale
    them to. Canvas keeps points in such an assignment, and counts them as extra credit in its totals."""
    example = f" ({shortened(graded[0].student_id)}'s {number_text(graded[0].score)} of " \
              f"{number_text(graded[0].max_score)} is written {number_text(graded[0].score)})" if graded else ""
    return (f"{column_words(outputs, result)} has 0 points possible in Canvas, so there is nothing to scale the "
            f"scores to: they are written unscaled, in the paper's points{example}, and Canvas counts points in "
            "an assignment of 0 points possible as extra credit in its totals; to have them scaled, set the "
            "assignment's points in Canvas, export the gradebook again and grade with that template")


def _graded(result) -> list:
    """The students graded in this run who have a paper of some points (those with no answer left out)."""
    absent = set(result.absent)
    return [t for t in result.students if t.max_score and t.student_id not in absent]


def _points(graded: list) -> str:
    """``paper's 47`` or ``papers' 40 to 47``: the points the scores are out of."""
    low, high = min(t.max_score for t in graded), max(t.max_score for t in graded)
    return f"paper's {number_text(low)}" if low == high else f"papers' {number_text(low)} to {number_text(high)}"
