"""Plain ASCII letters for file names made from student ids: feedback
sheets (grading/feedback_names.py) and ``generate --split`` papers
(generation/documents.py) write ``Zoë`` as ``Zoe`` alike."""

from __future__ import annotations

import unicodedata

_PLAIN_LETTERS = str.maketrans({"ß": "ss", "ẞ": "SS", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Ø": "O",
                                "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Þ": "Th",
                                "þ": "th", "ı": "i"})
"""Letters with a plain ASCII form that no decomposition gives (NFKD takes ë to e and its mark)."""


def plain_letters(text: str) -> str:
    """``text``'s letters in ASCII where a plain form exists (``Zoë`` is
    ``Zoe``, ``Müller`` ``Muller``, ``Straße`` ``Strasse``, ``Łukasz`` ``Lukasz``):
    a name stays readable; a letter with none (``李``) is left for the caller's
    rule for unsafe characters."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))
