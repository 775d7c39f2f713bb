"""The outcome of one answer row: its status, score and misconception, and the
result cells graded.csv gets for it. Outcomes are made once per verdict and
shared by every row that earns the same verdict (the verdict cache in rows.py),
so they are immutable by convention and compared by identity."""

from __future__ import annotations

import re

from quizgen.grading.part_checker import PartChecker, Verdict
from quizgen.cells import spreadsheet_safe
from quizgen.report.formatting import number_text
from quizgen.key.status import Status
from quizgen.marking.quotes import own_numbers
from quizgen.marking.rules import OVERRIDE

RESULT_COLUMNS = ("status", "score", "expected", "misconception", "feedback", "reason", "note")
SUPERSEDED_REASON = "a later row answers this part again"
BLANK_REASON = "left blank, and another row for this part is the one graded"


class Outcome:
    """What one answer row earned.

    ``status`` is a Status (None only for NO_ANSWER); ``score`` the points;
    ``misconception`` the trap's code ("" for none); ``feedback`` the trap's
    feedback as said (graded.csv's cell is its spreadsheet-safe form); ``cells`` the seven
    result cells of graded.csv (RESULT_COLUMNS), spreadsheet-safe; ``note``
    ``ecf``, ``carried_rounding``, ``rounded_too_early``, ``another_part`` or ``override``;
    ``value`` and ``figures`` the number read (None when none): the student's
    final answer values, which ECF reads after the pass, live here (an
    outcome is shared by every row with the same answer text, so this costs
    no memory per row). Hashing and equality are by identity: RowWriter keys
    its encoded text by the object."""

    __slots__ = ("status", "score", "misconception", "feedback", "cells", "note", "value", "figures")

    def __init__(self, status, score: float, misconception: str, feedback: str, cells: tuple, note: str = "",
                 value: float | None = None, figures: int | None = None):
        self.status = status
        self.score = score
        self.misconception = misconception
        self.feedback = feedback
        self.cells = cells
        self.note, self.value, self.figures = note, value, figures

    def __repr__(self) -> str:
        return f"Outcome({self.status!r}, {self.score!r}, {self.misconception!r}, cells={self.cells!r})"

    def __reduce_ex__(self, protocol):
        """Pickled (grade's second process sends its grid back) as its
        constructor's arguments (half the time of the generic slots state),
        except that NO_ANSWER stays the one NO_ANSWER, which the grid's
        ``is`` tests rely on."""
        if self is NO_ANSWER:
            return "NO_ANSWER"
        return Outcome, (self.status, self.score, self.misconception, self.feedback, self.cells, self.note,
                         self.value, self.figures)


NO_ANSWER = Outcome(None, 0.0, "", "", ())
"""The outcome of a question part not answered (yet): counts for nothing."""


_PLAIN_NUMBER = re.compile(r"-?\d+\.\d+(?:[eE][-+]?\d+)?")
_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def decimal_commas(text: str) -> str:
    """``text`` with each decimal point between digits written as a comma (0.231 -> 0,231):
    grade's own words for a class that writes decimal commas, and the drill's for such a learner."""
    return _DECIMAL_POINT.sub(",", text)


def comma_number(text, comma: bool = True):
    """``text`` with a decimal comma when ``comma`` and it is a plain decimal
    number (``0.4269`` -> ``0,4269``); anything else as it is."""
    if comma and text.__class__ is str and _PLAIN_NUMBER.fullmatch(text):
        return text.replace(".", ",")
    return text


TEXT_COLUMNS = frozenset({"student_id", "name", "section", "question_id", "part", "class", "template",
                          "misconceptions"})
"""The columns of the students and questions CSVs that hold text: an id ``2024.01`` is no number."""


def localised(rows, comma: bool):
    """CSV rows (header first) with every plain decimal cell of a number column
    written with a decimal comma when the outputs write them (a German or French
    spreadsheet reads them as numbers); a text column (``TEXT_COLUMNS``) as it is."""
    rows = iter(rows)
    header = next(rows, None)
    if header is None:
        return
    yield header
    text = [name in TEXT_COLUMNS for name in header]
    for row in rows:
        yield [cell if kept else comma_number(cell) for cell, kept in zip(row, text)] if comma else row


def make_outcome(status: Status, score: float, expected: str, code: str, feedback: str, reason: str,
                 note: str = "", value: float | None = None, figures: int | None = None,
                 comma: bool = False) -> Outcome:
    """The outcome of one row, its result cells made spreadsheet-safe (numbers
    with a decimal comma when ``comma``, in the grader's own feedback too: ECF,
    carried rounding, rounded too early; a misconception's feedback is the
    template author's text, LaTeX included, and an override's comment the
    marker's: both stay as written). Only the cells take spreadsheet_safe's guard: the Outcome's own
    feedback is the text itself, which report.md's Misconceptions table shows."""
    if comma and not code and feedback and note != OVERRIDE:
        feedback = decimal_commas(feedback)
    elif comma and code:
        mine, words = own_numbers(feedback)
        if mine:   # the student's own numbers before a trap's words
            feedback = f"{decimal_commas(mine)}: {words}"
    cells = (status.value, comma_number(number_text(score), comma), comma_number(spreadsheet_safe(expected), comma),
             spreadsheet_safe(code), spreadsheet_safe(feedback),
             spreadsheet_safe(reason), note)
    return Outcome(status, score, code, feedback, cells, note, value, figures)


def verdict_outcome(checker: PartChecker, answer: str) -> Outcome:
    """The outcome of ``answer`` checked by ``checker``; an answer the number
    reader fails on (overflow, too deep) is invalid, never an error, and so is
    one over the length limit (answers_file.LongAnswer: its reason kept)."""
    too_long = getattr(answer, "too_long", None)
    if too_long is not None:
        outcome = make_outcome(Status.INVALID, 0.0, checker.expected, "", "", too_long, comma=checker.writes_comma)
        return TooLong(*outcome.__reduce_ex__(2)[1])
    try:
        verdict = checker(answer)
    except (ArithmeticError, ValueError) as exc:
        verdict = Verdict(Status.INVALID, 0.0, checker.expected, reason=f"not a number quizgen can read "
                          f"({'too large or too small to hold' if isinstance(exc, ArithmeticError) else 'malformed'})")
    except (MemoryError, RecursionError):
        verdict = Verdict(Status.INVALID, 0.0, checker.expected,
                          reason="not a number quizgen can read (nested or long beyond what it reads)")
    return verdict_cells(verdict, checker.expected, checker.writes_comma)


def verdict_cells(verdict: Verdict, expected: str, comma: bool = False) -> Outcome:
    """The outcome of a verdict already made (the ECF pass re-marks with it)."""
    return make_outcome(verdict.status, verdict.score, expected, verdict.misconception, verdict.feedback,
                        verdict.reason, verdict.note, verdict.value, verdict.figures, comma)


def problem_outcome(status: Status, reason: str) -> Outcome:
    """The outcome of a row that cannot be graded (malformed, no such part, no student)."""
    return make_outcome(status, 0.0, "", "", "", reason)


def code_outcome(checker, reason: str) -> Outcome:
    """The outcome of a row whose paper code is not the student's own
    (``reason``): ``needs_review``, its expected cell the part's answer on the
    student's own paper (``checker``; None: their paper has no such part), as
    its row shows once an override decides it."""
    if checker is None:
        return problem_outcome(Status.NEEDS_REVIEW, reason)
    return make_outcome(Status.NEEDS_REVIEW, 0.0, checker.expected, "", "", reason, comma=checker.writes_comma)


class TooLong(Outcome):
    """The outcome of an answer over the length limit (answers_file.LongAnswer):
    invalid on its part, unless an earlier answer to the part was read (``passes_over``)."""

    __slots__ = ()

    def __reduce_ex__(self, protocol):
        return TooLong, super().__reduce_ex__(protocol)[1]


LONG_PASSED = "; an earlier answer to this part was read, and it stands"


def as_columns(outcomes: list) -> tuple:
    """``outcomes`` as lists, one of each one's class (None for NO_ANSWER) and one per field, as
    grade's second process sends them back: pickled so they cost it a third of the memory the
    objects pickled one by one do (no argument tuple and memo entry kept per outcome)."""
    kinds = [None if outcome is NO_ANSWER else outcome.__class__ for outcome in outcomes]
    return kinds, *([getattr(outcome, name) for outcome in outcomes] for name in Outcome.__slots__)


def from_columns(columns: tuple) -> list:
    """The outcomes ``as_columns`` gave, NO_ANSWER the one NO_ANSWER, which the grid's ``is`` tests rely on."""
    return [NO_ANSWER if kind is None else kind(*fields) for kind, *fields in zip(*columns)]


def passes_over(later: Outcome, earlier: Outcome) -> bool:
    """Whether a ``later`` row met after ``earlier`` for the same part leaves
    ``earlier`` standing: a blank is no new answer (a form resubmitted with
    only the parts changed leaves the others empty), unless nothing was
    answered; an answer too long to read (TooLong) never replaces one that was read."""
    if later.status is Status.BLANK:
        return earlier.status is not Status.BLANK
    return later.__class__ is TooLong and earlier.status is not Status.BLANK and earlier.__class__ is not TooLong


def long_passed(later: Outcome) -> Outcome:
    """The outcome of a TooLong row ``passes_over`` leaves aside: invalid,
    graded against no part, its reason saying the earlier answer stands."""
    return problem_outcome(Status.INVALID, later.cells[5] + LONG_PASSED)


def passed_over(blank: Outcome) -> Outcome:
    """The outcome of a blank row ``passes_over`` leaves aside: superseded by the earlier answer."""
    return Outcome(Status.SUPERSEDED, 0.0, "", "", tuple(superseded_cells(blank.cells)))


def superseded_cells(written, reason: str = SUPERSEDED_REASON) -> list:
    """The result cells of a superseded row, from the result cells it was
    written with (its expected cell already spreadsheet-safe): a blank row says
    it was blank, whether the answer that counts came before it or after."""
    reason = BLANK_REASON if written[0] == Status.BLANK.value else reason
    return [Status.SUPERSEDED.value, number_text(0.0), written[2], "", "", reason, ""]
