"""What the rules that read a student's own earlier answers did, per part, for the class report:
answers marked right by error carried forward (note ``ecf``) or carried rounding (note
``carried_rounding``), answers rounded too early (status ``imprecise``), and the points each earned."""

from __future__ import annotations

from collections import Counter

from quizgen.key.status import Status
from quizgen.marking.rule_model import CARRIED, ECF

KINDS = (ECF, CARRIED, Status.IMPRECISE.value)
"""The kinds counted, in the report's order (report/carried.py names them)."""


def carried_counts(matrix) -> list:
    """Per slot of ``matrix`` (grading.matrix.VerdictMatrix), ``{kind: (answers, points earned)}`` of
    each of KINDS met there (an empty dict where none is), from the column's distinct outcomes."""
    found = []
    for slot in range(len(matrix.slots)):
        counts = {}
        for outcome, n in Counter(matrix.column(slot)).items():
            kind = _kind(outcome)
            if kind:
                answers, points = counts.get(kind, (0, 0.0))
                counts[kind] = (answers + n, points + n * outcome.score)
        found.append({kind: counts[kind] for kind in KINDS if kind in counts})
    return found


def _kind(outcome) -> str:
    """The kind of KINDS an outcome is ("" for none): an ECF or carried-rounding note, or imprecise."""
    if outcome.status is Status.IMPRECISE:
        return Status.IMPRECISE.value
    return outcome.note if outcome.note in (ECF, CARRIED) else ""
