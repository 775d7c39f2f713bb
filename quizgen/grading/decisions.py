"""Human decisions applied on every run (``grade --overrides overrides.csv``,
read by quizgen/marking/overrides.py): after the pass and the ECF re-marking,
each override replaces the final verdict of its (student, question, part):
the override's score (a fraction of the part's points, or its points when
the column is headed ``points``), its status (named,
or following the score: marking/overrides.decided_status),
note ``override`` and its comment as feedback. The graded row is patched like
an ECF row; a part no question of the key has, and two lines deciding one
answer with different marks, are refused (override_refusals.py); an override
that matches no answer otherwise is reported, never dropped,
and so is one that leaves a part ``correct`` with less than full marks (points
copied into a ``score`` column, most likely; not a percentage, which cannot be points), and one whose
share of 1 gives a part worth more than 1 point, not correct, full marks (1 point meant, most likely).
An override made for another answer than the one graded now is held off it (override_answers.py).
At most ten warnings are shown."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from quizgen.cells import spreadsheet_safe
from quizgen.wording import first_few, shortened
from quizgen.grading.ecf_at_once import decided_reason
from quizgen.grading.outcome import RESULT_COLUMNS, Outcome, make_outcome
from quizgen.key.status import Status
from quizgen.grading.override_answers import (again_warning, changed_warning, held_outcome, same_answer,
                                              other_answer)
from quizgen.grading.override_warnings import (describe_full, describe_repeat, describe_short, loose_id_warning,
                                               marks_of, one_meant_as_points, without_paper)
from quizgen.grading.no_part import refuse_unparted_overrides
from quizgen.grading.override_refusals import refuse_conflict, refuse_unknown_parts
from quizgen.marking.overrides import capped_warnings, decided_status, describe_unmatched, read_overrides
from quizgen.marking.rules import OVERRIDE
from quizgen.marking.student_ids import IdMatcher, normalise_id, zeros_stripped

MADE_REASON = "no answer row: made by"
_REASON = RESULT_COLUMNS.index("reason")   # an outcome's reason cell
"""How the reason of a row an override made begins (then the file and its line): the class report knows such rows by it."""


class Decisions:
    """The overrides of one run and, once applied, the lines for those that matched nothing."""

    def __init__(self, overrides: list, source: str, undecided: list | None = None, parted: bool = True):
        self.overrides, self.source, self.unmatched, self.made = overrides, source, [], 0
        self.applied, self.changed = 0, 0   # parts the overrides decided, and those whose points that changed
        self.parted = parted   # the file has a part column (no_part.py: one without may have lost it)
        self.elsewhere = []   # overrides of students the key knows, with no answer row here and not on --roster
        self.undecided = undecided or []   # the lines giving no mark, status or comment: parts left for later

    def apply(self, index, students, grid, patched: dict, made=None, graded=None) -> None:
        if not self.parted:   # a lost part column: no part decided
            refuse_unparted_overrides(self.overrides, index, self.source)
        refuse_unknown_parts(self.overrides, index, self.source)
        before = {}   # {grid cell an override decided: the points it had before}
        self.unmatched = apply_decisions(self.overrides, index, students, grid, patched, self.source, made,
                                         self.elsewhere, graded, before)
        self.made = made.next - made.first if made is not None else 0
        self.applied = len(before)
        self.changed = sum((grid.outcomes[k].score or 0) != points for k, points in before.items())

    def counted(self) -> str:
        """``6 overrides applied, 3 of them changing a part's points``: what the Marked-with line says
        of the file, so an instructor auditing the marks knows how many of its lines took effect."""
        applied = f"{self.applied} override{'' if self.applied == 1 else 's'} applied"
        return f"{applied}, {self.changed} of them changing a part's points" if self.applied else applied

    def made_note(self) -> list:
        """The summary's lines on the rows the overrides made and on the overrides
        left out for students with no answer row in this run (none: no line)."""
        lines = []
        if self.made:
            lines.append(f"{self.made} row(s) added after the graded answers for overrides of parts with no answer "
                         f"row (reason 'no answer row: made by {self.source} line N')")
        if self.elsewhere:
            count = len({normalise_id(o.student_id) for o in self.elsewhere})
            lines.append(f"{len(self.elsewhere)} override(s) in {self.source} are for {count} student(s) with no "
                         "answer row in this run and not on --roster (another section's, say): left out, so they "
                         "change no score here and a gradebook template's grade for those students is kept")
        if self.undecided:
            lines.append(f"{len(self.undecided)} line(s) of {self.source} give no mark yet, so they decide nothing "
                         f"and their answers stay as graded (line(s) {first_few(self.undecided)})")
        return lines


def read_decisions(path) -> Decisions | None:
    """The overrides file at ``path`` (None: no overrides)."""
    if path is None:
        return None
    undecided, columns = [], {}
    overrides = read_overrides(path, undecided, RESULT_COLUMNS, columns)
    return Decisions(overrides, Path(path).name, undecided, columns.get("part") is not None)


class MadeRows:
    """The rows graded.csv gains, after the input's, for overrides of a part
    with no answer row (a student who sat the quiz on paper, a lost
    submission): the student's id and name as the roster or key writes them,
    the key's question and part, no answer, the override's outcome with note
    ``override`` and a reason saying the row was made, and by which line.
    ``writer``: graded.csv's RowWriter; ``columns``: where its rows hold
    (student, name, question, part, answer); ``first``: the number of input rows."""

    def __init__(self, writer, width: int, columns: tuple, first: int):
        self.writer, self.width, self.columns, self.first = writer, width, columns, first
        self.next = first

    def known_student(self, students, grid, student_id: str):
        """The number of a student on ``--roster`` who gave no answer (registered
        now); None for anyone else (a per-student key's papers are the whole
        course's: one not on the roster is no student of this run)."""
        if students.on_roster is None or not students.in_class(student_id) or not students.listed(student_id):
            return None
        number = students.number(student_id.strip())
        grid.grow(len(students))
        return number if number >= 0 else None

    def write(self, students, index, number: int, slot: int, outcome) -> int:
        """Write the row of student ``number``'s part ``slot``; returns its data row number."""
        cells = [""] * self.width
        student, name, question, part, _ = self.columns
        cells[student] = made_id_cell(students.ids[number])
        if name:   # given and family name columns: the whole name in the first (its halves are not known)
            cells[name[0]] = " ".join(students.names[number].split())
        cells[question], cells[part] = index.slots[slot]["question_id"], index.slots[slot]["part"]
        self.writer.row(cells, outcome)
        self.next += 1
        return self.next - 1


def made_id_cell(student_id: str) -> str:
    """The id cell of a row an override made for ``student_id`` (as the roster or key writes it)."""
    return " ".join(student_id.split())


def apply_decisions(overrides: list, index, students, grid, patched: dict, source: str = "overrides",
                    made: MadeRows | None = None, elsewhere: list | None = None, graded=None,
                    before: dict | None = None) -> list:
    """Apply ``overrides`` to the grid's final outcomes (adding the rows to
    ``patched``); an override of a graded or ``--roster`` student's part on their
    paper with no answer row gets a row of its own from ``made`` (None: it
    matches nothing). One for a student the key knows who is neither (another
    section's, from a course-wide file) goes to ``elsewhere``, applied to no one:
    it must not make them a graded student of this run.
    Returns the warnings, in the order of the file's lines and capped
    (capped_warnings): one per override that matched nothing, one per override
    of a part an earlier line already decided with the same marks or for another
    answer (the later line is used; other marks for the same answer are refused), and
    one per part the line that counts (not written as a percentage) makes a
    ``correct`` answer partial (part of its marks), and those of
    override_answers.py: ``graded`` (its GradedRows; None: no check) reads
    back the answers an override rests on, and one made for another answer
    than the one graded now is not applied. ``before`` (if given) gains, for each part an override
    decided, the points it had before any override (a part with no answer row: 0)."""
    before = {} if before is None else before
    find = graded_student_finder(students)
    answers, again = _graded_answers(overrides, index, students, grid, graded, find)
    warned, decided = _Warned(), {}   # decided: {grid cell: the override that set it}
    for override in overrides:
        target = _target(override, index, students, grid, find, made, elsewhere, warned, source)
        if target is None:
            continue
        k, row = target.cell, target.row
        warned.loose.setdefault(normalise_id(override.student_id), (override.line, loose_id_warning(
            override, students.ids[target.number], source)))
        if k in decided:
            refuse_conflict(decided[k], override, target.part, source)
            warned.repeated.append((override.line, describe_repeat(decided[k], override, target.part, source)))
        decided[k] = override
        graded_answer = None if target.fresh else answers.get(row)
        if graded_answer is not None and override.answer is not None \
                and not same_answer(override.answer, graded_answer):   # decided for another answer
            grid.outcomes[k] = patched[row] = held_outcome(override, target.checker, grid.outcomes[k], source)
            warned.short[k] = [(override.line, changed_warning(override, target.part, graded_answer, source))]
            before.pop(k, None)   # held off: not applied (an earlier line's decision for it is replaced too)
            continue
        before.setdefault(k, (grid.outcomes[k].score or 0) if not target.fresh else 0)
        earlier = other_answer(again.get(k, ()), graded_answer) if graded_answer is not None else None
        warned.short[k] = [(override.line, again_warning(override, target.part, earlier, graded_answer, source))] \
            if earlier is not None and override.answer is None else []   # only the line that counts is warned about
        grid.outcomes[k], short = _decided_outcome(override, grid.outcomes[k], target, source)
        warned.short[k] += [(override.line, text) for text in short]
        if row < 0:
            grid.rows[k] = made.write(students, index, target.number, target.slot, grid.outcomes[k])
        else:
            patched[row] = grid.outcomes[k]
    _say_earlier_decided(decided, index, grid, patched, source)
    return warned.in_order(students, source)


class _Warned:
    """What apply_decisions has to say, gathered by kind until it is put in the file's line order."""

    def __init__(self):
        self.unmatched, self.repeated, self.reasons = [], [], {}   # reasons: {line: why it matched nothing}
        self.short = {}   # {grid cell: [(line, warning)]}: the warnings of the line that counts
        self.loose = {}   # {normal id: (line, warning)}: the first line of an id matched not exactly (its leading zeros)

    def in_order(self, students, source: str) -> list:
        """Every warning in the order of the file's lines, capped (capped_warnings)."""
        papers = without_paper(self.unmatched, students, source)
        lines = [(o.line, papers.get(o.line, text))
                 for o, text in zip(self.unmatched, describe_unmatched(self.unmatched, source, self.reasons))]
        warned = lines + self.repeated + [warning for found in self.short.values() for warning in found]
        warned += [(line, text) for line, text in self.loose.values() if text]
        return capped_warnings(sorted(warned, key=lambda pair: pair[0]), source)


class _Target(NamedTuple):
    """The graded part an override decides: its student's number, its slot and grid cell, its checker and key
    record, its graded.csv row (-1: none yet), whether the override makes that row (``fresh``), how warnings
    name the part, and the points and share the override gives it (marks_of)."""

    number: int
    slot: int
    cell: int
    checker: object
    row: int
    info: dict
    fresh: bool
    part: str
    score: float
    share: float | None


def _target(override, index, students, grid, find, made, elsewhere, warned: _Warned, source: str):
    """The part ``override`` decides (a _Target), or None when it decides none here: one for another section's
    student goes to ``elsewhere``, one that matches no part to ``warned`` (with its reason when one is known)."""
    number = find(override.student_id)
    if number is None and made is not None:
        number = made.known_student(students, grid, override.student_id)
        if number is None and elsewhere is not None and students.listed(override.student_id):
            elsewhere.append(override)
            return None
    slot = index.slot(override.question_id, override.part)
    k = number * grid.width + slot if number is not None and isinstance(slot, int) else None
    checker = index.papers[students.paper_numbers[number]].checkers[slot] if k is not None else None
    row = grid.rows[k] if checker is not None else -1
    if checker is None or (row < 0 and made is None):
        warned.unmatched.append(override)
        if isinstance(slot, str):   # no such question or part, or no part named on a question with several
            warned.reasons[override.line] = slot
        elif number is None and len(twins := _zero_twins(students, override.student_id)) > 1:
            warned.reasons[override.line] = (f"it matches {' and '.join(map(shortened, twins[:3]))} only by "
                                             "leading zeros: write the id as one of them is graded")
        return None
    info = index.slots[slot]
    score, share = marks_of(override, float(info["points"]), f"{info['question_id']} ({info['part']})", source)
    return _Target(number, slot, k, checker, row, info, row < 0 or (made is not None and row >= made.first),
                   f"{students.ids[number]} {info['question_id']} ({info['part']})", score, share)


def _decided_outcome(override, old: Outcome, target: _Target, source: str) -> tuple:
    """``(outcome, warnings)``: the part's outcome as ``override`` decides it over the grader's ``old`` one
    (its status by decided_status, note ``override``), and the warnings that its marks look like points
    written as a share or the other way round (describe_short, describe_full)."""
    score, full, row, warnings = target.score, float(target.info["points"]), target.row, []
    reason = f"{MADE_REASON} {source} line {override.line}" if target.fresh else ""
    machine = "blank" if row < 0 else old.status.value
    status = Status(decided_status(override.status, machine, target.share, row >= 0 and score == old.score))
    if machine == Status.CORRECT and status is Status.PARTIAL and not (override.percent or override.status
                                                                   or override.plainly_share()):
        # 50% cannot be points; a status named says part marks were meant
        warnings.append(describe_short(override, target.part, score, full, source))
    elif machine != Status.CORRECT and status is Status.CORRECT and one_meant_as_points(override, full):
        warnings.append(describe_full(override, target.part, machine, full, source))
    # the grader's misconception and words stay only while the marker keeps the grader's verdict; its words
    # also when, with no comment, the marker gives part marks to an answer it found wrong or imprecise:
    # they still say what is missing (not "partly correct 1 / 2" with no reason on the sheet)
    kept = status is old.status and score == old.score
    said = kept or status is Status.PARTIAL and old.status in (Status.INCORRECT, Status.IMPRECISE)
    return make_outcome(status, score, target.checker.expected, old.misconception if kept else "",
                        override.comment or (old.feedback if said else ""), reason, OVERRIDE, old.value,
                        old.figures, target.checker.writes_comma), warnings


def graded_student_finder(students):
    """``find(student id)``: the number of the graded student an override's id
    names, as ``students.find`` gives it; with no roster and a class key (no
    known ids to match against), also a graded id that differs only by
    leading zeros or a spreadsheet's ``.0`` (``0000002`` for the answers'
    ``2``, one such id only), as the answers' ids are matched to a roster's and
    a gradebook template's are to the graded ones (``loose_id_warning`` says so)."""
    if students.matcher:
        return students.find
    graded = IdMatcher(students.ids)

    def find(student_id: str):
        number = students.find(student_id)
        if number is None:
            number = students.by_id.get(graded.match(normalise_id(student_id)))
        return number
    return find


def _zero_twins(students, student_id: str) -> list:
    """The graded ids that ``student_id`` matches only by leading zeros (``0042``: ``00042`` and ``42``)."""
    stripped = zeros_stripped(normalise_id(student_id))
    return [sid for sid in students.ids if zeros_stripped(normalise_id(sid)) == stripped]


def _graded_answers(overrides: list, index, students, grid, graded, find) -> tuple:
    """``({row: answer}, {grid cell: earlier answers})``: graded.csv's answer on each input row an
    override rests on (its student found by ``find``), and the parts answered more than once in the
    file (only when some override has no answer to compare), read back in one pass."""
    if graded is None:
        return {}, {}
    rows = set()
    for override in overrides:
        number, slot = find(override.student_id), index.slot(override.question_id, override.part)
        if number is not None and isinstance(slot, int) and grid.rows[number * grid.width + slot] >= 0:
            rows.add(grid.rows[number * grid.width + slot])
    blind = any(o.answer is None for o in overrides)
    again = graded.answered_again(students, index, grid.width) if blind and graded.superseded else {}
    return graded.answers(rows), again


def made_by_override(outcome) -> bool:
    """Whether ``outcome`` is that of a row an override made (no answer row: MADE_REASON)."""
    return outcome.note == OVERRIDE and outcome.cells[_REASON].startswith(MADE_REASON)


def _say_earlier_decided(decided: dict, index, grid, patched: dict, source: str) -> None:
    """A part still awaiting a person because it rests on earlier answers a person
    must read, all of which an override now decided, says so: "which a person must
    read" read as if they were still undecided (ECF does not follow an override, so
    the part stays needs_review for the marker to decide as well)."""
    done = {(k // grid.width, index.slots[k % grid.width]["question_id"], index.slots[k % grid.width]["part"])
            for k in decided}
    for number in {number for number, _, _ in done}:
        for slot in range(grid.width):
            k = number * grid.width + slot
            outcome = grid.outcomes[k]
            if outcome.status is not Status.NEEDS_REVIEW or k in decided:
                continue
            question = index.slots[slot]["question_id"]
            reason = decided_reason(outcome.cells[_REASON], lambda letter: (number, question, letter) in done, source)
            if reason is None:
                continue
            cells = outcome.cells[:_REASON] + (spreadsheet_safe(reason),) + outcome.cells[_REASON + 1:]
            grid.outcomes[k] = patched[grid.rows[k]] = Outcome(outcome.status, outcome.score, outcome.misconception,
                                                              outcome.feedback, cells, outcome.note, outcome.value,
                                                              outcome.figures)
