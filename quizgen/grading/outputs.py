"""The outputs of ``grade`` beyond graded.csv and its tallies: the class report
(item analysis as ``<stem>-items.csv``, the HTML page ``<stem>-report.html``
and the Markdown sections), and the gradebook file an LMS imports.

Everything here reads ``GradeResult.matrix`` (one final verdict per student and
part), never the answer rows, so its cost grows with students x parts only."""

from __future__ import annotations

import codecs
from pathlib import Path
from typing import NamedTuple

from quizgen.csv_input import csv_text
from quizgen.question_ids import norm_question
from quizgen.errors import InputFileError
from quizgen.wording import first_few, shortened
from quizgen.marking.student_ids import normalise_id
from quizgen.input_files import SMALL_INPUT_BYTES, read_capped
from quizgen.key.parts import trap_names
from quizgen.grading.canvas_points import column_words, points_possible_note
from quizgen.grading.canvas_status import status_warnings
from quizgen.grading.carried_counts import carried_counts
from quizgen.grading.common_wrong import common_wrong, slot_rules
from quizgen.grading.student_notes import only_overridden
from quizgen.grading.output_options import GradeOutputs
from quizgen.grading.gradebook_warnings import (columns_note, gradebook_students, held_notes, identity_warnings,
                                                odd_rows_note, moodle_maximum_warning, moodle_rounded_warning,
                                                moodle_unscaled_warning, not_in_export_note,
                                                moodle_scaled_note, resaved_ids_warning, no_answer_ids,
                                                off_roster_warning, other_rows_note, unguarded_warning, unlisted_of,
                                                unmatched_note, zeros_note)
from quizgen.grading.tally import borrow_wordings, note_wording
from quizgen.lms.papers import STILL_OPEN
from quizgen.lms.gradebook import (FilledGradebook, canvas_gradebook, grade_value, moodle_gradebook,
                                   moodle_gradebook_filled, moodle_left_out, plain_gradebook, unguardable,
                                   unkeyed_ids)
from quizgen.report import Part, Student, Trap, Verdict
from quizgen.report.model import ECF_COUNT


def slot_traps(key, slots: list, papers: list, names: dict | None = None) -> list:
    """Each slot's traps (report Trap tuples) as the students' papers have them (the class paper when
    there are none): a trap's feedback where every paper words it alike, else another part's where all
    papers word it alike (named), else its code in words, since per-student papers put each student's own
    numbers in it; its name (key.parts.trap_names, or ``names`` when given); and the students (by ``papers``,
    each student's paper number) whose draw cannot make it (a ``when:`` trap), left out of its shares."""
    where = {}   # {question id: {part letter: slot}}
    for n, slot in enumerate(slots):
        where.setdefault(norm_question(slot["question_id"]), {})[slot["part"]] = n
    texts = [{} for _ in slots]   # {code: feedback}, in key order
    varied = [set() for _ in slots]   # {code} whose wording differs between papers, per slot
    specs = [set() for _ in slots]   # the instances sharing a template's spec share its traps: one look each
    lacking = {}   # {(slot, code): paper numbers whose draw has no such trap}
    ids = {}   # {question id: its slots by letter}: every paper has the same few ids
    numbered = list(enumerate((paper.questions for paper in key.papers), start=1)) or [(0, key.questions)]
    for number, questions in numbered:
        for question in questions:
            letters = ids.get(question.id)
            if letters is None:
                letters = ids[question.id] = where.get(norm_question(question.id), {})
            for part in question.parts:
                n = letters.get(part.letter)
                if n is None:
                    continue
                if None in part.trap_values:
                    for trap, value in zip(part.traps, part.trap_values):
                        if value is None and not trap.words:
                            lacking.setdefault((n, trap.code), set()).add(number)
                if id(part.spec) not in specs[n]:   # the key keeps every spec alive
                    specs[n].add(id(part.spec))
                    for trap in part.traps:
                        note_wording(texts[n], trap.code, trap.feedback, varied[n])
    borrow_wordings(texts, varied, [f"{s['question_id']}{s['part']}" for s in slots])
    absent = {k: frozenset(i for i, p in enumerate(papers) if p in numbers) for k, numbers in lacking.items()}
    names = trap_names(key) if names is None else names
    return [tuple(Trap(code, feedback, absent.get((n, code), frozenset()), names.get(code, ""))
                  for code, feedback in found.items()) for n, found in enumerate(texts)]


def report_parts(slots: list, traps: list) -> list:
    """The report's Part per slot (matrix.Slot)."""
    return [Part(s.question_id, s.part, s.cls, s.template, s.points, t) for s, t in zip(slots, traps)]


def report_students(matrix, names: list, order=None, absent=frozenset(), sections=None, unplaced=None) -> tuple:
    """``(students, columns)``: the report's Student per student of the matrix, in ``order`` (student
    numbers, grading/totals.roster_order; None: the matrix's): one Verdict per slot
    (``None`` off the student's paper, ``missing`` for a part on it not
    answered), one object per distinct (status, score, misconception), shared
    by every cell that earned it; ``only_overrides`` for a student whose every
    answer is a row an override made. Built column by column: a million cells in
    well under a second; ``columns`` holds the verdicts part by part, for the
    analysis not to transpose them back (None when ``order`` moved the students)).
    The students numbered in ``absent`` (marked only by overrides scoring 0:
    grading/students.zero_marked) are shown ``missing`` throughout: absent from the figures, and
    ``zero_marked``, which the students tables say (report/model.ZERO_MARKED). ``sections``:
    {student number: the roster's section} (totals.student_sections); ``unplaced``: {student
    number: why they answered no part of their paper, or that every answer is blank}, which the students
    tables say; they too are shown ``missing`` throughout (absent from the figures), the slots the
    answers file has no row for kept apart (Student.no_row)."""
    missing = Verdict("missing", 0.0, "")
    verdicts = {}   # {(status, score, misconception): Verdict}: few are distinct, even when outcomes are not

    def verdict(outcome) -> Verdict:
        if outcome.status is None:
            return missing
        found = (outcome.status, outcome.score, outcome.misconception)
        made = verdicts.get(found)
        if made is None:
            made = verdicts[found] = Verdict(outcome.status.value, outcome.score, outcome.misconception)
        return made

    masks = matrix.paper_masks()
    gone = set(absent) | set(unplaced or ())   # unplaced: every part missing already, or every answer blank
    partial = {slot for mask in set(masks) for slot, on in enumerate(mask) if not on}
    columns, no_row = [], {}
    for slot in range(len(matrix.slots)):
        column = matrix.column(slot)
        outcomes = set(column)
        of_outcome = {outcome: verdict(outcome) for outcome in outcomes}   # outcomes hash by identity
        cells = list(map(of_outcome.__getitem__, column))
        if slot in partial:
            cells = [cell if mask[slot] else None for cell, mask in zip(cells, masks)]
        for n in gone:
            if cells[n] is missing:   # no answer row: a blank student's such part is no blank (blank_rows)
                no_row.setdefault(n, []).append(slot)
            cells[n] = missing if cells[n] is not None else None
        columns.append(cells)
    rows = list(zip(*columns)) if columns else [[] for _ in matrix.students]
    only = set(only_overridden(matrix, set(range(len(matrix.students))) - set(absent)))
    sections, unplaced = sections or {}, unplaced or {}
    students = [Student(student_id, names[n] if n < len(names) else "", cells, n in only, n in absent,
                        sections.get(n, ""), unplaced.get(n, ""), tuple(no_row.get(n, ())))
                for n, (student_id, cells) in enumerate(zip(matrix.students, rows))]
    if order is None or order == list(range(len(students))):
        return students, columns
    return [students[n] for n in order], None   # analyse transposes the rows in their new order


class ReportInputs(NamedTuple):
    """What the class report is made from (``class_report_texts``), named: grade hands it to the
    report's own process, where ``class_report_input`` makes it plain (report/model.py)."""

    matrix: object        # the final verdicts (matrix.VerdictMatrix)
    names: list           # the students' names, in the matrix's order
    key: dict             # the key's data (key.json as read)
    ecf: list             # each part's answers correct by ECF: tally.slot_ecf, counted once (tally.count_columns)
    order: list | None = None        # the students in the students CSV's order (report.roster_order)
    absent: frozenset = frozenset()  # numbers of the students marked only by overrides scoring 0 (zero_marked)
    sections: dict | None = None     # {student number: section} (totals.student_sections)
    named: dict | None = None        # {trap code: name} (key.parts.trap_names), when made
    unplaced: dict | None = None     # {student number: why they answered no part} (student_notes.no_part_words)


def class_report_input(inputs: ReportInputs) -> tuple:
    """``(parts, students, columns)``: the class report's plain data (report/model.py) from the final
    verdicts, the students in ``inputs.order``, as in the students CSV; ``parts`` as
    ``(slots, key, papers, named)``, made into Parts by ``class_report_texts`` (``slot_traps``
    walks every paper of the key)."""
    matrix, order = inputs.matrix, inputs.order
    papers = matrix.papers if order is None else [matrix.papers[n] for n in order]   # trap absentees: by place
    students, columns = report_students(matrix, inputs.names, order, inputs.absent, inputs.sections, inputs.unplaced)
    return (matrix.slots, inputs.key, papers, inputs.named), students, columns


def class_report_texts(inputs: ReportInputs, title: str, html: bool, delimiter: str = ",", comma: bool = False,
                       roster_notes=(), review_reasons=None, settings: str = "", key_check: str = "") -> dict:
    """The class report's texts from ``inputs`` (ReportInputs, made plain here, in
    the report's own process when grade forks one, while the other reports are written: docs/performance.md):
    the item-analysis sections of the Markdown report ("markdown"), the items
    CSV ("items", separated by the answers file's ``delimiter``, with a decimal
    comma when ``comma``, as the students CSV) and, when ``html``, the HTML page
    ("html"); the Markdown and the page then write their figures with a decimal
    comma too; the page shows ``roster_notes`` (grading/students.reconciliation_lines)
    at its top, and each "To act on" line says why a student's answers wait
    when ``review_reasons`` ({student id: reason}) knows, ``settings`` (run_settings.py) under its title and ``key_check`` (belong_note.py: too few answers to check
    they are this key's) below it. Plain strings, so that grade can compute them in a forked
    process (quizgen.background)."""
    from quizgen.report import analyse, items_csv, markdown_sections, report_html
    from quizgen.report.attention import add_reasons
    from quizgen.report.flags import add_common_wrong
    from quizgen.report.override_only import add_without_overrides
    from quizgen.report.sections import add_sections

    (slots, key, papers, names), students, columns = class_report_input(inputs)
    parts = report_parts(slots, slot_traps(key, _slot_dicts(slots), papers, names))
    analysis = analyse(parts, students, columns=columns)
    add_without_overrides(analysis, parts, students)
    add_ecf(analysis, inputs.ecf)
    add_common_wrong(analysis, common_wrong(inputs.matrix, _left_out(inputs, students), comma,
                                           slot_rules(key, slots)))
    analysis.pooled, analysis.carried = len(set(inputs.matrix.papers)) > 1, carried_counts(inputs.matrix)
    add_sections(analysis, parts, students)
    add_reasons(analysis.to_act, review_reasons or {})
    texts = {"markdown": "\n" + markdown_sections(analysis, comma), "items": items_csv(analysis, delimiter, comma)}
    if html:
        texts["html"] = report_html(analysis, title, comma, roster_notes, settings, key_check)
    return texts


def add_ecf(analysis, counts: list) -> None:
    """Each part's and question's ECF count in its ItemStats.counts (the items CSV's ``ecf`` column):
    a question's, its parts' added up. Absent students have none (no answer is carried forward)."""
    by_question = {}
    for item, n in zip(analysis.parts, counts):
        item.counts[ECF_COUNT] = n
        by_question[item.question_id] = by_question.get(item.question_id, 0) + n
    for item in analysis.questions:
        item.counts[ECF_COUNT] = by_question.get(item.question_id, 0)


def _left_out(inputs: ReportInputs, students: list) -> set:
    """The matrix's numbers of the students the class report leaves out of its figures (every verdict missing)."""
    order = inputs.order if inputs.order is not None else range(len(students))
    return {n for n, student in zip(order, students) if all(v is None or v.status == "missing" for v in student.verdicts)}


def _slot_dicts(slots: list) -> list:
    return [{"question_id": s.question_id, "part": s.part} for s in slots]


def write_extra_outputs(result, outputs: GradeOutputs, handles: dict, texts: dict) -> None:
    """Append the item-analysis sections (``texts``, from class_report_texts)
    to the Markdown report and write the items CSV, the HTML page and the
    gradebook into their (streamed) ``handles``."""
    handles["report"].write(texts["markdown"])
    handles["items"].write(texts["items"])
    if "html" in handles:
        handles["html"].write(texts["html"])
    left_out = []
    if "gradebook" in handles:
        book = gradebook_text(outputs, result)
        handles["gradebook"].write(book.text)
        left_out = book.left_out
        result.notes += zeros_note(outputs, book) + other_rows_note(outputs, book) + columns_note(outputs, book)
        result.notes += odd_rows_note(outputs, book)
        result.notes += unmatched_note(outputs, result, book) + not_in_export_note(outputs, book)
        result.notes += _merge_notes(outputs, result, book) + points_possible_note(outputs, result, book.possible)
        result.warnings += _changed_warning(outputs, result, book.changed) + list(book.added)
        result.warnings += off_roster_warning(result, book.off_roster)
        ids = [t.student_id for t in result.students]
        if outputs.gradebook == "moodle" and outputs.gradebook_key == "idnumber" and ids \
                and len(unkeyed_ids(ids, "idnumber")) == len(ids) and len(outputs.unkeyed) < len(ids):
            result.notes.append("every student id is an email address: if these are not the students' ID numbers "
                                "in Moodle, write the gradebook with --gradebook-key email")
        result.warnings += unguarded_warning(outputs, book.unguarded)
        result.warnings += moodle_maximum_warning(outputs, result) + moodle_rounded_warning(outputs, result)
        result.warnings += resaved_ids_warning(outputs, result) + moodle_unscaled_warning(outputs, result)
        result.notes += moodle_scaled_note(outputs, result)
    result.warnings += identity_warnings(outputs, result, left_out)


def _merge_notes(outputs: GradeOutputs, result, book) -> list:
    """The notes on grades already in the gradebook column: those kept for
    students with no answer in this run (each shown, a 0 too), those of 0
    this run's score replaced;
    or, for a Moodle file made without a template, that its 0s for students
    with no answer replace any grade Moodle has for them; the students given
    no grade as their Moodle attempt is still open or they have none (``held``,
    each with a template's grade kept), or as they gave no answer in an answers
    file (no_answer_ids); and the template's rows left out for having no student id."""
    column, notes = column_words(outputs, result) if outputs.gradebook_template else "", []
    if book.no_id:
        identity = "ID number" if outputs.gradebook_key == "idnumber" else "email address"
        notes.append(f"{len(book.no_id)} row(s) of {shortened(Path(outputs.gradebook_template).name)} have no "
                     f"{identity} and are left out of the gradebook (Moodle's import could not match them): "
                     f"line(s) {first_few(book.no_id)}")
    held, kept_held, no_answer = set(book.held), dict(book.kept), no_answer_ids(outputs, result)
    lms_held = {i for i in held if normalise_id(i) not in no_answer}   # attempt still open, or not in the download
    kept = [k for k in book.kept if k[0] not in lms_held]
    if kept:
        where = "in Moodle (no row in the file), their grade" if book.from_export else "in the gradebook, the grade"
        notes.append(f"{len(kept)} student(s) with no answer in this run keep, {where} already "
                     f"in {column}: {_kept_shown(kept)}")
    zeros = [change for change in book.changed if _was_zero(change[1])]
    if zeros:
        notes.append(f"{len(zeros)} grade(s) of 0 in {column} replaced by this run's score (students an earlier run "
                     f"had no answer from, say): {_changes_shown(zeros)}")
    notes += held_notes(outputs.gradebook, book.held, kept_held, result.unlisted, no_answer, book.unmatched,
                        book.from_export)
    if lms_held - set(unlisted_of(book.held, result.unlisted)):
        result.notes[:] = [_open_left_out(note) for note in result.notes]
    lost = getattr(result, "zeros_lost", None) or {}   # held: normal ids, as the roster writes them
    zeroed = [i for i in result.absent if normalise_id(lost.get(i, i)) not in held]
    if outputs.gradebook == "moodle" and not outputs.gradebook_template and zeroed:
        why = "every answer blank, or no answer row and --zero-absent" if outputs.zero_absent else "every answer blank"
        notes.append(f"the Moodle gradebook gives 0 to the {len(zeroed)} student(s) counted absent ({why}): "
                     f"{first_few([shortened(i) for i in zeroed])}; importing it replaces a grade Moodle already has "
                     "for them (another section's, say); to keep such grades, give --gradebook-template with the file "
                     "an earlier run wrote or Moodle's grade export")
    return notes


OPENED_NOTE = "were graded from an attempt Moodle shows as not submitted"   # grading/students.reconciliation_lines


def _open_left_out(note: str) -> str:
    """``note``, and if it is the one on students graded from an attempt not submitted naming one still open,
    that such students are not in the gradebook file (the held note), whatever it says of checking before importing."""
    if OPENED_NOTE not in note or not any(f"({state})" in note for state in STILL_OPEN):
        return note
    return (f"{note}; those whose attempt is still open (In progress, Overdue, Not yet started) are left out of "
            "the gradebook file, as the note on them says")


def _changed_warning(outputs: GradeOutputs, result, changed: list) -> list:
    """One warning naming the grades (other than 0) already in the column that
    this run changed: a re-run or a regrade made visible; Canvas's EX and N/A
    cells, a status rather than a grade, each warned of apart (canvas_status)."""
    changed = [change for change in changed if not _was_zero(change[1])]
    if not changed:   # nothing to say (and, with no template, no column to name)
        return []
    where = column_words(outputs, result)
    said, others = status_warnings(where, changed)
    if not others:
        return said
    return said + [f"{len(others)} grade(s) already in {where} changed by this run (a re-run or regrade?): "
                   f"{_changes_shown(others)}"]


def _changes_shown(changes: list) -> str:
    """A few ``(id, before, now)`` changes as ``s001 3 -> 4``."""
    return first_few([f"{shortened(sid)} {shortened(before)} -> {now}" for sid, before, now in changes])


def _kept_shown(kept: list) -> str:
    """A few ``(id, grade)`` kept as ``s001 (3.5)``."""
    return first_few([f"{shortened(sid)} ({shortened(grade)})" for sid, grade in kept])


def _was_zero(cell: str) -> bool:
    """Whether a gradebook cell is a 0 (``0``, ``0.00``; not ``-`` or empty, which hold no grade)."""
    return grade_value(cell) == 0


def gradebook_text(outputs: GradeOutputs, result):
    """The gradebook asked for, as a FilledGradebook (its text, unmatched ids,
    grades kept and changed): a Moodle or Canvas one with decimal points always (its LMS's
    import format), the plain one as the class's answers file was written (its delimiter and decimal mark)."""
    grades, held, absent = gradebook_students(outputs, result)
    item = outputs.gradebook_item or result.answers_path.stem
    if outputs.gradebook == "plain":
        return FilledGradebook("\ufeff" + plain_gradebook(grades, result.delimiter, result.decimal_comma), [])   # a CSV for a spreadsheet: a BOM, as the others
    lms = outputs.gradebook.capitalize()
    path = Path(outputs.gradebook_template) if outputs.gradebook_template else None
    template = _read_template(path, lms) if path is not None else None
    try:
        if outputs.gradebook == "moodle":
            no_email = unkeyed_ids([g.student_id for g in grades], "email") if outputs.gradebook_key == "email" else []
            if template is None:
                left_out = moodle_left_out(grades, outputs.gradebook_key)
                off = tuple(i for i in result.off_roster if i not in left_out)
                written = [g for g in grades if g.student_id not in left_out and g.student_id not in off]
                return FilledGradebook(moodle_gradebook(written, item, outputs.gradebook_key, held),
                                       [] if left_out else no_email, left_out=left_out, off_roster=off,
                                       unguarded=unguardable(written, held),
                                       held=tuple(g.student_id for g in written if normalise_id(g.student_id) in held))
            book = moodle_gradebook_filled(template, grades, item, outputs.gradebook_key, absent, result.off_roster,
                                           held)
            return book._replace(unmatched=[] if book.left_out else no_email)
        by_user_id = frozenset(map(normalise_id, outputs.canvas_ids))
        return canvas_gradebook(template, grades, item, absent, held, by_user_id)
    except InputFileError as exc:
        raise InputFileError(f"--gradebook-template {path}: {exc}") from exc


def _read_template(path: Path, lms: str) -> str:
    """The text of the ``--gradebook-template`` file exported from ``lms``,
    its encoding detected as every CSV input's is (csv_input.csv_text: a BOM,
    UTF-16, Windows-1252), a UTF-8 BOM kept for the file written from it."""
    data = read_capped(path, SMALL_INPUT_BYTES, f"{lms} gradebook template")
    text = csv_text(f"--gradebook-template {path}", data, None,
                    f"found binary data (NUL bytes), not text; export it from {lms} again", option=False).text
    return ("\ufeff" if data.startswith(codecs.BOM_UTF8) else "") + text
