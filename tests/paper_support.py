"""Marking a sampled instance's paper in tests through the code grade runs:
the key entry the instance makes (``key_entry``), its rules built by
``QuestionRules`` (quizgen/grading/careful.py), and ``mark_part`` on each
final answer with the earlier answers read as grade reads them."""

from __future__ import annotations

import re

from quizgen.generation.quiz import Question
from quizgen.grading.careful import QuestionRules
from quizgen.key.entries import key_entry
from quizgen.marking.forms import NUMBER, read_number
from quizgen.marking.rules import Credits, mark_part


def question_rules(instance, credits: Credits = Credits()) -> QuestionRules:
    """The instance's marking rules as grade builds them from its key entry."""
    return QuestionRules(key_entry(Question("Q1", instance)), credits)


def part_rules(instance, credits: Credits = Credits()) -> dict:
    """Every part's ``PartRule`` by part name, built from the instance's key."""
    return {rule.name: rule for rule in question_rules(instance, credits).rules.values()}


def earlier_values(rules: dict, answers: dict, decimal_comma: bool = False, written: dict | None = None) -> dict:
    """The student's final answers read as numbers (None when missing or
    unreadable); ``written``, when given, receives the significant figures each showed."""
    values, written = {}, {} if written is None else written
    for name, rule in rules.items():
        if rule.value is None:
            continue
        reading = read_number(answers.get(name), rule.percent, decimal_comma, rule.kind == "integer")
        values[name] = reading.value if reading.status == NUMBER else None
        written[name] = reading.figures
    return values


def mark_paper(instance, answers: dict, credits: Credits = Credits(), decimal_comma: bool = False) -> dict:
    """Every part of one student's paper (``answers``: part name -> final
    text), marked with the rules and exact parameters grade has from the key."""
    question = question_rules(instance, credits)
    rules = {rule.name: rule for rule in question.rules.values()}
    written = {}
    earlier = earlier_values(rules, answers, decimal_comma, written)
    return {name: mark_part(rule, answers.get(name), earlier, question.env, credits, decimal_comma, written)
            for name, rule in rules.items()}


_FIRST_QUESTION = re.compile(r"## Q1\.|\\begin\{qzquestion\}\{Q1\}")


def split_at_first_question(paper: str) -> tuple:
    """``(head, rest)`` of a Markdown or LaTeX paper at its first question's
    heading: not at the first "Q1", which a random paper code (M0ZF-Q1J1) may hold."""
    head, rest = _FIRST_QUESTION.split(paper, maxsplit=1)
    return head, rest
