"""Question ids and parts as people write them, reduced for matching an
answers file's (or an override's, a download's) labels to the key's:
``Q01``, ``q 1``, ``Question 1`` and ``1`` are one question, ``(a)``, ``A``
and ``Part a`` one part, a fullwidth ``Ｑ１`` / ``ａ`` too (Unicode's
compatibility form, as the id rule reads student ids: marking/student_ids.py).
Excel's text idiom ``="Q1"`` is ``Q1`` (cells.text_formula_value, as for ids and
answers). Imports only quizgen.cells, which imports nothing of quizgen, so every layer may use it."""

from __future__ import annotations

import re
import unicodedata

from quizgen.cells import text_formula_value

_QUESTION_NUMBER = re.compile(r"^(?:q|question|frage|aufgabe|pregunta)?\s*(?:no\.?|#)?\s*0*(\d{1,9})$")
_PART = re.compile(r"^(?:(?:part|teil|partie|parte)\s+)?\(?\s*([^\s()]+?)\s*[.)]?\s*\)?$")


def compatible(text: str) -> str:
    """``text`` in Unicode's compatibility form (NFKC): a fullwidth ``Ｑ１ａ``, as
    an Asian input method types it, is ``Q1a``; the id rule reads student ids
    so too (quizgen/marking/student_ids.py)."""
    return text if text.isascii() else unicodedata.normalize("NFKC", text)


def norm_question(text: str) -> str:
    """A question id reduced for matching: ``Q01``, ``q 1``, ``Question 1``, ``1``
    and the fullwidth ``Ｑ１`` are all ``q1``."""
    text = " ".join(compatible(text_formula_value(str(text).strip())).split()).casefold()
    match = _QUESTION_NUMBER.match(text)
    return f"q{int(match.group(1))}" if match else text


def norm_part(text: str) -> str:
    """A part reduced for matching: ``A``, ``(a)``, ``a)``, ``Part a`` and the
    fullwidth ``ａ`` are all ``a``."""
    text = " ".join(compatible(text_formula_value(str(text).strip())).split()).casefold()
    match = _PART.match(text)
    return match.group(1) if match else text


def natural_order(text: str) -> list:
    """A sort key reading the numbers in ``text`` as numbers (``Q2`` before
    ``Q10``, ``Section 2`` before ``Section 10``), letters without case."""
    return [(0, int(piece), "") if piece.isdigit() else (1, 0, piece.casefold())
            for piece in re.split(r"(\d+)", text)]


def paper_order(question: str, part: str) -> tuple:
    """A sort key putting ``(question, part)`` labels as a paper sets them: Q2 (a)
    before Q2 (b) before Q10 (a), however the labels are written."""
    return natural_order(norm_question(question)), natural_order(norm_part(part))
