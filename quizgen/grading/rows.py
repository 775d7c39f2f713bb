"""The one streaming pass over the answers: every row is graded and written to
graded.csv at once, and for each (student, question part) the row number and
outcome of its latest answer are kept (``AnswerGrid``). When a later answer to
the same part arrives, the earlier one becomes ``superseded``: counted so, and
its row number marked. Only when some row was superseded is graded.csv copied
once more with those rows marked; a file without duplicates is read once. The
latest outcomes are counted into the totals at the end (``count_latest``).

Outcomes are kept per question part and answer text (bounded), so the many
students who give the same answer cost one check, and RowWriter encodes each
outcome's result cells once."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from quizgen.grading.key_index import KeyIndex
from quizgen.grading.marking import PartChecker
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import NO_ANSWER, Outcome, problem_outcome, verdict_cells, verdict_outcome
from quizgen.grading.students import UNKNOWN, Students
from quizgen.grading.tally import Tally
from quizgen.grading.writer import RowSet, mark_superseded, start_graded
from quizgen.key.status import Status

CACHE_LIMIT = 50_000    # outcomes kept per question part before the cache starts afresh
CACHE_TEXT = 64         # longer answers are graded each time, never kept
SUPERSEDED = Outcome(Status.SUPERSEDED, 0.0, "", "", ())   # how a superseded answer is counted
_NO_LABELS = {}   # what KeyIndex.labels gives for a part cell not met yet


class GradedPass(NamedTuple):
    """What the pass leaves to do: the number of answers, the RowSet of rows a
    later answer superseded, the rows ECF or an override re-marked ({row:
    Outcome}) and whether some written record spans more than one line."""

    rows: int
    superseded: RowSet
    patched: dict
    multiline: bool


def grade_file(source, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, handle, bar=None,
               decisions=None) -> GradedPass:
    """Grade every answer into graded.csv (``handle``, a file open at a temporary
    path), the grid and the running ``tally`` (superseded and ungraded rows), ECF
    and ``decisions`` applied. The latest answers are counted later
    (tally.count_latest), and ``finish_graded`` marks what this pass could not
    know when it wrote a row."""
    return GradedPass(*grade_rows(source, index, students, grid, tally, handle, bar, decisions))


def finish_graded(graded: GradedPass, handle, delimiter: str) -> None:
    """When some rows were superseded, or re-marked by ECF or an override
    (decisions.py), copy graded.csv once with those rows marked."""
    if graded.superseded or graded.patched:
        handle.flush()
        mark_superseded(Path(handle.name), graded.superseded, delimiter, graded.patched, graded.multiline)


def grade_rows(source, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, handle, bar=None,
               decisions=None):
    """Grade every answer in one pass and write its row; returns the number of
    answers, the RowSet of rows a later answer superseded, the rows the
    ECF pass re-marked ({row: Outcome}, see ``carry_errors_forward``) and
    whether some written record spans more than one line.

    The rows come a block at a time (``source.blocks()``): the inner loop runs a million times for a large
    class, so it reads plain local names. A row of a student and a question
    part met before takes the short way: two dict lookups give the student's
    number and the part's slot (anything else goes through ``_look_up``), and
    the outcome comes from the part's cache, and when the row's cells are known
    plain and the outcome's text is known, the row is its cells joined, then
    that text (RowWriter.row otherwise). Rows are written one by one: joining
    a block's rows into one text costs more when one of them is not ASCII
    (the whole text is then widened and encoded the slow way)."""
    writer = start_graded(handle, source.out_header, source.delimiter)
    write, join, write_row = writer.write, writer.join, writer.row
    tails, is_plain = writer.tails, writer.plain.issuperset
    si, _, qi, pi, ai = source.columns
    ci = paper_column(source, index)
    labels = index.labels
    no_part = labels.setdefault("", {})   # the labels of a file without a part column
    caches = [{} for _ in index.slots]
    shared = index.papers[0].checkers
    by_text, paper_numbers = students.by_text, students.paper_numbers
    last, latest, width = grid.rows, grid.outcomes, grid.width
    superseded, no_answer, no_labels = RowSet(), NO_ANSWER, _NO_LABELS
    i, done = -1, 0
    for block in source.blocks():
        if bar is not None:
            done = _progress(bar, source, done)
        first = i + 1
        for i, cells in enumerate(block, first):
            number = by_text.get(cells[si])   # None: a student not met yet
            slot = (no_part if pi is None else labels.get(cells[pi], no_labels)).get(cells[qi])
            # slot: an int, None for a label not met yet, or the reason it names no part;
            # a malformed row is a list subclass carrying its problem
            if number is None or slot.__class__ is not int or cells.__class__ is not list:
                number, slot, ungraded = _look_up(index, students, grid, tally, cells, source, i - first)
                if ungraded is not None:
                    write_row(cells, ungraded)
                    continue
            paper = paper_numbers[number]
            if ci is not None and index.code_problem(paper, cells[ci]) is not None:
                outcome = problem_outcome(Status.INVALID, index.code_problem(paper, cells[ci]))
            elif paper == 0 and shared[slot] is not None:
                outcome = caches[slot].get(cells[ai]) or _cached_verdict(caches[slot], shared[slot], cells[ai])
            else:
                outcome = _own_paper_outcome(index, paper, slot, cells[si], cells[ai])
            k = number * width + slot
            if latest[k] is not no_answer:
                _supersede(tally, superseded, last[k], latest[k], number, slot)
            last[k], latest[k] = i, outcome
            tail = tails.get(outcome)
            if tail is not None and is_plain(cells):
                write(join(cells) + tail)
            else:
                write_row(cells, outcome)
    patched = carry_errors_forward(index, students, grid)
    if decisions is not None:
        decisions.apply(index, students, grid, patched)
    return i + 1, superseded, patched, writer.multiline


def carry_errors_forward(index: KeyIndex, students: Students, grid: AnswerGrid) -> dict:
    """After the pass, re-mark each final answer to a part computed from
    earlier parts (an ECF recipe) that was not correct, given the student's
    FINAL answers to those parts (which may have come later in the file, or
    been superseded): a correct consequence of a wrong earlier answer becomes
    ``correct``/``ecf``. Returns {row number: new Outcome}; the grid holds
    the new outcomes, so the totals count them."""
    memo = {}   # each template's ECF inputs, found once
    dependents = [_dependents(paper, memo) for paper in index.papers]
    if not any(dependents):
        return {}
    last, latest, width = grid.rows, grid.outcomes, grid.width
    patched = {}
    for number, paper in enumerate(students.paper_numbers):
        base = number * width
        for slot, checker, sources in dependents[paper]:
            outcome = latest[base + slot]
            if outcome.status not in _REMARKED or outcome.value is None:
                continue
            earlier = {name: latest[base + s].value for name, s in sources}
            verdict = checker.remark(outcome.value, outcome.figures, earlier)
            if verdict is not None:
                latest[base + slot] = patched[last[base + slot]] = verdict_cells(verdict, checker.expected, checker.decimal_comma)
    return patched


_REMARKED = frozenset({Status.INCORRECT, Status.IMPRECISE})


def _dependents(paper, memo: dict) -> list:
    """``(slot, checker, ((earlier part name, its slot), ...))`` for each part of
    ``paper`` whose template's recipe reads earlier parts (``QuestionRules.ecf_inputs``:
    no marking rules are made here; ``remark`` makes them for the answers it
    re-marks, and gives None where an instance's recipes do not evaluate)."""
    found, slots, inputs = [], {}, {}
    for slot, checker in enumerate(paper.checkers):
        if checker is not None and checker.question is not None:
            slots[(id(checker.question), checker.part.name)] = slot
    for slot, checker in enumerate(paper.checkers):
        if checker is None or checker.question is None:
            continue
        key = id(checker.question)
        found_inputs = inputs.get(key)
        if found_inputs is None:
            found_inputs = inputs[key] = checker.question.ecf_inputs(memo)
        depends = found_inputs.get(checker.part.letter)
        if depends:
            sources = tuple((d, slots[(key, d)]) for d in depends if (key, d) in slots)
            if len(sources) == len(depends):
                found.append((slot, checker, sources))
    return found


def paper_column(source, index: KeyIndex):
    """The index of the answers' ``paper`` (paper code) column among the cells
    of a row, or None without one or when the key has no paper codes."""
    header = [cell.strip().casefold().replace("_", "").replace(" ", "") for cell in source.out_header]
    found = next((i for i, cell in enumerate(header) if cell in ("paper", "papercode")), None)
    return found if index.codes else None


def _progress(bar, source, done: int) -> int:
    """Move the progress bar to how far reading has got; returns that position."""
    position = source.bytes_read()
    bar.update(position - done)
    return position


def _cached_verdict(cache: dict, checker: PartChecker, answer: str) -> Outcome:
    """The outcome of ``answer``, kept in ``cache`` unless the answer is long."""
    outcome = verdict_outcome(checker, answer)
    if len(answer) <= CACHE_TEXT:
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[answer] = outcome
    return outcome


def _supersede(tally: Tally, superseded: RowSet, row: int, earlier: Outcome, number: int, slot: int) -> None:
    """An earlier answer to the same part is superseded: count it so and mark
    its row. An answer to a part this student's paper lacks stays unknown and
    is counted as such."""
    if earlier.status is Status.UNKNOWN_QUESTION:
        tally.count(number, slot, earlier)
        return
    tally.count(number, slot, SUPERSEDED)
    superseded.add(row)


def _look_up(index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, cells: list, source, j: int):
    """``(student number, slot, None)`` of a row not met before (registering the
    student and the label); ``(number, None, outcome)`` for a row that cannot be
    graded, its outcome already counted. ``j`` is the row's place in its block."""
    problem = getattr(cells, "problem", None)
    number, slot = -1, problem
    if problem is None:
        student, name, question, part, _ = source.columns
        number = students.number(cells[student], "" if name is None else cells[name])
        grid.grow(len(students))
        tally.grow(len(students))
        slot = index.slot(cells[question], "" if part is None else cells[part])
        if number >= 0 and isinstance(slot, int):
            return number, slot, None
    outcome = students.unknown_outcome(cells[student]) if number == UNKNOWN else _ungraded(problem, slot, source, j)
    tally.count(number, -1, outcome)
    return number, None, outcome


def _own_paper_outcome(index: KeyIndex, paper: int, slot: int, student: str, answer: str) -> Outcome:
    checker = index.papers[paper].checkers[slot]
    if checker is None:
        info = index.slots[slot]
        return problem_outcome(Status.UNKNOWN_QUESTION, f"the paper of student {student.strip()!r} has no "
                               f"{info['question_id']} part {info['part']}")
    return verdict_outcome(checker, answer)


def _ungraded(problem, slot, source, j) -> Outcome:
    """The outcome of a row that cannot be graded: malformed, no such part, or no student."""
    if problem is not None:
        return problem_outcome(Status.INVALID, problem)
    if not isinstance(slot, int):
        return problem_outcome(Status.UNKNOWN_QUESTION, slot)
    return problem_outcome(Status.INVALID, f"line {source.line_of(j)}: no student id")
