"""Two numeric answers a person reads rather than a zero (forms.read_number,
after every other reading failed): a number with a letter that looks like a
digit (``O.168``, ``0.l68``, ``0.71o``: O or o for 0, l or I for 1), and two
numbers with nothing between them (``0.168 0.169``), as the hedge
``0.551 or 0.6`` is read (forms.TWO_VALUES_REASON). Neither is ever read as
a number: which digit or which value was meant is the person's to say. Both
tests are one full match of a pattern without nested repeats: linear in the
answer's length."""

from __future__ import annotations

import re

LOOKALIKE_REASON = "a letter where a digit looks meant (O for 0, l or I for 1): a person reads it"
SIDE_BY_SIDE_REASON = "two numbers with nothing between them: a person decides which one counts"

_LOOKALIKES = str.maketrans("OoIl", "0011")
_DIGITS_AND_LOOKALIKES = re.compile(r"[+-]?[\d.,OoIl]+")
_DECIMAL = re.compile(r"[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)")
_SIDE_BY_SIDE = re.compile(r"[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+)(?:\s+[+-]?(?:\d+(?:[.,]\d+)?|[.,]\d+))+")


def unclear_number(core: str) -> str:
    """The reason a person should read ``core`` (an answer no reader could
    read, its decorations stripped), or '': a decimal written with a letter
    for a digit (at least one real digit, so ``lO`` stays a word), or two or
    more decimals side by side with only spaces between them."""
    core = core.strip()
    if (_DIGITS_AND_LOOKALIKES.fullmatch(core) and any(c.isdigit() for c in core)
            and _DECIMAL.fullmatch(core.translate(_LOOKALIKES))):
        return LOOKALIKE_REASON
    if _SIDE_BY_SIDE.fullmatch(core):
        return SIDE_BY_SIDE_REASON
    return ""
