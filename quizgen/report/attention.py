"""Whom the instructor has to act on: the students with answers awaiting a
person (``needs_review``, 0 until an override) and those who stopped early
(parts not reached), each with the question parts concerned. report.md's and
the class page's "To act on" section read this one list."""

from __future__ import annotations

from dataclasses import dataclass

from quizgen.errors import shortened
from quizgen.report.formatting import md_cell

REVIEW = "needs_review"
SHOWN = 200
"""Students listed in each "To act on" list; the rest are counted (the graded CSV has every row)."""


@dataclass
class ToAct:
    """One student to act on: the parts awaiting a person and the parts not reached (labels)."""

    student_id: str
    name: str
    review: list
    unreached: list


def to_act(parts, students, counts, unreached) -> list:
    """A ToAct per student with a ``needs_review`` answer or a part not reached,
    in student order; ``counts`` (a Counter of verdicts per part) spares the
    pass over the students when no part has either."""
    labels = [f"{p.question_id}{p.part}" for p in parts]
    review = [k for k, c in enumerate(counts) if any(v is not None and v[0] == REVIEW for v in c)]
    if not review and not any(unreached):
        return []
    found = []
    for i, student in enumerate(students):
        waiting = [labels[k] for k in review if student.verdicts[k] is not None and student.verdicts[k][0] == REVIEW]
        stopped = [labels[k] for k, who in enumerate(unreached) if i in who]
        if waiting or stopped:
            found.append(ToAct(student.student_id, student.name, waiting, stopped))
    return found


def review_list(rows: list) -> list:
    """The ToAct rows with answers awaiting a person."""
    return [r for r in rows if r.review]


def stopped_list(rows: list) -> list:
    """The ToAct rows of the students who stopped early."""
    return [r for r in rows if r.unreached]


def who(row: ToAct) -> str:
    """``s0001 (Ada Lovelace)``, or the id alone with no name; each cut short
    (errors.shortened) as the roster notes cut them: one id of 10,000 characters is not a line of it."""
    return f"{shortened(row.student_id)} ({shortened(row.name)})" if row.name else shortened(row.student_id)


def parts_text(row: ToAct, key: str) -> str:
    """The parts awaiting a person (``Q2a, Q5a``), or where the student stopped
    (``from Q6a on (16 parts)``; one part: ``Q10b``)."""
    if key == "review":
        return ", ".join(row.review)
    parts = row.unreached
    return parts[0] if len(parts) == 1 else f"from {parts[0]} on ({len(parts)} parts)"


def more_text(listed: int, total: int) -> str:
    """The line under a list cut at SHOWN: how many more, and where they are."""
    return (f"The first {listed} of {total} are listed; the graded CSV has every answer "
            "with its status.") if total > listed else ""


REVIEW_INTRO = ("Answers awaiting a person (needs_review): each counts as 0 until an override "
                "(docs/grading.md) marks it.")
STOPPED_INTRO = ("Stopped early: no answer from the part named to the end of the paper (not reached); "
                 "each of those parts counts as 0. The student may have run out of time, or their "
                 "answers may not have been received.")


def markdown(rows: list) -> list:
    """The "To act on" section of report.md as lines ([] when nobody is to act on)."""
    if not rows:
        return []
    lines = ["## To act on", ""]
    for intro, listed, parts in ((REVIEW_INTRO, review_list(rows), "review"),
                                 (STOPPED_INTRO, stopped_list(rows), "unreached")):
        if not listed:
            continue
        lines += [intro, ""] + [f"- {md_cell(who(r))}: {md_cell(parts_text(r, parts))}"
                                for r in listed[:SHOWN]]
        more = more_text(min(len(listed), SHOWN), len(listed))
        lines += ["", more] * bool(more) + [""]
    return lines
