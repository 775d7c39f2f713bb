"""Feedback sheets (``grade --feedback DIR``): one Markdown sheet per student
with their answers as written, each verdict, score and expected value as
graded.csv has them, why in plain words (the misconception named and
explained, error carried forward, carried or early rounding, the marker's
override, the grader's notes), and the worked solution for their own numbers
(their questions regenerated from the key's seed labels); decimal commas
throughout for a class that wrote them. Sheet names (feedback_names.py) are safe, unique ignoring
case, independent of the order of the answers and never another file's; a
rerun removes the sheets of the earlier run it did not write again
(feedback_files.py).

The answers are read back from graded.csv (the rows the verdict matrix points
to), so grading itself keeps no answer text; this second pass is only made
when sheets are asked for."""

from __future__ import annotations

import csv
from typing import NamedTuple

from quizgen.cells import unguard
from quizgen.question_ids import norm_question
from quizgen.grading.feedback_files import HEADING, foreign_stems
from quizgen.grading.feedback_verdict import (AWAITING, awaiting_note, lost_note, lost_parts, lost_slots,
                                              not_received_note, sheet_verdict,
                                              unanswered_sheets, unsubmitted_note)
from quizgen.grading.feedback_review import review_words
from quizgen.grading.feedback_words import (ABOUT_ANSWERS, COMPARE, COMPARE_WORKING, KEEP, WORK_HEADING,
                                            answers_note, full_marks_note, kept_figures, misconception_name,
                                            shown_answer, spelling_hint, what_next_hint, work_list)
from quizgen.grading.feedback_names import renamed_note, run_stems, safe_file_names
from quizgen.grading.feedback_solutions import Solutions
from quizgen.grading.feedback_reasons import note_to_student
from quizgen.grading.feedback_stray import STRAY_STATUSES, StrayAnswers, stray_sections
from quizgen.grading.outcome import RESULT_COLUMNS, comma_number
from quizgen.grading.paper_written import sheet_note
from quizgen.lms.html import feedback_text
from quizgen.lms.papers import is_lms_key, open_attempt_sheets
from quizgen.marking.forms import REVIEW_REASON
from quizgen.marking.rules import OVERRIDE
from quizgen.marking.student_ids import normalise_id
from quizgen.report.formatting import md_cell, number_text, one_place
from quizgen.text.answers import in_plain
from quizgen.key.status import Status

class SheetContext(NamedTuple):
    """What every sheet reads: the verdict matrix, the slot of each (question,
    part), the graded rows' answers and notes, the worked solutions, and
    whether the class writes decimal commas (then every number on the sheet
    has one, as in graded.csv), and the answers not graded against a part of
    each student's paper (feedback_stray.StrayAnswers), and the State of
    each student's Moodle attempt graded though not submitted
    ({student number: State}, ``unsubmitted_states``), and the significant
    figures the advice on early rounding asks to keep (``kept_figures``), and
    the line under the score of each student graded against the paper whose
    code they wrote ({student number: text}, ``written_notes``), and the
    fewest figures carried rounding accepts in the working (the policy's
    carried_figures), which "About the answers" says, and the slots no student
    answered (feedback_verdict.lost_slots), said as lost for everyone."""

    matrix: object
    slot_of: dict
    rows: dict
    solutions: "Solutions"
    comma: bool = False
    strays: object = None
    states: dict | None = None
    keep: int = KEEP
    written: dict | None = None
    carried: int = 3
    lost: frozenset = frozenset()


def student_sheets(result, key, outputs, columns: tuple, comma: bool = False, carried: int = 0) -> tuple:
    """``([(file stem, StudentTotal, their questions, their number)], SheetContext)``.
    ``columns``: where graded.csv holds (student, name, question, part, answer);
    ``carried``: the policy's carried_figures (0: the paper's own advice)."""
    papers = {paper.student_id.strip(): paper.questions for paper in key.papers}
    used = getattr(result, "papers_used", {})   # --paper-as-written: the paper whose code they wrote
    papers.update({sid: papers.get(w.owner, key.questions) if w.owner else key.questions for sid, w in used.items()})
    slot_of = {(norm_question(s.question_id), s.part): n for n, s in enumerate(result.matrix.slots)}
    strays = StrayAnswers(result.matrix, slot_of, columns, result.shared_ids)
    context = SheetContext(result.matrix, slot_of, _graded_rows(result, columns[4], strays),
                           Solutions(outputs.banks, _rounding_rule(key), is_lms_key(key)), comma, strays,
                           unsubmitted_states(key, result.matrix.students), kept_figures(carried),
                           written_notes(used, result.matrix.students), carried or 3,
                           lost_slots(result.matrix, result.absent))
    sheet_ext = ".pdf" if getattr(outputs, "feedback_format", "md") == "pdf" else ".md"
    own = run_stems(result.files, outputs.feedback, sheet_ext)   # names of the run's other files
    stems = safe_file_names(result.matrix.students, foreign_stems(outputs.feedback, sheet_ext) | set(own))
    result.notes.extend(renamed_note(result.matrix.students, stems, own, sheet_ext))
    totals = {total.student_id: total for total in result.students}   # listed in roster order, not the matrix's
    unsat = () if is_lms_key(key) else key.questions   # an LMS quiz not taken: no paper, no worked solutions
    held, held_note = open_attempt_sheets(context.states, result.matrix.students,   # an open attempt
                                          open_beside(key, result.matrix.students, getattr(result, "roster_open", {})))
    unanswered, unanswered_note = unanswered_sheets(result.matrix, strays, held)
    held |= unanswered
    result.notes.extend(held_note + unanswered_note)
    students = [(stem, totals[student_id], papers.get(student_id, unsat), number)
                for number, (student_id, stem) in enumerate(zip(result.matrix.students, stems)) if number not in held]
    return students, context


def written_notes(used: dict, students) -> dict:
    """{student number: the line under their score} of each of ``students``
    graded against the paper whose code they wrote (``used``: GradeResult.papers_used)."""
    return {number: sheet_note(used[sid]) for number, sid in enumerate(students) if sid in used}


def unsubmitted_states(key, students) -> dict:
    """{student number: Moodle's State} of each of ``students`` (ids as the
    matrix shows them, the key's spelling) graded from a Moodle attempt that
    was not submitted (quizgen.key.model.KeyPaper.state)."""
    states = {paper.student_id.strip(): paper.state for paper in key.papers if paper.state}
    return {number: states[sid] for number, sid in enumerate(students) if sid in states}


def open_beside(key, students, roster_open=None) -> dict:
    """{student number: Moodle's State} of each of ``students`` graded from a finished Moodle attempt
    beside a later one still open (KeyPaper.open_attempt), held back as an open attempt's student is;
    or one --roster's quiz report shows (``roster_open``: {normal id: State}), which a
    download of finished attempts lacks."""
    states = {paper.student_id.strip(): paper.open_attempt for paper in key.papers if paper.open_attempt}
    roster_open = roster_open or {}
    return {number: states.get(sid) or roster_open[normalise_id(sid)] for number, sid in enumerate(students)
            if sid in states or normalise_id(sid) in roster_open}


def _rounding_rule(key):
    """What the stems' rounding sentence says: for a Canvas download's key, the
    Canvas question text's (lms/canvas.py; Canvas drops trailing zeros, so no
    answer is marked rounded too early); else None, the paper's."""
    if getattr(key, "rounded_by", "") != "canvas":
        return None
    from quizgen.lms.canvas import CANVAS_ROUNDING_RULE

    return CANVAS_ROUNDING_RULE


def _graded_rows(result, answer_column: int, strays=None) -> dict:
    """``{data row: (answer, expected, feedback, reason)}`` of every row the
    matrix points to; every unknown_question or superseded row, and every
    invalid one it does not point to, goes to ``strays`` (StrayAnswers) on the way."""
    matrix = result.matrix
    wanted = {matrix.answer_row(n, s) for n in range(len(matrix)) for s in range(len(matrix.slots))}
    wanted.discard(-1)
    status, expected, feedback, reason = (RESULT_COLUMNS.index(c) - len(RESULT_COLUMNS)
                                          for c in ("status", "expected", "feedback", "reason"))
    found = {}
    with open(result.paths["graded"], encoding="utf-8-sig", newline="") as handle:
        reader = csv.reader(handle, delimiter=result.delimiter)
        next(reader, None)
        for i, row in enumerate(reader):
            if i in wanted:
                found[i] = (row[answer_column], row[expected], row[feedback], row[reason])
            elif strays is not None and row[status] in STRAY_STATUSES:
                strays.add(row, row[status])
    return found


def sheet_markdown(total, questions, number: int, matrix, slot_of: dict, rows: dict, solutions,
                   comma: bool = False, strays=None, states=None, keep: int = KEEP, written=None,
                   carried: int = 3, lost=frozenset(), figures: dict | None = None) -> str:
    """One student's sheet; ``figures``: the Markdown image of each question's
    figure, by its position on the paper (feedback_md.sheet_figures)."""
    name = f" ({md_cell(total.name)})" if total.name else ""
    lines = [f"{HEADING}{md_cell(total.student_id)}{name}", "",
             "Score: **{} / {}** ({}%).".format(*score_texts(total, comma)), ""]
    lines_of = [part_lines(q, number, matrix, slot_of, rows, comma, solutions.trap_names(q), solutions.known(q))
                for q in questions]
    parts_lost = lost_parts(questions, slot_of, lost, matrix, number)
    notes = [unsubmitted_note(states, number), (written or {}).get(number, "")]
    notes += [full_marks_note(questions, lines_of, AWAITING), awaiting_note(questions, number, matrix, slot_of),
              not_received_note(questions, number, matrix, slot_of, lost), lost_note(parts_lost)]
    lines += [line for note in notes if note for line in (note, "")]
    work = work_list(questions, lines_of, AWAITING, solutions.drill_classes(), keep, parts_lost)
    if work.lines:
        lines += [f"## {WORK_HEADING}", "", *(f"- {md_cell(line)}" for line in work.lines)]
        lines += [f"- Practise those classes: `{work.command}`"] * bool(work.command) + [""]
    for heading, said in stray_sections(*strays.of(number), questions, md_cell) if strays is not None else ():
        lines += [f"## {heading}", "", *(f"- {line}" for line in said), ""]
    about = answers_note([q for q in questions if solutions.known(q)], carried, comma)
    lines += [f"**{ABOUT_ANSWERS}.** {about}", ""] if about else []
    for at, (question, part_rows) in enumerate(zip(questions, lines_of)):
        lines += [f"## {md_cell(question.id)}: {md_cell(question.title or question.template)}", "",
                  "| part | your answer | verdict | score | the key's answer |", "| --- | --- | --- | --- | --- |"]
        notes, worked = [], solutions.worked(question)
        for line in part_rows:
            lines.append(f"| {md_cell(line.letter)} | {md_cell(shown_answer(line.answer)) or '-'} | {line.status} | {line.score} / "
                         f"{line.points} | {md_cell(line.expected)} |")
            notes += [f"- ({md_cell(n.letter)}) {md_cell(n.label)}{f' **{md_cell(n.code)}**' if n.code else ''}: "
                      f"{md_cell(n.text)}" for n in part_notes(line, worked)]
        lines += [""] + notes + [""] * bool(notes)
        figure = (figures or {}).get(at, "")
        lines += ["### Worked solution for the numbers on your paper", "", solutions.markdown(question, comma, figure), ""]
    return "\n".join(lines)


def score_texts(total, comma: bool = False) -> tuple:
    """``(score, max, percent)`` as students.csv writes them (``4,5``, ``10``,
    ``45,0`` with decimal commas)."""
    return tuple(comma_number(t, comma) for t in (number_text(total.score), number_text(total.max_score),
                                                   one_place(total.percent)))


class PartLine(NamedTuple):
    """One part of a student's sheet, format-free: what they answered, the
    verdict (``missing`` when no answer counts), score and points as text, the
    expected answer, the misconception's code, the grader's feedback (the
    misconception explained, ECF, carried or early rounding, the marker's
    override comment), the grader's reason, graded.csv's note, the
    misconception's name (the bank's trap name, else its code read as words),
    when an override kept the misconception, the trap's own explanation
    (the feedback cell then holds the marker's comment), and for a wrong
    answer of which the grader said nothing, what the sheet can say of it
    (feedback_words.what_next_hint: a near spelling, a last digit off)."""

    letter: str
    answer: str
    status: str
    score: str
    points: str
    expected: str
    misconception: str
    feedback: str
    reason: str
    note: str = ""
    name: str = ""
    explained: str = ""
    hint: str = ""


class PartNote(NamedTuple):
    """One line under a question's table: ``(letter) label [name]: text``
    (``code``: the misconception's name, shown in bold)."""

    letter: str
    label: str
    code: str
    text: str


def part_lines(question, number: int, matrix, slot_of: dict, rows: dict, comma: bool = False,
               names: dict | None = None, known: bool = True) -> list:
    """The PartLine of every part of ``question`` for student ``number``, every
    plain decimal with a comma when ``comma``; the verdict as the student
    reads it (sheet_verdict); a misconception named as ``names`` (Solutions.trap_names) has it;
    not ``known`` (Solutions.known: a question of unknown variant), no key answer and no hint from one."""
    lines = []
    for part in question.parts:
        slot = slot_of.get((norm_question(question.id), part.letter))
        outcome = matrix.cell(number, slot) if slot is not None else None
        answer, _, feedback, reason = rows.get(matrix.answer_row(number, slot) if slot is not None else -1,
                                               ("", "", "", ""))
        status = sheet_verdict(outcome, float(part.points))
        score = number_text(outcome.score) if outcome is not None else "0"
        code = outcome.misconception if outcome is not None else ""
        # the key's answer as the papers show it, 3.449 × 10⁻⁵ below 0.001 (graded.csv keeps the decimal)
        numbers = (comma_number(score, comma), comma_number(number_text(part.points), comma),
                   in_plain(comma_number(part.answer, comma)) if known else "")
        unexplained = known and status == Status.INCORRECT and not (code or feedback or reason)
        unread = known and status == AWAITING and part.kind == "word" and reason in ("", REVIEW_REASON)
        lines.append(PartLine(part.letter, unguard(answer), status, *numbers, code or "", unguard(feedback),
                              unguard(reason), (outcome.note if outcome is not None else "") or "",
                              misconception_name(code, names) if code else "", _kept_trap(part, code, outcome),
                              what_next_hint(question, part, unguard(answer), comma) if unexplained else
                              spelling_hint(question, part, unguard(answer)) if unread else ""))
    return lines


def _kept_trap(part, code: str, outcome) -> str:
    """The explanation of the trap ``code`` of ``part`` when an override kept
    it (graded.csv's feedback is then the marker's comment, or the grader's
    words when it has none), else ""."""
    if not code or outcome is None or outcome.note != OVERRIDE:
        return ""
    return next((trap.feedback for trap in getattr(part, "traps", ()) if trap.code == code), "")


def part_notes(line: PartLine, worked: bool = True) -> list:
    """The PartNotes of one part, in plain words: the misconception named and
    explained, or the grader's feedback (error carried forward, carried or early
    rounding), the marker's override comment, and the grader's reason (none
    under the marker's decision: graded.csv's reason there, the overrides
    file's line that made a row, is the instructor's bookkeeping), said to the
    student when the answer awaits a person; a wrong answer with nothing else
    said points to the worked solution (``worked``: the sheet shows one), else
    to the key's answer, after what the sheet can say of it (``hint``)."""
    notes = []
    if line.misconception and line.explained and not line.feedback.startswith(line.explained):
        # an override kept the trap, with a comment of its own: the trap explained, then the marker's word
        notes.append(PartNote(line.letter, "misconception", line.name or line.misconception,
                              feedback_text(line.explained)))
        notes.append(PartNote(line.letter, "your marker's decision", "", line.feedback))
    elif line.misconception:   # the key's 1 - p_hat, e^(-s) written as the LMS shows them: 1 − p̂, e⁻ˢ
        notes.append(PartNote(line.letter, "misconception", line.name or line.misconception,
                              feedback_text(line.feedback)))
    elif line.note == OVERRIDE:
        notes.append(PartNote(line.letter, "your marker's decision", "", line.feedback or "score set by your marker"))
    elif line.feedback:
        label = _NOTE_LABELS.get(line.note, "feedback")
        text = line.feedback.removeprefix(f"{label}: ").replace(f" ({label})", "", 1)   # the label says it once,
        text = text.replace(f": {label}: ", ": ", 1)   # also after "marked from your (a) = 0.77"
        notes.append(PartNote(line.letter, label, "", _label_unbracketed(text, label)))
    if line.status == AWAITING:
        why = f"{line.hint}; your marker will decide which you meant." if line.hint else \
            review_words(line.reason, line.answer)
        notes.append(PartNote(line.letter, "why your marker will read it", "", why))
    elif line.reason and line.note != OVERRIDE:
        notes.append(PartNote(line.letter, "note", "", note_to_student(line.reason)))
    elif not notes and line.status == Status.INCORRECT:
        again = "work it again from the question's numbers"
        said = COMPARE if worked else f"the key's answer is {line.expected}; {again}"
        if line.hint:
            said = f"{line.hint}; {COMPARE_WORKING if worked else again}"
        notes.append(PartNote(line.letter, "what next", "", said))
    return notes


def _label_unbracketed(text: str, label: str) -> str:
    """``text`` with a bracket that opens with ``label`` and more ("value (error
    carried forward; (a)'s early rounding is marked at (a) only)") made a clause
    of its own ("value; (a)'s early rounding ..."): the note's label says it."""
    start = text.find(f" ({label}; ")
    if start < 0:
        return text
    depth, body = 0, start + len(label) + 4
    for end in range(start + 1, len(text)):
        depth += {"(": 1, ")": -1}.get(text[end], 0)
        if depth == 0:
            return f"{text[:start]}; {text[body:end]}{text[end + 1:]}"
    return text


_NOTE_LABELS = {"ecf": "error carried forward", "carried_rounding": "carried rounding",
                "rounded_too_early": "rounded too early", "another_part": "another part's answer"}
