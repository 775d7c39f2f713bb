"""Reading worked steps in tests: the note a C1, C7 or C8 loss step adds when
the stem's 4-figure carrying rounds the loss otherwise (review 38) follows the
working, and tests of the working's last value read the step without it."""

import re

CARRIED_4 = re.compile(r"(?:(?<=\$)\.)? Carried to 4 figures, .*$", re.S)


def without_carried_note(work: str) -> str:
    """``work`` without the 4-figure carrying note at its end (and the full stop put before it)."""
    return CARRIED_4.sub("", work)
