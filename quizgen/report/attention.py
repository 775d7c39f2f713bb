"""Whom the instructor has to act on: the students with answers awaiting a
person (``needs_review``, 0 until an override), those with answers that could not be
read (``invalid``, 0: a person may read them), those who stopped early
(parts not reached), those marked only by overrides (no answer row) with
parts left unmarked, each with the question parts concerned, and those whose
every answer is blank (counted absent: report/model.ALL_BLANK). report.md's and
the class page's "To act on" section read this one list."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import compress
from operator import attrgetter

from quizgen.wording import named_first, named_few, shortened
from quizgen.key.status import Status
from quizgen.report.formatting import md_cell, whole_number
from quizgen.report.model import ALL_BLANK

REVIEW, INVALID = Status.NEEDS_REVIEW, Status.INVALID
MISSING = "missing"
SHOWN = 200
"""Students listed in each "To act on" list; the rest are counted (the graded CSV has every row)."""


@dataclass
class ToAct:
    """One student to act on: the parts awaiting a person, the parts not reached
    and, for a student marked only by overrides, the parts with no mark (labels)."""

    student_id: str
    name: str
    review: list
    unreached: list
    unmarked: list = field(default_factory=list)
    why: str = ""   # why the parts awaiting a person wait, when grade knows (a paper code not their own)
    whys: dict = field(default_factory=dict)   # or each part's own why: {label: reason} (add_reasons)
    blanked: list = field(default_factory=list)   # every answer blank (counted absent): their blank parts
    no_row: list = field(default_factory=list)   # and the parts of their paper the answers file has no row for
    unread: list = field(default_factory=list)   # the parts whose answers could not be read (invalid)


def to_act(parts, students, counts, unreached, columns=None) -> list:
    """A ToAct per student with a ``needs_review`` or ``invalid`` answer, a part not reached or,
    marked only by overrides (``Student.only_overrides``), a part left ``missing``,
    in student order; ``counts`` (a Counter of verdicts per part) spares the
    pass over the students when no part has any of these, and ``columns`` (the
    verdicts part by part) lets a part's waiting answers be found column-wise."""
    labels = [f"{p.question_id}{p.part}" for p in parts]
    review, invalid = ([k for k, c in enumerate(counts) if any(v is not None and v[0] == status for v in c)]
                       for status in (REVIEW, INVALID))
    if not review and not invalid and not any(unreached) and not any(s.only_overrides for s in students):
        return []
    columns = columns if columns is not None else list(zip(*(s.verdicts for s in students)))
    waiting, stopped = _by_student(columns, counts, review, labels), {}
    unread = _by_student(columns, counts, invalid, labels, INVALID)
    for k, who in enumerate(unreached):   # parts in order, so each student's list is in the paper's order
        for i in who:
            stopped.setdefault(i, []).append(labels[k])
    overridden = compress(range(len(students)), map(attrgetter("only_overrides"), students))
    found = []
    for i in sorted(waiting.keys() | unread.keys() | stopped.keys() | set(overridden)):   # in student order
        student = students[i]
        unmarked = [labels[k] for k, v in enumerate(student.verdicts)
                    if v is not None and v[0] == MISSING] if student.only_overrides else []
        if i in waiting or i in unread or i in stopped or unmarked:
            found.append(ToAct(student.student_id, student.name, waiting.get(i, []), stopped.get(i, []), unmarked,
                               unread=unread.get(i, [])))
    return found


def blank_rows(parts, absent) -> list:
    """A ToAct per student of ``absent`` (the absent Students, in order) whose every answer was blank
    (``no_part`` ALL_BLANK), naming the parts of their paper: they are left out of the figures, so
    of the analysis and :func:`to_act`, but an empty form may be answers lost."""
    labels = [f"{p.question_id}{p.part}" for p in parts]
    return [ToAct(s.student_id, s.name, [], [], blanked=[label for k, (label, v) in enumerate(zip(labels, s.verdicts))
                                                        if v is not None and k not in s.no_row],
                  no_row=[labels[k] for k in s.no_row])
            for s in absent if s.no_part == ALL_BLANK]


def _by_student(columns, counts, parts: list, labels: list, status=REVIEW) -> dict:
    """``{student index: [labels of their answers of ``status``]}`` (needs_review unless said) over the
    ``parts`` that have any: each such verdict (few distinct, found from
    the column's Counter, with how many cells hold it) is found where it is
    by ``list.index`` (a scan at C speed, no hashing of the cells)."""
    found = {}
    for k in parts:
        column, at = columns[k], []
        for verdict, times in counts[k].items():
            if verdict is not None and verdict[0] == status:
                i = -1
                for _ in range(times):
                    i = column.index(verdict, i + 1)
                    at.append(i)
        for i in sorted(at):
            found.setdefault(i, []).append(labels[k])
    return found


def add_reasons(rows: list, reasons: dict) -> None:
    """Give each ToAct of ``rows`` its ``why`` from ``{student id: reason}``,
    or, where the reason is ``{part label: reason}``, each part's (``whys``)."""
    for row in rows:
        found = reasons.get(row.student_id)
        if isinstance(found, dict):
            row.whys = found
        elif found is not None:
            row.why = found


def review_list(rows: list) -> list:
    """The ToAct rows with answers awaiting a person."""
    return [r for r in rows if r.review]


def unread_list(rows: list) -> list:
    """The ToAct rows with answers that could not be read (invalid)."""
    return [r for r in rows if r.unread]


def stopped_list(rows: list) -> list:
    """The ToAct rows of the students who stopped early."""
    return [r for r in rows if r.unreached]


def unmarked_list(rows: list) -> list:
    """The ToAct rows of the students marked only by overrides, with parts left unmarked."""
    return [r for r in rows if r.unmarked]


def blank_list(rows: list) -> list:
    """The ToAct rows of the students whose every answer is blank."""
    return [r for r in rows if r.blanked]


def who(row: ToAct) -> str:
    """``s0001 (Ada Lovelace)``, or the id alone with no name; each cut short
    (wording.shortened) as the roster notes cut them: one id of 10,000 characters is not a line of it."""
    return f"{shortened(row.student_id)} ({shortened(row.name)})" if row.name else shortened(row.student_id)


def parts_text(row: ToAct, key: str) -> str:
    """The parts awaiting a person (``Q2a, Q5a``, then why in brackets when known), where the student stopped
    (``from Q6a on (16 parts)``; one part: ``Q10b``), or the parts with no mark
    of a student marked only by overrides (``Q1b, Q1c, Q2a, Q2b, Q3a and 21 more``), or how many parts
    one whose every answer is blank left blank (``all 27 parts blank``; with parts the answers
    file has no row for, ``26 of 27 parts blank; no answer row for Q10b``: a lost row is not a blank)."""
    if key == "review":
        return _review_text(row)
    if key == "unread":
        return ", ".join(row.unread)
    if key == "unmarked":
        return named_few(row.unmarked, UNMARKED_SHOWN)
    if key == "blanked":
        return _blank_text(row)
    parts = row.unreached
    return parts[0] if len(parts) == 1 else f"from {parts[0]} on ({len(parts)} parts)"


def _blank_text(row: ToAct) -> str:
    """What an all-blank student left: ``all 27 parts blank``, ``Q1a blank``, or with rows missing
    ``26 of 27 parts blank; no answer row for Q10b``."""
    blank = row.blanked
    if not row.no_row:
        return f"all {len(blank)} parts blank" if len(blank) > 1 else f"{blank[0]} blank"
    said = f"{len(blank)} of {len(blank) + len(row.no_row)} parts blank" if len(blank) > 1 else f"{blank[0]} blank"
    return f"{said}; no answer row for {named_few(row.no_row, UNMARKED_SHOWN)}"


def _review_text(row: ToAct) -> str:
    """``Q1a, Q1c (why); Q1b (another why)``: the parts awaiting a person,
    grouped by their reason (``whys``, in the order first met; a part with none
    in a group of its own, unbracketed), or all with the one ``why``."""
    if not row.whys:
        return ", ".join(row.review) + (f" ({row.why})" if row.why else "")
    groups = {}
    for label in row.review:
        groups.setdefault(row.whys.get(label, ""), []).append(label)
    return "; ".join(", ".join(labels) + (f" ({why})" if why else "") for why, labels in groups.items())


FOLDED_OVER = 10
"""A "To act on" list of more students than this is folded under a line to open (the page's
figures stay near its top; printing opens it), as the page's tables are."""


def fold_text(students: int, comma: bool = False) -> str:
    """The line a long "To act on" list is folded under ("" for a short list, shown open); ``comma``:
    the class writes decimal commas, so the count groups its thousands as the page's others do."""
    return f"Show the {whole_number(students, comma)} students" if students > FOLDED_OVER else ""


def more_text(listed: int, total: int, comma: bool = False) -> str:
    """The line under a list cut at SHOWN: how many more, and where they are (counts grouped: whole_number)."""
    return (f"The first {whole_number(listed, comma)} of {whole_number(total, comma)} are listed; the graded CSV has every answer "
            "with its status.") if total > listed else ""


REVIEW_INTRO = ("Answers awaiting a person (needs_review): each counts as 0 until an override "
                "(docs/grading.md) marks it.")
UNREAD_INTRO = ("Answers that could not be read (invalid): each counts as 0 as it stands, but some may say the "
                "answer in words quizgen does not read. quizgen review run on the graded CSV with --also invalid "
                "adds them to the overrides file to fill in (docs/grading.md).")
STOPPED_INTRO = ("Stopped early: no answer from the part named to the end of the paper (not reached); "
                 "each of those parts counts as 0. The student may have run out of time, or their "
                 "answers may not have been received.")

UNMARKED_INTRO = ("Marked only by overrides: the answers file has no row of theirs, so where they stopped is not "
                  "known; the parts named have no override either and count 0 (missing). Check that their answers "
                  "were not filed under another id, or mark those parts with overrides too.")
UNMARKED_SHOWN = 5
"""Parts named per student marked only by overrides; the rest are counted."""

BLANK_INTRO = ("Every answer blank (empty, or words such as 'idk' read as no answer): counted absent, so left out "
               "of the class figures; the students CSV and the gradebook give them 0. Check that their answers were "
               "not lost (a form saved empty, say), or mark them with overrides.")

LISTS = (("to-review", REVIEW_INTRO, review_list, "review"),
         ("unread", UNREAD_INTRO, unread_list, "unread"),
         ("stopped-early", STOPPED_INTRO, stopped_list, "unreached"),
         ("overrides-only", UNMARKED_INTRO, unmarked_list, "unmarked"),
         ("all-blank", BLANK_INTRO, blank_list, "blanked"))
"""The "To act on" lists, in order: (the page's element id, the intro, the rows' filter, the ToAct field)."""


NO_ANSWERS_LEAD = ("No student answered {}: the answer form or its export likely lost it (a wide file's column, "
                   "or a long file's every row naming it), or the part was not on the paper handed out")
"""How the report and grade's summary begin the sentence on parts nobody answered."""


def unanswered_text(labels: list) -> str:
    """The one sentence about the parts no student answered ("" for none): a missing column, said once."""
    if not labels:
        return ""
    shown = labels[:UNMARKED_SHOWN]
    named = labels[0] if len(labels) == 1 else ", ".join(shown[:-1]) + " and " + shown[-1] \
        if len(labels) <= UNMARKED_SHOWN else f"{named_first(shown, len(labels))} parts"
    return (NO_ANSWERS_LEAD.format(named) + ", not a class that ran out of time; "
            f"{'its' if len(labels) == 1 else 'their'} figures are n/a, and no student is listed as "
            f"stopping early for {'it' if len(labels) == 1 else 'them'}.")


def markdown(rows: list, unanswered: list = (), comma: bool = False) -> list:
    """The "To act on" section of report.md as lines ([] when nobody is to act on
    and every part was answered by someone: ``unanswered``, the labels of those that were not;
    ``comma``: counts grouped for a decimal-comma class)."""
    if not rows and not unanswered:
        return []
    said = unanswered_text([md_cell(label) for label in unanswered])   # a key's part letters are any text
    lines = ["## To act on", ""] + [said, ""] * bool(unanswered)
    for _, intro, chosen, parts in LISTS:
        listed = chosen(rows)
        if not listed:
            continue
        lines += [intro, ""] + [f"- {md_cell(who(r))}: {md_cell(parts_text(r, parts))}"
                                for r in listed[:SHOWN]]
        more = more_text(min(len(listed), SHOWN), len(listed), comma)
        lines += ["", more] * bool(more) + [""]
    return lines
