"""Student ids: one normalisation of them, and the nearest known ids for an
unknown one (the hint grade gives; whether an answers file belongs to its
key is grading/belong.py's).

The id rule (docs/grading.md, "Roster reconciliation"): ids are compared
ignoring case, every space and every invisible format character (``S 010``,
`` s010`` and ``s010`` are one student, and so is ``s010`` holding a
zero-width space or a bidi control). Leading zeros are kept (``s012`` and
``s12`` may be two students), except that an id matching no roster or key id
matches the one id that differs from it only by leading zeros (``123`` is
roster id ``00123``: spreadsheets drop the zeros of number-like ids), never two."""

from __future__ import annotations

import difflib
from functools import lru_cache
import re
import unicodedata

from quizgen.cells import unguard
from quizgen.errors import InputFileError, shortened

LEADING_ZEROS = ("keep", "strip")
_DIGITS = re.compile(r"\d+")


def normalise_id(raw, leading_zeros: str = "keep") -> str:
    """A student id as one student: case folded, every space and invisible
    format character (``_visible``) removed; with
    ``leading_zeros="strip"`` each run of digits loses its leading zeros
    (``s012`` and ``s12`` are one student). A leading quote before ``= + - @``
    is a formula guard, not part of the id."""
    text = "".join(unguard(_visible(str(raw)).strip()).split()).casefold()
    if leading_zeros == "strip":
        text = _DIGITS.sub(lambda m: m.group(0).lstrip("0") or "0", text)
    elif leading_zeros != "keep":
        raise InputFileError(f"leading zeros policy must be one of {', '.join(LEADING_ZEROS)}, got {leading_zeros!r}")
    return text


def _visible(text: str) -> str:
    """``text`` without its format characters (Unicode category Cf: zero-width
    spaces and joiners, bidi controls such as U+202E, a BOM, a soft hyphen),
    which a pasted id carries unseen, as it may carry spaces."""
    return "".join(c for c in text if unicodedata.category(c) != "Cf") if not text.isascii() else text


class IdMatcher:
    """The known ids (a roster, a per-student key) by their normal form, and
    the leading-zero fallback: ``match(normal)`` is the known normal form a
    normalised id stands for, or None."""

    def __init__(self, known_ids=()):
        self.known = {}
        zero_free = {}
        for student_id in known_ids:
            normal = normalise_id(student_id)
            self.known.setdefault(normal, student_id)
            zero_free.setdefault(normalise_id(normal, "strip"), set()).add(normal)
        self.zero_free = {k: next(iter(v)) for k, v in zero_free.items() if len(v) == 1}

    def __bool__(self) -> bool:
        return bool(self.known)

    def match(self, normal: str):
        """The known id (normal form) ``normal`` is, exactly or but for leading zeros."""
        if normal in self.known or not self.known:
            return normal if self.known else None
        return self.zero_free.get(normalise_id(normal, "strip"))


LOOK_ALIKE = str.maketrans("oilszb", "011528")
"""Characters mistaken for one another when an id is typed or read off a form
(O and 0, I, l and 1, S and 5, Z and 2, B and 8; ids are case-folded first)."""


def nearest_ids(unknown: str, roster_ids, count: int = 3, leading_zeros: str = "keep") -> list:
    """Up to ``count`` roster ids closest to ``unknown``, best first, as the
    roster writes them: those that differ from it only by look-alike
    characters (``tO5`` for ``t05``: ``LOOK_ALIKE``, one dictionary look-up),
    then the nearest by difflib."""
    by_norm, candidates, by_shape = _by_normal_form(tuple(roster_ids), leading_zeros)
    normal = normalise_id(unknown, leading_zeros)
    alike = [c for c in by_shape.get(normal.translate(LOOK_ALIKE), ()) if c != normal]
    close = difflib.get_close_matches(normal, candidates, n=count, cutoff=0.6)
    return [by_norm[c] for c in (alike + [c for c in close if c not in alike])[:count]]


@lru_cache(maxsize=8)
def _by_normal_form(roster_ids: tuple, leading_zeros: str) -> tuple:
    """({normal form: id as written}, [normal forms], {look-alike form: [normal
    forms]}) of the known ids, made once for the many unknown ids of one file
    (2,000 known ids were normalised again for each of 3,000 unknown ones: 37 s)."""
    by_norm, by_shape = {}, {}
    for student_id in roster_ids:
        normal = normalise_id(student_id, leading_zeros)
        if normal not in by_norm:
            by_norm[normal] = student_id
            by_shape.setdefault(normal.translate(LOOK_ALIKE), []).append(normal)
    return by_norm, list(by_norm), by_shape


def id_hint(unknown: str, known_ids, named=()) -> str:
    """``did you mean s012 or s120?`` naming the known ids nearest ``unknown``
    (``nearest_ids``: several, by the id rule, as written), after the ids in
    ``named`` (those whose name is the row's), "" when none is near.
    A name refused in a message gets errors.did_you_mean instead (one, quoted)."""
    near = list(named) + [sid for sid in nearest_ids(unknown, known_ids) if sid not in named]
    return f"did you mean {' or '.join(map(shortened, near[:3]))}?" if near else ""
