"""A word reply near one of the answers a question offers is asked again,
whichever answer it is near, so that the drill's behaviour never tells which
word is right (docs/drill.md, "Near spellings").

grade reads a word answer against its part's listed words only: the accepted
words and the traps'. A question that offers given answers (C8's classes)
names more: ``negative`` is offered but listed nowhere when it is neither the
prediction nor the true class. So grade leaves ``neutarl`` (the answer) and
``positiv`` (a trap) to a person but marks ``negitive`` wrong, and reads
``maybe neutral`` as doubt but ``maybe negative`` as a plain wrong word. A
drill that asked again only the first of each pair would let a learner probe
which words are listed. grade has one answer per question and a person reads
its doubtful ones, so nothing is probed there, and its statuses are kept."""

from __future__ import annotations

import difflib

from quizgen.key.status import Status
from quizgen.marking.student_ids import edit_distance
from quizgen.marking.offered import OFFERED
from quizgen.marking.words import MISSPELT, clear_misspelling, read_words
from quizgen.maths.answers import normalise_word

def read_as_offered(record, text: str, verdict, words: tuple = ()):
    """``verdict`` (grade's), or it made needs_review when the drill asks the
    reply again: when grade would leave it to a person were every offered
    answer (``words``) listed (``negitive``, ``maybe negative``, ``nega``,
    ``negative neutral``), or when it is one word that is a near spelling
    of an offered or listed word (``nearest_offered``: ``yse``, ``tru``) that
    grade marks plainly wrong."""
    if record.kind != "word" or verdict.status in (Status.NEEDS_REVIEW, Status.BLANK, Status.INVALID):
        return verdict
    unlisted = _unlisted(record, words)
    if unlisted and verdict.status in (Status.CORRECT, Status.INCORRECT):
        traps = {trap.code: trap.words for trap in record.traps if trap.words}
        reading = read_words(text, record.accept, {**traps, OFFERED: unlisted}, choices=_choices(record))
        if reading.status == Status.NEEDS_REVIEW:
            return verdict._replace(status=Status.NEEDS_REVIEW, reason=reading.reason, score=0.0)
    plain_miss = verdict.status == Status.INCORRECT and not verdict.misconception
    if plain_miss and len(text.split()) == 1 and _near(record, text, words):
        return verdict._replace(status=Status.NEEDS_REVIEW, reason="", score=0.0)
    return verdict


def nearest_offered(record, text: str, words: tuple = ()) -> str:
    """The one word ``_near`` finds ``text`` near, or '' (none, or several:
    ``ne`` is as near ``neg`` as ``neu``)."""
    near = _near(record, text, words)
    return near[0] if len(near) == 1 else ""


def _near(record, text: str, words: tuple = ()) -> list:
    """The part's listed words (accepted or a trap's) or offered words
    (``words``: every one its question names) that ``text`` is a near spelling
    of, or none (also for a word that is one of them): a clear misspelling
    (marking/words.py, ``clear_misspelling``: ``undifined`` is ``undefined``,
    ``tru`` is ``true``) of a word of 4 letters or more, or one slip of a word of
    2 or 3 letters (``_short_slip``: ``yse``, ``ye`` and ``yess`` are ``yes``).
    A word of its own ("defined", "finite", the opposite of a listed one) is
    never told the listed word it resembles."""
    said, listed = normalise_word(text), {}
    for word in _candidates(record, words):
        listed.setdefault(normalise_word(word), word)
    if said in listed:
        return []
    long_near = [w for w in listed if len(w) >= 4 and clear_misspelling(said, w)]
    best = difflib.get_close_matches(said, long_near, n=1, cutoff=MISSPELT)
    if best:
        return [listed[best[0]]]
    return [listed[w] for w in listed if 2 <= len(w) <= 3 and _short_slip(said, w)]


def _short_slip(said: str, word: str) -> bool:
    """True when ``said`` is the short ``word`` (2 or 3 letters) with one letter
    dropped, added, changed or swapped with its neighbour, its first letter
    kept and at least two letters left: ``ye``, ``yse``, ``yess``, ``noo``."""
    return said.isalpha() and len(said) >= 2 and said[:1] == word[:1] and edit_distance(said, word, 1) == 1


def _candidates(record, words: tuple) -> list:
    """Every word the part's reply may be near: the offered, accepted and traps' words."""
    return [*words, *record.accept, *(w for trap in record.traps for w in trap.words)]


def _unlisted(record, words: tuple) -> tuple:
    """The offered answers (``words``) that no list of the part names."""
    listed = {normalise_word(w) for w in _candidates(record, ())}
    return tuple(w for w in words if normalise_word(w) not in listed)


def _choices(record):
    """How many answers the part offers (its ``choices:``), as grade reads it."""
    return getattr(record.spec, "choices", None)
