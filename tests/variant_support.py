"""The tests' plain check that no two questions of a paper share an answer:
every part of one against every part of the other, in quadratic time, kept
apart from generation/distinct.py's sorted index so that each checks the other."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PaperQuestion:
    """A question on a paper: its id (Q1, ...) and its answers (``variants.Answer``) in part order."""

    id: str
    answers: tuple


def shared_answers(questions: list) -> list:
    """Pairs of questions on one paper sharing an answer within tolerance, as
    ``(question id, part, question id, part)``: any part of one against any
    part of the other (a student copying from a neighbour needs only that)."""
    pairs = []
    for i, first in enumerate(questions):
        for second in questions[i + 1:]:
            pairs += [(first.id, a.part, second.id, b.part)
                      for a in first.answers for b in second.answers if a.agrees(b)]
    return pairs
