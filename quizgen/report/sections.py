"""The class report's figures by section: when the roster gives each student a
section (``Section`` or ``Groups``: quizgen/roster.py), how many of each
section answered and were absent, their mean, median and standard deviation
of percentage, and each question's mean score by section; for the Markdown
sections and the HTML page alike, a decimal comma where the class writes one."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field
from typing import Optional

from quizgen.question_ids import natural_order
from quizgen.report.formatting import decimal_mark, one_place, whole_number
from quizgen.report.model import Analysis
from quizgen.report.notes import NA, SMALL_MARK
from quizgen.report.who_answered import split_words
from quizgen.scores import score_total

SMALL_SECTION = 5
"""Below this many students who answered, a section's figures are marked (SMALL_MARK) and read as hints."""
NO_SECTION = "(no section)"
WHOLE_CLASS = "whole class"
SECTIONS_NOTE = ("Each section's figures are over its students who answered, as the class's are: the absent "
                 "(roster students with no answer, listed under Roster and in the students table) are counted "
                 "apart and left out. A percentage is of the student's own paper; SD is the standard deviation of "
                 "the percentages in percentage points, dividing by n as every SD in this report (n/a below 2 "
                 "students).")
QUESTIONS_NOTE = ("Mean score per question by section: the section's mean of each student's score on the question "
                  "as a percentage of its points, over those who answered and whose paper has it; a part not "
                  "reached counts 0, as in the scores.")
NO_SECTION_NOTE = (f"{NO_SECTION}: students the roster gives no section, or who are not on the roster.")
OVERRIDES_NOTE = ("A student marked only by overrides (no answer row) answered nothing, but is in the figures "
                  "with the marks given, as in the class's: the students column says how many.")


@dataclass
class SectionStats:
    """One section's figures (``name`` "" for students with none): students who
    answered, absent, the centre and spread of the percentages of those who
    answered, and each question's mean percentage of its points (None: nobody)."""

    name: str
    graded: int = 0
    absent: int = 0
    mean: Optional[float] = None
    median: Optional[float] = None
    sd: Optional[float] = None
    questions: dict = field(default_factory=dict)
    whole: bool = False   # the whole class's row, never marked small
    left_out: tuple = ()   # the parts no student answered (Analysis.unanswered): out of the question means
    only: int = 0   # of ``graded``, those marked only by overrides (no answer row: they answered nothing)

    @property
    def small(self) -> bool:
        return self.graded < SMALL_SECTION and not self.whole


def add_sections(analysis: Analysis, parts, students) -> None:
    """Give ``analysis`` its figures by section (``section_stats``) and each
    student row its section, which the page's students table shows."""
    analysis.sections = section_stats(analysis, parts, students)
    if analysis.sections:
        for student, row in zip(students, analysis.students):
            row.section = getattr(student, "section", "")


def section_stats(analysis: Analysis, parts, students) -> list:
    """Each section's SectionStats, in natural order of the names (``(no
    section)`` last), then the whole class's; [] when no student has a section.
    ``students`` (report Student tuples, their ``section``) are
    ``analysis.students``' in the same order."""
    if not any(getattr(s, "section", "") for s in students):
        return []
    members = {}
    for student, row in zip(students, analysis.students):
        members.setdefault(getattr(student, "section", ""), []).append((student, row))
    names = sorted(members, key=lambda name: (not name, natural_order(name)))
    everyone = [pair for name in names for pair in members[name]]
    silent = tuple(analysis.unanswered)
    whole = _stats(WHOLE_CLASS, everyone, parts, silent)
    whole.whole = True
    return [_stats(name, members[name], parts, silent) for name in names] + [whole]


def _stats(name: str, pairs: list, parts, silent: tuple = ()) -> SectionStats:
    """One section's figures from its (Student, StudentRow) pairs; the parts labelled in ``silent``
    (no student answered them) are left out of each question's mean, as the item analysis leaves them
    out of their question's figures: their 0s say the answers were lost, not what the section knows."""
    sat = [(student, row) for student, row in pairs if not row.absent]
    percents = [row.percent for _, row in sat if row.percent is not None]
    found = SectionStats(name, len(sat), len(pairs) - len(sat), left_out=silent,
                         only=sum(bool(getattr(student, "only_overrides", False)) for student, _ in sat))
    if percents:
        found.mean, found.median = statistics.fmean(percents), statistics.median(percents)
        found.sd = statistics.pstdev(percents) if len(percents) > 1 else None
    for question in dict.fromkeys(p.question_id for p in parts):
        found.questions[question] = _question_mean([s.verdicts for s, _ in sat], parts, question, silent)
    return found


def _question_mean(rows: list, parts, question: str, silent: tuple = ()) -> Optional[float]:
    """The mean, over the students whose paper has ``question``, of their score on
    it as a percentage of its points, the parts labelled in ``silent`` left out (None when no
    paper has it, or it is worth 0)."""
    slots = [k for k, p in enumerate(parts) if p.question_id == question and f"{p.question_id}{p.part}" not in silent]
    shares = []
    for verdicts in rows:
        on = [k for k in slots if verdicts[k] is not None]
        points = score_total(float(parts[k].points) for k in on)
        if points:
            shares.append(100 * score_total(float(verdicts[k][1]) for k in on) / points)
    return statistics.fmean(shares) if shares else None


def _percent(value, comma: bool) -> str:
    return NA if value is None else decimal_mark(one_place(value), comma)


def _label(section: SectionStats) -> str:
    return section.name or NO_SECTION


def summary_rows(sections: list, comma: bool = False) -> list:
    """The sections table's rows: section, students who answered (marked † below
    SMALL_SECTION; with those marked only by overrides, ``3 (2 who answered and 1 marked only by
    overrides)``), absent, mean %, median %, SD; the whole class last."""
    return [[_label(s), whole_number(s.graded, comma) + SMALL_MARK * s.small
             + (f" ({split_words(s.graded, s.only, comma)})" if s.only else ""),
             whole_number(s.absent, comma), _percent(s.mean, comma), _percent(s.median, comma), _percent(s.sd, comma)]
            for s in sections]


SUMMARY_HEADER = ["section", "students who answered", "absent", "mean %", "median %", "SD (percentage points)"]
IN_FIGURES = "students in the figures"
"""The students column's name when some student in it was marked only by overrides (who answered nothing)."""


def summary_header(sections: list) -> list:
    """SUMMARY_HEADER, its students column IN_FIGURES when some section has students marked only by overrides."""
    marked = any(s.only for s in sections)
    return [SUMMARY_HEADER[0], IN_FIGURES if marked else SUMMARY_HEADER[1], *SUMMARY_HEADER[2:]]


def question_table(sections: list, comma: bool = False) -> tuple:
    """``(header, rows)`` of the mean score per question by section: a row per
    question, a column per section (a small one's name marked †), the whole class last."""
    header = ["question"] + [_label(s) + SMALL_MARK * s.small for s in sections]
    questions = list(sections[0].questions) if sections else []
    return header, [[q] + [_percent(s.questions[q], comma) for s in sections] for q in questions]


def section_notes(sections: list, comma: bool = False) -> list:
    """The sentences above the tables: what they count, ``(no section)``, and the small sections' caveat."""
    notes = [SECTIONS_NOTE]
    if any(not s.name for s in sections):
        notes.append(NO_SECTION_NOTE)
    if any(s.only for s in sections):
        notes.append(OVERRIDES_NOTE)
    if any(s.small for s in sections):
        least = min((s.graded for s in sections if s.small and s.graded), default=0)
        here = (f" (here as few as {least} student{'' if least == 1 else 's'}: {_percent(100 / least, comma)} "
                "points)") if least else ""
        who = "students in its figures" if any(s.only for s in sections) else "students who answered"
        notes.append(f"{SMALL_MARK} a section with fewer than {SMALL_SECTION} {who}: one student's "
                     f"result moves its mean by up to 100/n percentage points{here}, so its figures are rough: read "
                     "them as hints, not as a comparison of sections.")
    return notes


def section_view(sections: list, comma: bool = False) -> dict:
    """What the HTML page's Sections shows (empty when no student has a section): its notes and two tables."""
    if not sections:
        return {}
    header, rows = question_table(sections, comma)
    return {"notes": section_notes(sections, comma), "header": summary_header(sections),
            "rows": summary_rows(sections, comma),
            "questions_note": questions_note(sections), "question_header": header, "question_rows": rows}


def questions_note(sections: list) -> str:
    """The sentence above the mean score per question by section, and which parts no student answered
    it leaves out (each question's points then those of its other parts), as the item analysis does."""
    silent = sections[0].left_out if sections else ()
    if not silent:
        return QUESTIONS_NOTE
    named = ", ".join(silent[:-1]) + " and " + silent[-1] if len(silent) > 1 else silent[0]
    return (f"{QUESTIONS_NOTE} {named}, which no student answered, {'is' if len(silent) == 1 else 'are'} left "
            "out here (of the question's points too), as the item analysis leaves "
            f"{'it' if len(silent) == 1 else 'them'} out of {'its question' if len(silent) == 1 else 'their questions'}"
            f"; the scores count {'it' if len(silent) == 1 else 'them'} 0.")
