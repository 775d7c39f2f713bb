"""What generate's checks of its output folder read of the key.json already
there (generation/outdir.py, generation/redraws.py), as one typed record:
:class:`KeyHead`. The folder's key may be a 2,000-student roster's, so it is
not read whole (``Key.from_json`` checks every part of every paper, where
these checks need its paper's identity, its secret and a digest of each
question's exact answers), and it is read leniently: a key quizgen did not
write, or one edited, is no error here but a head with ``written`` False or
fields left empty, which the checks then name. The secret and the
``printed`` record are kept as read and checked where they are used
(key/papercode.py, generation/printed.py)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from quizgen.key.checks import listed_files


def exacts_digest(exacts) -> str:
    """A short digest of a question's ``(part place, exact answer)`` pairs: two
    drawings of a question agree on their exact answers when their digests do."""
    text = "\n".join(f"{i}={exact}" for i, exact in exacts)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=8).hexdigest()


@dataclass(frozen=True)
class KeyHead:
    """An earlier key.json's head: ``written`` when it has the shape quizgen
    writes (templates, a question list, students' papers or none); its seed
    (as text; None when the key names none), template ids (sorted), class paper's question count and the ids
    of its students' own papers (in key order); its secret and ``printed``
    record as read; ``drawn``: {(student id, or "" for the class paper,
    question id): (part places, ``exacts_digest``)} of its parts with an exact
    answer, a digest a question so that a large key is not held; ``files``: the
    names of the files its run wrote (key.json's ``"files"``), None for a key
    written before that list, () for one that is not a list of names."""

    written: bool = False
    seed: str | None = None
    templates: tuple = ()
    questions: int = 0
    student_ids: tuple = ()
    secret: object = None
    printed: object = None
    drawn: dict = field(default_factory=dict)
    files: tuple | None = None

    @classmethod
    def from_json(cls, data: dict) -> "KeyHead":
        """The head of key.json's data (an object), read leniently (see the module's docstring)."""
        templates, questions, students = data.get("templates"), data.get("questions"), data.get("students")
        written = isinstance(templates, dict) and isinstance(questions, list) and isinstance(students or {}, dict)
        seed = data.get("seed")
        return cls(written, None if seed is None else str(seed), tuple(sorted(templates)) if written else (),
                   len(questions) if written else 0, tuple(students) if isinstance(students, dict) else (),
                   data.get("secret"), data.get("printed"), _drawn(questions, students), listed_files(data))


def _drawn(questions, students) -> dict:
    """``KeyHead.drawn`` of the class paper's ``questions`` and the ``students``' papers, as key.json holds them."""
    drawn = {}
    papers = [("", questions)]
    if isinstance(students, dict):
        papers += [(sid, paper.get("questions")) for sid, paper in students.items() if isinstance(paper, dict)]
    for sid, records in papers:
        for question in records if isinstance(records, list) else ():
            if isinstance(question, dict) and isinstance(question.get("id"), str) \
                    and isinstance(question.get("parts"), list):
                exacts = list(_exacts(question).items())
                drawn[sid, question["id"]] = (tuple(i for i, _ in exacts), exacts_digest(exacts))
    return drawn


def _exacts(record: dict) -> dict:
    """{part place: exact answer} of the parts of a question record that have one."""
    parts = record.get("parts")
    return {i: part["exact"] for i, part in enumerate(parts if isinstance(parts, list) else ())
            if isinstance(part, dict) and isinstance(part.get("exact"), str)}


def record_exacts(text: str) -> dict:
    """{part place: exact answer} of one question's key.json record, as text (``entries.key_text``'s)."""
    return _exacts(json.loads(text))
