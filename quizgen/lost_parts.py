"""The one rule for a question part lost by the answer form or its export: no
student has an answer to it while LOST_AMONG or more students answered some
part. The class report flags such a part "no answers", each feedback sheet
says it was lost for everyone and grade's summary notes it; below LOST_AMONG
none does, as one or two students leaving a part out say little of the form
(they may simply not have answered it). A student marked only by overrides
answered nothing, so they are not counted among the LOST_AMONG (a part a
marker marked for them is still not called lost: their sheet shows the mark);
a student counted absent (every answer blank, say) is not counted either, nor
are their blanks answers to a part, in the report and on the sheets alike."""

from __future__ import annotations

from itertools import compress

LOST_AMONG = 3
"""The fewest students with an answer to some part for a part none of them answered to be called lost."""


def called_lost(answering: int) -> bool:
    """Whether ``answering`` students (who answered some part) are enough for a part none of them
    answered to be called lost."""
    return answering >= LOST_AMONG


def lost_columns(answered_rows, width: int, only_marked=(), absent=()) -> frozenset:
    """The columns (parts, 0 to ``width`` - 1) no student answered, when at least LOST_AMONG of
    ``answered_rows`` (per student, whether they have a verdict on each column) answered some
    column, those numbered in ``only_marked`` (marked only by overrides) not counted; otherwise none.
    The rows numbered in ``absent`` (students counted absent: every answer blank, no part of their
    paper answered, marked only by overrides scoring 0) are passed over, as the class report shows
    them missing throughout: a blank answer is no answer the form delivered."""
    answered, answering, only, gone = set(), 0, set(only_marked), set(absent)
    for number, row in enumerate(answered_rows):
        if number in gone:
            continue
        row = tuple(row)
        if any(row):
            answering += number not in only
            answered.update(compress(range(width), row))
    return frozenset(range(width)) - answered if called_lost(answering) else frozenset()
