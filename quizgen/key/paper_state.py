"""The Moodle State a key built from a Moodle download keeps on a student's
paper (quizgen.key.model.KeyPaper): ``state``, of the attempt graded when it
was not submitted, and ``open_attempt``, of a later attempt still open beside
the finished one graded; each checked on reading, one line naming its path."""

from __future__ import annotations

from quizgen.key import checks

NO_ATTEMPT = "No attempt"   # lms29: an enrolled student's Moodle row with no attempt (State '-'), scored 0
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
