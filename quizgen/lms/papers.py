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

ANSWER_COLUMNS = ("student_id", "name", "question_id", "part", "answer")
LMS_SEED = "lms"
"""The seed of a key built from an LMS download, and of each of its papers
(generate's per-student papers have ``<seed>/<student id>``): how grade tells
such a key from generate's (``is_lms_key``)."""


def is_lms_key(key: Key) -> bool:
    """Whether ``key`` was built from an LMS download (``grading_inputs``): its
    papers are those of the students who took the quiz, so a roster student
    without one did not submit it, rather than needing a paper generated."""
    return bool(key.papers) and key.seed == LMS_SEED and all(p.seed == LMS_SEED for p in key.papers)


class GradingInputs(NamedTuple):
    """What ``quizgen grade`` needs: key.json data (``Key.to_json``, records whole) and the answers CSV text."""

    key: dict
    answers: str


def grading_inputs(rows: list, banks=(), attempt: str = "last", rounded_by: str = "",
                   order=()) -> GradingInputs:
    """The key (a paper per student) and the long answers CSV of ``rows``,
    keeping each student's ``last`` (or ``first``) attempt. Questions are
    named as the export named them: Moodle's by slot (Q1, Q2, ...); Canvas's,
    where each part is a question of its own drawn from its own variant, as
    the export's question groups are (``Q2b`` for part (b) of slot 2, ``Q4``
    for a single-part slot), the slot of a template being its place in
    ``order`` (the export key's templates) or, without it, in order of first
    appearance. ``rounded_by``: "canvas" when the LMS rewrote the numbers
    students typed (Canvas keeps 4 decimals and drops trailing zeros), so
    that grade does not judge their figures. The key's class paper is the
    whole quiz, every question anyone was given (``_whole_quiz``): the paper of
    a roster student who did not submit, scored 0 out of the quiz's maximum."""
    from quizgen import __version__
    from quizgen.lms.variants import key_questions

    rows = _one_attempt(rows, attempt)
    if not rows:
        raise InputFileError("the LMS export holds no answer to a quizgen question")
    slots = _slot_numbers(rows, order)
    papers = {}
    for row in rows:
        paper = papers.setdefault(row.student_id, {"name": row.name, "variants": {}})
        only = None if row.slot is not None else row.part
        paper["variants"].setdefault(_question(row), (row.template, row.variant, only))
    chosen = [(q, v) for p in papers.values() for q, v in sorted(p["variants"].items(), key=lambda i: _place(i[0], slots))]
    questions = key_questions([(f"Q{slots[q]}", template, label) for q, (template, label, _) in chosen], banks)
    names = {q: _name(slots[q], only, len(question.parts)) for (q, (_, _, only)), question in zip(chosen, questions)}
    made = [(q, replace(_only_part(question, only), id=names[q]))
            for (q, (_, _, only)), question in zip(chosen, questions)]
    picked = iter(question for _, question in made)
    students = tuple(KeyPaper(sid, p["name"], LMS_SEED, tuple(next(picked) for _ in p["variants"]))
                     for sid, p in papers.items())
    key = Key(_whole_quiz(made, slots), students, LMS_SEED, quizgen=__version__, rounded_by=rounded_by)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(ANSWER_COLUMNS)
    writer.writerows((spreadsheet_safe(r.student_id), spreadsheet_safe(r.name), names[_question(r)], r.part,
                      spreadsheet_safe(r.answer)) for r in rows if r.part and r.answered)
    return GradingInputs(key.to_json(compact=False), out.getvalue())


def _whole_quiz(made: list, slots: dict) -> tuple:
    """Every question of the quiz once, in paper order: each the first variant
    met (the first student's, where they were given it). Every variant of a
    slot is worth the template's points, so its maximum is any full paper's; a
    Canvas student not given a question group has a smaller paper, this one not."""
    first = {}
    for q, question in made:
        first.setdefault(q, question)
    return tuple(first[q] for q in sorted(first, key=lambda q: _place(q, slots)))


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


def _slot_numbers(rows: list, order) -> dict:
    """{question: slot number}: an LMS slot is its own number; a Canvas template
    part takes its template's place in ``order`` (the export's slots), else the
    place of the template's first appearance after those."""
    places = {t: n for n, t in enumerate(order, start=1) if isinstance(t, str)}
    numbers = {}
    for row in rows:
        key = _question(row)
        if isinstance(key, int):
            numbers[key] = key
        elif key not in numbers:
            numbers[key] = places.setdefault(row.template, max(places.values(), default=0) + 1)
    return numbers


def _place(question, slots: dict) -> tuple:
    """Where a question comes on a paper: by slot, then a template's parts in letter order (z before aa)."""
    letter = "" if isinstance(question, int) else question[1]
    return slots[question], len(letter), letter


def _name(slot: int, letter, parts: int) -> str:
    """A question's id, as the export named it: ``Q2`` (a Moodle slot, or a
    single-part template in Canvas) or ``Q2b`` (Canvas's question group for part (b))."""
    return f"Q{slot}{letter}" if letter is not None and parts > 1 else f"Q{slot}"
