"""The quiz model: a quiz, its questions, and each student's paper, with the
seed labels that make every question reproducible. (Key entries are made by
quizgen.key.entries.)"""

from __future__ import annotations

import re

from dataclasses import dataclass, field

from quizgen.errors import UsageError
from quizgen.wording import cut_repr, quoted
from quizgen.generation.distinct import REDRAWS
from quizgen.generation.sampling import Instance
from quizgen.key.checks import MAX_ID
from quizgen.key.papercode import high_entropy_seed

# A question's seed in key.json is its label "{seed}/{student id}/{template id}/{k}"
# ("/redraw{n}" after it when redrawn, generation.distinct), and grade reads no
# label longer than MAX_ID: the seed and the ids are held to what leaves room.
REDRAW_TAIL = f"/redraw{REDRAWS}"
MAX_SEED = MAX_ID - len("/a/0")   # the shortest tail: a one-letter template id, the first question


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
    printed: dict = field(default_factory=dict)   # key.json's "printed" record (generation/printed.py)
    paper_files: list = field(default_factory=list)   # key.json's "files": the names its run writes
    key_listed: bool = False        # --only added the files it wrote to the folder's key.json's "files"
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
    ``exam-2026`` are words). Spaces around it are not part of it, and a seed of
    spaces alone (or none) is refused."""
    text = text.strip()
    if not text:
        raise UsageError("--seed is empty: give a whole number or a word, or leave --seed out for a fresh one")
    refuse_unprintable_seed(text)
    if len(text) > MAX_SEED:
        raise UsageError(f"--seed {quoted(text)} is too long: key.json keeps seeds of at most {MAX_SEED} characters")
    return int(text) if _WHOLE_SEED.fullmatch(text) else text


def given_seed(seed):
    """A seed as a caller gives it, read as ``--seed`` is so that the library and the CLI
    agree: text through :func:`read_seed` (``"42"`` is 42, blank refused), anything
    else (None for a fresh one, a number) as it is."""
    return read_seed(seed) if isinstance(seed, str) else seed


GUESSABLE_SEED = 12
"""Seeds shorter than this many characters can be found by trying: a fresh seed is 63 random bits (19 digits)."""


def guessable_seed_warning(seed, students=True, made: str = "their own paper and its worked solutions",
                           kept: str = "key.json") -> list[str]:
    """A warning when papers or an export are made from a seed short enough to guess (``--seed 42``):
    the seed (and, on per-student papers, a student's id) is all quizgen needs to make ``made`` again,
    and students who drill have quizgen. No warning for a class paper (``students``
    false): a practice set's seed is shared on purpose."""
    if seed is None or not students or len(str(seed)) >= GUESSABLE_SEED:
        return []
    return [f"--seed {seed} is short enough to guess, and with it any student who has quizgen can make {made}; "
            f"for anything students take, give a seed of at least {GUESSABLE_SEED} characters nobody can guess, "
            f"or leave --seed out (a fresh 63-bit seed is drawn, printed and kept in {kept})"]


def refuse_unprintable_seed(seed: str) -> None:
    """Refuse, in one line, a seed holding a character a terminal does not print
    as itself (an escape, a BEL, a direction control such as U+202E, a tab, a
    no-break space): the seed is echoed on the run's last line and kept in
    key.json, where an escape sequence would retitle or recolour the terminal
    (and a tab or no-break space looks like the space it is not). The seed is
    shown with each such character escaped alike (``'x\\ty'``, ``'x\\xa0y'``)."""
    bad = next((c for c in seed if not c.isprintable()), None)
    if bad is not None:
        raise UsageError(f"--seed {cut_repr(seed, 40)} holds the character U+{ord(bad):04X}, which a terminal does not "
                         "print as itself; give a whole number or a word of printable characters")


def check_labels(seed, template_ids, count: int, student_ids=(), where=None) -> None:
    """Refuse, in one line, a seed or student id that would give a question a
    seed label (:func:`seed_label` of :func:`student_seed`) longer than
    key.json's MAX_ID, which grade would refuse: checked before anything is
    written. The longest label counts a redraw (``/redraw{REDRAWS}``), so
    whether a paper fits never depends on the numbers drawn. ``seed`` None:
    a fresh one (:func:`new_seed`), counted as long as one can be. ``where``: the
    roster's ``where`` (roster.Roster.where), naming a too-long id's file and line."""
    if not template_ids:
        return
    said = "--seed left out (a fresh seed has up to 19 digits)" if seed is None else f"--seed {quoted(str(seed))}"
    seed = str(2 ** 63) if seed is None else seed
    room = MAX_ID - len(f"/{max(map(len, template_ids)) * 'a'}/{count - 1}{REDRAW_TAIL}")
    seed = str(seed)
    refuse_unprintable_seed(seed)
    if len(seed) > room:
        raise UsageError(f"--seed {quoted(seed)} is too long for these templates: key.json keeps "
                         f"question seeds of at most {MAX_ID} characters, which leaves {room} for the seed")
    longest = max(student_ids, key=len, default="")
    if longest and len(seed) + 1 + len(longest) > room:
        at = where(longest) if where is not None else None
        raise UsageError(f"{at + ': ' if at else ''}student id {quoted(longest)} is too long with {said}: "
                         "key.json keeps "
                         f"question seeds of at most {MAX_ID} characters, which leaves "
                         f"{max(room - len(seed) - 1, 0)} for a student id with this seed")


def new_seed() -> int:
    """A fresh seed for a quiz when none is given: high-entropy, so nobody can
    find it by trying small numbers (it is kept in key.json, never printed on a paper)."""
    return high_entropy_seed()
