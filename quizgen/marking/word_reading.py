"""What a word answer was read to mean (``WordReading``), shared by words.read_words and the
listed phrases it finds (phrases.py)."""

from __future__ import annotations

from dataclasses import dataclass

from quizgen.marking.forms import DOUBT_REASON, REVIEW


@dataclass(frozen=True)
class WordReading:
    """A word answer's meaning: ``accept``, a trap (``code``), ``unknown``,
    ``blank`` or ``needs_review`` (two meanings at once, or a sentence)."""

    status: str
    code: str = ""
    reason: str = ""   # DOUBT_REASON for an answer said with doubt


DOUBTED = WordReading(REVIEW, reason=DOUBT_REASON)


def exact_reading(said: str, classes: dict):
    """The one meaning whose listed words hold ``said`` whole (``classes``: code -> words), or None."""
    hits = [code for code, words in classes.items() if said in words]
    if len(hits) == 1:
        return WordReading("accept") if hits[0] == "" else WordReading("trap", hits[0])
    return None
