"""Near spellings of a part's listed words (``misspelt``: ``avrage`` for ``average``, ``noo`` for
``no``) and words of opposite meaning that only look alike (``opposites``: ``defined`` and
``undefined``), for words.read_words and the drill's and a feedback sheet's "did you mean"
(``clear_misspelling``). Words come as ``words._as_read`` reads them."""

from __future__ import annotations

import difflib

from quizgen.marking.student_ids import edit_distance


def misspelt(said: str, classes: dict) -> bool:
    """True when the answer, or a word of it, is a near spelling (``MISSPELT``
    alike, 4 letters or more) of a listed word or phrase, and not its opposite
    (``opposites``: "defined" is no misspelling of "undefined"), or a short
    listed word with a letter doubled (``_doubled``)."""
    listed = [w for words in classes.values() for w in words]
    candidates = {said, *said.split(" ")}
    return any(len(c) >= 4 and len(w) >= 4 and alike(c, w) and not opposites(c, w) or _doubled(c, w)
               for c in candidates for w in listed)


def _doubled(said: str, word: str) -> bool:
    """True when ``said`` is a short listed ``word`` (2 or 3 letters, too short
    for ``alike``) with one letter typed twice: ``yess``, ``noo``, ``poss``."""
    return 2 <= len(word) <= 3 and len(said) == len(word) + 1 and said.isalpha() and any(
        said == word[:i + 1] + word[i:] for i in range(len(word)))


NEGATING = ("non", "not", "ill", "un", "in", "il", "im", "ir")
"""Prefixes that negate a word (``undefined``, ``infinite``, ``ill-defined``,
``non-zero``, ``not defined``); ``well`` is ill's opposite and negates nothing."""


def _polarities(word: str) -> set:
    """``(negated, stem)`` for each way ``word`` (as ``words._as_read`` reads it: a
    hyphen is a space) splits into a prefix and a stem: itself unnegated, and
    after each negating prefix (or ``well``) that leaves a stem."""
    found = {(False, word)}
    for prefix in (*NEGATING, "well"):
        stem = word[len(prefix):].lstrip(" ")
        if word.startswith(prefix) and stem:
            found.add((prefix != "well", stem))
    return found


def opposites(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` differ by a negating prefix added, dropped or
    swapped for its opposite (``defined``/``undefined``, ``finite``/``infinite``,
    ``well defined``/``ill defined``): words of opposite meaning, never a
    misspelling of each other however alike they look."""
    return any(stem == other and negated != flip for negated, stem in _polarities(a)
               for flip, other in _polarities(b))


def clear_misspelling(said: str, word: str) -> bool:
    """True when ``said`` is clearly a misspelling of the listed ``word`` (both
    as ``words._as_read`` reads them), so that naming ``word`` tells the student
    nothing they did not write: ``MISSPELT`` alike, the same first letter, at
    most one edit away (two for a word of 8 letters or more: insert, delete,
    change, or swap two neighbours), and not its opposite (``opposites``).
    The drill's "did you mean" names only such a word."""
    if said[:1] != word[:1] or not alike(said, word) or opposites(said, word):
        return False
    limit = 2 if len(word) >= 8 else 1
    return edit_distance(said, word, limit) <= limit


def alike(said: str, word: str) -> bool:
    """True when ``said`` and ``word`` are ``MISSPELT`` alike; the cheap upper
    bounds come first, as difflib.get_close_matches does (the same answer),
    the lengths' own bound (``real_quick_ratio``) before a matcher is made."""
    if 2 * min(len(said), len(word)) < MISSPELT * (len(said) + len(word)):
        return False
    matcher = difflib.SequenceMatcher(None, said, word)
    return matcher.real_quick_ratio() >= MISSPELT and matcher.quick_ratio() >= MISSPELT \
        and matcher.ratio() >= MISSPELT


MISSPELT = 0.85   # "avrage"/"average" 0.92; "median"/"mean" 0.8 is another word
