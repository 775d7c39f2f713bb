"""Running totals of grading: answers per status, and per student and per
question part the statuses, scores and misconceptions. Rows that cannot be
graded and superseded answers are counted as they are met; the latest answer of
every (student, part) is counted once at the end from the grid (``count_latest``;
its ECF count, ``slot_ecf``, is the one the class report gives too)."""

from __future__ import annotations

from collections import Counter
from itertools import chain, compress
from math import fsum
from operator import attrgetter

from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import NO_ANSWER
from quizgen.key.parts import code_in_words
from quizgen.key.status import SCORED, Status
from quizgen.marking.quotes import from_own_answers, tells_a_slip
from quizgen.marking.rule_model import ECF
from quizgen.scores import adds_exactly, score_total

_STATUS, _SCORE, _MISCONCEPTION = attrgetter("status"), attrgetter("score"), attrgetter("misconception")


_STATUSES = tuple(Status)   # iterating the Enum class runs Python code; this tuple does not


def status_counts() -> dict:
    """{Status: 0} for every status, in Status order."""
    return dict.fromkeys(_STATUSES, 0)


NO_ID_KEPT = 10   # lines with no student id kept to name (grading/no_id.py); the rest are counted
NAME_CHARS = 60   # of such a line's name cell
LABELS_KEPT = 100   # labels naming no part of the key kept by name (Tally.unknown_labels)
MORE_LABELS = (None, None)   # Tally.unknown_labels' entry for the rows of labels past LABELS_KEPT


class Tally:
    """The totals, updated without holding any row. ``key_wording(slot, code)``:
    the key's wording of a misconception in a part (see :func:`key_trap_wording`),
    for the parts where only answers not in its words met it (overridden, or
    worded from a student's own numbers)."""

    def __init__(self, slots: int, key_wording=None):
        self.slots = slots
        self.key_wording = key_wording
        self.status = status_counts()
        self.student_counts = []      # per student: {Status: answers}
        self.student_score = []
        self.student_codes = {}       # {student: {code: answers}}
        self.slot_counts = [status_counts() for _ in range(slots)]
        self.slot_score = [0.0] * slots
        self.slot_codes = [{} for _ in range(slots)]
        self.slot_ecf = [0] * slots   # final answers marked by error carried forward (note ``ecf``), per part
        self.wordings = {}            # {code: {slot: its wording there, or None where answers word it differently}}
        self.overridden = {}          # {code: {slot}}: met in answers worded not as the key (an override, own numbers)
        self.unread = {}              # {student: rows not read as a row}, -1 for rows whose id could not be read
        self.resubmitted = {}         # {student: their answers a later one to the same part superseded}
        self.unplaced_lines = {}      # {"named", "anonymous" or "no_id": file lines}: see count_unplaced
        self._last_line = {}          # {kind: the file line last counted}
        self.no_id_at = []            # [(file line, its name cell)]: the first NO_ID_KEPT lines with no student id
        self.header_at = []           # the first NO_ID_KEPT file lines that repeat the header line
        self.unknown_labels = {}      # {(question, part) as a row wrote them: [why no part, rows]}: count_unknown_label
        self.unknown_label_lines = {}   # {such a label: the file line of its first row}
        self.time_order = None        # with a timestamp column: how resubmissions were settled (timestamps.TimeOrder)

    def grow(self, students: int) -> None:
        """Make room for students up to number ``students``."""
        while len(self.student_score) < students:
            self.student_score.append(0.0)
            self.student_counts.append(status_counts())

    def keep_students(self, keep: list, new: dict) -> None:
        """Keep the per-student counts of the students numbered ``keep`` only,
        renumbered by ``new`` (old number -> new); -1 (rows whose id could not be read) stays."""
        self.student_counts = [self.student_counts[n] for n in keep if n < len(self.student_counts)]
        self.student_score = [self.student_score[n] for n in keep if n < len(self.student_score)]
        for name in ("student_codes", "resubmitted", "unread"):
            counts = getattr(self, name)
            setattr(self, name, {(new[n] if n >= 0 else n): c for n, c in counts.items() if n < 0 or n in new})

    def code(self, student: int, slot: int, code: str, feedback: str | None) -> None:
        """Count one misconception met by ``student`` on question part ``slot``
        (``feedback``: its wording; None after an override, whose feedback may
        be the marker's comment, or for a trap worked from the student's own
        answers: the key's wording of that part stands in)."""
        codes = self.student_codes.setdefault(student, {})
        codes[code] = codes.get(code, 0) + 1
        slot_codes = self.slot_codes[slot]
        slot_codes[code] = slot_codes.get(code, 0) + 1
        self.word(slot, code, feedback)

    def word(self, slot: int, code: str, feedback: str | None) -> None:
        """Note ``feedback`` as misconception ``code``'s wording in part ``slot``
        (``code``): the same for one answer or many with one outcome."""
        if feedback is None:
            if self.key_wording is not None:
                self.overridden.setdefault(code, set()).add(slot)
        else:
            by_slot = self.wordings.setdefault(code, {})
            if by_slot.setdefault(slot, feedback) != feedback:
                by_slot[slot] = None   # per-student papers: each student's own numbers in it

    @property
    def feedback(self) -> dict:
        """{code: its class-wide wording} (see :func:`class_wording`), the same
        whether or not an override confirmed an answer that met it."""
        codes = dict.fromkeys(chain(self.wordings, self.overridden))
        return {code: class_wording(code, self._wording_by_slot(code)) for code in codes}

    def _wording_by_slot(self, code: str) -> dict:
        """``code``'s wording in each part it was met in: the answers' own, and
        the key's in a part where only answers not in its words met it."""
        by_slot = dict(self.wordings.get(code, {}))
        for slot in self.overridden.get(code, ()):
            if slot not in by_slot:
                by_slot[slot] = self.key_wording(slot, code)
        return by_slot

    def count(self, student: int, slot: int, outcome) -> None:
        """Count one answer's outcome for ``student`` (-1: none) on question
        part ``slot`` (-1: none)."""
        status = outcome.status
        self.status[status] += 1
        if student < 0:
            return
        self.grow(student + 1)
        if slot >= 0 or status is not Status.INVALID:   # graded against no part: no part's verdict (Tally.unread)
            self.student_counts[student][status] += 1
        if status in SCORED and slot >= 0:
            self.slot_counts[slot][status] += 1
            self.slot_score[slot] += outcome.score
            self.student_score[student] += outcome.score
            if outcome.misconception:
                self.code(student, slot, outcome.misconception, _trap_wording(outcome))

    def count_header(self, line: int) -> None:
        """Keep the file ``line`` of a row that repeats the header (one a wide line's answers), the first NO_ID_KEPT."""
        if len(self.header_at) < NO_ID_KEPT and line not in self.header_at[-1:]:
            self.header_at.append(line)

    def count_unknown_label(self, question: str, part: str, reason: str, rows: int = 1, line: int = 0) -> None:
        """Count a student's row whose question and part name no part of the key
        (``C1`` for Q1, part ``1`` for a), by label: at most LABELS_KEPT labels, the
        rest's rows counted under the last (unknown_labels.py words them). The
        file ``line`` of a label's first row is kept, for a label of one row (a
        line cut short) to be named by its line."""
        label = (question, part)
        entry = self.unknown_labels.get(label)
        if entry is None:
            if len(self.unknown_labels) >= LABELS_KEPT:
                label = MORE_LABELS
                entry = self.unknown_labels.setdefault(MORE_LABELS, ["", 0])
            else:
                entry = self.unknown_labels[label] = [reason, 0]
            self.unknown_label_lines.setdefault(label, line)
        entry[1] += rows

    def count_unplaced(self, kind: str, line: int, name: str = "") -> None:
        """Count the file ``line`` of an invalid answer graded against no part once,
        by kind: not read as a row, of a student (``named``) or of none
        (``anonymous``), or read but with no student id (``no_id``, kept with
        its ``name`` cell for grade to name). A wide-form line gives one such
        answer per question column, so lines and answers differ."""
        if self._last_line.get(kind) != line:   # answers come in file order: a line's are together
            self._last_line[kind] = line
            self.unplaced_lines[kind] = self.unplaced_lines.get(kind, 0) + 1
            if kind == "no_id" and len(self.no_id_at) < NO_ID_KEPT:
                self.no_id_at.append((line, " ".join(name.split())[:NAME_CHARS]))


def count_latest(grid: AnswerGrid, tally: Tally) -> None:
    """Add every (student, part)'s latest answer to the totals: exactly the
    answers that were graded and not superseded. The counts are those of
    ``tally.count`` on each cell, done a column (part) and a row (student) at a
    time, since a large class has a million cells (counted with Counter). The
    scores are order-free sums: a part's is the fsum over its distinct
    outcomes (the same in any order of the students) and a student's total the
    score_total of their row (the same for the same marks on other parts),
    which plain adding gives when every score adds exactly (whole, half
    points: scores.adds_exactly). (A cell with no answer has status None and
    score 0.0, which adds nothing: a row holding any is counted from its
    answered cells alone, which for a key of thousands of parts, each
    student answering a few, halves the count.) Grade runs its two steps
    apart: ``count_columns`` before the class report's process starts, which
    takes each part's ECF count from it, and ``count_rows`` while that runs."""
    count_rows(grid, tally, count_columns(grid, tally))


def count_rows(grid: AnswerGrid, tally: Tally, exact: bool) -> None:
    """``count_latest``'s second step: each row (student) counted, its statuses, misconceptions
    and total score; ``exact`` from ``count_columns``."""
    worded = set()   # (slot, outcome): its wording noted (tally.word), once for every cell sharing it
    for number in range(grid.students):
        row = grid.row(number)
        if NO_ANSWER in row:   # a key of many parts a student answers a few of: the answered cells alone
            slots = [slot for slot, outcome in enumerate(row) if outcome is not NO_ANSWER]
            row = [row[slot] for slot in slots]
        else:
            slots = range(len(row))
        counts = tally.student_counts[number]
        for status, n in Counter(map(_STATUS, row)).items():
            if status is not None:
                tally.status[status] += n
                counts[status] += n
        for slot, outcome in compress(zip(slots, row), map(_MISCONCEPTION, row)):   # a part's, in count_columns
            codes = tally.student_codes.setdefault(number, {})
            codes[outcome.misconception] = codes.get(outcome.misconception, 0) + 1
            if (slot, outcome) not in worded:
                worded.add((slot, outcome))
                tally.word(slot, outcome.misconception, _trap_wording(outcome))
        scores = chain((tally.student_score[number],), map(_SCORE, row))
        tally.student_score[number] = sum(scores) if exact else score_total(scores)


def count_columns(grid: AnswerGrid, tally: Tally) -> bool:
    """``count_latest``'s first step: the tally grown to the grid's students, each column's
    (part's) statuses, ECF answers and misconceptions counted and its scores added up, from its
    few distinct outcomes (shared by many cells); returns whether every score and every total
    so far adds exactly, for ``count_rows``."""
    tally.grow(grid.students)
    exact = adds_exactly(tally.student_score)
    for slot in range(grid.width):
        outcomes = Counter(grid.column(slot))
        counts = tally.slot_counts[slot]
        slot_codes = tally.slot_codes[slot]
        for outcome, n in outcomes.items():
            if outcome.status in SCORED:
                counts[outcome.status] += n
            if correct_by_ecf(outcome):
                tally.slot_ecf[slot] += n
            if outcome.misconception:   # in the column's order, as a row-by-row count meets them
                slot_codes[outcome.misconception] = slot_codes.get(outcome.misconception, 0) + n
        tally.slot_score[slot] = fsum(chain((tally.slot_score[slot],), (o.score * n for o, n in outcomes.items())))
        exact = exact and adds_exactly(o.score for o in outcomes)
    return exact


def correct_by_ecf(outcome) -> bool:
    """Whether an outcome counts as "correct by ECF": note ``ecf`` and status ``correct``. With
    ``ecf_credit: 0`` an answer right from a wrong earlier answer is ``incorrect`` (note ``ecf``,
    no marks), so it is counted neither as correct nor as correct by ECF."""
    return outcome.note == ECF and outcome.status is Status.CORRECT


def _trap_wording(outcome) -> str | None:
    """The trap's wording an outcome carries: None (the key's wording stands
    in) after an override, whose feedback is the marker's comment to one
    student, and for a trap worked from the student's own earlier answers,
    whose words may quote those answers (careful.own_wording), and for a
    trap's value written short or cut off, whose words say so (quotes.with_slip):
    no one student's numbers or slips belong in a class-wide table."""
    if outcome.note == "override" or from_own_answers(outcome.feedback) or tells_a_slip(outcome.feedback):
        return None
    return outcome.feedback


def key_trap_wording(papers, slot: int, code: str) -> str | None:
    """The key's wording of misconception ``code`` in part ``slot``: the one text
    every paper with that part gives it (None where papers word it differently,
    as per-student papers quoting each student's numbers do, or have no such trap)."""
    texts = {trap.feedback for paper in papers if paper.parts[slot] is not None
             for trap in paper.parts[slot].spec.traps if trap.code == code}
    return texts.pop() if len(texts) == 1 else None


def class_wording(code: str, by_slot: dict) -> str:
    """A misconception's wording for a class-wide table, from its wording in each
    part (slot; None where students' papers word it differently): the key's
    feedback when every part words it alike; the first part's, saying so, when
    parts word it their own way (templates share codes); the code in words when
    no part has one wording (per-student papers quote each student's numbers)."""
    texts = [text for _, text in sorted(by_slot.items()) if text is not None]
    if not texts:
        return code_in_words(code)
    if len(set(texts)) == 1 and len(texts) == len(by_slot):
        return texts[0]
    return f"{texts[0]} (worded as in the first part listed; see each part)"


def note_wording(found: dict, code: str, feedback: str, varied: set | None = None) -> None:
    """Keep ``feedback`` as ``code``'s wording in ``found``, or the code in words
    once two texts differ (per-student papers put their own numbers in it,
    templates their own words): no one student's text fits a class-wide table.
    ``varied``: where given, gets ``code`` when its texts differ (see borrow_wordings)."""
    known = found.setdefault(code, feedback)
    if known != feedback:
        found[code] = code_in_words(code)
        if varied is not None:
            varied.add(code)


def borrow_wordings(texts: list, varied: list, labels: list) -> None:
    """Per slot, ``texts[n]`` {code: wording}: where the papers word ``code`` differently in slot
    ``n`` (``code in varied[n]``), the wording of the first slot whose papers all word it alike,
    naming that part (``labels[m]``), as report.md's misconceptions table does; the code in
    words stays only where no part has one wording."""
    alike = {}
    for n, found in enumerate(texts):
        for code, text in found.items():
            if code not in varied[n]:
                alike.setdefault(code, (labels[n], text))
    for n, codes in enumerate(varied):
        for code in codes & alike.keys():
            label, text = alike[code]
            texts[n][code] = f"{text} (worded as in {label}; this part's papers word it with each student's numbers)"
