"""The summary's lines on the answers a marker should look at: those awaiting a
person (needs_review) and those that could not be read (invalid), each naming
where they are (student and part), and the invalid rows graded against no part
counted apart by why (not read as a row, no student id), and the parts no
student answered (a column lost from the export), which every total scores 0; and
the line after them naming ``quizgen review`` when answers await a person or could not be read."""

from __future__ import annotations

import shlex

from quizgen.wording import named_few, named_first, shortened, thousands
from quizgen.grading.matrix import VerdictMatrix
from quizgen.grading.timestamps import SHOWN
from quizgen.key.status import Status
from quizgen.lost_parts import called_lost
from quizgen.report.formatting import whole_number


_LOOK_AT = ((Status.NEEDS_REVIEW, "need a person to read them (needs_review, 0 until an override)"),
            (Status.INVALID, "could not be read (invalid, 0; the reason column says why)"))


def look_at_lines(matrix: VerdictMatrix, counts: dict, slot_counts: list, unread: dict | None = None,
                  on_lines=None, no_id_at: str = "", header_at=()) -> list:
    """One line per status a marker should look at (``_LOOK_AT``) naming where its
    answers are (student and part, the first SHOWN), so they need not search
    graded.csv; invalid rows graded against no part are counted apart: those
    not read as a row (``unread``: Tally.unread), naming their students, and
    those with no student id (``on_lines``: Tally.unplaced_lines; ``no_id_at``:
    their lines, no_id.no_id_places). How many lie on a part is read from
    ``slot_counts`` (Tally.slot_counts), counted already."""
    lines = []
    for status, says in _LOOK_AT:
        count = counts.get(status, 0)
        if count:
            shown = [f"{shortened(sid)} {slot.question_id} ({slot.part})" for sid, slot in matrix.where(status, SHOWN)]
            named = sum(part[status] for part in slot_counts)
            places = [named_first(shown, named)] if shown else []
            if count > named:
                places += unplaced_phrases(matrix.students, count - named, unread or {}, on_lines, no_id_at, header_at)
            lines.append(f"{thousands(count)} answer(s) {says}: {'; '.join(places)}")
    return lines


def unplaced_phrases(ids: list, rows: int, unread: dict, on_lines: dict | None = None, no_id_at: str = "",
                     header_at=()) -> list:
    """What the ``rows`` invalid rows graded against no part are: not read as a
    row (an unquoted decimal comma, a quote left open), of the students named,
    or of no student whose id could be read; the rest have no student id. In
    wide form, where a line holds one answer per question column, they are
    answers and ``on_lines`` (Tally.unplaced_lines) counts the lines they are on;
    ``no_id_at`` names the lines with no student id, ``header_at`` (Tally.header_at) those repeating the header."""
    def many(count: int, kind: str) -> str:
        return f"{count} row(s)" if on_lines is None else f"{count} answer(s) on {on_lines.get(kind, 0)} line(s)"

    places = []
    owners = [n for n in sorted(unread) if n >= 0]
    of_students = sum(unread[n] for n in owners)
    if of_students:
        places.append(f"{many(of_students, 'named')} graded against no part (not read as a row, or an answer too "
                      "long to read after one that stands): "
                      + named_few([shortened(ids[n]) for n in owners], SHOWN))
    if unread.get(-1):
        places.append(f"{many(unread[-1], 'anonymous')} not read as a row, whose student id could not be read either"
                      + (f" ({'line' if len(header_at) == 1 else 'lines'} {', '.join(map(str, header_at))} "
                         "repeating the header line: two files joined into one?)" if header_at else ""))
    no_id = rows - of_students - unread.get(-1, 0)
    if no_id > 0:
        places.append(f"{many(no_id, 'no_id')} with no student id" + (f": {no_id_at}" if no_id_at else ""))
    return places


UNANSWERED_SHOWN = 5
"""Parts named in the note on parts nobody answered; the rest are counted."""


def unanswered_lines(stats: list, answering: int) -> list:
    """The note naming the parts on some student's paper that no student answered
    (``stats``: grading/totals.question_stats), for a long-form file (a wide file's header
    warning names its missing columns): rows lost from the file or its export score 0 for
    everyone, so the marks, not only the report, are at stake. Given by the rule the report and
    the sheets share (quizgen.lost_parts): only when ``answering`` students (who answered some
    part) are enough for a part to be called lost."""
    labels = [f"{s.question_id} ({s.part})" for s in stats if s.students and not sum(s.counts.values())]
    if not labels or not called_lost(answering):
        return []
    shown = ", ".join(labels[:UNANSWERED_SHOWN]) + (
        f" and {len(labels) - UNANSWERED_SHOWN} more" if len(labels) > UNANSWERED_SHOWN else "")
    one = len(labels) == 1
    return [f"No student answered {shown}: no row of the answers file names {'it' if one else 'them'} (rows left "
            f"out of the file or its export, or {'the part was' if one else 'the parts were'} not on the paper "
            f"handed out); every student's total counts {'it' if one else 'them'} as 0 (and so does any gradebook "
            "file this run writes)"]


def review_hint(graded, invalid: bool = False) -> str:
    """The line after the notes when answers await a person or could not be read (``invalid``): the command
    that lists them to decide, with ``--also invalid`` for those (else nothing points to it)."""
    also = (" --also invalid", ", and those that could not be read,") if invalid else ("", "")
    return (f"Next: quizgen review {shlex.quote(str(graded))}{also[0]} writes the answers that need a person"
            f"{also[1]} into an overrides file to fill in, then grade again with --overrides that file")   # ids, names and labels from the files: no escape reaches the terminal


def not_read_note(students: list, comma: bool = False) -> list:
    """report.md's line under its status table when some students' rows were graded against no part
    (``students``: StudentTotal): the table's invalid counts them, the students CSV apart."""
    rows = sum(t.not_read for t in students)
    if not rows:
        return []
    return [f"invalid: every invalid row of graded.csv, the {whole_number(rows, comma)} graded against no part "
            "included (not read as a row, or an answer too long to read after one that stands): the students CSV "
            "counts those in its not_read column, not its invalid one, their parts missing there as in the "
            "questions CSV.", ""]
