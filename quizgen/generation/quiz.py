"""The quiz model: a quiz, its questions, and each student's paper, with the
seed labels that make every question reproducible. (Key entries are made by
quizgen.key.entries.)"""

from __future__ import annotations

import re

from dataclasses import dataclass, field

from quizgen.generation.sampling import Instance
from quizgen.key.papercode import high_entropy_seed


@dataclass
class Question:
    """An instance with its place on the paper (Q1, Q2, ...). Its rendered views
    and key entry are kept once made; with ``--jobs`` they are made in worker
    processes and the instance itself stays there (``instance`` is None)."""

    id: str
    instance: Instance | None
    views: dict = field(default_factory=dict, repr=False)
    entry: object = field(default=None, repr=False)   # its KeyQuestion, once made (quizgen.key.entries)
    summaries: dict = field(default_factory=dict, repr=False)
    key: tuple | None = field(default=None, repr=False)


@dataclass
class Quiz:
    """A generated problem set: its seed and its questions in order."""

    seed: object
    questions: list
    title: str = "BERT mathematics: problem set"
    worked_examples: bool = False
    course: str = ""
    date: str = ""
    papers: list = field(default_factory=list)
    files: list = field(default_factory=list)
    paper_size: str = "a4"          # a4 or letter (LaTeX layouts)
    layout: str = "exam"            # exam or compact: the LaTeX problem paper's print layout, never its numbers
    secret: str = ""                # keys the paper codes (quizgen.key.papercode); key.json only
    warnings: list = field(default_factory=list)
    spool: object = field(default=None, repr=False)   # where the printed blocks wait (generation.spool)


@dataclass
class StudentPaper:
    """One student's own variant of the quiz (``--students``), regenerable from its seed."""

    student_id: str
    name: str
    seed: str
    questions: list


def seed_label(seed, template_id: str, index: int) -> str:
    """The per-instance seed: independent of other templates, so adding one
    template or class to a quiz never changes the numbers of the others."""
    return f"{seed}/{template_id}/{index}"


def student_seed(seed, student_id: str) -> str:
    """A student's variant seed, from the exam seed and the student id: the seed
    labels become ``{seed}/{student_id}/{template_id}/{k}``, so the paper can be regenerated."""
    return f"{seed}/{student_id}"


_WHOLE_SEED = re.compile(r"-?[0-9]{1,100}")


def read_seed(text: str):
    """A ``--seed`` as given: a whole number (ASCII digits, up to 100 of them)
    when it is one, else the text itself, a word seed (``--5``, ``²`` and
    ``exam-2026`` are words). Spaces around it are not part of it."""
    text = text.strip()
    return int(text) if _WHOLE_SEED.fullmatch(text) else text


def new_seed() -> int:
    """A fresh seed for a quiz when none is given: high-entropy, so nobody can
    find it by trying small numbers (it is kept in key.json, never printed on a paper)."""
    return high_entropy_seed()
