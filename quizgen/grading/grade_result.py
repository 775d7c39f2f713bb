"""``GradeResult``, what ``grade`` did (grading/run.py): made from the pass's
tallies (``result_of``), then the warnings and notes added to it."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from quizgen.errors import Unfinished
from quizgen.grading.belong_note import KeyCheckNote
from quizgen.grading.file_warnings import file_warnings
from quizgen.grading.key_index import KeyIndex, found_key_note, traps_covered
from quizgen.grading.look_at import look_at_lines, unanswered_lines
from quizgen.grading.matrix import AnswerGrid, VerdictMatrix
from quizgen.grading.mixed_rows import mixed_lines
from quizgen.grading.off_roster import roster_twins_warnings
from quizgen.grading.student_notes import only_overridden
from quizgen.grading.totals import question_stats, student_totals
from quizgen.grading.tally import Tally
from quizgen.grading.timestamps import resubmission_lines, unread_time_lines
from quizgen.grading.students import Students
from quizgen.key.status import Status


@dataclass
class GradeResult:
    """What ``grade`` did: counts per Status, per-student totals (StudentTotal),
    per-question-part statistics (QuestionStats), the misconceptions' feedback,
    the files written, and ``matrix``: every student's final verdict on every
    question part (a VerdictMatrix, students in the order of ``students``)."""

    answers_path: Path
    key_name: str
    form: str
    delimiter: str
    encoding: str
    rows: int
    counts: dict
    students: list
    questions: list
    feedback: dict
    paths: dict = field(default_factory=dict)
    matrix: VerdictMatrix | None = None
    notes: list = field(default_factory=list)
    warnings: list = field(default_factory=list)   # e.g. overrides that matched no answer
    absent: list = field(default_factory=list)     # ids of who gave no answer (roster students, zero_marked)
    shared_ids: list = field(default_factory=list)   # ids whose rows name two people (same_id.py)
    roster_notes: list = field(default_factory=list)   # what reconciling students and key found
    made_rows: int = 0   # rows --overrides added for parts with no answer row (counted in ``counts``)
    decimal_comma: bool = False   # the outputs write decimal commas (AnswersFile.writes_comma): reports, summary
    files: dict = field(default_factory=dict)   # {path: role} of every file read or written but the sheets
    off_roster: tuple = ()   # ids graded though not on --roster; ``roster_ids``: the roster's (for hints)
    zero_marked: list = field(default_factory=list)   # ids in ``absent`` marked only by overrides scoring 0
    only_overrides: tuple = ()   # ids not in ``absent`` marked only by overrides: in the figures, they answered nothing
    unplaced: dict = field(default_factory=dict)   # {id in ``absent`` whose rows answer no part of their paper: its table words}
    roster_ids: tuple = ()
    papered: frozenset = frozenset()   # the ids of ``off_roster`` with a paper of their own in the key: no hint
    papers_used: dict = field(default_factory=dict)   # {student id: paper_written.Written}: graded on the code they wrote
    held: frozenset = frozenset()   # normal ids of a Moodle attempt still open, or none: no LMS gradebook grade
    roster_open: dict = field(default_factory=dict)   # {normal id: State}: --roster's attempt open beside a closed one
    unlisted: frozenset = frozenset()   # normal ids of roster students an LMS download lacks: no LMS gradebook grade
    zeros_lost: dict = field(default_factory=dict)   # {LMS download's id: the roster's, its leading zeros kept}
    blank_absent: tuple = (0, 0)   # (students whose every answer is blank, their blank answers): counted absent
    settings: str = ""   # "Marked with: ..." (run_settings.marked_with), at the top of the reports
    names: dict = field(default_factory=dict)   # {code: name}: the key's names of its traps (key.parts.trap_names)
    exam: str = ""   # the exam's title and course as the key records them (report.title.exam_words): report.md's heading
    key_check: str = ""   # the key check's note: too few answers to check, or a wrong key's sign (belong_note.py)
    read_as: str = ""     # an LMS download's kind, delimiter and encoding, as the summary names the file read
    sheet_index: str = ""   # the feedback folder's index this run wrote (index.csv, or index-2.csv: sheet_index.py)

    @property
    def ecf(self) -> int:
        """The correct answers marked by error carried forward, said beside correct's count (report.md, stdout)."""
        return sum(q.ecf for q in self.questions)

    @property
    def unfinished(self) -> bool:
        """Whether an output was not made as asked though every other was written (a warning
        that is ``errors.Unfinished``: no PDF feedback sheet made), so the command exits 1."""
        return any(isinstance(line, Unfinished) for line in self.warnings)


def add_warnings(result: GradeResult, source, index: KeyIndex, students: Students, decisions, data, override,
                 unnamed: list, checks: tuple, reconciled: list) -> None:
    """``result.warnings``, what a person should check, in order: overrides that matched no
    answer, the paper-code and belonging ``checks`` (those that found something), traps the
    tolerance override marks right, the answers file's (file_warnings: a download's
    ``unnamed`` first), what reconciling the students found (``reconciled``: ids two people
    share, a file whose every answer is blank), and roster entries that look alike; a check
    that is a note (KeyCheckNote: too few answers to check the key, or ECF's sign of a wrong one) goes to the notes."""
    result.warnings = ((decisions.unmatched if decisions is not None else [])
                       + [line for line in checks if line and not isinstance(line, KeyCheckNote)])
    result.key_check = next((line for line in checks if isinstance(line, KeyCheckNote)), "")
    result.notes += [result.key_check] if result.key_check else []   # too few answers to check the key, or ECF's sign
    result.warnings += traps_covered(data, override) + file_warnings(result, source, index, students,
                                                                      unnamed) + reconciled
    result.warnings += roster_twins_warnings(students)


def add_notes(result: GradeResult, decisions, source, found_key: Path | None, attempt_notes: list) -> None:
    """``result.notes`` after the roster's: what the overrides added (and ``made_rows``), the
    key.json found with no --key (``found_key``, None when one was given or built), and which
    attempts of a download were graded."""
    result.notes += decisions.made_note() if decisions is not None else []
    result.made_rows = decisions.made if decisions is not None else 0
    result.notes += found_key_note(source.path, found_key) if found_key is not None else []
    result.notes += attempt_notes


def result_of(source, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, *, rows: int, paths: dict,
              absent: list, roster_notes: list, marked: list, blanked: list, off: tuple, no_id_at: str,
              made: tuple) -> GradeResult:
    """What grade did (``made``: the VerdictMatrix and the key's trap names, made once for the class
    report too); a part's class size counts the students who answered something and have it on their
    paper, counted by their papers' masks (a per-student key's 2,000 papers share one); the questions CSV's
    counts leave out the answers of those ``marked`` (by overrides scoring 0) and ``blanked`` (every answer blank)."""
    matrix, names = made
    sat = set(range(len(students.paper_numbers))) - set(absent)   # absent: who gave no answer, and ``marked``
    masks = matrix.paper_masks()
    per_mask = Counter(masks[n] for n in sat)
    class_sizes = [sum(n for mask, n in per_mask.items() if mask[slot]) for slot in range(len(index.slots))]
    totals = student_totals(tally, students)
    stats = question_stats(tally, index.slots, class_sizes)
    _left_out(stats, [grid.row(n) for n in (*marked, *blanked)])
    blanks = sum(o.status is Status.BLANK for n in blanked for o in grid.row(n))
    result = GradeResult(source.path, index.name, source.form, source.delimiter, source.encoding, rows,
                         dict(tally.status), totals, stats, dict(tally.feedback), paths, matrix)
    result.absent, result.zero_marked = [students.ids[n] for n in absent], [students.ids[n] for n in marked]
    result.names, result.blank_absent = names, (len(blanked), blanks)
    result.only_overrides = tuple(students.ids[n] for n in only_overridden(matrix, sat))
    result.off_roster, result.roster_ids = tuple(off[0]), tuple(s.student_id for s in students.roster)
    result.papered = off[1]   # off: graded_off_roster's
    result.decimal_comma, result.roster_notes = source.writes_comma, roster_notes
    result.notes.extend(result.roster_notes)
    on_lines = tally.unplaced_lines if source.form == "wide" else None
    result.notes.extend(look_at_lines(result.matrix, result.counts, tally.slot_counts, tally.unread, on_lines, no_id_at,
                                      tally.header_at))
    answering = len(sat) - len(result.only_overrides)   # lost_parts' rule: those marked only by overrides answered none
    wide = source.form == "wide"   # a wide file's header warning names its missing columns
    result.notes.extend([] if wide else unanswered_lines(stats, answering))
    result.notes.extend(resubmission_lines(students.ids, tally.resubmitted, source.header, tally.time_order))
    result.notes.extend(mixed_lines(source, index, students, grid, tally.resubmitted))
    result.notes.extend(unread_time_lines(tally.time_order))
    return result


def _left_out(stats: list, rows: list) -> None:
    """The questions CSV's counts without the verdicts of the students it leaves out of its
    ``students`` (``rows``: marked only by overrides scoring 0, or every answer blank, counted absent), so that a
    part's counts add up to its students and its ``missing`` is its own students'."""
    for row in rows:
        for stat, outcome in zip(stats, row):
            if outcome.status is not None:
                stat.counts[outcome.status] -= 1
                stat.score -= outcome.score
