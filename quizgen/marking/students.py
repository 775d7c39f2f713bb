"""Students and keys reconciled: one normalisation of student ids, the
nearest roster ids for an unknown one, and a check that an answers file
belongs to the key it is graded against."""

from __future__ import annotations

import difflib
import re

from quizgen.errors import InputFileError

LEADING_ZEROS = ("keep", "strip")
_DIGITS = re.compile(r"\d+")


def normalise_id(raw, leading_zeros: str = "keep") -> str:
    """A student id as one student: case folded, surrounding and repeated
    spaces removed; with ``leading_zeros="strip"`` each run of digits loses
    its leading zeros (``s012`` and ``s12`` are one student)."""
    text = " ".join(str(raw).split()).casefold()
    if leading_zeros == "strip":
        text = _DIGITS.sub(lambda m: m.group(0).lstrip("0") or "0", text)
    elif leading_zeros != "keep":
        raise InputFileError(f"leading zeros policy must be one of {', '.join(LEADING_ZEROS)}, got {leading_zeros!r}")
    return text


def nearest_ids(unknown: str, roster_ids, count: int = 3, leading_zeros: str = "keep") -> list:
    """Up to ``count`` roster ids closest to ``unknown`` (difflib), best first,
    as the roster writes them."""
    by_norm = {}
    for student_id in roster_ids:
        by_norm.setdefault(normalise_id(student_id, leading_zeros), student_id)
    close = difflib.get_close_matches(normalise_id(unknown, leading_zeros), list(by_norm), n=count, cutoff=0.6)
    return [by_norm[c] for c in close]


def unknown_message(unknown: str, roster_ids, leading_zeros: str = "keep") -> str:
    """``unknown_student`` feedback naming the nearest roster ids."""
    near = nearest_ids(unknown, roster_ids, leading_zeros=leading_zeros)
    hint = f"; did you mean {' or '.join(near)}?" if near else ""
    return f"student {unknown!r} is not in the key's roster{hint}"


def far_fraction(answers, known: dict, closeness: float = 0.25):
    """``(far, numeric)``: of the numeric answers ``(part key, value)``, how
    many lie further than ``closeness`` (relative) from every value known
    for their part (the answer and every trap, ``known``: part key -> values)."""
    far = numeric = 0
    for part, value in answers:
        values = known.get(part)
        if value is None or not values:
            continue
        numeric += 1
        if all(abs(value - v) > closeness * max(abs(v), 1e-12) for v in values):
            far += 1
    return far, numeric


def check_answers_belong(answers, known: dict, source: str = "answers", force: bool = False,
                         least: int = 10, most: float = 0.5) -> str:
    """Stop with a clear message when most numeric answers are far from every
    value known for their part (the file was probably written for another
    seed or key); with ``force`` return that message as a warning instead.
    Returns "" when the answers look like this key's."""
    far, numeric = far_fraction(answers, known)
    if numeric < least or far <= most * numeric:
        return ""
    message = (f"{source}: {far} of {numeric} numeric answers are far from every value this key knows "
               f"for their part: were they written for another seed or key? (--force grades them anyway)")
    if not force:
        raise InputFileError(message)
    return message
