"""Grading a class's answers file against key.json, streaming: rows are read,
graded and written one at a time, so memory grows with the number of students
and question parts, never with the number of rows.

One pass over the answers file (``grade_rows``): every answer is graded and
written out at once, and for each (student, question part) the row and verdict
of its latest answer are kept (one flat array and one list, students x parts).
When a later answer to the same part arrives, the earlier one becomes
``superseded``: it is counted so and its row number noted. Only when some row
was superseded is graded.csv copied once more, with those rows' results
replaced; a file without duplicates is read once. The latest verdicts are
counted into the totals at the end (``count_latest``).

Verdicts are kept per question part and answer text (bounded), so the many
students who give the same answer cost one check; each verdict's result cells
are encoded as CSV once (``RowWriter``). The loop runs a million times for a
large class: it keeps to local names and builtins, and a row whose student and
part were met before takes the short way."""

from __future__ import annotations

import csv
import io
import os
import re
import tempfile
from array import array
from collections import Counter
from dataclasses import dataclass, field
from functools import reduce
from itertools import compress
from operator import add, itemgetter
from pathlib import Path

from quizgen.grading.answers_file import open_answers
from quizgen.errors import OutputError, UsageError
from quizgen.grading.key_index import _NO_LABELS, KeyIndex, load_key, tolerance_override
from quizgen.grading.marking import PartChecker, Verdict
from quizgen.ui import progress_bar
from quizgen.files import streamed_files
from quizgen.grading.report import (INVALID, N_STATUSES, STATUSES, SUPERSEDED, UNKNOWN, Tally, number_text,
                        question_rows, question_stats, report_markdown, safe_cells, spreadsheet_safe,
                        student_rows, student_totals)

RESULT_COLUMNS = ("status", "score", "expected", "misconception", "feedback", "reason")
CACHE_LIMIT = 50_000    # verdicts kept per question part before the cache starts afresh
CACHE_TEXT = 64         # longer answers are graded each time, never kept
PLAIN_LIMIT = 100_000   # cell texts known to need no quotes or formula guard, before starting afresh
PLAIN_ROW = 128         # longer rows are not learnt from
_STATUS_INDEX = {status: i for i, status in enumerate(STATUSES)}
_KIND, _SCORE, _CODE = itemgetter(0), itemgetter(1), itemgetter(2)   # of an outcome (_row_outcome)
NO_ANSWER = (N_STATUSES, 0.0, "", [], [None])   # the outcome of a part not answered (yet)


@dataclass
class GradeResult:
    """What ``grade`` did: counts, per-student totals, per-question statistics
    and the files written."""

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


def grade(answers, key=None, out=None, *, delimiter=None, decimal_comma=None, rtol=None, atol=None,
          encoding=None, progress: bool = False) -> GradeResult:
    """Grade the answers file ``answers`` against ``key`` (a key.json path, its
    data as a dict, or None to find key.json beside the answers or in the working
    directory). Writes graded.csv (``out``, default beside the answers) and, beside
    it, ``<stem>-students.csv``, ``<stem>-questions.csv`` and ``<stem>-report.md``,
    all atomically. ``rtol``/``atol`` replace every part's tolerance; ``progress``
    shows a progress bar on stderr when it is a terminal."""
    source = open_answers(answers, delimiter=delimiter, decimal_comma=decimal_comma, encoding=encoding)
    key_path, data = load_key(source.path, key)
    index = KeyIndex(data, source.decimal_comma, tolerance_override(rtol, atol),
                     key_path.name if key_path else "the key")
    paths = output_paths(source.path, out, key_path)
    students = Students(index)
    tally = Tally(len(index.slots))
    names = {role: path.name for role, path in paths.items()}
    folder = paths["graded"].parent
    with streamed_files(folder, names.values()) as handles:
        try:
            with progress_bar(progress, source.path.stat().st_size, "Grading") as bar:
                rows = grade_file(source, index, students, tally, handles[names["graded"]], bar)
        except OSError as exc:
            raise OutputError(f"grading stopped while reading {source.path} or writing in {folder}: "
                              f"{exc.strerror or exc}") from exc
        result = _result(source, index, students, tally, rows, paths)
        _write_reports(result, handles, names, source.delimiter)
    return result


class Students:
    """The students met in the answers (number = order of first appearance):
    ids, names, papers, and the last-answer array of the first pass."""

    def __init__(self, index: KeyIndex):
        self.index = index
        self.width = len(index.slots)
        self.ids, self.names, self.paper_numbers = [], [], []
        self.by_text = {}
        self.by_id = {}
        self.last = array("q")
        self.latest = []
        self._no_rows = array("q", [-1]) * self.width

    @property
    def papers(self) -> list:
        return [self.index.papers[n] for n in self.paper_numbers]

    def number(self, text: str, name: str = "") -> int:
        """The number of the student written ``text`` (registered on first sight);
        -1 for no id. ``by_text`` keeps only the numbers."""
        found = self.by_text.get(text)
        if found is None:
            found = self._register(text.strip(), name.strip())
            if found >= 0:
                self.by_text[text] = found
        return found

    def _register(self, student_id: str, name: str, paper=None) -> int:
        if not student_id:
            return -1
        if student_id in self.by_id:
            return self.by_id[student_id]
        number = len(self.ids)
        self.by_id[student_id] = number
        self.ids.append(student_id)
        self.names.append(name)
        self.paper_numbers.append(self.index.paper_for(student_id) if paper is None else paper)
        self.last.extend(self._no_rows)
        self.latest.extend([NO_ANSWER] * self.width)
        return number

    def add_roster(self) -> None:
        """Students who have their own paper in the key but gave no answer."""
        for student_id, name, paper in self.index.roster:
            if student_id not in self.by_id:
                self._register(student_id, name, paper)
        for number, paper in enumerate(self.paper_numbers):
            roster_name = self.index.roster[paper - 1][1] if paper else ""
            if roster_name and not self.names[number]:
                self.names[number] = roster_name


# ------------------------------------------------------------------ the passes

def grade_file(source, index: KeyIndex, students: Students, tally: Tally, handle, bar=None) -> int:
    """Grade every answer into graded.csv (``handle``, a file open at a temporary
    path); returns the number of answers. When some rows were superseded, the
    file is copied once with those rows' results replaced."""
    rows, superseded = grade_rows(source, index, students, tally, handle, bar)
    if superseded:
        handle.flush()
        fd, fixed = tempfile.mkstemp(dir=Path(handle.name).parent, prefix=".quizgen-", suffix=".tmp")
        try:
            with open(handle.name, encoding="utf-8", newline="") as written, \
                    open(fd, "w", encoding="utf-8", newline="") as target:
                _copy_replacing(written, target, superseded, source.delimiter)
            os.replace(fixed, handle.name)
        except BaseException:
            Path(fixed).unlink(missing_ok=True)
            raise
    return rows


def _copy_replacing(scratch, handle, replacements: dict, delimiter: str) -> None:
    """Copy graded rows, replacing the result cells of the rows in ``replacements``
    (data row number -> result cells)."""
    reader, writer = csv.reader(scratch, delimiter=delimiter), csv.writer(handle, delimiter=delimiter)
    handle.write(scratch.read(1))
    writer.writerow(next(reader))
    width = len(RESULT_COLUMNS)
    for i, row in enumerate(reader):
        cells = replacements.get(i)
        writer.writerow(row if cells is None else row[:-width] + cells)


PROGRESS_EVERY = 1 << 14   # rows between progress-bar updates


def grade_rows(source, index: KeyIndex, students: Students, tally: Tally, handle, bar=None):
    """Grade every answer in one pass and write its row. Returns the number of
    answers and {row number: result cells} for rows a later answer superseded.
    The loop only keeps each (student, part)'s latest verdict; the totals are
    counted from those at the end (``count_latest``). It runs per row: local
    names; a row of a student and a question part met before skips the first
    branch, and RowWriter.row's common case is written out in the last."""
    writer = _graded_writer(source, handle)
    write, is_plain, join, write_row = writer.write, writer.plain.issuperset, writer.join, writer.row
    si, _, qi, pi, ai = source.columns
    labels = index.labels
    no_part = labels.setdefault("", {})   # the labels of a file without a part column
    caches = [{} for _ in index.slots]
    shared = index.papers[0].checkers
    by_text, paper_numbers = students.by_text, students.paper_numbers
    last, width, latest = students.last, students.width, students.latest
    superseded = {}
    i, done = -1, 0
    for i, cells in enumerate(source.rows()):
        if not i % PROGRESS_EVERY and bar is not None:
            done = _progress(bar, source, done)
        number = by_text.get(cells[si])
        slot = (no_part if pi is None else labels.get(cells[pi], _NO_LABELS)).get(cells[qi])
        if number is None or slot.__class__ is not int or cells.__class__ is not list:
            number, slot = _look_up(index, students, tally, cells, source)
            last, latest = students.last, students.latest
            if slot.__class__ is not int:
                write_row(cells, slot)
                continue
        paper = paper_numbers[number]
        if paper == 0 and shared[slot] is not None:
            outcome = caches[slot].get(cells[ai]) or _cached_verdict(caches[slot], shared[slot], cells[ai])
        else:
            outcome = _own_paper_outcome(index, paper, slot, cells[si], cells[ai])
        k = number * width + slot
        if latest[k] is not NO_ANSWER:
            _supersede(index, tally, superseded, last[k], latest[k], number, slot, cells[si], paper)
        last[k], latest[k] = i, outcome
        tail = outcome[4][0]
        if tail is not None and is_plain(cells):
            write(join(cells) + tail)
        else:
            write_row(cells, outcome)
    count_latest(students, tally)
    return i + 1, superseded


def _progress(bar, source, done: int) -> int:
    """Move the progress bar to how far reading has got; returns that position."""
    position = source.bytes_read()
    bar.update(position - done)
    return position


def _graded_writer(source, handle) -> "RowWriter":
    """graded.csv started (byte-order mark, header) and a RowWriter for its rows."""
    handle.write("\ufeff")
    header = source.out_header
    csv.writer(handle, delimiter=source.delimiter).writerow(_out_header(header))
    return RowWriter(handle, source.delimiter)


def _cached_verdict(cache: dict, checker: PartChecker, answer: str):
    """The outcome of ``answer``, kept in ``cache`` unless the answer is long."""
    outcome = _verdict_outcome(checker, answer)
    if len(answer) <= CACHE_TEXT:
        if len(cache) >= CACHE_LIMIT:
            cache.clear()
        cache[answer] = outcome
    return outcome


def count_latest(students: Students, tally: Tally) -> None:
    """Add every (student, part)'s latest verdict to the totals: exactly the
    answers that were graded and not superseded. Builtins count over whole
    rows and columns of kinds and scores (a Python loop over a million
    verdicts is slow); each score total still adds its scores one by one in
    order, so the float sums are those of adding answer by answer. (Zeros are
    left out: adding 0.0 to a sum that starts at 0.0 never changes it. NO_ANSWER
    counts for nothing: a kind of its own, score 0.0, no code.)"""
    tally.grow(len(students.ids))
    latest, width = students.latest, students.width
    kinds, scores = bytes(map(_KIND, latest)), list(map(_SCORE, latest))
    present = [kind for kind in range(N_STATUSES) if kind in kinds]
    for kind in present:
        tally.status[kind] += kinds.count(kind)
    for slot in range(width):
        column = kinds[slot::width]
        for kind in present:
            if kind < UNKNOWN:
                tally.slot_counts[slot * N_STATUSES + kind] += column.count(kind)
        tally.slot_score[slot] = reduce(add, filter(None, scores[slot::width]), tally.slot_score[slot])
    counts, student_score = tally.student_counts, tally.student_score
    for number in range(len(students.ids)):
        start, end = number * width, (number + 1) * width
        for kind in present:
            counts[number * N_STATUSES + kind] += kinds.count(kind, start, end)
        student_score[number] = reduce(add, filter(None, scores[start:end]), student_score[number])
    _count_codes(tally, latest, width)


def _count_codes(tally: Tally, latest: list, width: int) -> None:
    """Count the misconceptions among the latest verdicts, in student order (the
    first feedback met for a code is the one kept)."""
    student_codes, slot_codes, feedback = tally.student_codes, tally.slot_codes, tally.feedback
    for k in compress(range(len(latest)), map(_CODE, latest)):
        number, slot = divmod(k, width)
        outcome = latest[k]
        code = outcome[2]
        codes = student_codes.setdefault(number, {})
        codes[code] = codes.get(code, 0) + 1
        slot_codes[slot][code] = slot_codes[slot].get(code, 0) + 1
        if code not in feedback:
            feedback[code] = outcome[3][4]


def _supersede(index: KeyIndex, tally: Tally, superseded: dict, row: int, earlier, number: int, slot: int,
               student: str, paper: int) -> None:
    """An earlier answer to the same part is superseded: count it so and note
    its row's new result cells (an answer to a part this student's paper lacks
    stays unknown and is counted as such)."""
    replacement = _superseded(index, paper, slot, student)
    if replacement[0] != SUPERSEDED:
        tally.count(number, slot, earlier)
        return
    tally.count(number, slot, replacement)
    superseded[row] = replacement[3]


def _look_up(index: KeyIndex, students: Students, tally: Tally, cells: list, source):
    """Student number and slot of a row not met before; for a row that cannot be
    graded, its outcome (already counted) in place of the slot."""
    problem = getattr(cells, "problem", None)
    number, slot = -1, problem
    if problem is None:
        student, name, question, part, _ = source.columns
        number = students.number(cells[student], "" if name is None else cells[name])
        tally.grow(len(students.ids))
        slot = index.slot(cells[question], "" if part is None else cells[part])
        if number >= 0 and slot.__class__ is int:
            return number, slot
    outcome = _ungraded(problem, slot, source)
    tally.count(number, -1, outcome)
    return number, outcome


def _superseded(index: KeyIndex, paper: int, slot: int, student: str):
    checker = index.papers[paper].checkers[slot]
    if checker is None:
        return _no_such_part(index, slot, student)
    return _row_outcome(SUPERSEDED, 0.0, checker.expected, "", "", "a later row answers this part again")


def _own_paper_outcome(index: KeyIndex, paper: int, slot: int, student: str, answer: str):
    checker = index.papers[paper].checkers[slot]
    if checker is None:
        return _no_such_part(index, slot, student)
    return _verdict_outcome(checker, answer)


def _no_such_part(index: KeyIndex, slot: int, student: str):
    info = index.slots[slot]
    return _row_outcome(UNKNOWN, 0.0, "", "", "", f"the paper of student {student.strip()!r} has no "
                        f"{info['question_id']} part {info['part']}")


def _out_header(header: list) -> list:
    """graded.csv's header: the input columns, then the result columns; an input
    column named like a result column (a graded file graded again) becomes ``input_<name>``."""
    taken = set(RESULT_COLUMNS)
    kept = [f"input_{h}" if h.strip().lower() in taken else h for h in header]
    return [spreadsheet_safe(h) for h in kept] + list(RESULT_COLUMNS)


def _verdict_outcome(checker: PartChecker, answer: str):
    try:
        verdict = checker(answer)
    except (ArithmeticError, ValueError, MemoryError, RecursionError) as exc:
        verdict = Verdict("invalid", 0.0, checker.expected, reason=f"not a number: {type(exc).__name__}")
    return _row_outcome(_STATUS_INDEX[verdict.status], verdict.score, checker.expected,
                        verdict.misconception, verdict.feedback, verdict.reason)


def _row_outcome(status: int, score: float, expected: str, code: str, feedback: str, reason: str):
    """``(status, score, code, result cells, [CSV text of the cells])`` for one row,
    cells spreadsheet-safe; the text is filled in on first use (``RowWriter``)."""
    cells = [STATUSES[status], number_text(score), spreadsheet_safe(expected), code,
             spreadsheet_safe(feedback), spreadsheet_safe(reason)]
    return status, score, code, cells, [None]


class RowWriter:
    """Writes graded rows as csv.writer would: the input cells made
    spreadsheet-safe, then the outcome's result cells. Those are encoded once
    per verdict and reused (a csv.writer re-encodes the long feedback text on
    every row: most of the time). The input cells are simply joined when each
    is known to be plain, that is without delimiter, quote or line break and
    not read as a formula: ``plain`` holds the cells of rows whose careful
    encoding turned out to be just that (checking each row costs more)."""

    def __init__(self, handle, delimiter: str):
        self.write, self.join, self.delimiter = handle.write, delimiter.join, delimiter
        self.plain = set()
        self.buffer = io.StringIO()
        self.writer = csv.writer(self.buffer, delimiter=delimiter)
        self.needs_quotes = re.compile('["\r\n]').search

    def row(self, cells: list, outcome) -> None:
        """Write one graded row: input ``cells`` then the outcome's result cells."""
        tail = outcome[4][0] or self._tail(outcome)
        if self.plain.issuperset(cells):
            self.write(self.join(cells) + tail)
        else:
            self.write(self._careful(cells) + tail)

    def _careful(self, cells: list) -> str:
        """The CSV text of spreadsheet-safe ``cells``; when it is the cells just
        joined, they are all plain and remembered so (short rows, a bounded set)."""
        text = self.encode(safe_cells(cells))
        if len(text) <= PLAIN_ROW and text == self.join(cells):
            if len(self.plain) >= PLAIN_LIMIT:
                self.plain.clear()
            self.plain.update(cells)
        return text

    def encode(self, cells: list) -> str:
        """The CSV text of ``cells`` (as csv.writer writes it), without the line end."""
        line = self.join(cells)
        if line.count(self.delimiter) == len(cells) - 1 and self.needs_quotes(line) is None:
            return line
        self.buffer.seek(0)
        self.buffer.truncate()
        self.writer.writerow(cells)
        return self.buffer.getvalue()[:-2]

    def _tail(self, outcome) -> str:
        """The outcome's result cells as CSV text, from the delimiter before them to the line end."""
        outcome[4][0] = self.delimiter + self.encode(outcome[3]) + "\r\n"
        return outcome[4][0]


def _ungraded(problem, slot, source):
    """The outcome of a row that cannot be graded: malformed, no such part, or no student."""
    if problem is not None:
        return _row_outcome(INVALID, 0.0, "", "", "", problem)
    if slot.__class__ is not int:
        return _row_outcome(UNKNOWN, 0.0, "", "", "", slot)
    return _row_outcome(INVALID, 0.0, "", "", "", f"line {source.line_number()}: no student id")


# ------------------------------------------------------------------ outputs

def output_paths(answers_path: Path, out, key_path) -> dict:
    """graded.csv (``out``, default beside the answers) and the reports beside it.
    No output may be the answers file or the key."""
    graded = Path(out) if out else answers_path.parent / "graded.csv"
    if graded.is_dir() or str(out or "").endswith(("/", "\\")):
        graded = graded / "graded.csv"
    stem, folder = graded.stem, graded.parent
    paths = {"graded": graded, "students": folder / f"{stem}-students.csv",
             "questions": folder / f"{stem}-questions.csv", "report": folder / f"{stem}-report.md"}
    protected = {answers_path.resolve(): "the answers file"}
    if key_path is not None:
        protected[Path(key_path).resolve()] = "the key"
    for path in paths.values():
        if path.resolve() in protected:
            raise UsageError(f"--out: writing {path} would overwrite {protected[path.resolve()]}; "
                             "choose another --out")
    return paths


def _result(source, index: KeyIndex, students: Students, tally: Tally, rows: int, paths: dict) -> GradeResult:
    students.add_roster()
    tally.grow(len(students.ids))
    per_paper = Counter(students.paper_numbers)
    class_sizes = [sum(n for paper, n in per_paper.items() if index.papers[paper].checkers[slot] is not None)
                   for slot in range(len(index.slots))]
    totals = student_totals(tally, students)
    stats = question_stats(tally, index.slots, class_sizes)
    counts = dict(zip(STATUSES, tally.status))
    return GradeResult(source.path, index.name, source.form, source.delimiter, source.encoding, rows, counts,
                       totals, stats, dict(tally.feedback), paths)


def _write_reports(result: GradeResult, handles: dict, names: dict, delimiter: str) -> None:
    for role, rows in (("students", student_rows(result.students)), ("questions", question_rows(result.questions))):
        handle = handles[names[role]]
        handle.write("\ufeff")
        csv.writer(handle, delimiter=delimiter).writerows(rows)
    handles[names["report"]].write(report_markdown(result))
