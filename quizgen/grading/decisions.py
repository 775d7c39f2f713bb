"""Human decisions applied on every run (``grade --overrides overrides.csv``,
read by quizgen/marking/overrides.py): after the pass and the ECF re-marking,
each override replaces the final verdict of its (student, question, part):
the override's score (a fraction of the part's points), its status (named,
or following the score: marking/overrides.decided_status),
note ``override`` and its comment as feedback. The graded row is patched like
an ECF row; an override that matches no answer is reported, never dropped."""

from __future__ import annotations

from pathlib import Path

from quizgen.grading.outcome import NO_ANSWER, make_outcome
from quizgen.key.status import Status
from quizgen.marking.overrides import decided_status, describe_unmatched, read_overrides
from quizgen.marking.rules import OVERRIDE


class Decisions:
    """The overrides of one run and, once applied, the lines for those that matched nothing."""

    def __init__(self, overrides: list, source: str):
        self.overrides, self.source, self.unmatched = overrides, source, []

    def apply(self, index, students, grid, patched: dict) -> None:
        self.unmatched = apply_decisions(self.overrides, index, students, grid, patched, self.source)


def read_decisions(path) -> Decisions | None:
    """The overrides file at ``path`` (None: no overrides)."""
    if path is None:
        return None
    return Decisions(read_overrides(path), Path(path).name)


def apply_decisions(overrides: list, index, students, grid, patched: dict, source: str = "overrides") -> list:
    """Apply ``overrides`` to the grid's final outcomes (adding the rows to
    ``patched``); returns one line per override that matched nothing."""
    unmatched = []
    for override in overrides:
        number = students.find(override.student_id)
        slot = index.slot(override.question_id, override.part)
        k = number * grid.width + slot if number is not None and isinstance(slot, int) else None
        old = grid.outcomes[k] if k is not None and k < len(grid.outcomes) else NO_ANSWER
        if old is NO_ANSWER or old.status is None:
            unmatched.append(override)
            continue
        status = Status(decided_status(override.status, old.status.value, override.score))
        checker = index.papers[students.paper_numbers[number]].checkers[slot]
        outcome = make_outcome(status, override.score * float(index.slots[slot]["points"]), checker.expected,
                               old.misconception, override.comment or old.feedback, "", OVERRIDE, old.value,
                               old.figures, checker.decimal_comma)
        grid.outcomes[k] = patched[grid.rows[k]] = outcome
    return describe_unmatched(unmatched, source)
