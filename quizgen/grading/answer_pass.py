"""The one streaming pass over the answers: every row is graded and written to
graded.csv at once, and for each (student, question part) the row number and
outcome of its latest answer are kept (``AnswerGrid``). When a later answer to
the same part arrives, the earlier one becomes ``superseded``: counted so, and
its row number marked (rows.py marks graded.csv afterwards). With a
timestamp column, the earlier answer is kept aside too, and once the whole
file is in the latest by time is put back in its place (timestamps.py).

Outcomes are kept per question part and answer text (bounded), so the many
students who give the same answer cost one check, and RowWriter encodes each
outcome's result cells once."""

from __future__ import annotations

from quizgen.grading.key_index import KeyIndex
from quizgen.grading.part_checker import PartChecker
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.outcome import (NO_ANSWER, Outcome, code_outcome, long_passed, passed_over, passes_over,
                                     problem_outcome, verdict_outcome)
from quizgen.grading.students import UNKNOWN, Students
from quizgen.grading.tally import Tally
from quizgen.grading.timestamps import record_contest, timestamp_column
from quizgen.grading.writer import RowSet, RowWriter
from quizgen.key.status import Status
from quizgen.cells import has_control
from quizgen.roster import name_in

CACHE_LIMIT = 50_000    # outcomes kept per question part before the cache starts afresh
CACHE_TEXT = 64         # longer answers are graded each time, never kept
SUPERSEDED = Outcome(Status.SUPERSEDED, 0.0, "", "", ())   # how a superseded answer is counted
_NO_LABELS = {}   # what KeyIndex.labels gives for a part cell not met yet


def pass_rows(source, index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, writer: RowWriter,
              bar=None, sample: bool = False):
    """Grade every answer of ``source`` in one pass and write its row with
    ``writer``; returns the number of answers and the RowSet of rows a later
    answer superseded (rows numbered from 0 in ``source``). ``sample``: the rows
    are the early check's (belong_early.py), whose outcomes are kept for the
    pass to take, not grade again (``index.sampled`` on students' own papers,
    ``_verdict_caches`` on the class paper).

    The rows come a block at a time (``source.blocks()``): the inner loop runs a million times for a large
    class, so it reads plain local names. A row of a student and a question
    part met before takes the short way: two dict lookups give the student's
    number and the part's slot (anything else goes through ``_look_up``), and
    the outcome comes from the part's cache, and when the row's cells are known
    plain and the outcome's text is known, the row is its cells joined, then
    that text (RowWriter.row otherwise). Rows are written one by one: joining
    a block's rows into one text costs more when one of them is not ASCII
    (the whole text is then widened and encoded the slow way)."""
    write, join, write_row = writer.write, writer.join, writer.row
    tails, is_plain = writer.tails, writer.plain.issuperset
    si, _, qi, pi, ai = source.columns
    ci = paper_column(source, index)
    labels = index.labels
    no_part = labels.setdefault("", {})   # the labels of a file without a part column
    caches = _verdict_caches(index, sample)
    shared = index.papers[0].checkers
    by_text, paper_numbers = students.by_text, students.paper_numbers
    last, latest, width = grid.rows, grid.outcomes, grid.width
    superseded, no_answer, no_labels = RowSet(), NO_ANSWER, _NO_LABELS
    ti, held = timestamp_column(source), None   # the timestamp column: each cell's time kept (timestamps.py)
    if ti is not None:
        grid.track_times()
    stamps = grid.stamps
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
                number, slot, ungraded = _look_up(index, students, grid, tally, cells, source, i - first, i)
                if ungraded is not None:
                    write_row(cells, ungraded)
                    continue
            paper = paper_numbers[number]
            if ci is not None and (problem := index.code_problem(paper, cells[ci])) is not None:
                outcome = code_outcome(index.papers[paper].checkers[slot], problem)   # expected: their own paper's
            elif paper == 0 and shared[slot] is not None:
                outcome = caches[slot].get(cells[ai]) or _cached_verdict(caches[slot], shared[slot], cells[ai])
            else:
                outcome = _own_paper_outcome(index, paper, slot, cells[si], cells[ai], sample)
            k = number * width + slot
            if latest[k] is not no_answer:
                if passes_over(outcome, latest[k]):   # a blank or too long after an answer: the answer stands
                    write_row(cells, pass_over(tally, number, slot, outcome, source.line_of(i - first)))
                    continue
                if stamps is not None:
                    record_contest(grid, k, last[k], latest[k], outcome)
                supersede(tally, superseded, last[k], latest[k], number, slot, outcome)
            last[k], latest[k] = i, outcome
            if stamps is not None:   # one submission's rows share one text
                stamp = cells[ti]
                stamps[k] = held = held if stamp == held else stamp
            tail = tails.get(outcome)
            if tail is not None and is_plain(cells):
                write(join(cells) + tail)
            else:
                write_row(cells, outcome)
    return i + 1, superseded


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


def _verdict_caches(index: KeyIndex, sample: bool) -> list:
    """Each slot's cache of the class paper's verdicts ({answer: Outcome}): the
    early check's windows fill ``index.sampled_verdicts``, which the pass then
    takes (and a later part's process, forked after the check, its copy), so
    an answer the sample met is not graded again."""
    if sample:
        if index.sampled_verdicts is None:
            index.sampled_verdicts = [{} for _ in index.slots]
        return index.sampled_verdicts
    caches, index.sampled_verdicts = index.sampled_verdicts, None
    return caches if caches is not None else [{} for _ in index.slots]


def _cached_verdict(cache: dict, checker: PartChecker, answer: str) -> Outcome:
    """The outcome of ``answer``, kept in ``cache`` unless the answer is long."""
    outcome = verdict_outcome(checker, answer)
    if len(answer) <= CACHE_TEXT:
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[answer] = outcome
    return outcome


def supersede(tally: Tally, superseded: RowSet, row: int, earlier: Outcome, number: int, slot: int,
              later: Outcome) -> None:
    """An earlier answer to the same part is superseded by ``later``: count it
    so and mark its row; the student answered again only when neither is
    blank (a blank row is no answer, and counting one made the note depend on
    where --jobs cut the file). An answer to a part this student's paper lacks
    stays unknown and is counted as such."""
    if earlier.status is Status.UNKNOWN_QUESTION:
        tally.count(number, slot, earlier)
        return
    tally.count(number, slot, SUPERSEDED)
    if earlier.status is not Status.BLANK and later.status is not Status.BLANK:
        tally.resubmitted[number] = tally.resubmitted.get(number, 0) + 1
    superseded.add(row)


def pass_over(tally: Tally, number: int, slot: int, later: Outcome, line: int | None = None) -> Outcome:
    """A blank met after an answer to the same part (``passes_over``): counted
    superseded; an answer too long to read: invalid, graded against no part
    and counted as a row not read (``line``: its file line, when known);
    returns the outcome its row is written with."""
    if later.status is not Status.BLANK:
        outcome = long_passed(later)
        tally.count(number, -1, outcome)
        tally.unread[number] = tally.unread.get(number, 0) + 1
        if line is not None:
            tally.count_unplaced("named", line)
        return outcome
    tally.count(number, slot, SUPERSEDED)
    return passed_over(later)


def _look_up(index: KeyIndex, students: Students, grid: AnswerGrid, tally: Tally, cells: list, source, j: int,
             row: int):
    """``(student number, slot, None)`` of a row not met before (registering the
    student and the label); ``(number, None, outcome)`` for a row that cannot be
    graded, its outcome already counted. ``j`` is the row's place in its block,
    ``row`` in its part of the file."""
    problem = getattr(cells, "problem", None)
    if problem is not None:
        return _unread(students, grid, tally, cells, source, problem, j)
    student, name, question, part, _ = source.columns
    who = name_in(cells, name)
    number = students.number(cells[student], who)
    grid.grow(len(students))
    tally.grow(len(students))
    slot = index.slot(cells[question], "" if part is None else cells[part])
    if number >= 0 and isinstance(slot, int):
        return number, slot, None
    outcome = (students.unknown_outcome(cells[student], who, row) if number == UNKNOWN
               else _ungraded(number, slot, source, j))
    tally.count(number, -1, outcome)
    if number >= 0:   # a student's row whose label names no part: counted by label (unknown_labels.py)
        tally.count_unknown_label(cells[question], "" if part is None else cells[part], slot, line=source.line_of(j))
    if number == -1:   # no student id (a spreadsheet's total row too, whatever its question cell says)
        tally.count_unplaced("no_id", source.line_of(j), who)
    return number, None, outcome


def _unread(students: Students, grid: AnswerGrid, tally: Tally, cells: list, source, problem: str, j: int):
    """``(student number, None, outcome)`` of a row not read as a row (a BadRow:
    too many cells, a quote left open, an answer over the length limit): invalid,
    graded against no part, but counted for its student when the id cell can
    still be read (``readable_id``) and trusted: the id is the file's first
    column, which no cell split later in the row can move, or an id on the
    roster or in the key (not one met in other rows: a later part of a split
    file has not met them, and --jobs must not change the outputs), so that
    they are not lost or called absent; -1 otherwise (in ``name,student_id,...`` the
    row ``Smith, John,s2,...`` has "John" in the id column: no student)."""
    student, name = source.columns[:2]
    number = -1
    if (readable_id(cells[student], source.delimiter) and not getattr(cells, "no_student", False)
            and (id_first(source) or students.listed(cells[student]))):
        number = max(students.number(cells[student], name_in(cells, name)), -1)
        grid.grow(len(students))
        tally.grow(len(students))
    outcome = problem_outcome(Status.INVALID, problem)
    tally.count(number, -1, outcome)
    tally.unread[number] = tally.unread.get(number, 0) + 1
    tally.count_unplaced("named" if number >= 0 else "anonymous", source.line_of(j))
    if getattr(cells, "no_student", False):
        tally.count_header(source.line_of(j))
    return number, None, outcome


ID_CHARS = 200   # a longer id cell of a malformed row is not taken for a student id


def id_first(source) -> bool:
    """Whether the student id is the first column of the answers file."""
    return getattr(source, "student", None) == 0


def readable_id(text: str, delimiter: str) -> bool:
    """Whether the id cell of a malformed row can be trusted: some text, not
    over ID_CHARS, with no quote, line break, separator (a quote left open
    in the id cell runs the rest of the line into it) or control character (cells.has_control). The row's cells are
    padded with empty ones up to the header's width, so a row too short to
    reach the id column has an empty id cell."""
    text = text.strip()
    return 0 < len(text) <= ID_CHARS and not any(c in text for c in ('"', "\r", "\n", delimiter)) \
        and not has_control(text)


def _own_paper_outcome(index: KeyIndex, paper: int, slot: int, student: str, answer: str,
                       sample: bool = False) -> Outcome:
    """The outcome of ``answer`` on a student's own paper (number ``paper``): from the part's
    cache when its checker serves several papers (KeyIndex.shared_verdicts); else the one the
    early check's sample gave it when it met the same answer to the same part (KeyIndex.sampled),
    kept there when ``sample``; a LongAnswer (a str subclass, cut short) is never kept."""
    checker = index.papers[paper].checkers[slot]
    if checker is None:
        info = index.slots[slot]
        return problem_outcome(Status.UNKNOWN_QUESTION, f"the paper of student {student.strip()!r} has no "
                               f"{info['question_id']} part {info['part']}")
    if answer.__class__ is not str:
        return verdict_outcome(checker, answer)
    shared = index.shared_verdicts.get(id(checker))   # a variant on many papers: its verdicts kept
    if shared is not None:
        return shared.get(answer) or _cached_verdict(shared, checker, answer)
    kept = index.sampled
    if not (kept or sample):
        return verdict_outcome(checker, answer)
    outcome = kept.get((paper, slot, answer))
    if outcome is None:
        outcome = verdict_outcome(checker, answer)
        if sample:
            kept[(paper, slot, answer)] = outcome
    return outcome


def _ungraded(number: int, slot, source, j) -> Outcome:
    """The outcome of a well-formed row that cannot be graded: no student (the
    first thing a row needs), else no such part."""
    if number == -1:
        return problem_outcome(Status.INVALID, f"line {source.line_of(j)}: no student id")
    return problem_outcome(Status.UNKNOWN_QUESTION, slot)
