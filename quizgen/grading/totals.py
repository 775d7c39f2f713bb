"""Each student's total and each question part's statistics over the class, from the totals
(tally.py), in the order the students CSV and every list of students give them (``roster_order``)."""

from __future__ import annotations

from fractions import Fraction
from dataclasses import dataclass, field

from quizgen.key.status import VERDICTS, Status

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
