"""The plain data the class report reads (what grading hands over) and the
figures it computes. Inputs are NamedTuples so a caller may pass plain tuples
in the same order, and may share one verdict tuple between many students."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import NamedTuple, Optional, Sequence

from quizgen.key.status import VERDICTS, Status

COUNTED = tuple(s.value for s in (Status.CORRECT, Status.INCORRECT, Status.BLANK, Status.INVALID))
# counted in "other" and on their own too: rounded too early, 0 until a person reads it, no answer
LATER = (Status.PARTIAL.value,)   # a person's part marks: "other" too, the items CSV's last column (letters keep)
SPLIT = tuple(s.value for s in VERDICTS if s.value not in COUNTED + LATER) + ("missing",)   # imprecise, needs_review
STATUS_COUNTS = COUNTED + ("other",) + SPLIT + LATER   # the statuses ItemStats.counts counts, in the items CSV's order
ECF_COUNT = "ecf"   # ItemStats.counts' answers marked by error carried forward (tally.slot_ecf, by grading/outputs.add_ecf), if any
NOT_REACHED = "not_reached"   # ItemStats.counts' last key: the missing answers after the student's last answer
MISSING_WORDS = "missing (no answer)"
"""The students tables' last column (report.md, the HTML page) for a listed student who gave no answer."""
ZERO_MARKED = "absent (overrides: 0)"
"""The same column for a student marked only by overrides scoring 0: counted absent in the
figures, as the note says, though not missing (the gradebook and students CSV give them the overrides' 0)."""
ALL_BLANK = "no answer (every answer blank)"
"""The same column for a student whose every answer is blank (grading/student_notes.all_blank): counted
absent in the figures, though graded (the gradebook and students CSV give them their 0); the report's
"To act on" section lists them by these words (report/attention.py)."""


class Trap(NamedTuple):
    """One misconception a part can catch: its code, the feedback wording, the
    students (indexes) whose paper's draw cannot make it (a trap with a
    ``when:`` condition): they are left out of its shares, and its name in
    words ("the wrong sign inside the sigmoid"; "" when the key gives none)."""

    code: str
    feedback: str = ""
    absent: frozenset = frozenset()
    name: str = ""


class Part(NamedTuple):
    """One question part of the key (a slot of the class's verdicts)."""

    question_id: str
    part: str
    cls: str            # class of scenario, C1..C10 ("" when unknown)
    template: str
    points: float       # the part's maximum score
    traps: Sequence[Trap] = ()


class Verdict(NamedTuple):
    """A student's final verdict on one part: status (correct, incorrect, blank,
    invalid, superseded, unknown, ...), score, and the misconception code met ("")."""

    status: str
    score: float
    code: str = ""


class Student(NamedTuple):
    """One student: id, name, and one verdict per part (in the order of the parts);
    ``None`` where the student's paper has no such part. ``only_overrides``: the
    answers file has no row of theirs, so every verdict not ``missing`` is a
    marker's (grade's ``--overrides``): no answer says where they stopped.
    ``zero_marked``: no answer row, only overrides scoring 0 (grading/students.zero_marked),
    so every verdict is ``missing`` or None, as for one who gave no answer, but the
    report calls them absent (ZERO_MARKED), not missing. ``section``: the roster's
    section for them ("" when none), which the report's sections table groups by."""

    student_id: str
    name: str
    verdicts: Sequence[Optional[Verdict]]
    only_overrides: bool = False
    zero_marked: bool = False
    section: str = ""
    no_part: str = ""   # why an absent student answered no part of their paper (grading/student_notes.NO_PART_*), else ""
    no_row: tuple = ()   # an absent student's parts (by place) the answers file has no row for: not blanks


@dataclass
class TrapShare:
    """How many students fell into one trap of a part: a share overall and in
    the lower and upper 27% groups (``None`` when the group has nobody); ``of``:
    the students the share is over (who reached the part and whose draw can make the trap);
    ``name``: the trap's name in words, "" when the key gives none."""

    code: str
    feedback: str
    count: int
    share: Optional[Fraction]   # exact, as lower and upper are: the reports round a tie away from zero
    lower: Optional[Fraction]
    upper: Optional[Fraction]
    of: int = 0
    lower_places: float = 0.0   # the places of the lower group the share is over (its members who can make it)
    upper_places: float = 0.0
    name: str = ""


@dataclass
class ItemStats:
    """The item analysis of one part (``part`` set) or one whole question (``part`` "")."""

    question_id: str
    part: str
    cls: str
    template: str
    points: float
    students: int = 0                            # whose paper has it
    counts: dict = field(default_factory=dict)   # STATUS_COUNTS, then NOT_REACHED
    facility: Optional[Fraction] = None           # exact (scores.exact_ratio): a tie rounds away from 0
    discrimination: Optional[float] = None       # upper-lower 27% index
    point_biserial: Optional[float] = None       # item-rest r: Pearson's r of the score with the rest of the paper
    traps: list = field(default_factory=list)    # TrapShare; a question's: its students who met it in any part
    reasons: list = field(default_factory=list)  # why the item is flagged (empty: not flagged)
    uniform: bool = False                        # every student who sat it scored the same
    reached: int = 0                             # the students in its figures: those who sat it, less the not reached
    dr_students: int = 0                         # the students in D and r: a part's reached; a question's, those
    #                                              who reached every part of it on their paper
    group_lower: float = 0.0                     # the places of the lower 27% group among those students (D's)
    group_upper: float = 0.0                     # ... and of the upper group
    no_dr: str = ""                              # why D and r are n/a for an item that varies (columns.no_comparison)
    common_wrong: Optional[tuple] = None         # a part's most common wrong number: (as written, students, trap
    #                                              code or ""), grading/common_wrong.py; None when not known

    @property
    def label(self) -> str:
        return f"{self.question_id}{self.part}"

    @property
    def flagged(self) -> bool:
        return bool(self.reasons)


@dataclass
class TestStats:
    """Whole-test figures. Scores are percentages of each student's own paper;
    reliability uses the students whose paper has every part (``complete``)."""

    students: int = 0
    complete: int = 0
    group: int = 0                       # the places in each of the upper and lower groups
    shared_places: bool = False          # students tied at a group's edge share its last places
    absent: int = 0                      # listed students with no answer at all, left out of every figure
    mean: Optional[float] = None
    median: Optional[float] = None
    sd: Optional[float] = None
    kr20: Optional[float] = None         # only when right_wrong: then it equals alpha
    right_wrong: bool = False            # every part worth the same, every score 0 or full marks
    alpha: Optional[float] = None
    sem: Optional[float] = None          # in percentage points, from alpha
    same_totals: bool = False            # every student with every part has the same total: alpha undefined
    histogram: list = field(default_factory=list)   # students per 10-point band: 0 to under 10 ... 90 to 100
    only_overrides: int = 0              # students in the figures marked only by overrides (override_only.py)
    alpha_without: Optional[float] = None   # alpha without them
    sd_without: Optional[float] = None      # the SD without them


@dataclass
class ClassStats:
    """One class of scenario (C1..C10): the share of its parts' points the class earned
    (the parts' facilities weighted by points and students) and the misconceptions met."""

    cls: str
    parts: int
    facility: Optional[Fraction]
    misconceptions: list   # [(code, answers)], most common first


@dataclass
class StudentRow:
    """One student's line of the report."""

    student_id: str
    name: str
    score: float
    max_score: float
    percent: Optional[float]
    codes: list
    absent: bool = False   # listed but gave no answer at all: shown as missing, not as a zero among the sat
    zero_marked: bool = False   # absent, marked only by overrides scoring 0: shown as ZERO_MARKED
    section: str = ""   # the roster's section (sections.add_sections), shown when some student has one
    no_part: str = ""   # why an absent student's rows answered no part of their paper (Student.no_part)

    def absent_words(self) -> str:
        """The last column's words for an absent student (MISSING_WORDS, ZERO_MARKED or why no part was answered)."""
        return absent_words(self.absent, self.zero_marked, self.no_part)


def absent_words(absent: bool, zero_marked: bool, no_part: str = "") -> str:
    """How the students tables (HTML and report.md) name a student who gave no
    answer: ZERO_MARKED when marked only by overrides scoring 0, ``no_part`` (why
    their rows answered no part of their paper) when given, else MISSING_WORDS; "" for one who sat."""
    return (ZERO_MARKED if zero_marked else no_part or MISSING_WORDS) if absent else ""


@dataclass
class Analysis:
    """Everything the class report shows."""

    parts: list          # ItemStats per part, in key order
    questions: list      # ItemStats per question, in order of first appearance
    test: TestStats
    classes: list        # ClassStats
    heat: dict           # {code: {question_id: share of the question's students, a Fraction}}
    heat_counts: dict    # {code: {question_id: students}}
    feedback: dict       # {code: feedback wording}
    students: list       # StudentRow
    to_act: list = field(default_factory=list)   # attention.ToAct: awaiting a person, or stopped early
    unanswered: list = field(default_factory=list)   # labels of the parts on some paper that no student answered
    sections: list = field(default_factory=list)   # sections.SectionStats per section, the whole class last ([]: none)
    names: dict = field(default_factory=dict)   # {code: its name in words}, the codes some trap names (formatting.named)
    pooled: bool = False   # the students' papers differ (per-student papers): each item pools their own numbers
    carried: list = field(default_factory=list)   # per part {kind: (answers, points)}: grading/carried_counts.py
