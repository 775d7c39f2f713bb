"""The parts of a class's papers the report flags "no answers": lost by the answer form or its
export, by the rule the feedback sheets share (quizgen.lost_parts)."""

from __future__ import annotations

from quizgen.lost_parts import lost_columns


def lost_parts(columns, only_marked=()) -> list:
    """The indices of ``columns`` (the students' verdicts part by part) that are on some student's
    paper, no student answered, while enough students answered some part (lost_columns; the students
    numbered in ``only_marked``, marked only by overrides, answered none)."""
    lost = lost_columns((map(_answered, row) for row in zip(*columns)), len(columns), only_marked)
    return [k for k in sorted(lost) if any(v is not None for v in columns[k])]


def _answered(verdict) -> bool:
    """Whether a verdict is an answer: the part is on the student's paper and not ``missing``."""
    return verdict is not None and verdict[0] != "missing"
