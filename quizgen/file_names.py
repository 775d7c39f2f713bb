"""Plain ASCII letters for file names made from student ids: feedback
sheets (grading/feedback_names.py) and ``generate --split`` papers
(generation/documents.py) write ``Zoë`` as ``Zoe`` alike."""

from __future__ import annotations

import unicodedata

from quizgen.maths.numerals import ascii_digits

_PLAIN_LETTERS = str.maketrans({"ß": "ss", "ẞ": "SS", "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "Ø": "O",
                                "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Þ": "Th",
                                "þ": "th", "ı": "i"})
"""Letters with a plain ASCII form that no decomposition gives (NFKD takes ë to e and its mark)."""


NAME_LIMIT = 80
"""Characters of a file name's part made from a student id (a sheet's stem, a --split suffix)."""


def plain_letters(text: str) -> str:
    """``text``'s letters in ASCII where a plain form exists (``Zoë`` is
    ``Zoe``, ``Müller`` ``Muller``, ``Straße`` ``Strasse``, ``Łukasz`` ``Lukasz``)
    and its digits as ASCII digits (Arabic-Indic ``٠٠١`` is ``001``): a name stays
    readable; a letter with none (``李``) is left for the caller's rule for unsafe characters."""
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text.translate(_PLAIN_LETTERS))
    return ascii_digits("".join(c for c in decomposed if not unicodedata.combining(c)))
