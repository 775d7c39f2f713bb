"""LMS answers made gradable: from the long rows of quizgen.lms.responses, a
key holding each student's own paper (the variants the LMS gave them,
regenerated from their seed labels) and a long answers CSV, the two inputs
``quizgen grade`` reads."""

from __future__ import annotations

import csv
import io
from dataclasses import replace
from typing import NamedTuple

from quizgen.cells import spreadsheet_safe
from quizgen.errors import InputFileError, UsageError
from quizgen.key.model import Key, KeyPaper, KeyQuestion
from quizgen.lms.variants import key_questions

ANSWER_COLUMNS = ("student_id", "name", "question_id", "part", "answer")


class GradingInputs(NamedTuple):
    """What ``quizgen grade`` needs: key.json data (``Key.to_json``, records whole) and the answers CSV text."""

    key: dict
    answers: str


def grading_inputs(rows: list, banks=(), attempt: str = "last", rounded_by: str = "") -> GradingInputs:
    """The key (a paper per student, questions numbered Q1, Q2, ... by LMS slot
    or, without slots (Canvas, where each part is a question of its own,
    drawn from its own variant), by first appearance of each template part)
    and the long answers CSV of ``rows``, keeping each student's ``last`` (or
    ``first``) attempt. ``rounded_by``: "canvas" when the LMS rewrote the
    numbers students typed (Canvas keeps 4 decimals and drops trailing zeros),
    so that grade does not judge their figures."""
    from quizgen import __version__

    rows = _one_attempt(rows, attempt)
    if not rows:
        raise InputFileError("the LMS export holds no answer to a quizgen question")
    numbers = _question_numbers(rows)
    papers = {}
    for row in rows:
        paper = papers.setdefault(row.student_id, {"name": row.name, "variants": {}})
        only = None if row.slot is not None else row.part
        paper["variants"].setdefault(numbers[_question(row)], (row.template, row.variant, only))
    chosen = [(f"Q{n}", v) for p in papers.values() for n, v in sorted(p["variants"].items())]
    questions = iter(key_questions([(qid, template, label) for qid, (template, label, _) in chosen], banks))
    picked = iter([_only_part(next(questions), only) for _, (_, _, only) in chosen])
    students = tuple(KeyPaper(sid, p["name"], "lms", tuple(next(picked) for _ in p["variants"]))
                     for sid, p in papers.items())
    key = Key(students[0].questions, students, "lms", quizgen=__version__, rounded_by=rounded_by)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ANSWER_COLUMNS)
    writer.writerows((spreadsheet_safe(r.student_id), spreadsheet_safe(r.name), f"Q{numbers[_question(r)]}", r.part,
                      spreadsheet_safe(r.answer)) for r in rows if r.part and r.answered)
    return GradingInputs(key.to_json(compact=False), out.getvalue())


def _one_attempt(rows: list, attempt: str) -> list:
    """The rows of each student's last (or first) attempt."""
    if attempt not in ("last", "first"):
        raise UsageError(f"attempt must be 'last' or 'first', got {attempt!r}")
    chosen = {}
    for row in rows:
        best = chosen.get(row.student_id)
        if best is None or (row.attempt > best if attempt == "last" else row.attempt < best):
            chosen[row.student_id] = row.attempt
    return [row for row in rows if row.attempt == chosen[row.student_id]]


def _only_part(question: KeyQuestion, letter) -> KeyQuestion:
    """A key question cut down to part ``letter`` (all parts when None)."""
    if letter is None:
        return question
    parts = tuple(p for p in question.parts if p.letter == letter)
    if not parts:
        raise InputFileError(f"{question.template} has no part {letter!r}")
    return replace(question, parts=parts, points=sum(p.points for p in parts))


def _question(row) -> object:
    """What makes a question of the quiz: its LMS slot, else its template and part."""
    return row.slot if row.slot is not None else (row.template, row.part)


def _question_numbers(rows: list) -> dict:
    """Question numbers: LMS slots keep theirs; template parts count in order of first appearance."""
    numbers = {}
    for row in rows:
        key = _question(row)
        if key not in numbers:
            numbers[key] = key if isinstance(key, int) else len(numbers) + 1
    return numbers
