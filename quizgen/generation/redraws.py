"""A paper remade or kept must draw the numbers its key holds. ``generate``
regenerates papers from their seed labels: ``--only`` reprints some students'
papers beside a key it leaves alone, and a run of the same paper (a late
joiner added with ``--force``, or the same command again) writes the key anew
and keeps the printed papers' codes. A quizgen whose bank or sampler changed
since (an upgrade, a ``--bank`` template edited) can draw other numbers from
the same labels; the reprint would then disagree with its key, or the key with
the papers handed out. The earlier key's exact answers are held against the
new draws, and such a run is refused before anything is written."""

from __future__ import annotations

from quizgen.errors import UsageError
from quizgen.wording import first_few
from quizgen.key.head import exacts_digest, record_exacts

MAX_NAMED = 5
"""Questions named in the refusal; the rest are counted."""


def refuse_other_draws(drawn: dict, quiz, key_path) -> None:
    """Refuse, in one line, a run whose questions (``quiz``'s class paper and
    students' papers) draw other exact answers than the earlier key ``drawn``
    (``KeyHead.drawn``) holds for them; a question the key does not hold is new."""
    from quizgen.key.entries import key_text   # the key writer only when a key is there to hold against

    papers = [("", quiz.questions)] + [(p.student_id, p.questions) for p in quiz.papers]
    other = []
    for sid, questions in papers:
        for question in questions:
            held = drawn.get((sid, question.id))
            if held is None:
                continue
            places, digest = held
            exacts = record_exacts(key_text(question).record)   # as the key writes them, made once
            now = [(i, exacts.get(i)) for i in places]
            if exacts_digest(now) != digest:
                other.append(f"{sid} {question.id}".strip())
    if other:
        named = first_few(other, MAX_NAMED)
        raise UsageError(f"{key_path} holds other answers than this quizgen draws for {named} "
                         f"({len(other):,} question(s)): the bank or quizgen changed since these papers were made, "
                         "and remaking them would print numbers their key does not hold (or rewrite the key of "
                         "papers handed out); remake them with the quizgen and --bank that made them, or make a "
                         "new paper in another --out folder")
