"""The question cells of an LMS download that carry no ``[quizgen:...]`` tag
(quizgen.lms.responses traces each answer to its variant by that tag): a
question of the teacher's own (an honour code, an essay), untagged on every
row, which quizgen does not grade, its marks out of quizgen's maximum while
the LMS's own grade counts them; or a quizgen question whose tag line one
row lost (a hand edit), which a person marks (quizgen.lms.lost_tag), or which
is left out of that student's maximum when which parts and points it has
cannot be told. The one warning on each (``untagged_warning``)."""

from __future__ import annotations

from typing import NamedTuple

from quizgen.wording import named_few, printable, shortened
from quizgen.text.words import counted


class Untagged(NamedTuple):
    """A question cell with no tag: its column (``Question 3``; a Canvas
    column's header), and the row (1 = the first after the header), student
    and attempt it is on; ``student`` "" for a column untagged on every row.
    ``answered``: whether the response cell holds an answer; ``left_out``: a
    cell that lost its tag left out of its student's paper, as no parts and
    points can be told for it (quizgen.lms.lost_tag), where others are a person's to mark."""

    column: str
    student: str = ""
    attempt: int = 0
    row: int = 0
    answered: bool = False
    left_out: bool = False

    @property
    def question(self) -> str:
        """The id of a Moodle cell's question in the key built from the download
        (``Q3`` for ``Question 3``: quizgen.lms.papers names a slot's question so)."""
        return f"Q{_number(self.column)}"


def moodle_untagged(cells: list, tagged: set) -> list:
    """The Untagged of a Moodle download from its untagged ``cells`` (one a
    row and slot, ``column`` ``Question N``) and the ``tagged`` columns (those
    tagged on some row): a column tagged on no row is one entry (with no
    student) when some row answered it (else it is no question, as a
    description), a tagged column's untagged cells are kept each."""
    whole = {c.column for c in cells if c.column not in tagged and c.answered}
    return ([Untagged(column, answered=True) for column in sorted(whole, key=_number)]
            + [c for c in cells if c.column in tagged])


def _number(column: str) -> int:
    return int(column.rsplit(" ", 1)[-1])


def graded_untagged(untagged: list, rows: list, left=()) -> list:
    """The ``untagged`` of the attempts graded: a whole column's, and a cell's
    on an attempt ``rows`` (the graded ResponseRows) hold, or of a student
    they hold none of (every question of theirs untagged: graded on nothing);
    those ``left`` names (``(student, attempt, slot)``: GradingInputs.left) ``left_out``."""
    graded = {(r.student_id, r.attempt) for r in rows}
    students = {r.student_id for r in rows}
    left = {(student, attempt, f"Question {slot}") for student, attempt, slot in left}
    return [u._replace(left_out=(u.student, u.attempt, u.column) in left) for u in untagged
            if not u.student or (u.student, u.attempt) in graded or u.student not in students]


def untagged_warning(download: str, kind: str, untagged: list) -> list:
    """Warnings (none to three lines) on the ``untagged`` cells of the
    ``kind`` ("moodle" or "canvas") download named ``download``: the columns
    untagged on every row, the cells whose tag the other rows of their column
    carry that a person marks, and those left out (``left_out``)."""
    own = "Moodle's own grade" if kind == "moodle" else "Canvas's own score"
    out = []
    whole = [_shown(u.column) for u in untagged if not u.student]
    if whole:
        them = "it" if len(whole) == 1 else "them"
        out.append(f"{download}: {len(whole):,} question column(s) carry no [quizgen:...] tag on any row "
                   f"({named_few(whole)}): a question of your own, not from quizgen export? quizgen does not "
                   f"grade {them}, so {them} {'is' if len(whole) == 1 else 'are'} left out of quizgen's maximum "
                   f"and its grades; {own} still counts {them}")
    again = ("unless the slot draws questions of your own too, download the responses again (or put the tag line "
             "back in the cell) and grade again")
    marked = [u for u in untagged if u.student and not u.left_out]
    if marked:
        out.append(f"{_lost(download, marked)}, so quizgen cannot tell which variant the student saw: each "
                   f"part of it is needs_review, 0 until you give its marks with --overrides (quizgen review lists "
                   f"them), and its points count in that student's maximum, as the other rows' variants have them; "
                   f"for quizgen to grade it instead: {again}")
    left = [u for u in untagged if u.student and u.left_out]
    if left:
        out.append(f"{_lost(download, left)}, and the other rows of the attempts graded do not tell which "
                   f"parts and points it has (none of them carries the tag, two sets of parts and points are as "
                   f"common, or the cell's response has more parts than any of them), so quizgen does not grade "
                   f"it: it is left out of that student's maximum, which raises their quizgen grade ({own} still "
                   f"counts it); {again}")
    return out


def _lost(download: str, cells: list) -> str:
    """How both warnings on ``cells`` that lost their tag begin, naming the first few."""
    named = [f"{_shown(u.column)} of row {u.row} ({shortened(printable(u.student))})" for u in cells]
    return (f"{download}: {counted(len(named), 'question cell', grouped=True)} lost the [quizgen:...] tag the other "
            f"rows of {'its' if len(named) == 1 else 'their'} column carry ({named_few(named)})")


def _shown(column: str) -> str:
    return repr(shortened(printable(column), 40))
