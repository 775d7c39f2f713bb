"""The summary's notes on who answered and who should have (grade's lines
after the counts): roster students with no answer, ids a per-student key
does not know with the nearest known ids, ids matched only by leading zeros
or a spreadsheet's ``.0``, students marked only by overrides scoring 0, and
attempts Moodle shows as not submitted. Moved out of students.py, which
keeps the registry itself."""

from __future__ import annotations

from quizgen.wording import named_few, named_first, shortened, thousands
from quizgen.grading.absent_notes import matched_lines, silent_lines, zero_twin_lines
from quizgen.grading.decisions import made_by_override
from quizgen.grading.dropped import left_blank
from quizgen.grading.off_roster import off_roster_lines, roster_twins_notes, roster_zeros_lines, with_hint
from quizgen.grading.students import Students
from quizgen.key.model import NO_ATTEMPT
from quizgen.key.status import Status
from quizgen.marking.student_ids import normalise_id
from quizgen.report.formatting import whole_number
from quizgen.report.model import ALL_BLANK

def zero_marked(grid, unread: dict, absent: list) -> list:
    """The numbers of the students with no answer row whose every mark is a
    row an override made, scoring 0 (``s1017,Q1,a,,0,absent``): they did not
    sit, so, as roster absentees (``absent``), they are left out of the class
    figures, while their gradebook row and students CSV line keep the
    override's 0. One credited with any mark sat (on paper, say) and counts.
    ``unread`` (Tally.unread): students with a row not read as a row, which sat."""
    skip, found = set(absent) | set(unread), []
    for number in range(grid.students):
        if number in skip:
            continue
        marks = [outcome for outcome in grid.row(number) if outcome.status is not None]
        if marks and all(made_by_override(outcome) and not outcome.score for outcome in marks):
            found.append(number)
    return found


def only_overridden(matrix, among) -> list:
    """The numbers in ``among`` (e.g. the students in the figures) with no answer row whose every
    mark is a row an override made, at any score (the class report's Student.only_overrides), of
    ``matrix`` (a VerdictMatrix): they answered nothing, so a count of who answered says them apart
    (report/who_answered.py) and the lost-part rule does not count them (quizgen.lost_parts)."""
    made = set()
    for slot in range(len(matrix.slots)):
        column = matrix.column(slot)
        if any(map(made_by_override, set(column))):   # outcomes hash by identity: few are distinct
            made.update(n for n, outcome in enumerate(column) if made_by_override(outcome))
    return sorted(n for n in made.intersection(among)
                  if all(made_by_override(outcome) or outcome.status is None for outcome in matrix.row(n)))


def no_part_answered(grid, absent: list) -> list:
    """The numbers of the students not in ``absent`` with no verdict on any part of their paper:
    every row of theirs names a part the key lacks (unknown_question) or was not read as a row
    (Tally.unread: invalid, graded against no part; one of those with some part read sat).
    They are counted absent, as the class report counts them (every part ``missing``), so that
    every output says the same "who answered" (rows not read included);
    graded, they keep their 0."""
    skip = set(absent)
    return [number for number in range(grid.students)
            if number not in skip and all(outcome.status is None for outcome in grid.row(number))]


def all_blank(grid, absent: list, unread: dict) -> list:
    """The numbers of the students not in ``absent`` (nor with a row not read as a row, ``unread``:
    Tally.unread) whose every answer is blank: a form's line with every cell empty, or words such as
    ``idk`` graded blank, or blanks an override kept blank at 0 (``left_blank``). They gave no answer,
    as a roster absentee, so they are counted absent too, as
    the same line off the roster is left out (grading/dropped.py); graded, they keep their 0."""
    skip = set(absent) | set(unread)
    return [number for number in range(grid.students) if number not in skip and left_blank(grid.row(number))]


def blank_note(result, comma: bool = False) -> list:
    """report.md's line under its status table when some students left every answer blank
    (GradeResult.blank_absent: those students, their blank answers): the table's blank counts
    their answers, as graded.csv and the students CSV do; the questions CSV and the item analysis,
    which count those students absent, do not; blank rows an override made for a student marked
    only by overrides scoring 0 (absent too) are said apart, so the three counts add up."""
    students, answers = result.blank_absent
    if not students:
        return []
    who = "the student" if students == 1 else f"the {whole_number(students, comma)} students"
    kept = sum(q.counts[Status.BLANK] for q in result.questions)
    other = result.counts[Status.BLANK] - answers - kept   # the overrides' 0 rows of zero_marked students
    rest = (f"; the other {whole_number(other, comma)} {'is a row' if other == 1 else 'are rows'} an override made "
            "for a student marked only by overrides scoring 0, counted absent too") if other > 0 else ""
    return [f"blank: {who} whose every answer is blank {'is' if students == 1 else 'are'} counted absent: their "
            f"{whole_number(answers, comma)} blank answer{' is' if answers == 1 else 's are'} in this count, as in "
            "graded.csv and the students CSV, but not in the questions CSV or the item analysis "
            f"({whole_number(kept, comma)} blank answer{'' if kept == 1 else 's'} there{rest}).", ""]


def blank_line(students: Students, blanked: list, limit: int = 20) -> list:
    """The note naming the students ``all_blank`` found ([] when none)."""
    if not blanked:
        return []
    return [f"{len(blanked)} student(s) left every answer blank (empty, or words such as 'idk' read as no answer), "
            "so they are counted absent (left out of the class figures, scored 0); check that their answers were "
            "not lost: " + named_few([shortened(students.ids[n]) for n in blanked], limit)]


def blank_file_warning(answers_name: str, answered: int, blanked: list, dropped: int = 0) -> list:
    """The warning when every student of the answers file ``answers_name`` is among the
    ``blanked`` (all_blank: ``answered`` students have an answer row) or the ``dropped``
    (students --roster lacks whose rows held no answer, taken out of the class before,
    grading/dropped.py: the file's own students are counted): no one is
    graded, and "0 students" alone with exit 0 reads like a class that sat nothing.
    A warning, not a refusal: the file is graded whole, and an LMS download of
    students who opened the quiz and left it is a real class's outcome."""
    answered += dropped
    if not blanked and not dropped or len(blanked) + dropped != answered:
        return []
    who = "its one student is" if answered == 1 else f"its {thousands(answered)} students are all"
    return [f"{answers_name}: every answer in it is blank (empty, or words such as 'idk' read as no answer), so "
            f"{who} counted absent, scored 0, and no answer was marked; "
            "check that it is the file of their answers, and that its answers were not lost (an export made "
            "before anyone answered, or without its answers?)"]


def no_part_line(students: Students, unplaced: list, unread: dict, limit: int = 20) -> list:
    """The notes naming the students ``no_part_answered`` found ([] when none): those with a row
    not read as a row (``unread``: Tally.unread) apart from those whose rows all name no part."""
    lines = []
    unlabelled = [n for n in unplaced if n not in unread]
    if unlabelled:
        lines.append(f"{len(unlabelled)} student(s) answered no part of their paper: each of their rows names a "
                     "part the key lacks (unknown_question in graded.csv), so they are counted "
                     "absent (left out of the class figures, scored 0); relabel their rows and grade again: "
                     + named_few([shortened(students.ids[n]) for n in unlabelled], limit))
    broken = [n for n in unplaced if n in unread]
    if broken:
        lines.append(f"{len(broken)} student(s) answered no part of their paper that could be read: their rows were "
                     "not read as rows (invalid, graded against no part in graded.csv), so they are counted absent "
                     "(left out of the class figures, scored 0); mend their rows and grade again: "
                     + named_few([shortened(students.ids[n]) for n in broken], limit))
    return lines


NO_PART_NAMED = "no part answered (rows name parts the key lacks)"
NO_PART_READ = "no part answered (rows not read as rows)"
"""The students tables' words (report.md, where misconceptions go) for a student no_part_answered
found, as the note says why: every row names a part the key lacks, or some row was not read."""


def no_part_words(unplaced: list, unread: dict, blanked=()) -> dict:
    """{student number: the students tables' words} for each student ``no_part_answered`` found,
    split as no_part_line splits them (``unread``: Tally.unread), and for each ``all_blank`` found
    (``blanked``: ALL_BLANK); report.md and the page both say them."""
    words = {n: NO_PART_READ if n in unread else NO_PART_NAMED for n in unplaced}
    return words | dict.fromkeys(blanked, ALL_BLANK)


def _zero_marked_line(students: Students, marked: list, limit: int = 20) -> list:
    """The note naming the students ``zero_marked`` found ([] when none)."""
    if not marked:
        return []
    return [f"{len(marked)} student(s) have no answer row, only overrides scoring 0, so are counted absent (left out "
            "of the class figures; the gradebook and the students CSV give them the overrides' 0): "
            + named_few([shortened(students.ids[n]) for n in marked], limit)]


def reconciliation_lines(students: Students, absent: list, off: tuple, marked=(), limit: int = 20) -> list:
    """What the roster check found, one line each: roster students with no
    answer (missing), ids a per-student key does not know (unknown_student,
    with the nearest known ids), ids matched only by their leading zeros (a
    spreadsheet's 123 for 00123, or a typo's s01 for s001; the roster's ids
    that are a key paper's so, roster_zeros_lines), ids a --roster
    lacks (graded all the same), key papers' students a --roster lacks who
    gave no answer (left out), students graded from a Moodle attempt not
    submitted (``unsubmitted_attempts``), students marked only by overrides
    scoring 0 (``marked``: zero_marked, counted absent). The hints, made once everyone's answers are
    read, name the students who gave no answer first among equally near ids.
    ``off``: the graded students the roster lacks (off_roster.graded_off_roster). With no
    roster, the graded ids differing only by leading zeros (``zero_twin_lines``)."""
    lines, missing = [], [students.ids[n] for n in absent]
    unsubmitted = set(students.unsubmitted)
    silent = [n for n in absent if n not in unsubmitted]
    lines += silent_lines(students, silent, limit)
    if unsubmitted:
        gone = students.unsubmitted
        lines.append(f"{len(gone)} student(s) on the roster did not submit the quiz (no attempt in the LMS "
                     "download: missing, scored 0): " + named_few([shortened(students.ids[n]) for n in gone], limit))
    if students.left_out:
        gone = students.left_out
        lines.append(f"{len(gone)} student(s) have a paper in {students.index.name} but are not on --roster and "
                     "gave no answer: left out (no score, not in the class figures, the gradebook or the feedback "
                     "sheets): " + named_few(list(map(shortened, gone)), limit))
    if students.dropped:
        gone = students.dropped
        lines.append(f"{len(gone)} student(s) are not on --roster and their rows hold no answer (dropped the course?): "
                     "left out (no score, not in the class figures, the gradebook or the feedback sheets; their blank "
                     "rows stay in graded.csv): " + named_few(list(map(shortened, gone)), limit))
    opened = unsubmitted_attempts(students)
    if opened:
        lines.append(f"{len(opened)} student(s) were graded from an attempt Moodle shows as not submitted, their "
                     "only attempt (Moodle grades only finished attempts: check before importing): "
                     + named_few([f"{shortened(sid)} ({state})" for sid, state in opened], limit))
    if students.without_paper:
        lines.append(f"{len(students.without_paper)} student(s) on the roster have no paper in "
                     f"{students.index.name} (not graded; generate their papers, then grade again): "
                     + named_few(list(map(shortened, students.without_paper)), limit))
    on_roster = {normalise_id(sid) for sid in students.without_paper}
    named = {}   # {unknown id: the name on its first row}
    for text, (_, name) in students.unknown.items():
        if normalise_id(text) not in on_roster:
            named.setdefault(text.strip(), name)
    unknown = sorted(named)
    if unknown:
        shown = [with_hint(sid, students.hint(sid, named[sid])) for sid in unknown[:limit]]
        counted = f"at least {len(unknown)}" if students.unknown_full else str(len(unknown))
        lines.append(f"{counted} student id(s) have no paper in {students.index.name} (unknown_student, "
                     f"not graded): " + named_first(shown, len(unknown)))
    lines += matched_lines(students, limit) + zero_twin_lines(students, limit)
    lines += roster_zeros_lines(students)
    absent_ids = missing + [students.ids[n] for n in marked]   # as GradeResult.absent: the hints' ``prefer``
    lines += off_roster_lines(students, absent_ids, off) + _zero_marked_line(students, list(marked), limit)
    return lines + roster_twins_notes(students)


def unsubmitted_attempts(students: Students) -> list:
    """``(id as shown, Moodle's State)`` of each student graded from a Moodle
    attempt that was not submitted (quizgen.key.model.KeyPaper.state), in the
    key's order; a student left out (not on --roster, no answer) is not."""
    found = []
    for paper in students.index.key.papers:
        number = students.find(paper.student_id) if paper.state and paper.state != NO_ATTEMPT else None
        if number is not None:
            found.append((students.ids[number], paper.state))
    return found


def absent_groups(result, comma: bool = False, legend: bool = False) -> list:
    """The absent in their groups, as grade's summary names them: ``["1 on the roster who gave none",
    "2 whose every answer is blank"]``; with ``legend`` (the % correct legend), the first ``1 absent
    on the roster`` (those who handed in blanks are not absent on the roster)."""
    blank = sum(words == ALL_BLANK for words in result.unplaced.values())   # every answer blank: absent, apart
    unplaced = len(result.unplaced) - blank   # their rows answer no part of their paper: absent, named apart
    listed = " on the roster" if result.roster_ids else ""   # else the key's papers (an LMS download's attempts)
    return [f"{whole_number(n, comma)}{words}" for n, words in (
        (len(result.absent) - unplaced - blank, f" absent{listed}" if legend else f"{listed} who gave none"),
        (unplaced, " whose rows answer no part of their paper"), (blank, " whose every answer is blank")) if n]


def students_text(result, comma: bool = False) -> str:
    """"12 students" (report.md's first line and grade's summary), then those counted absent (the class
    line's "the 3 absent"), by group: ``12 students and 3 counted absent (1 on the roster who gave none
    and 2 whose every answer is blank)``; one group: ``12 students and 2 on the roster who gave none, counted absent``."""
    gone = absent_groups(result, comma)
    n = len(result.students) - len(result.absent)
    text = "1 student" if n == 1 else f"{whole_number(n, comma)} students"
    if len(gone) > 1:
        return f"{text} and {whole_number(len(result.absent), comma)} counted absent ({' and '.join(gone)})"
    return f"{text} and {gone[0]}, counted absent" if gone else text
