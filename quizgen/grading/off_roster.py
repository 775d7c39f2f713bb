"""The lines naming graded students ``--roster`` lacks (grading/students.reconciliation_lines):
those with their own paper in the key, and the others with the nearest roster ids, each named
as graded (the students CSV's id), the first few, then how many more; and the roster's ids
that are a key paper's id only by leading zeros."""

from __future__ import annotations

from pathlib import PurePath

from quizgen.wording import FEW_SHOWN, named_few, named_first, shortened
from quizgen.marking.student_ids import id_hint, normalise_id, spreadsheet_decimal


OFF_ROSTER_SHOWN = FEW_SHOWN   # the ids a line on graded students off --roster names before "and N more"


def off_roster_lines(students, missing: list, off: tuple) -> list:
    """The graded students ``--roster`` lacks (``off``: graded_off_roster's;
    ``missing``: the ids of who gave no answer, GradeResult.absent):
    those with their own paper in the key, named as the key spells them, with
    no "did you mean" (a paper of their own says the id is right: the roster
    may be the wrong one, and is asked about when they are most of the class);
    then the others, each with the nearest roster id. Each line names the
    first few, then how many more."""
    found, with_paper = off
    papered = [graded for graded in found if graded in with_paper]
    others = [(written, graded) for graded, written in found.items() if graded not in with_paper]
    lines = []
    if papered:
        most = len(papered) * 2 > len(students.ids)
        lines.append(f"{len(papered)} graded student(s) have papers in {students.index.name} but are not on --roster"
                     + (": is this the right roster? " if most else " (graded all the same): ")
                     + named_few(list(map(shortened, papered))))
    if others:
        known = tuple(s.student_id for s in students.roster)
        shown = [_as_graded(written, graded, roster_hint(graded, known, missing, named_on_roster(students, graded)))
                 for written, graded in others[:OFF_ROSTER_SHOWN]]
        lines.append(f"{len(others)} graded student id(s) are not on the roster: "
                     + named_first(shown, len(others)))
    return lines


def roster_hint(graded: str, roster_ids: tuple, absent, named=()) -> str:
    """The ``did you mean ...`` of a graded id ``--roster`` lacks (``id_hint``:
    the roster ids of ``named``, those whose name is the graded student's, then
    the nearest roster ids, those in ``absent``, who gave no answer, first among
    equally near ones): the one hint of the id, which the summary's note and the
    Moodle gradebook's warning (gradebook_warnings.off_roster_warning) both give."""
    return id_hint(graded, roster_ids, named, prefer=absent)


def named_on_roster(students, graded: str) -> list:
    """The roster ids whose name is the graded student ``graded``'s, case and
    spacing aside: a Canvas row with no SIS id is graded under Canvas's own
    number (``710``), its name the one clue to who it is."""
    number = students.find(graded)
    name = " ".join(students.names[number].casefold().split()) if number is not None else ""
    return [s.student_id for s in students.roster if name and " ".join(s.name.casefold().split()) == name]


def graded_off_roster(students) -> tuple:
    """The graded students ``--roster`` lacks, in the order they were met:
    ``({id as graded: id as written}, frozenset of those ids with a paper of
    their own in the key)``; the id as graded is the students CSV's. Worked
    out once a run (grading/run.py), when every row is read and the roster added."""
    found, papered = {}, set()
    for normal, written in students.not_on_roster.items():
        number = students.find(written)
        if number is not None:
            found.setdefault(students.ids[number], written)
            if has_own_paper(students, normal):
                papered.add(students.ids[number])
    return found, frozenset(papered)


def roster_zeros_lines(students) -> list:
    """The lines naming the ``--roster`` ids that are a key paper's id not
    exactly (IdMatcher, never two): by a spreadsheet's ``.0`` (``20231234.0``
    as ``20231234``: student_ids.spreadsheet_decimal), then only by leading
    zeros (``123 as 00123``: a roster saved by Excel), as the answers' ids
    matched so are named: the first few, then how many more ([] when none)."""
    if students.on_roster is None or not students.own_papers:
        return []
    if students.lms and lost_zeros(students):
        return [lost_zeros_line(lost_zeros(students))]
    decimal, zeros = [], []
    for student in students.roster:
        normal = normalise_id(student.student_id)
        known = None if normal in students.paper_of else students.matcher.match(normal)
        if known is not None:
            (zeros if spreadsheet_decimal(normal) is None else decimal).append(
                f"{shortened(student.student_id)} as {shortened(students.shown[known][0])}")
    name = students.index.name
    return [f"{len(pairs)} roster id(s) matched a paper's id in {name} {how}, and are that student ({check}): "
            f"{named_few(pairs)}"
            for pairs, how, check in ((decimal, "once the '.0' a spreadsheet adds to a number-like id was taken off",
                                       "export the roster's id column as text"),
                                      (zeros, "only by leading zeros", "check the roster")) if pairs]


def lost_zeros(students) -> dict:
    """``{the download's id: the roster's}`` for the ``--roster`` ids that are
    an LMS download's id but for the leading zeros the download lacks (an ID
    number column a spreadsheet re-save made numbers of: ``7`` for ``0000007``):
    graded under the download's id, the LMS gradebook file writes the roster's,
    the one the LMS knows (roster_spelling)."""
    lost = {}
    for student in students.roster:
        normal = normalise_id(student.student_id)
        known = None if normal in students.paper_of else students.matcher.match(normal)
        if known is not None and len(normal) > len(known) and normal.endswith(known):
            lost[students.shown[known][0]] = student.student_id
    return lost


def lost_zeros_line(lost: dict) -> str:
    """The line naming an LMS download's ids that lost their leading zeros
    (``lost``: lost_zeros), matched to the roster's only by them, written as the
    roster has them in the Moodle gradebook file."""
    pairs = [f"{shortened(written)} as {shortened(roster)}" for written, roster in lost.items()]
    return (f"{len(pairs)} student id(s) of the LMS download lack the leading zeros of the roster's ids (the "
            f"download opened and saved again in a spreadsheet, most likely) and are that student, graded under the "
            f"download's id; a Moodle gradebook file writes the roster's, which Moodle knows: {named_few(pairs)}")


def roster_spelling(grades: list, held, absent, lost: dict) -> tuple:
    """``(grades, held, absent)`` with the ids ``lost`` maps (an LMS download's
    id that lacks its leading zeros: the roster's id) as the roster writes
    them, for the LMS gradebook file, whose import stops at an id it does not
    know; ``held`` holds normal ids, ``absent`` ids as graded."""
    normal = {normalise_id(written): normalise_id(roster) for written, roster in lost.items()}
    grades = [g._replace(student_id=lost.get(g.student_id, g.student_id)) for g in grades]
    return (grades, frozenset(normal.get(i, i) for i in held),
            frozenset(absent) | frozenset(lost[i] for i in absent if i in lost))


def roster_twins_warnings(students) -> list:
    """The warning naming ``--roster``'s ids that differ only by leading zeros
    (``00123 and 123``: Students.roster_twins), taken as different students
    and never paired with another id by their zeros ([] when none): a
    RosterWarning, which report.md's Roster section lists too."""
    twins = students.roster_twins
    if not twins:
        return []
    source = f"--roster {PurePath(getattr(students.roster_file, 'source', '')).name}".rstrip()
    shown = [" and ".join(map(shortened, group)) for group in twins[:OFF_ROSTER_SHOWN]]
    return [RosterWarning(f"{shortened(source)} lists student ids differing only by leading zeros, taken as "
                          "different students (none is matched to another id by its zeros; check the roster): "
                          f"{named_first(shown, len(twins))}")]


class RosterWarning(str):
    """A warning about the roster itself (roster_twins_warnings), printed like any warning."""


class WarningNote(str):
    """A RosterWarning as a line of the roster notes (``Warning: ...``), which
    report.md's Roster section and the HTML page's list; the summary on stdout
    leaves it out of its notes, having printed it as a warning (report.py)."""


def roster_twins_notes(students) -> list:
    """roster_twins_warnings as roster notes (WarningNote), made before the run's
    warnings are: the HTML page is written from the roster notes alone."""
    return [WarningNote(f"Warning: {line}") for line in roster_twins_warnings(students)]


def _as_graded(written: str, graded: str, hint: str) -> str:
    """``s1O22 (did you mean s1022?)``: the id as ``graded`` (as the students CSV has it), its
    spelling ``written`` in the answers once when another (control characters dropped), and the hint."""
    said = [f"written '{shortened(written)}'"] * (graded != written) + [hint] * bool(hint)
    return shortened(graded) + (f" ({'; '.join(said)})" if said else "")


def with_hint(student_id: str, hint: str) -> str:
    """``s011 (did you mean s010?)``: the id, shortened, with its hint when it has one."""
    return f"{shortened(student_id)} ({hint})" if hint else shortened(student_id)


def has_own_paper(students, normal: str) -> bool:
    """Whether the student of normalised id ``normal`` has a paper of their own
    in the key (an LMS's attempt is no paper): their id is right, so no id
    lacking from the roster gets a "did you mean" for them."""
    return bool(students.own_papers) and not students.lms and normal in students.paper_of
