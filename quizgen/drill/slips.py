"""A word reply near one of the answers a question offers is asked again,
whichever answer it is near, so that the drill's behaviour never tells which
word is right (docs/drill.md, "Near spellings").

grade already reads a word answer against every answer the paper offers
(marking/offered.py): a near spelling of any of them, or two of them named at
once, is needs_review there, which the drill asks again. What grade marks
plainly wrong, the drill asks again too when it is one word near an offered
or listed word by a short slip grade does not treat as a misspelling
(``yse``, ``ye``, ``tru``): an exam's answer goes to a person once, a drill's
retry must not depend on which word the slip is near."""

from __future__ import annotations

import difflib

from quizgen.key.status import Status
from quizgen.marking.student_ids import edit_distance
from quizgen.marking.unlisted import short_for
from quizgen.marking.spelling import MISSPELT, clear_misspelling
from quizgen.maths.answers import normalise_word

def read_as_offered(record, text: str, verdict, words: tuple = ()):
    """``verdict`` (grade's, which reads the offered answers already), or it made
    needs_review when the drill asks the reply again: one word grade marks plainly
    wrong that is a near spelling of an offered or listed word (``nearest_offered``:
    ``yse``, ``tru``)."""
    if record.kind != "word" or verdict.status != Status.INCORRECT or verdict.misconception:
        return verdict
    if len(text.split()) == 1 and _near(record, text, words):
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
    (marking/spelling.py, ``clear_misspelling``: ``undifined`` is ``undefined``,
    ``tru`` is ``true``) of a word of 4 letters or more, or one slip of a word of
    2 or 3 letters (``_short_slip``: ``yse``, ``ye`` and ``yess`` are ``yes``),
    unless it is cut short from a longer listed word (unlisted.py ``short_for``,
    as grade reads it): ``nega`` is ``negative``, where ``neg`` is listed too.
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
    plain = [w for w in listed if w.isalpha()]
    if cut := short_for(said, plain):   # "nega" begins "negative": no slip of "neg"
        return [listed[w] for w in cut]
    return [listed[w] for w in listed if 2 <= len(w) <= 3 and _short_slip(said, w)]


def _short_slip(said: str, word: str) -> bool:
    """True when ``said`` is the short ``word`` (2 or 3 letters) with one letter
    dropped, added, changed or swapped with its neighbour, its first letter
    kept and at least two letters left: ``ye``, ``yse``, ``yess``, ``noo``."""
    return said.isalpha() and len(said) >= 2 and said[:1] == word[:1] and edit_distance(said, word, 1) == 1


def _candidates(record, words: tuple) -> list:
    """Every word the part's reply may be near: the offered, accepted and traps' words."""
    return [*words, *record.accept, *(w for trap in record.traps for w in trap.words)]
