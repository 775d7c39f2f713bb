"""What a key built from a Moodle download keeps of it (quizgen.key.model):
on a student's paper (KeyPaper) the Moodle State ``state``, of the attempt
graded when it was not submitted, and ``open_attempt``, of a later attempt
still open beside the finished one graded; and at the top the quiz's maximum
grade in Moodle, ``moodle_maximum``, to which a Moodle gradebook is scaled.
Each checked on reading, one line naming its path."""

from __future__ import annotations

import re

from quizgen.key import checks

NO_ATTEMPT = "No attempt"   # an enrolled student's Moodle row with no attempt (State '-'), scored 0
UNSUBMITTED = ("In progress", "Overdue", "Never submitted", "Not yet started", "Not started", NO_ATTEMPT)
"""The states of a Moodle attempt that was not submitted (Moodle grades none of them): "Not yet
started" (Moodle 4.5's "Not started" on some screens) is an attempt the quiz's "pre-create
attempts" made that the student never opened. (A "Submitted" attempt is finished, its grading
queued to a task: quizgen grades it as any finished one.)"""


def paper_state(paper: dict, where) -> str:
    """A paper's ``state``: "" (none) or one of ``UNSUBMITTED``."""
    state = checks.text(paper.get("state", ""), where, checks.MAX_ID)
    if state and state not in UNSUBMITTED:
        raise where.fail(f"expected one of {', '.join(map(repr, UNSUBMITTED))} (or no such field), got {state[:40]!r}")
    return state


STILL_OPEN = ("In progress", "Overdue", "Not yet started", "Not started", NO_ATTEMPT)
"""The states of a Moodle attempt not submitted that the student can still
open and submit, and a student with no attempt, who may still make one
(``Never submitted``, the attempt closed, cannot be)."""


def open_attempt(paper: dict, where) -> str:
    """A paper's ``open_attempt``: "" (none) or the State of an attempt the student may still submit."""
    state = checks.text(paper.get("open_attempt", ""), where, checks.MAX_ID)
    if state and (state not in STILL_OPEN or state == NO_ATTEMPT):
        choices = ", ".join(repr(s) for s in STILL_OPEN if s != NO_ATTEMPT)
        raise where.fail(f"expected one of {choices} (or no such field), got {state[:40]!r}")
    return state


_MAXIMUM = re.compile(r"[0-9]{1,9}(?:\.[0-9]{1,9})?")


def moodle_maximum(data: dict, where) -> str:
    """The key's ``moodle_maximum``: "" (none) or the quiz's maximum grade in Moodle as its download's
    ``Grade/10.00`` column heads it (``"10.00"``, a decimal point, the places Moodle shows), over 0."""
    text = data.get("moodle_maximum", "")
    if text == "":
        return ""
    if not isinstance(text, str) or not _MAXIMUM.fullmatch(text) or not float(text):
        raise where.fail(f"expected the quiz's maximum grade in Moodle as text, a number over 0 such as \"10.00\" "
                         f"(or no such field), got {str(text)[:40]!r}")
    return text


def maximum_and_places(text: str) -> tuple:
    """``(maximum, decimal places)`` of a key's ``moodle_maximum`` (``"10.00"``: ``(10.0, 2)``),
    ``(None, None)`` for ""."""
    return (float(text), len(text.partition(".")[2])) if text else (None, None)
