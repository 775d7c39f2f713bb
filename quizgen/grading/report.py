"""The Markdown report grade writes beside graded.csv (report.md): its heading naming the exam
where the key records it, the class line and status table, the questions, the misconceptions
met, the students and the roster's notes; its figures written by quizgen/report/formatting.py."""

from __future__ import annotations

from quizgen.grading.class_line import (MISSING_PARTS, answers_text, class_figures, count_text, missing_parts,
                                        percent_text)
from quizgen.grading.look_at import not_read_note
from quizgen.grading.read_as import answers_named
from quizgen.grading.student_notes import blank_note, students_text
from quizgen.key.parts import code_in_words
from quizgen.key.status import Status
from quizgen.report.formatting import decimal_mark, ecf_said, md_cell, number_text, one_place, said, said_counts, whole_number
from quizgen.report.model import absent_words
from quizgen.report.title import markdown_heading


def _table(header: list, rows: list) -> list:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in rows]
    return lines + [""]


def report_markdown(result) -> str:
    """The readable report: class summary, questions, misconceptions, students;
    every figure with a decimal comma when the class wrote them (``result.decimal_comma``)."""
    comma = result.decimal_comma
    lines = [markdown_heading(result.exam), "",
             f"Answers: {answers_named(result, md_cell)}; key: {md_cell(result.key_name)}; "
             f"{answers_text(result, comma)} from {students_text(result, comma)}.", ""]
    lines += [md_cell(result.settings), ""] if result.settings else []
    lines += [f"Note: {md_cell(result.key_check)}", ""] if result.key_check else []   # grading/belong_note.py
    lines += _class_section(result, comma) + _question_section(result, comma) + _misconception_section(result, comma)
    lines += _student_section(result, comma) + _roster_section(result)
    return "\n".join(lines)


def _roster_section(result) -> list:
    """Students and key reconciled (--roster, per-student papers): missing and
    unknown students, and the warnings about the roster itself (WarningNote:
    ids differing only by leading zeros), which the command line prints too."""
    notes = result.roster_notes
    return ["## Roster", ""] + [f"- {md_cell(note)}" for note in notes] + [""] if notes else []


def _class_section(result, comma: bool = False) -> list:
    lines = ["## Class", ""]
    figures = class_figures(result, comma)
    lines += [f"{figures[0].upper()}{figures[1:]}.", ""] if figures else []
    rows = [[status.value, whole_number(result.counts[status], comma)   # ECF said beside correct
             + ecf_said(result.ecf * (status is Status.CORRECT), comma)] for status in Status]
    missing = missing_parts(result)
    rows += [[MISSING_PARTS, whole_number(missing, comma)]] * bool(missing)
    return lines + _table(["status", "answers"], rows) + _missing_note(result, missing, comma) + \
        blank_note(result, comma) + not_read_note(result.students, comma)


def _missing_note(result, missing: int, comma: bool = False) -> list:
    """What the status table's missing line counts, said when it holds absent students' parts,
    which the questions CSV's ``missing`` column leaves out (its students gave some answer)."""
    gone = [t for t in result.students if t.missing and not any(t.counts.values())]
    if not gone:
        return []
    parts, answered = sum(t.missing for t in gone), sum(q.missing for q in result.questions)
    who = "absent student's" if len(gone) == 1 else f"{whole_number(len(gone), comma)} absent students'"
    return [f"{MISSING_PARTS}: the parts of each student's paper with no answer row, the {who} "
            f"{count_text(parts, 'part', comma)} included, as the students CSV's missing column counts them; the "
            f"questions CSV's missing column counts only the students who gave some answer "
            f"({count_text(answered, 'part', comma)}).", ""]


def _question_section(result, comma: bool = False) -> list:
    rows = [[md_cell(q.question_id), md_cell(q.part), md_cell(q.cls), whole_number(q.students, comma),
             whole_number(q.counts[Status.CORRECT], comma),
             percent_text(q.percent_correct, comma) or "-",
             md_cell(said_counts(q.misconceptions[:3], result.names, comma)) or "-"] for q in result.questions]
    header = ["question", "part", "class", "students", "correct", "% correct", "most common misconceptions"]
    return ["## Questions", "", QUESTIONS_NOTE, ""] + _table(header, rows)


QUESTIONS_NOTE = ("% correct: correct answers over the students whose paper has the part (the students "
                  "column), a part a student never reached counting as not correct; the item analysis's "
                  "facility is over those who reached it (its reached column).")


def _misconception_section(result, comma: bool = False) -> list:
    """report.md's Misconceptions table: each code met, its name (a column only when the key names some),
    its answers, the parts it was met in and its feedback."""
    totals = {}
    where = {}
    for q in result.questions:
        for code, count in q.misconceptions:
            totals[code] = totals.get(code, 0) + count
            where.setdefault(code, []).append(f"{q.question_id}{q.part}")
    if not totals:
        return ["## Misconceptions", "", "No answer matched a known misconception.", ""]
    named = any(code in result.names for code in totals)   # a name column only when the key names some
    rows = [[md_cell(code), *[md_cell(result.names.get(code, ""))] * named, whole_number(count, comma),
             md_cell(", ".join(where[code])),
             md_cell(result.feedback.get(code) or code_in_words(code))]   # only overridden: the code in words
            for code, count in sorted(totals.items(), key=lambda item: (-item[1], item[0]))]
    return ["## Misconceptions", ""] + _table(["code", *["name"] * named, "answers", "questions", "feedback"], rows)


REPORT_STUDENTS = 500
"""Students listed in the Markdown report; every student is in the students CSV."""


def _student_section(result, comma: bool = False) -> list:
    """The students table; in the last column a roster student who gave no answer says so, one marked only by
    overrides scoring 0 (ZERO_MARKED) and one who answered no part why (student_notes.no_part_words)."""
    shown = result.students[:REPORT_STUDENTS]
    absent, marked, unplaced = set(result.absent), set(result.zero_marked), result.unplaced   # unplaced: {id: words}
    sections = any(t.section for t in result.students)   # a section column only when the roster gives some
    rows = [[md_cell(t.student_id), md_cell(t.name), *[md_cell(t.section) or "-"] * sections,
             *(decimal_mark(text, comma) for text in (number_text(t.score), number_text(t.max_score),
                                                      one_place(t.percent))),
             absent_words(t.student_id in absent, t.student_id in marked, unplaced.get(t.student_id, ""))
             or md_cell("; ".join(said(code, result.names) for code in t.misconceptions)) or "-"] for t in shown]
    lines = ["## Students", ""]
    if len(shown) < len(result.students):
        where = result.paths.get("students")
        lines += [f"The first {whole_number(len(shown), comma)} of {whole_number(len(result.students), comma)} "
                  f"students, in the order of {md_cell(where.name) if where else 'the students CSV'}, which has "
                  "every student.", ""]
    return lines + _table(["student", "name", *["section"] * sections, "score", "max", "%", "misconceptions"], rows)
