"""Marking a sampled instance's paper in tests through the code grade runs:
the key entry the instance makes (``key_entry``), the checkers grade builds
from it (``question_checkers``: each answer on its own, as grade's pass
marks it) and error carried forward from the student's FINAL answers to the
earlier parts (``carried_forward``: ``PartChecker.remark``, then a trap
worked from their own answers, as grade's ECF pass, ecf_pass.py, decides).
One truth: no second model of ECF to drift from grade's (remark26)."""

from __future__ import annotations

import re

from quizgen.generation.quiz import Question
from quizgen.grading.careful import QuestionRules
from quizgen.grading.ecf_at_once import carried_forward
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.rules import Credits, Verdict


def question_rules(instance, credits: Credits = Credits()) -> QuestionRules:
    """The instance's marking rules as grade builds them from its key entry."""
    return QuestionRules(key_entry(Question("Q1", instance)), credits)


def part_rules(instance, credits: Credits = Credits()) -> dict:
    """Every part's ``PartRule`` by part name, built from the instance's key."""
    return {rule.name: rule for rule in question_rules(instance, credits).rules.values()}


def mark_paper(instance, answers: dict, credits: Credits = Credits(), decimal_comma: bool = False) -> dict:
    """Every part of one student's paper (``answers``: part name -> final
    text), marked as grade marks it: each answer on its own, then ECF given
    the student's final answers to the parts its recipe reads. Each verdict
    is the careful marker's record (score a share of the part's points, a
    reason given as feedback). An answer, not correct on its own, to a part
    worked from one a person must read is ``needs_review``, as in grade."""
    checkers = question_checkers(key_entry(Question("Q1", instance)), credits, decimal_comma)
    alone = {pv.part.name: checkers[pv.letter](answers.get(pv.part.name)) for pv in instance.parts}
    values = {name: verdict.value for name, verdict in alone.items()}
    figures = {name: verdict.figures for name, verdict in alone.items()}
    statuses = {name: verdict.status for name, verdict in alone.items()}
    marked = {}
    for pv in instance.parts:   # in part order, as grade: a part waiting on a person makes the next wait too
        verdict = carried_forward(checkers[pv.letter], alone[pv.part.name], values, figures, statuses)
        statuses[pv.part.name] = verdict.status
        points = float(checkers[pv.letter].part.points) or 1.0
        marked[pv.part.name] = Verdict(str(verdict.status.value), verdict.note, verdict.misconception,
                                       verdict.score / points, verdict.feedback or verdict.reason, verdict.value)
    return marked


_FIRST_QUESTION = re.compile(r"## Q1\.|\\begin\{qzquestion\}\{Q1\}")


def split_at_first_question(paper: str) -> tuple:
    """``(head, rest)`` of a Markdown or LaTeX paper at its first question's
    heading: not at the first "Q1", which a random paper code (M0ZF-Q1J1) may hold."""
    head, rest = _FIRST_QUESTION.split(paper, maxsplit=1)
    return head, rest
