"""A wrong answer that is another part's answer: C1 (a) answered 0.3636, the
loss -ln p that (b) asks for, instead of p = 0.6952. Such an answer stays
``incorrect`` (0 points); its feedback says whose value it is, and its note is
``another_part`` (docs/grading.md). A named trap wins: this is looked at only
for an answer no rule explained (no misconception, no feedback), on a plain
number part, and only when the other part's value cannot be taken for this
part's within either tolerance, so the hint is never false."""

from __future__ import annotations

from quizgen.key.status import Status
from quizgen.maths.tolerance import matches, overlapping_pair
from quizgen.marking.coherence import range_told
from quizgen.marking.expression_value import told

ANOTHER_PART = "another_part"
"""The note of an incorrect answer that is another part's answer."""


def another_parts_value(checker, verdict):
    """``verdict`` (``checker``'s, a PartChecker), told whose answer it is when
    it is a bare incorrect number within ``checker``'s tolerance of another
    numeric part's answer in the same question (``_other_part``); so is an expression told only
    its value, as the decimal of that value is (``told``: one verdict, however it is written)."""
    if verdict.status is not Status.INCORRECT or verdict.misconception or verdict.note \
            or (verdict.feedback and not told(verdict) and not range_told(verdict)) or verdict.value is None \
            or checker.question is None:
        return verdict
    other = _other_part(checker, verdict.value)
    if other is None:
        return verdict
    said = f"this is the value of part ({other.letter}), {other.answer}, not of part ({checker.part.letter})"
    return verdict._replace(note=ANOTHER_PART, feedback=f"{said}: check which quantity each part asks for")


def other_part_letter(checker, x: float) -> str | None:
    """The letter of the other part whose answer ``x`` is (``another_parts_value``'s), or None."""
    other = _other_part(checker, x)
    return None if other is None else other.letter


def _other_part(checker, x: float):
    """The first other numeric part of the question whose answer ``x`` matches
    within ``checker``'s tolerance, its value told apart from ``checker``'s own
    (their windows do not overlap), or None. Percentages are left out: their
    values and answers are on different scales."""
    part, spec = checker.part, checker.override or checker.part.tolerance
    if part.kind != "numeric" or part.spec.percent:
        return None
    for other in checker.question.question.parts:
        if other is part or other.letter == part.letter or other.kind != "numeric" or other.spec.percent \
                or other.value is None:
            continue
        if matches(x, other.value, spec) and overlapping_pair([part.value, other.value], spec) is None \
                and overlapping_pair([part.value, other.value], checker.override or other.tolerance) is None:
            return other
    return None
