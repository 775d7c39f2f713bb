"""A share of a part's marks as an instructor writes it: a number from 0 to
1 or a percentage from 0% to 100% (``0.5``, ``50%``, ``12.5 %``, ``0,5``),
read by one rule in the policy file, the overrides file and ``--ecf-credit``."""

from __future__ import annotations

import math
import re

_SHARE = re.compile(r"\s*(\d{1,12}(?:[.,]\d{0,12})?|[.,]\d{1,12})\s*(%?)\s*")


def read_share(value) -> float | None:
    """The share ``value`` states (a number, or its text), or None when it
    states none from 0 to 1 (true/false, 150%, -0.5, "half", inf)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        share = float(value)
    elif isinstance(value, str):
        match = _SHARE.fullmatch(value)
        if match is None:
            return None
        share = float(match[1].replace(",", ".")) / (100 if match[2] else 1)
    else:
        return None
    return share if math.isfinite(share) and 0 <= share <= 1 else None
