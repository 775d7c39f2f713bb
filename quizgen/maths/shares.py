"""A share of a part's marks as an instructor writes it: a number from 0 to
1 or a percentage from 0% to 100% (``0.5``, ``5e-1``, ``50%``, ``12.5 %``,
``0,5``, ``-0``, ``0.3333333333333333``), read by one rule in a template's ``ecf_credit``,
the policy file, the overrides file and ``--ecf-credit``. A number has at most MAX_DECIMALS
decimal places (a spreadsheet's full precision is 17 digits), counted as
the plain decimal it spells (``1e-41`` has 41), and 12 digits before its
point: longer text is not a share someone wrote. A share that is not 0 is at
least MIN_SHARE: a smaller one would show as a score of 0 (scores are shown to
4 places) on a part marked partial."""

from __future__ import annotations

import math
import re
from decimal import Decimal

MAX_DECIMALS = 40
MIN_SHARE = 0.0001
RULE = (f"a number from 0 to 1 or a percentage from 0% to 100% (a decimal of at most {MAX_DECIMALS} places: "
        f"0.5, 50%, 0,5; 0 or at least {MIN_SHARE:g})")
"""The rule in a message's words: every reader of a share says the same."""
_POINT = re.compile(r"[+-]?(?:\d{1,12}(?:\.\d{0,40})?|\.\d{1,40})(?:[eE][+-]?\d{1,3})?")
_COMMA = re.compile(r"([+-]?\d{1,12}),(\d{1,40})")


def read_share(value) -> float | None:
    """The share ``value`` states (a number, or its text), or None when it
    states none from 0 to 1 (true/false, 150%, -0.5, "half", inf, and
    ``1,000%``, where the comma could group thousands); ``-0`` is 0."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        share = float(value)
    elif isinstance(value, str):
        text = value.strip()
        percent = text.endswith("%")
        share = plain_number(text[:-1].strip() if percent else text)
        if share is None:
            return None
        share = share / 100 if percent else share
    else:
        return None
    if not (math.isfinite(share) and 0 <= share <= 1) or 0 < share < MIN_SHARE:
        return None
    return share + 0.0   # -0.0 is 0.0


def plain_number(text: str) -> float | None:
    """A plain decimal, or one with a decimal comma (not ``1,000``: a comma
    before three digits after a whole number may group thousands)."""
    if _POINT.fullmatch(text):   # ``1e-41`` is 41 places, as ``0.000...1`` is: one rule for both spellings
        return float(text) if -Decimal(text).as_tuple().exponent <= MAX_DECIMALS else None
    comma = _COMMA.fullmatch(text)
    if comma is None or (comma[1].lstrip("+-0") and len(comma[2]) == 3):
        return None
    return float(f"{comma[1]}.{comma[2]}")
