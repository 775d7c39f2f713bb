"""What grading reports, from the totals (tally.py): per-student totals and per-question statistics, the
per-student and per-question CSVs, the Markdown report (its heading naming the exam where the key records it)
and the short summary printed on stdout (its figures written by quizgen/report/formatting.py)."""

from __future__ import annotations

import statistics
from fractions import Fraction
from dataclasses import dataclass, field

from quizgen.cells import spreadsheet_safe
from quizgen.wording import printable
from quizgen.grading.off_roster import WarningNote
from quizgen.grading.paths import BUILT_FROM
from quizgen.grading.look_at import not_read_note, review_hint
from quizgen.grading.read_as import answers_named, answers_read_as
from quizgen.grading.student_notes import absent_groups, blank_note, students_text
from quizgen.key.parts import code_in_words
from quizgen.key.status import VERDICTS, Status
from quizgen.report.formatting import (counted_name, decimal_mark, ecf_said, md_cell, number_text, one_place,
                                       said, said_counts, whole_number)
from quizgen.report.model import absent_words
from quizgen.report.tables import roster_centre
from quizgen.report.title import markdown_heading

_SCORED_NAMES = tuple(s.value for s in VERDICTS)   # the CSV columns correct, imprecise, incorrect, ... blank
STUDENT_COLUMNS = ("student_id", "name", "score", "max_score", "percent", *_SCORED_NAMES, "missing",
                   "unknown_question", "superseded", "misconceptions", "not_read")   # new columns last
QUESTION_COLUMNS = ("question_id", "part", "class", "template", "points", "students", *_SCORED_NAMES,
                    "missing", "percent_correct", "mean_score", "misconceptions", "ecf")   # new columns last

@dataclass
class StudentTotal:
    """One student's result."""

    student_id: str
    name: str
    score: float
    max_score: float
    counts: dict
    missing: int
    misconceptions: dict = field(default_factory=dict)
    section: str = ""   # the roster's section column for them (student_sections)
    not_read: int = 0   # their rows graded against no part (Tally.unread): invalid, but no part's verdict

    @property
    def percent(self) -> float:
        return 100.0 * self.score / self.max_score if self.max_score else 0.0


@dataclass
class QuestionStats:
    """One question part's statistics over the class."""

    question_id: str
    part: str
    cls: str
    template: str
    points: float
    students: int
    counts: dict
    score: float
    misconceptions: list
    ecf: int = 0   # its answers correct by error carried forward (tally.correct_by_ecf)

    @property
    def missing(self) -> int:
        graded = sum(self.counts[s] for s in VERDICTS)
        return max(self.students - graded, 0)

    @property
    def percent_correct(self):
        """The share correct in percent, exact (a Fraction), so that a tie rounds as the papers round it."""
        return Fraction(100 * self.counts[Status.CORRECT], self.students) if self.students else None

    @property
    def mean_score(self):
        return self.score / self.students if self.students else None


def roster_order(students) -> list:
    """The students' numbers in the order of the students CSV and every list of
    students: with ``--roster``, the roster's order (a pasted column then lines
    up with the roster and the gradebook), then the students it lacks in the
    order first met; without, the order first met (the key's absentees last)."""
    if not students.roster:
        return list(range(len(students.ids)))
    listed = dict.fromkeys(n for n in map(students.find, (s.student_id for s in students.roster)) if n is not None)
    return [*listed, *(n for n in range(len(students.ids)) if n not in listed)]


def student_sections(students) -> dict:
    """{student number: section} of the students whose --roster row gives a section ({} without one)."""
    found = ((students.find(s.student_id), s.section) for s in students.roster if getattr(s, "section", ""))
    return {n: section for n, section in found if n is not None}


def student_totals(tally, students) -> list:
    """A StudentTotal for every student, in roster_order, from ``tally`` (a grading.tally.Tally)."""
    totals = []
    codes = tally.student_codes
    papers, sections = students.papers, student_sections(students)
    for i in roster_order(students):
        student_id, paper = students.ids[i], papers[i]
        counts = tally.student_counts[i]   # a row graded against no part is in no verdict: its part stays
        graded = sum(map(counts.__getitem__, VERDICTS))   # missing, as in the questions CSV
        totals.append(StudentTotal(student_id, students.names[i], tally.student_score[i], paper.max_score,
                                   dict(counts), max(paper.part_count - graded, 0),
                                   dict(sorted(codes[i].items())) if i in codes else {}, sections.get(i, ""),
                                   tally.unread.get(i, 0)))
    return totals


def question_stats(tally, slot_info: list, class_sizes: list) -> list:
    """A QuestionStats for every question part of the key, in key order, from ``tally`` (a Tally)."""
    stats = []
    for slot, info in enumerate(slot_info):
        counts = dict(tally.slot_counts[slot])
        codes = sorted(tally.slot_codes[slot].items(), key=lambda item: (-item[1], item[0]))
        stats.append(QuestionStats(info["question_id"], info["part"], info["class"], info["template"],
                                   info["points"], class_sizes[slot], counts, tally.slot_score[slot], codes,
                                   tally.slot_ecf[slot]))
    return stats


def _count(n: int, noun: str, comma: bool = False) -> str:
    """'1 answer', '54,000 answers' (thousands grouped as ``whole_number`` groups them)."""
    return f"1 {noun}" if n == 1 else f"{whole_number(n, comma)} {noun}s"


def _answers_text(result, comma: bool = False) -> str:
    """'38 answers', and the rows overrides made, which the status counts include."""
    made = result.made_rows
    return _count(result.rows, "answer", comma) + (f" (and {_count(made, 'row', comma)} made by overrides)"
                                                   if made else "")


def _percent_text(value, comma: bool = False) -> str:
    """A percentage to one decimal ("" for None), with the class's decimal mark."""
    return "" if value is None else decimal_mark(one_place(value), comma)


def _codes_text(codes) -> str:
    return "; ".join([f"{code} ({count})" for code, count in (codes.items() if isinstance(codes, dict) else codes)])


def student_rows(totals: list):
    """The rows of the per-student CSV (header first); a last column ``section``
    when the roster gives some student one."""
    sections = any(t.section for t in totals)
    yield list(STUDENT_COLUMNS) + ["section"] * sections
    for t in totals:
        c = t.counts
        yield [spreadsheet_safe(t.student_id), spreadsheet_safe(t.name), number_text(t.score),
               number_text(t.max_score), one_place(t.percent), *map(c.__getitem__, VERDICTS), t.missing,
               c[Status.UNKNOWN_QUESTION], c[Status.SUPERSEDED], spreadsheet_safe(_codes_text(t.misconceptions)),
               t.not_read, *[spreadsheet_safe(t.section)] * sections]


def question_rows(stats: list):
    """The rows of the per-question CSV (header first)."""
    yield list(QUESTION_COLUMNS)
    for q in stats:
        c = q.counts
        mean = "" if q.mean_score is None else number_text(q.mean_score)
        yield [*map(spreadsheet_safe, (q.question_id, q.part, q.cls, q.template)), number_text(q.points),
               q.students, *(c[s] for s in VERDICTS), q.missing,
               _percent_text(q.percent_correct), mean, spreadsheet_safe(_codes_text(q.misconceptions)), q.ecf]


# ------------------------------------------------------------------ Markdown

def _table(header: list, rows: list) -> list:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"]
    lines += ["| " + " | ".join(map(str, row)) + " |" for row in rows]
    return lines + [""]


def class_percentages(result) -> list:
    return [t.percent for t in result.students if t.max_score]


def class_figures(result, comma: bool = False, median: bool = True) -> str:
    """The class's centre and range: ``mean 56.2%, median 60.0%, lowest 0.0%,
    highest 100.0%`` ("" with no percentages), the median left out when not
    ``median`` (stdout leaves it out when nobody is absent; report.md's class
    line always gives it). With roster absentees, both centres, each labelled:
    over everyone listed (the absent counted as 0%; roster_centre, as the
    item analysis gives them) and, with the range, over those who answered,
    as the class report's figures count them."""
    percents = class_percentages(result)
    if not percents:
        return ""
    absent = set(result.absent)
    answered = [t.percent for t in result.students if t.max_score and t.student_id not in absent]
    if not absent:
        return _centre(percents, comma, median) + _range(percents, comma)
    mean, middle, who = roster_centre(result.students, len(percents) - len(answered), comma)
    everyone = _said(mean, middle, comma, median) + who
    if not answered:
        return everyone + _range(percents, comma)
    return (f"{everyone}; {_centre(answered, comma, median)}{_range(answered, comma)} over the "
            f"{whole_number(len(answered), comma)} who answered")


def _centre(percents: list, comma: bool, median: bool) -> str:
    """``mean 56.2%, median 60.0%`` of ``percents`` (the median left out when not ``median``)."""
    return _said(statistics.fmean(percents), statistics.median(percents), comma, median)


def _said(mean: float, middle: float, comma: bool, median: bool) -> str:
    """``mean 56.2%, median 60.0%`` (the median left out when not ``median``)."""
    said = f"mean {_percent_text(mean, comma)}%"
    return said + (f", median {_percent_text(middle, comma)}%" if median else "")


def _range(percents: list, comma: bool) -> str:
    """``, lowest 0.0%, highest 100.0%``."""
    return f", lowest {_percent_text(min(percents), comma)}%, highest {_percent_text(max(percents), comma)}%"


def report_markdown(result) -> str:
    """The readable report: class summary, questions, misconceptions, students;
    every figure with a decimal comma when the class wrote them (``result.decimal_comma``)."""
    comma = result.decimal_comma
    lines = [markdown_heading(result.exam), "",
             f"Answers: {answers_named(result, md_cell)}; key: {md_cell(result.key_name)}; "
             f"{_answers_text(result, comma)} from {students_text(result, comma)}.", ""]
    lines += [md_cell(result.settings), ""] if result.settings else []
    lines += [f"Note: {md_cell(result.key_check)}", ""] if result.key_check else []   # too few answers to check
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
    missing = _missing_parts(result)
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
            f"{_count(parts, 'part', comma)} included, as the students CSV's missing column counts them; the "
            f"questions CSV's missing column counts only the students who gave some answer "
            f"({_count(answered, 'part', comma)}).", ""]


MISSING_PARTS = "missing (no answer row)"
"""The status tables' line for the parts of the students' papers no row answered (console and report.md alike)."""


def _missing_parts(result) -> int:
    """The question parts of the students' papers no row answered (the absent's
    included): each scores 0, and no status counts it, since no row has one."""
    return sum(t.missing for t in result.students)


def _question_section(result, comma: bool = False) -> list:
    rows = [[md_cell(q.question_id), md_cell(q.part), md_cell(q.cls), whole_number(q.students, comma),
             whole_number(q.counts[Status.CORRECT], comma),
             _percent_text(q.percent_correct, comma) or "-",
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
SUMMARY_WIDTH = 80   # the summary's table lines: a misconception's name is cut short to stay within it


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


# ------------------------------------------------------------------ stdout

def summary_text(result) -> str:
    """The short summary printed by ``quizgen grade``."""
    comma, read_as = result.decimal_comma, result.read_as or answers_read_as(result)
    lines = [f"Graded {_answers_text(result, comma)} from {students_text(result, comma)} "
             f"against {result.key_name} ({read_as}).", ""]
    lines += [f"  {status.value:<24}{whole_number(result.counts[status], comma):>8}"   # ECF as report.md
              f"{ecf_said(result.ecf * (status is Status.CORRECT), comma)}" for status in Status
              if result.counts[status] or status in (Status.CORRECT, Status.INCORRECT)]
    missing = _missing_parts(result)
    lines += [f"  {MISSING_PARTS:<24}{whole_number(missing, comma):>8}"] * bool(missing)
    lines += ["", f"  {'question':<10}{'part':<6}{'% correct':>10}  most common misconception (answers)"]
    for q in result.questions:
        head = f"  {q.question_id:<10}{q.part:<6}{_percent_text(q.percent_correct, comma) or '-':>10}  "
        top = counted_name(*q.misconceptions[0], result.names, SUMMARY_WIDTH - len(head)) if q.misconceptions else "-"
        lines.append(head + top)
    lines += _percent_legend(result, comma)
    figures = class_figures(result, comma, median=bool(result.absent))
    lines += ["", f"Class: {figures}."] if figures else []
    folder = next(iter(result.paths.values())).parent if result.paths else ""
    names = ", ".join(p.name for role, p in result.paths.items() if role != "feedback")
    lines.append(f"Wrote {names} in {folder}/")
    built = [path for path, role in result.files.items() if f" {BUILT_FROM} " in role]
    if built:   # an LMS download's answers and key, which grade read in its place
        lines.append(f"Wrote {' and '.join(p.name for p in built)} (the answers and key read from the download) "
                     f"in {built[0].parent}/")
    if "feedback" in result.paths:   # its own folder, wherever it is
        lines.append(f"Wrote the feedback sheets in {result.paths['feedback']}/ ({result.sheet_index} says which "
                     "sheet is whose)")
    lines += [f"Note: {note}" for note in result.notes if not isinstance(note, WarningNote)]   # said as warnings
    if (result.counts[Status.NEEDS_REVIEW] or result.counts[Status.INVALID]) and "graded" in result.paths:
        lines.append(review_hint(result.paths["graded"], bool(result.counts[Status.INVALID])))
    return "\n".join(map(printable, lines))


def _percent_legend(result, comma: bool = False) -> list:
    """The lines under the summary's table naming what % correct is out of: the
    students whose paper has the part, who answered something (a roster absentee
    is in no part's count), with each count when they differ; [] with no parts."""
    sizes = sorted({q.students for q in result.questions})
    if not sizes:
        return []
    sat = len(result.students) - len(result.absent)
    if sizes == [sat]:
        who = f"all {_count(sat, 'student', comma)} who answered (every paper has every part)"
    elif len(sizes) == 1:
        who = f"the {_count(sizes[0], 'student', comma)} whose paper has the part"
    else:
        who = (f"the students whose paper has the part ({whole_number(sizes[0], comma)} to "
               f"{whole_number(sizes[-1], comma)}, of {_count(sat, 'student', comma)} who answered)")
    absent = len(result.absent)
    left_out = (f"; the {' and the '.join(absent_groups(result, comma, legend=True))} {'is' if absent == 1 else 'are'} left out"
                if absent else "")
    return ["", f"  % correct: answers with status correct (ECF included) out of {who}{left_out};",
            "  partial, imprecise, incorrect, needs_review, invalid, blank and no answer count as not correct."]
