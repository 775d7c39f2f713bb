"""The one rule for a question part lost by the answer form or its export: no
student has an answer to it while LOST_AMONG or more students answered some
part. The class report flags such a part "no answers" and each feedback sheet
says it was lost for everyone; below LOST_AMONG neither does, as one or two
students leaving a part out say little of the form (they may simply not have
answered it)."""

from __future__ import annotations

from itertools import compress

LOST_AMONG = 3
"""The fewest students with an answer to some part for a part none of them answered to be called lost."""


def lost_columns(answered_rows, width: int) -> frozenset:
    """The columns (parts, 0 to ``width`` - 1) no student answered, when at least LOST_AMONG of
    ``answered_rows`` (per student, whether they answered each column) answered some column;
    otherwise none."""
    answered, answering = set(), 0
    for row in answered_rows:
        row = tuple(row)
        if any(row):
            answering += 1
            answered.update(compress(range(width), row))
    return frozenset() if answering < LOST_AMONG else frozenset(range(width)) - answered
