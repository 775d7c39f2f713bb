"""The warnings and notes ``grade`` gives beside a gradebook file
(grading/outputs.py writes it): students an LMS import cannot match or that
the file leaves out (ids of the wrong kind, ids not on ``--roster``), ids
written with the formula guard, Canvas student columns added, and the students
with no answer in an answers file given no grade (``no_answer_ids``) rather than 0;
and the grades the file writes for whom (``gradebook_students``): a Moodle file's
scaled to the quiz's maximum grade a download names, with the roster's ids."""

from __future__ import annotations

from pathlib import Path

from quizgen.wording import named_first, shortened
from quizgen.grading.download_warnings import fallback_warning
from quizgen.lms.gradebook import Grade
from quizgen.lms.import_limits import over_moodle_maximum
from quizgen.lms.papers import unmarked_absent
from quizgen.report.formatting import number_text
from quizgen.grading.off_roster import OFF_ROSTER_SHOWN, named_few, roster_hint, roster_spelling, with_hint
from quizgen.marking.student_ids import nearest_ids, normalise_id
from quizgen.text.words import and_list

FEW = OFF_ROSTER_SHOWN   # the ids a warning or note names; then "and N more" (named_few)


def identity_warnings(outputs, result, left_out: list) -> list:
    """One warning a cause for the students a Moodle gradebook cannot key: the
    download's students with no ID number (or email), each named, said once
    with whether the gradebook leaves them out; then other ids left out."""
    key, unkeyed, left = outputs.gradebook_key, set(outputs.unkeyed), set(left_out)
    names = {t.student_id: t.name for t in result.students}
    warnings = []
    for gone in (True, False):
        ids = [i for i in outputs.unkeyed if (i in left) == gone]
        if ids:
            shown = named_few([f"{shortened(i)} ({shortened(names[i])})" if names.get(i) else shortened(i)
                               for i in ids])
            warnings.append(fallback_warning(outputs.download, shown, len(ids), key, gone))
    others = [i for i in left_out if i not in unkeyed]
    return warnings + ([left_out_warning(key, others)] if others else [])


def unguarded_warning(outputs, unguarded: tuple) -> list:
    """The warning naming, each with their grade, the students the gradebook
    leaves out because a cell naming them starts with = + - or @: guarded, the
    LMS would not know them; unguarded, a spreadsheet could run it."""
    if not unguarded:
        return []
    cells = "ID number" if outputs.gradebook_key == "idnumber" else "email address"
    cells = f"their {cells}" if outputs.gradebook == "moodle" else \
        "a cell Canvas finds them by (ID, SIS User or Login ID, Root Account; the name, on a row with none)"
    shown = named_few([f"{shortened(i)} ({shortened(grade)})" for i, grade in unguarded])
    return [f"{len(unguarded)} student(s) are left out of the gradebook file, as {cells} starts with = + - or @, "
            "which a spreadsheet could run as a formula, and the leading ' that prevents it would make the import "
            f"not know them: {shown}; enter their grades by hand"]


def moodle_maximum_warning(outputs, result) -> list:
    """The warning for a Moodle gradebook whose maximum is over 100 (over_moodle_maximum)."""
    if outputs.gradebook != "moodle":
        return []
    return over_moodle_maximum(moodle_grades(outputs, result))


EXACT_PLACES = 2
"""Decimal places from which a Moodle ``Grade/N`` heading is taken as the exact maximum (Moodle's default is 2)."""


def moodle_rounded_warning(outputs, result) -> list:
    """The warning when the Moodle file's grades are scaled to a maximum the
    download heads with fewer than two decimal places (``Grade/8``): Moodle
    rounds the heading to the quiz's "Decimal places in grades", so the real
    maximum may be up to half a unit of the last place less (7.5), and a grade
    above it makes Moodle's import refuse the whole file. Only
    when a grade written could be above it (a full mark, or near)."""
    most, places = getattr(outputs, "moodle_maximum", None), getattr(outputs, "moodle_places", None)
    if outputs.gradebook != "moodle" or not most or places is None or places >= EXACT_PLACES:
        return []
    low = most - 0.5 * 10 ** -places
    high = [g for g in moodle_grades(outputs, result) if g.max == most and g.score > low]
    if not high:
        return []
    shown, example = number_text(most), high[0]
    return [f"the download heads its grade column 'Grade/{most:.{places}f}', the quiz's maximum grade rounded to the quiz's "
            f"{places} decimal place(s) in grades, so the real maximum may be as low as {number_text(low)}: "
            f"{len(high)} grade(s) in the Moodle gradebook file, scaled to {shown}, could be above it "
            f"({shortened(example.student_id)}'s is {number_text(example.score)}), and Moodle's import refuses the "
            f"whole file at a grade above the maximum; if the quiz's maximum grade (its Questions page) is not "
            f"exactly {shown}, set the quiz's 'Decimal places in grades' (Settings > Appearance) to 2, download the "
            "responses again and grade that"]


def resaved_ids_warning(outputs, result) -> list:
    """The warning when a Moodle file keyed on ID number is written from a
    download a spreadsheet saved again (``outputs.download_resaved``) whose ids
    are all digits with no leading zero: the spreadsheet may
    have dropped zeros (``00100`` saved ``100``), and Moodle's import stops the
    whole file at an ID number it does not know. Not with --roster, whose ids
    the file then writes (roster_spelling), nor when an id keeps a leading zero."""
    ids = [t.student_id for t in result.students]
    if (outputs.gradebook != "moodle" or outputs.gradebook_key != "idnumber" or not outputs.download_resaved
            or getattr(result, "roster_ids", ()) or not ids
            or not all(i.isascii() and i.isdigit() and i[0] != "0" for i in ids)):
        return []
    return [f"{outputs.download} was saved again by a spreadsheet ({outputs.download_resaved}), and its ID numbers "
            f"are all digits with no leading zero ({named_few(list(map(shortened, ids)))}): a spreadsheet drops "
            "leading zeros, and if Moodle's ID numbers have them (00100 for 100), Moodle's import stops the whole "
            "gradebook file at the first; compare a few with Moodle's, and if they differ, grade the download as "
            "Moodle wrote it, or give --roster with Moodle's ids"]


def gradebook_students(outputs, result) -> tuple:
    """``(grades, held, absent)`` of the gradebook file: each student's Grade
    (a Moodle file's scaled: moodle_grades); the normal ids given no grade
    (an attempt still open or none, lms.papers.still_open_ids; not in the LMS
    download at all; no answer in an answers file, no_answer_ids); the ids of
    who gave no answer, whose grade already in the column is kept (not those
    an override marked 0, whose 0 is written). For Moodle, an LMS download's
    ids that lost the roster's leading zeros are written as the roster has
    them (off_roster.roster_spelling: the ids Moodle knows)."""
    absent = frozenset(unmarked_absent(result))
    held = getattr(result, "held", frozenset()) | getattr(result, "unlisted", frozenset())
    held |= no_answer_ids(outputs, result)
    if outputs.gradebook != "moodle":
        return [Grade(t.student_id, t.name, t.score, t.max_score) for t in result.students], held, absent
    grades, lost = moodle_grades(outputs, result), getattr(result, "zeros_lost", None)
    return roster_spelling(grades, held, absent, lost) if lost else (grades, held, absent)


def moodle_grades(outputs, result) -> list:
    """The students' Grades as the Moodle file writes them: scaled to the
    quiz's maximum grade in Moodle when the download names it
    (``outputs.moodle_maximum``, its ``Grade/10.00`` column), since Moodle's
    import reads a grade against its grade item's maximum and refuses the
    whole file at one above it (Moodle 4.1 on, MDL-50650); else the points."""
    most = getattr(outputs, "moodle_maximum", None)
    return [Grade(t.student_id, t.name, _scaled(t.score, t.max_score, most) if most and t.max_score else t.score,
                  most if most and t.max_score else t.max_score) for t in result.students]


def _scaled(score, max_score, most):
    """``score`` of ``max_score`` points as a grade out of ``most`` (Moodle's maximum grade)."""
    return score * most / max_score


def moodle_scaled_note(outputs, result) -> list:
    """The note that the Moodle file's grades are scaled to the quiz's maximum
    grade in Moodle, with one student's as an example ([] when every paper's
    points are that already, or nothing was scaled)."""
    most = getattr(outputs, "moodle_maximum", None)
    example = next((t for t in result.students if most and t.max_score and t.max_score != most), None)
    if example is None:
        return []
    return [f"the grades in the Moodle gradebook file are scaled to the quiz's maximum grade in Moodle, "
            f"{number_text(most)} (as the download's grade column heads it), from the paper's points, as "
            f"Moodle's import reads a grade against its grade item's maximum and refuses the whole file at one "
            f"above it: {shortened(example.student_id)}'s {number_text(example.score)} of "
            f"{number_text(example.max_score)} is written {number_text(_scaled(example.score, example.max_score, most))}; "
            "the students CSV and the reports keep the points"]


def moodle_unscaled_warning(outputs, result) -> list:
    """The warning when the Moodle file of the answers built from a Moodle download, graded again with
    a key built before keys kept the quiz's maximum grade (``outputs.unscaled_key``), holds the paper's
    points: the download's own run scaled them, and imported into the quiz's grade item they would be
    refused whole, or read on the wrong scale."""
    points = sorted({t.max_score for t in result.students if t.max_score})
    if outputs.gradebook != "moodle" or not outputs.unscaled_key or not points:
        return []
    shown = number_text(points[0]) if len(points) == 1 else f"{number_text(points[0])} to {number_text(points[-1])}"
    return [f"the grades in the Moodle gradebook file are the paper's points (of {shown}), not scaled to the quiz's "
            f"maximum grade in Moodle: {shortened(outputs.unscaled_key)} keeps no such maximum (built by an older "
            "quizgen, or from a download without its 'Grade/...' column); to have them scaled, grade the "
            "Moodle download itself again with the same options, or import this file into a grade item whose "
            f"maximum is {shown} points, not the quiz's"]


def off_roster_warning(result, off: tuple) -> list:
    """One warning naming the graded ids not on --roster that the Moodle file
    leaves out (its import stops the whole file at a student it does not
    know), each with the nearest roster id."""
    if not off:
        return []
    shown = named_first([shortened(i) if i in result.papered else with_hint(i, roster_hint(i, result.roster_ids,
                                                                                           result.absent))
                         for i in off[:FEW]], len(off))   # a paper of their own: the id is right
    book = Path(result.paths["gradebook"]).name if "gradebook" in result.paths else "the gradebook"
    answers = result.answers_path.name
    fix = ("each has a paper of their own in the key, so the roster lacks them: add them to it, or grade with the "
           "right --roster" if all(i in result.papered for i in off) else
           f"fix the id in {answers} (or add an override for the roster's id) and grade again, or add the student "
           "to the roster")
    return [f"{len(off)} graded student id(s) are not on the roster and are left out of {book}, as Moodle's import "
            f"stops the whole file at a student it does not know: {shown}; {fix}"]


def left_out_warning(key: str, left_out: list) -> str:
    """The warning naming the students a Moodle file leaves out (gradebook.moodle_left_out)."""
    shown = named_few(list(map(shortened, left_out)))
    if key == "email":
        return (f"{len(left_out)} student(s) whose id is not an email address are left out of the Moodle gradebook "
                f"keyed by Email address, as Moodle's import stops the whole file at an address it does not know: "
                f"{shown}; grade without --gradebook-key email if the ids are Moodle's ID numbers")
    return (f"{len(left_out)} student(s) named by their email address for want of an ID number are left out of the "
            f"Moodle gradebook, as Moodle's import stops the whole file at an ID number it does not know: {shown}; "
            "fill in their ID numbers in Moodle and download again, or grade with --gradebook-key email")


def unmatched_note(outputs, result, book) -> list:
    """The note naming graded students the gradebook import will not find
    (``book.unmatched``); for Moodle keyed by email (ids that are no address,
    kept in the file as every id is one, or the template lists them), the
    other key suggested; for Canvas, only the students graded in this run (not
    the absent, who have no grade to write), each with the nearest id of the
    template's students left without a grade, if one is near."""
    unmatched = book.unmatched
    if outputs.gradebook == "moodle":
        return [f"{len(unmatched)} graded student id(s) are not email addresses, which Moodle's import by "
                f"Email address cannot match: {named_few(list(map(shortened, unmatched)))}; if they are the "
                "students' ID numbers in Moodle, grade without --gradebook-key email"] if unmatched else []
    absent = set(unmarked_absent(result))
    graded = [i for i in unmatched if i not in absent]
    if not graded:
        return []
    shown = [_nearest_in(i, book.unfilled) for i in graded[:FEW]]
    return [f"{len(graded)} graded student(s) not in the Canvas gradebook, their grade not written: "
            f"{named_first(shown, len(graded))}"]


def not_in_export_note(outputs, book) -> list:
    """The note naming the graded students Moodle's own grade export does not list, left out of the file
    (``book.not_in_export``), each with the nearest id of its students this run gave no grade."""
    ids = book.not_in_export
    if not ids:
        return []
    shown = [_nearest_in(i, book.unfilled) for i in ids[:FEW]]   # each a search for the nearest id: a few only
    shown = named_first(shown, len(ids))
    return [f"{len(ids)} graded student(s) not in {shortened(Path(outputs.gradebook_template).name)}, Moodle's own "
            f"grade export, are left out of the Moodle gradebook file, their grade not written, as Moodle's import "
            f"stops the whole file at a user it does not know (in separate groups, at one outside the current group): "
            f"{shown}; each may be unenrolled, left out of the export by a group, or have another ID number in "
            "Moodle: enter their grades by hand, or export the grades again with them and grade again"]


def zeros_note(outputs, book) -> list:
    """The note naming the template's students matched to a graded id only by
    leading zeros (``123 as 00123``: Excel drops the zeros of a number-like
    id), whose grade is written under the template's id."""
    if not book.by_zeros:
        return []
    pairs = [f"{shortened(written)} as {shortened(graded)}" for written, graded in book.by_zeros]
    name = shortened(Path(outputs.gradebook_template).name)
    return [f"{len(pairs)} student id(s) of {name} matched a graded id only by leading zeros, and the grade is written "
            f"under {name}'s id (check for a typo): {named_few(pairs)}"]


def columns_note(outputs, book) -> list:
    """The note naming the student columns the Canvas template lacks, written empty in the file so that
    Canvas's import reads its header (it refuses one without ``Section``: "Invalid header row")."""
    if not book.columns_added:
        return []
    added, one = and_list(list(book.columns_added)), len(book.columns_added) == 1
    return [f"{shortened(Path(outputs.gradebook_template).name)} has no {added} column{'' if one else 's'}, "
            "without which Canvas's import refuses the gradebook file (\"Invalid header row\"): the file has "
            f"{'it' if one else 'them'} where Canvas reads {'it' if one else 'them'}, empty (the import finds each "
            "student by ID, SIS User ID or SIS Login ID, and reads no Section cell)"]


def odd_rows_note(outputs, book) -> list:
    """The note naming the Canvas template's rows this run gives no grade that
    hold a cell starting with = + - or @ where Canvas finds the student: kept,
    guarded, or (their assignment cell starting so) left out, so that none goes
    without a word."""
    if not book.odd_rows:
        return []
    kept = [row for row in book.odd_rows if row[0]]
    gone = [row for row in book.odd_rows if not row[0]]
    name = shortened(Path(outputs.gradebook_template).name)
    said = []
    if kept:
        said.append("kept, that cell written with a leading ' so that no spreadsheet runs it (Canvas's import then "
                    f"does not find the student by it, and leaves their grade as it is): {_odd_shown(kept)}")
    if gone:
        said.append(f"left out, as the assignment's cell starts so too: {_odd_shown(gone)}")
    return [f"{len(book.odd_rows)} row(s) of {name} this run gives no grade have a cell Canvas finds the student "
            f"by starting with = + - or @: {'; '.join(said)}"]


def _odd_shown(rows: list) -> str:
    """A few ``(kept, line, cell, name)`` rows as ``line 5 ('=evil', Plain, Name)``."""
    return named_few([f"line {line} ({shortened(cell)!r}{'' if name in ('', cell) else ', ' + shortened(name)})"
                      for _, line, cell, name in rows])


def other_rows_note(outputs, book) -> list:
    """The note naming the graded students a second row of the Canvas template
    could be (its id theirs too, exactly or but for leading zeros), their grade
    written on the row matched first (the SIS User ID, the school's id, before
    Canvas's own user number ``ID``)."""
    if not book.other_rows:
        return []
    name = shortened(Path(outputs.gradebook_template).name)
    shown = [f"{shortened(graded)} on {shortened(mine)}, not {shortened(other)}" for graded, mine, other in book.other_rows]
    return [f"{len(shown)} graded student(s) could be two rows of {name}; the grade is written on the row matched "
            "first (SIS User ID, then SIS Login ID, exactly then by leading zeros, then Canvas's own ID), the other "
            f"left as it is (check which is the student): {named_few(shown)}"]


def _nearest_in(student_id: str, known, prefer=()) -> str:
    """``s1O22 (did you mean s1022?)``: the id and the nearest of ``known``
    (of equally near, those in ``prefer`` first: the roster's students who gave
    no answer), or the id alone when none is near. Made for the ids a warning
    names only: each looks through all of ``known`` (some 10 ms for 2,000)."""
    near = nearest_ids(student_id, known, count=1, prefer=prefer) if known else []
    return f"{shortened(student_id)} (did you mean {shortened(near[0])}?)" if near else shortened(student_id)


def unlisted_of(held: tuple, unlisted) -> list:
    """The ids of ``held`` (as graded) that are in ``unlisted`` (normal ids: roster students the LMS download
    does not list at all, GradeResult.unlisted)."""
    return [i for i in held if normalise_id(i) in unlisted]


def held_notes(gradebook: str, held: tuple, kept: dict, unlisted, no_answer=frozenset(), no_row=(),
               from_export: bool = False) -> list:
    """The notes on the students the gradebook file gives no grade (``held``, as graded; ``kept``: {id: the
    template's grade kept}): those whose Moodle attempt is still open or who have none, the roster students
    the LMS download does not list at all (``unlisted``), to whom a 0 imported would give a quiz they never sat,
    and those with no answer in an answers file (``no_answer``, normal ids: no_answer_ids) and no grade kept;
    in a Canvas file, those the template has no row for (``no_row``: the unmatched ids) named apart. From
    Moodle's own grade export (``from_export``: FilledGradebook's) no grade is kept, and a note says why."""
    keeps = not from_export
    missing = unlisted_of(held, unlisted)
    absent = [i for i in held if normalise_id(i) in no_answer and i not in missing]
    still_open = [i for i in held if i not in missing and i not in absent]
    absent = [i for i in absent if i not in kept]   # a grade kept is said by the note on grades kept
    rowless = set(no_row) if gradebook == "canvas" else set()
    notes = [] if keeps else [EXPORT_NOTE]
    for ids, who, then in ((still_open, "whose Moodle attempt is still open, or who have none,",
                            "grade again once the quiz is closed"),
                           (missing, "on the roster whom the LMS download does not list",
                            "a 0 would show them as having sat the quiz and replace any grade the LMS has for them"),
                           (absent, "with no answer in this answers file",
                            "a 0 would replace any grade the LMS has for them (sat on paper and graded in another "
                            "run, say); pass --zero-absent to give them 0")):
        for in_template in (True, False):
            some = [i for i in ids if (i in rowless) != in_template]
            if some:
                shown = named_few([shortened(i) + (f" (kept {kept[i]})" if i in kept else "") for i in some])
                words = _no_grade_words(gradebook, attempts=ids is not absent, in_template=in_template, keeps=keeps)
                notes.append(f"{len(some)} student(s) {who} get no grade in the gradebook file ({words}: {shown}; "
                             f"{then}")
    return notes


def no_answer_ids(outputs, result) -> frozenset:
    """The normal ids of the students with no answer in an answers file (``result.absent``, not those an
    override marked 0) whom a Moodle or Canvas gradebook gives no grade, rather than a 0 that would replace
    a grade the LMS has for them; none with ``--zero-absent`` or for an LMS download (its own rules: held, unlisted)."""
    if outputs.zero_absent or outputs.download:
        return frozenset()
    return frozenset(normalise_id(i) for i in unmarked_absent(result))


EXPORT_NOTE = ("the Moodle gradebook template is Moodle's own grade export, so only the grades this run gives are "
               "written: its other students, and those this run gives no grade, have no row, and Moodle keeps its own "
               "grade for them (an imported grade is marked overridden even when unchanged, and a later attempt's "
               "grade would then never show)")


def _no_grade_words(gradebook: str, attempts: bool = True, in_template: bool = True, keeps: bool = True) -> str:
    """How the gradebook gives a held student no grade (Moodle's: no row), the
    parenthesis closed, and what importing it then does for them (``attempts``: and for a later attempt's grade);
    ``in_template`` False: a Canvas template with no row for them."""
    if gradebook == "canvas" and not in_template:
        return ("no row, as the Canvas template has none for them), so that importing it changes nothing for them "
                "in Canvas")
    if gradebook == "canvas":
        later = ", and a later attempt's grade can be imported" if attempts else ""
        return f"their cell left as the template had it), so that importing it changes nothing for them in Canvas{later}"
    unless = ", unless the template holds a grade for them, kept" if keeps else ""
    if not attempts:
        return f"no row{unless}), so that importing it leaves Moodle's grade for them alone"
    return (f"no row{unless}: Moodle's import would set a blank cell as "
            "no grade, overriding the quiz's own, as it would a 0), so that importing it leaves Moodle's grade for "
            "them alone, and a later attempt's shows")
