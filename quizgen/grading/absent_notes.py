"""The roster notes (grading/students.reconciliation_lines) naming who gave
no answer, each said for why they were expected (on ``--roster``, an LMS
download's empty attempt, a per-student key's paper), and the answers' ids
matched to a known id not exactly (a spreadsheet's ``.0``, leading zeros), and,
with no ``--roster``, the graded ids that differ only by leading zeros."""

from __future__ import annotations

from quizgen.wording import named_few, shortened
from quizgen.key.model import NO_ATTEMPT
from quizgen.marking.student_ids import normalise_id, spreadsheet_decimal, zero_twins


def absent_origin(students, number: int, unattempted=frozenset()) -> str:
    """Why student ``number``, who gave no answer, was expected to: ``roster``
    (on ``--roster``), ``attempt`` (an LMS download's attempt of theirs holds
    no answer: every response ``-``), ``none`` (the download lists them with
    no attempt: ``unattempted``, their normal ids) or ``paper`` (a per-student key's paper)."""
    normal = normalise_id(students.ids[number])
    if students.lms and normal in students.paper_of:
        return "none" if normal in unattempted else "attempt"
    return "roster" if students.on_roster is not None and students.in_class(normal) else "paper"


def silent_lines(students, silent: list, limit: int) -> list:
    """The notes naming the students who gave no answer (missing, scored 0),
    one a reason they were expected: on the roster, an empty LMS attempt, a paper of their own
    (``1 student on the roster gave no answer``, ``2 students ...``: read in the report's Roster section too)."""
    words = {"roster": ("on the roster gave no answer",) * 2,   # (one student, more)
             "attempt": ("has an attempt in the LMS download with no answer in it",
                         "have an attempt in the LMS download with no answer in it"),
             "none": ("is listed in the LMS download with no attempt of the quiz",
                      "are listed in the LMS download with no attempt of the quiz"),
             "paper": (f"has a paper in {students.index.name} but gave no answer",
                       f"have a paper in {students.index.name} but gave no answer")}
    lines = []
    unattempted = {normalise_id(p.student_id) for p in students.index.key.papers if p.state == NO_ATTEMPT}
    for origin, said in words.items():
        found = [n for n in silent if absent_origin(students, n, unattempted) == origin]
        if found:
            many = len(found) > 1
            lines.append(f"{len(found)} student{'s' * many} {said[many]} (missing, scored 0): "
                         + named_few([shortened(students.ids[n]) for n in found], limit))
    return lines


def matched_lines(students, limit: int) -> list:
    """The notes naming the answers' ids matched to a known id not exactly
    (``by_zeros``): by a spreadsheet's ``.0``, the answers' or the known id's
    (``123.0`` as ``123``, ``123`` as ``123.0``: student_ids.spreadsheet_decimal),
    then only by leading zeros."""
    lines = []
    answers_decimal, known_decimal, zeros = [], [], []
    for written, known in students.by_zeros.items():
        found = answers_decimal if spreadsheet_decimal(normalise_id(written)) else \
            known_decimal if spreadsheet_decimal(normalise_id(known)) else zeros
        found.append((written, known))
    decimal = "once the '.0' a spreadsheet adds to a number-like id was taken off"
    for found, how, check in ((answers_decimal, decimal, "export the answers' id column as text"),
                              (known_decimal, decimal, "the '.0' is on the roster's or key's id: export the roster's "
                                                       "id column as text"),
                              (zeros, "only by leading zeros", "check for a typo")):
        if found:
            pairs = [f"{shortened(written)} as {shortened(known)}{_also_own(students, known, found is zeros)}"
                     for written, known in found]
            lines.append(f"{len(found)} student id(s) matched a known id {how}, and were graded as that student "
                         f"({check}): " + named_few(pairs, limit))
    return lines


def _also_own(students, known: str, zeros: bool) -> str:
    """What a leading-zero match adds when ``known`` answered under their exact
    id too (a class key's ``12`` beside ``0012``): the two ids' rows were merged,
    and where both answered a part one answer was kept by the rule for answers given twice
    (the later row, or the latest time in a time column)."""
    if not zeros or normalise_id(known) not in {normalise_id(text) for text in students.by_text}:
        return ""
    return (f" (who answered as {shortened(known)} too: of a part both answered, one answer was graded, as for any "
            "part answered twice)")


def zero_twin_lines(students, limit: int) -> list:
    """With no ``--roster``, the note naming the graded ids that differ from
    another only by leading zeros (``s02`` and ``S2``), each graded as a
    student of its own ([] when none). The id rule (student_ids.normalise_id)
    makes ids one student when they differ only in case, spaces or invisible
    characters, but pairs ids by their leading zeros only with a known id (the
    roster's or a per-student key's): without one, a typo's ``S2`` for ``s02``
    is a second student, with a score of its own, pulling the class figures
    down. Two papers of a per-student key are two students: not named."""
    if students.on_roster is not None:
        return []
    groups = [group for group in zero_twins(students.ids) if not all(map(students.listed, group))]
    if not groups:
        return []
    return [f"{len(groups)} group(s) of student ids in the answers differ only by leading zeros, and each id was "
            "graded as a student of its own (ids differing only in case or spaces are one student; leading zeros "
            "are matched only to a --roster or per-student key id): "
            + named_few([" and ".join(map(shortened, group)) for group in groups], limit)
            + "; if they are one student, correct the id or grade with --roster"]
