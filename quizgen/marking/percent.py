"""Which parts are percentages. A careful marker reads ``42.7%`` by what
the question asks for: where it asks for a percentage ("as a percentage",
"in %", "what percentage ..."), the answer's number is in per cent, so
``42.7%`` and ``42.7`` are both 42.7; everywhere else ``42.7%`` is the
number 0.427 (42.7 hundredths), right where the value is 0.427 (a
probability written as a percentage) and wrong where it is 42.7. A bare
``0.427`` on a percentage part is not read as 42.7: the question asked for
per cent. The rule reads the part's ``ask`` text once, when the key is
written; the key stores ``"percent": true`` on such parts."""

from __future__ import annotations

import re

_ASKS_PERCENT = re.compile(
    r"\bas\s+a\s+percent(?:age)?\b|\bin\s+(?:per\s*cent|percent)\b|\bin\s*%|\(\s*(?:in\s*)?%\s*\)"
    r"|\b(?:what|which|how\s+many)\s+(?:percentage|percent|per\s*cent)\b|\bpercentage\s+points?\b",
    re.IGNORECASE)


def asks_percent(ask: str) -> bool:
    """True when the question ``ask`` (a part's text) asks for a percentage."""
    return bool(_ASKS_PERCENT.search(ask or ""))
