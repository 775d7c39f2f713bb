"""An override kept to the answer it was made for. The overrides file's
``answer`` column holds the answer the marker judged (copied from
graded.csv); when the answer graded now differs from it (a resubmission, a
corrected row), the override is not applied: the part awaits a person
(``needs_review``) and one warning names the old and new answers. Without
the column, an override of a part answered more than once in the file is
warned about. The answers are read back from graded.csv as it was written,
once, and only for the rows overrides rest on (grading/decisions.py)."""

from __future__ import annotations

import csv
import re

from quizgen.cells import unguard
from quizgen.errors import ExpressionError
from quizgen.wording import printable, shortened
from quizgen.grading.outcome import make_outcome
from quizgen.grading.writer import BOM, record_blocks
from quizgen.key.status import Status
from quizgen.maths.answers import to_number

_COMMA_DECIMAL = re.compile(r"[+-]?\d*,\d+")


def answer_key(text: str) -> str:
    """An answer as the grader compares it: without a formula guard's quote,
    spaces, case, or a decimal comma for a point (``0,5`` is ``0.5``)."""
    squeezed = "".join(unguard(text.strip()).split()).casefold()
    return squeezed.replace(",", ".") if _COMMA_DECIMAL.fullmatch(squeezed) else squeezed


def same_answer(first: str, second: str) -> bool:
    """Whether two answers are one as the grader reads them: the same by
    answer_key, or numbers of one value (a spreadsheet shows ``0.50`` as
    ``0.5`` and ``0.001`` as ``1e-3``), read by the grader's reader, never eval."""
    first, second = answer_key(first), answer_key(second)
    return first == second or _number(first) == _number(second) is not None


def _number(key: str) -> float | None:
    """The value an answer_key reads as, or None when it is no number."""
    try:
        return to_number(key)
    except (ExpressionError, RecursionError, OverflowError, ValueError):
        return None


def shown_answer(text: str) -> str:
    """An answer in a one-line message: quoted and short, ``(blank)`` for none."""
    text = unguard(text.strip())
    return repr(shortened(printable(text))) if text else "(blank)"


class GradedRows:
    """graded.csv's data rows read back, for the rows an override rests on:
    ``handle`` the file being written, ``columns`` where its rows hold
    (student, name, question, part, answer), ``superseded`` the RowSet of rows
    a later answer replaced."""

    def __init__(self, handle, delimiter: str, multiline: bool, columns: tuple, superseded):
        self.handle, self.delimiter, self.multiline = handle, delimiter, multiline
        self.columns, self.superseded = columns, superseded

    def cells(self, rows) -> dict:
        """``{row: its input cells}`` for the data ``rows`` (numbered from 0), in one pass over the file."""
        targets, found = sorted(set(rows)), {}
        if not targets:
            return found
        self.handle.flush()
        with open(self.handle.name, "rb") as written:
            written.read(len(BOM))
            at, t = -1, 0   # the row number of the block's first record (the header is -1)
            for block in record_blocks(written, self.multiline):
                while t < len(targets) and targets[t] < at + len(block):
                    record = block[targets[t] - at].decode("utf-8")
                    found[targets[t]] = next(csv.reader([record], delimiter=self.delimiter))
                    t += 1
                if t == len(targets):
                    break
                at += len(block)
        return found

    def answers(self, rows) -> dict:
        """``{row: the answer cell as graded.csv holds it}`` for the data ``rows``."""
        column = self.columns[4]
        return {row: cells[column] if column < len(cells) else "" for row, cells in self.cells(rows).items()}

    def answered_again(self, students, index, width: int) -> dict:
        """``{grid cell: the answers superseded there}`` (grid cell: student
        number x ``width`` + slot): the parts answered more than once in the file."""
        student, _, question, part, answer = self.columns
        cells, again = self.cells(self.superseded), {}
        for row in cells.values():
            number = students.find(row[student]) if student < len(row) else None
            slot = index.slot(row[question], "" if part is None else row[part]) if question < len(row) else None
            if number is not None and isinstance(slot, int):
                again.setdefault(number * width + slot, []).append(row[answer] if answer < len(row) else "")
        return again


def other_answer(earlier: list, graded: str):
    """The first of the ``earlier`` answers to a part that is not ``graded`` as the grader reads them, or None."""
    return next((text for text in earlier if not same_answer(text, graded)), None)


def held_outcome(override, checker, old, source: str):
    """The outcome of a part whose answer is no longer the one ``override`` was
    made for: ``needs_review``, 0 until a person decides again, the number read kept."""
    reason = (f"{source} line {override.line} decided this part for the answer {shown_answer(override.answer)}, "
              "not this one: a person must decide it again")
    return make_outcome(Status.NEEDS_REVIEW, 0.0, checker.expected, "", "", reason, "", old.value, old.figures,
                        checker.writes_comma)


def changed_warning(override, part: str, graded: str, source: str) -> str:
    """The warning for an override held off a changed answer (``part`` names student, question and part)."""
    return (f"{source}: line {override.line}: {part} was decided for the answer {shown_answer(override.answer)}, "
            f"but the answer graded now is {shown_answer(graded)}: the override is not applied and the part is "
            f"needs_review; decide it again (and copy the new answer into the line's answer cell)")


def again_warning(override, part: str, earlier: str, graded: str, source: str) -> str:
    """The warning for an override, in a file without an answer column, of a
    part answered more than once, ``earlier`` one of its other answers."""
    return (f"{source}: line {override.line}: {part} was answered more than once in the answers file, "
            f"{shown_answer(earlier)} and then {shown_answer(graded)}, and the override is applied to the answer "
            "graded now; if it was decided for the earlier answer, check it (an answer column, copied from "
            "graded.csv, holds an override off a changed answer)")
