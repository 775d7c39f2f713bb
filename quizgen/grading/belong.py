"""Do these answers belong to this key? Two checks, each stopping grade with
one line (InputFileError, exit 2) that names the key used and what to pass;
``--force-key`` (or ``--force``, which also means ``--replace-outputs``) grades
anyway and prints the line as a warning, naming the option given
(docs/grading.md, "Answers for another key").

Before the pass, the paper codes (``check_codes``): when most of the codes
in the answers' ``paper`` column are no paper of this key (per-student
papers' codes against a class paper's key, a class paper's code against a
per-student key, or another run of generate), the key.json that printed
them is looked for (beside the answers, in the working folder, its quiz/,
and one folder down from either) and named.

After the pass (and ECF), before the outputs are renamed into place, the
answers themselves (``check_belong``), from a sample of the final verdicts.
An answer marked by error carried forward is left out: it agrees with the
student's own earlier answers under any key (answers for another seed get
ECF on every dependent part), so it says nothing either way. Of the rest:

- *matched*: marked correct or imprecise (so within tolerance of the part's
  answer, or of carried rounding) or named a trap;
- *far*: not matched and further than 25% from the part's answer and every
  trap's value.

Grade stops when more than half of at least 10 numeric answers are far.
When fewer than MATCH_LEAST of at least MATCH_SAMPLE (or, for a small class,
FAR_LEAST: then only a better key found stops grade) are matched, the answers
may be another key's of the same templates (another seed, the class paper for
per-student answers: many answers lie within 25%, but only 8-18% match), or a
real class that is weak (a pre-test, slips): the key.json files near the
answers are tried on the same sample, and grade stops naming one that matches
at least BETTER times as many and at least MATCH_OTHER of them; else the line
is a warning and the answers are graded (docs/grading.md).

The sample is every final answer of students spread evenly over the class,
at most SAMPLE_CELLS (student, part) cells in all, so the check costs the
same for a million rows as for a thousand, and nothing is added to the
grading loop."""

from __future__ import annotations

import gc
import os
import weakref
from collections import Counter
from pathlib import Path

from quizgen.errors import InputFileError, QuizgenError
from quizgen.wording import thousands
from quizgen.grading.answer_pass import paper_column
from quizgen.grading.key_index import KeyIndex, found_keys
from quizgen.key.load import load_key_file, parse_key_text
from quizgen.key.papercode import display_code, normalise_code
from quizgen.key.status import Status
from quizgen.marking.rules import ECF
from quizgen.marking.student_ids import normalise_id

SAMPLE_CELLS = 20_000   # (student, part) cells read at most: students spread evenly over the class
CLOSENESS = 0.25   # an answer further than this (relative) from every known value is "far"
MATCH_LEAST = 0.3   # fewer matched than this share (of MATCH_SAMPLE or more answers): maybe another key
MATCH_SAMPLE = 60   # numeric answers (ECF, right counts aside) needed before the match rule applies: 4 papers or more
MATCH_OTHER = 0.5   # another key.json near the answers matching at least this share of the sample ...
BETTER = 2          # ... and this many times this key's share is the key they were written for
FAR_LEAST = 10      # numeric answers needed before the far rule (and the look for a better key) applies
CODE_ROWS = 5_000   # rows of the answers file read for their paper codes
CODE_LEAST = 10     # rows with a paper code needed before the code check applies
KEYS_LOOKED_AT = 30   # key.json files read at most when looking for the one that printed the codes
NEARBY_KEY_BYTES = 16 * 1024 ** 2   # a key.json near the answers bigger than this (2,000 students' papers) is not read
NEARBY_BYTES = 32 * 1024 ** 2   # nor more than this of them in all, in one check
COLLECT_BYTES = 8 * 1024 ** 2   # the cycles of this much key read are collected (at most 4 collections)
CODE_CELL_MOST = 64   # a paper cell longer than this is no code (the rows say so, one by one)
KEY_OPTION = "--force-key"   # the option that grades answers these checks refuse with this key
_NEAR = frozenset({Status.CORRECT, Status.IMPRECISE})
_NONE_BETTER = weakref.WeakKeyDictionary()   # {KeyIndex: {(answers, used)}}: searched this run, none fit better


class Sample:
    """The sampled students' final numeric answers (ECF aside), counted against
    this key: ``far``, ``numeric``, ``matched``; ``answers`` keeps each as
    ``(student id, question id, part letter, value)`` to try other keys on; ``read``: the students' numbers."""

    def __init__(self, index, students, grid, numbers=None):
        self.far = self.numeric = self.matched = 0
        self.answers = []
        count = len(students.paper_numbers)
        step = max(1, count * grid.width // SAMPLE_CELLS)
        self.read = range(0, count, step) if numbers is None else numbers   # the students read, by number
        for number in self.read:
            parts = index.papers[students.paper_numbers[number]].parts
            for slot, outcome in enumerate(grid.row(number)):
                if outcome.value is None or outcome.status is None or outcome.note == ECF:
                    continue   # ECF follows the student's own earlier answers whatever the key: it tells nothing
                if parts[slot] is not None and parts[slot].kind != "word" and not _right_count(parts[slot], outcome):
                    self._count(parts[slot], outcome)
                    label = index.slots[slot]
                    self.answers.append((students.ids[number], label["question_id"], label["part"], outcome.value))

    def _count(self, part, outcome) -> None:
        self.numeric += 1
        if outcome.status in _NEAR or outcome.misconception:
            self.matched += 1
        else:
            self.far += is_far(outcome.value, [part.value, *(v for v in part.trap_values if v is not None)])


def _right_count(part, outcome) -> bool:
    """A right count tells little of which key the answers were written for: another
    seed's paper often asks the same small whole number (C5's 0, C6's counts of a
    similar length), so the sample leaves it out."""
    return part.kind == "integer" and outcome.status is Status.CORRECT


def plain_share(index, answers: list, least: int = MATCH_SAMPLE):
    """The share of ``answers`` (``Sample.answers``) within tolerance of their
    part's answer or a trap's value in ``index``'s key (each student's own
    paper, else the class paper), by the plain window alone, so that keys are
    compared alike; None when fewer than ``least`` name a numeric part of it."""
    papers = {normalise_id(sid): number for sid, _, number in index.roster}
    hit = seen = 0
    for student, question, letter, value in answers:
        slot = index.slot(question, letter)
        part = index.papers[papers.get(normalise_id(student), 0)].parts[slot] if isinstance(slot, int) else None
        if part is None or part.kind == "word" or part.value is None:
            continue
        seen += 1
        hit += abs(value - part.value) <= part.half_width() or any(
            v is not None and abs(value - v) <= part.trap_half_width(i) for i, v in enumerate(part.trap_values))
    return hit / seen if seen >= least else None


def better_key(index, answers: list, answers_path: Path, used) -> tuple | None:
    """``(key.json as typed, its share, this key's share)`` for the key.json near
    the answers that matches ``answers`` best, when it matches at least
    MATCH_OTHER of them and BETTER times this key's share; else None. A small
    class is looked at too: as few answers as the far rule needs (FAR_LEAST).
    Once a run: when the sample before the pass (belong_early.py) found none for
    these answers and this key (``index``, the run's own), None again, not
    another read of every key near them (a weak class's run would read them twice)."""
    searched = (str(_resolved(answers_path)), None if used is None else str(_resolved(used)))
    if searched in _NONE_BETTER.get(index, ()):
        return None
    ours, best, unfreed = plain_share(index, answers, FAR_LEAST) or 0.0, None, 0
    for path, size in readable_keys(answers_path, used):
        theirs = _share_in(path, answers)
        unfreed += size
        if unfreed > COLLECT_BYTES:   # grading pauses the collector: the keys read here would stay till the run ends
            gc.collect()
            unfreed = 0
        if theirs is not None and theirs >= max(MATCH_OTHER, BETTER * ours) and (best is None or theirs > best[1]):
            best = (_typed(path), theirs, ours)
    if unfreed > 1024 ** 2:
        gc.collect()
    if best is None:
        _NONE_BETTER.setdefault(index, set()).add(searched)
    return best


def _share_in(path: Path, answers: list):
    """``plain_share`` of ``answers`` in the key.json at ``path``, or None when it cannot be read as a key."""
    try:
        return plain_share(KeyIndex(load_key_file(path), False, None, path.name), answers, FAR_LEAST)
    except (QuizgenError, OSError):
        return None


def check_belong(index, students, grid, answers_path: Path, forced_by: str = "", key_name: str | None = None,
                 used=None) -> str:
    """Stop (InputFileError, exit 2) when the answers look like another key's:
    a key.json near them (not ``used``) fits them far better, when most are far
    from every value this key knows or few match; or most are far and none
    fits better (then --force-key grades a very weak class); a small class (FAR_LEAST to
    MATCH_SAMPLE answers) few of which match, when a key.json near them fits far better. With ``forced_by``
    (the option that lets such answers through, "" for none) the line is a warning instead. Few matched and no better key found: a warning
    line (a weak class is graded). "" when they belong. ``key_name`` names the
    key (default: the index's name)."""
    sample = Sample(index, students, grid)
    source, name = answers_path.name, key_name or index.name
    far = looks_foreign(sample.far, sample.numeric)
    small = sample.numeric < MATCH_SAMPLE and few_match(sample.matched, sample.numeric, FAR_LEAST)
    if not far and not small and not few_match(sample.matched, sample.numeric):
        return ""
    better = better_key(index, sample.answers, answers_path, used)
    if far or better is not None:
        return stop_line(sample, better, source, name, forced_by)
    if small:   # a small class that few match, and no key near fits better: too few to warn of (belong_note.py)
        return ""
    return (f"{source}: only {sample.matched} of {sample.numeric} numeric answers "
            f"({100 * sample.matched / sample.numeric:.0f}%) match, within tolerance, a value {name} knows for "
            "their part (its answer, a trap or carried rounding; ecf answers left out): a weak class, or "
            "answers written for another seed or key? If the latter, grade them again with the right --key")


def stop_line(sample: Sample, better, source: str, name: str, forced_by: str) -> str:
    """The line that stops grade (InputFileError; with ``forced_by``, the option given, returned as a
    warning) for answers (``sample``) most of which are far from every value
    this key knows (``better`` None), or that the key.json ``better`` names
    (``better_key``'s) fits far better."""
    if better is None:   # the rule: most answers far from every value this key knows
        return _stop(belong_message(sample.far, sample.numeric, source, name, forced_by), forced_by)
    other, theirs, ours = better
    line = (f"{source}: only {100 * ours:.0f}% of a sample of numeric answers lie within tolerance of a value "
            f"{name} knows for their part, but {100 * theirs:.0f}% of a value {other} knows: ")
    return _stop(line + (f"graded anyway, as {forced_by} asks" if forced_by else
                         f"grade them with --key {other}, or pass {KEY_OPTION} to grade them with this key"),
                 forced_by)


def _stop(line: str, forced_by: str) -> str:
    """``line`` as a warning with ``forced_by`` (an option's name); else stop with it (InputFileError, exit 2)."""
    if not forced_by:
        raise InputFileError(line)
    return line


def is_far(value: float, values) -> bool:
    """True when ``value`` lies further than CLOSENESS (relative) from every one of ``values``."""
    return all(abs(value - v) > CLOSENESS * max(abs(v), 1e-12) for v in values)


def belong_message(far: int, numeric: int, source: str, key_name: str, forced_by: str = "") -> str:
    """The one line saying most answers are far from this key's values: what to
    do about it, or (``forced_by``: the option given) that they were graded anyway."""
    advice = (f"graded anyway, as {forced_by} asks" if forced_by else
              "Grade them with the right --key (no key.json near them fits them better), or, if they are this "
              f"key's (a very weak class), pass {KEY_OPTION} to grade them")
    near = numeric - far
    return (f"{source}: only {near} of {numeric} numeric answers ({100 * near / numeric:.0f}%) are near a value "
            f"{key_name} knows for their part (its answer, a trap or carried rounding): were they "
            f"written for another seed or key? {advice}")


def looks_foreign(far: int, numeric: int, least: int = FAR_LEAST, most: float = 0.5) -> bool:
    """True when at least ``least`` numeric answers were seen and more than ``most`` of them are far."""
    return numeric >= least and far > most * numeric


def few_match(matched: int, numeric: int, least: int = MATCH_SAMPLE, share: float = MATCH_LEAST) -> bool:
    """True when at least ``least`` numeric answers were seen and fewer than ``share`` of them matched."""
    return numeric >= least and matched < share * numeric


def written_codes(source, index, limit: int = CODE_ROWS) -> tuple:
    """``({normal code: Counter of student cells}, cut)`` over the paper column of
    the first ``limit`` rows (answers: a wide line is one a part) of the answers,
    ``cut`` True when there were more; {} without one (or when the key has no codes)."""
    column = paper_column(source, index)
    if column is None:
        return {}, False
    found, student = {}, source.columns[0]
    rows = source.rows()
    try:
        for number, cells in enumerate(rows):
            if number >= limit:
                return found, True
            cell = cells[column] if column < len(cells) else ""
            code = normalise_code(cell) if len(cell) <= CODE_CELL_MOST else ""
            if code:
                found.setdefault(code, Counter())[cells[student].strip().casefold()] += 1
    finally:
        rows.close()
    return found, False


def check_codes(source, index, key_name: str, forced_by: str = "", key_path=None) -> str:
    """Stop (InputFileError, exit 2) when most paper codes the answers carry
    are no paper of this key, naming what kind they are and the key.json that
    printed them when one is found; with ``forced_by`` (the option given) the line as a warning; "" otherwise."""
    written, cut = written_codes(source, index)
    ours = {normalise_code(code) for code, _, _ in index.key.codes}
    rows = sum(sum(students.values()) for students in written.values())
    foreign = {code: students for code, students in written.items() if code not in ours}
    if rows < CODE_LEAST or 2 * sum(sum(students.values()) for students in foreign.values()) <= rows:
        return ""
    column = "its paper column" + (f" (in its first {thousands(CODE_ROWS)} answers, those read for codes)"
                                   if cut else "")
    line = f"{source.path.name}: {_codes_mismatch(foreign, index.key, key_name, column)}: "
    if forced_by:
        return line + f"graded anyway, as {forced_by} asks (those rows are needs_review)"
    holder = key_holding(set(foreign), source.path, key_path)
    what = (f"grade them with --key {holder} (the key.json that printed those codes)" if holder else
            "grade them with --key and the key.json written beside the papers they answered")
    raise InputFileError(line + what + f", or pass {KEY_OPTION} to grade them anyway")


def _codes_mismatch(foreign: dict, key, key_name: str, column: str = "its paper column") -> str:
    """What the answers' foreign codes (``{code: Counter of students}``) are, beside what the key is
    (``column``: how the paper column read is named)."""
    writers = Counter(student for students in foreign.values() for student in students)
    shared = max(foreign.items(), key=lambda item: len(item[1]))
    if len(shared[1]) > 1 and 2 * len(shared[1]) > len(writers):   # one code on most students' rows
        if key.papers:
            return (f"{column} carries one class paper's code ({display_code(shared[0])}) on "
                    f"{len(shared[1])} students' rows, but {key_name} is the key of per-student papers, "
                    "which never printed it")
        return (f"{column} carries a class paper's code ({display_code(shared[0])}) that {key_name} "
                "never printed (papers from another run of generate?)")
    if len(foreign) > 1 and not key.papers:
        return (f"{column} carries {len(foreign)} different paper codes, the students' own papers', "
                f"but {key_name} has no per-student papers (it is a class paper's key)")
    return (f"{column} carries {len(foreign)} paper code(s) that {key_name} never printed "
            "(papers from another run of generate?)")


def key_holding(codes: set, answers_path: Path, used=None) -> str:
    """The key.json (as the user would type it) that printed most of ``codes``,
    looked for among the places grade looks and one folder down from the
    answers' folder and the working folder; "" when none did."""
    best, most = "", 0
    for path, _ in readable_keys(answers_path, used):
        try:
            printed = parse_key_text(path.read_text(encoding="utf-8-sig"), str(path)).get("papers") or {}
            count = len(codes & {normalise_code(code) for code in printed})
        except (QuizgenError, OSError, ValueError, AttributeError, TypeError):
            continue
        if count > most:
            best, most = _typed(path), count
    return best


def readable_keys(answers_path: Path, used=None) -> list:
    """``(path, bytes)`` of the ``nearby_keys`` that a hint may read: each at
    most NEARBY_KEY_BYTES and NEARBY_BYTES in all, so that no folder of big
    keys makes a run slow (each read is a key's load, checked as one: nesting
    and integer limits)."""
    found, total = [], 0
    for path in nearby_keys(answers_path, used):
        try:
            size = path.stat().st_size
        except OSError:
            continue
        if size <= NEARBY_KEY_BYTES and total + size <= NEARBY_BYTES:
            total += size
            found.append((path, size))
    return found


def nearby_keys(answers_path: Path, used=None) -> list:
    """The key.json files grade would find (key_index.found_keys), then those one
    folder down from the answers' folder and the working folder, each once and
    not ``used``, at most KEYS_LOOKED_AT."""
    seen = {_resolved(used)} if used is not None else set()
    found = []
    for path in found_keys(answers_path) + _one_down(answers_path.parent) + _one_down(Path(".")):
        try:
            real = path.resolve()
        except (OSError, RuntimeError):   # RuntimeError: a link loop (Python 3.11's resolve)
            continue
        if real not in seen and path.is_file():
            seen.add(real)
            found.append(path)
    return found[:KEYS_LOOKED_AT]


def _one_down(folder: Path) -> list:
    """The key.json of each folder inside ``folder`` that has one (sorted, at
    most KEYS_LOOKED_AT; none when it cannot be read): folders with no key do
    not use up the places of those that have one."""
    try:
        with os.scandir(folder) as entries:   # the entries' types come with the listing: no stat each
            names = sorted(entry.name for entry in entries if entry.is_dir())
    except OSError:
        return []
    found = []
    for name in names:
        if _is_file(folder / name / "key.json"):
            found.append(folder / name / "key.json")
            if len(found) == KEYS_LOOKED_AT:
                break
    return found


def _is_file(path: Path) -> bool:
    try:
        return path.is_file()
    except OSError:
        return False


def _typed(path: Path) -> str:
    """``path`` as the user would type it: from the working folder when it is under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (OSError, RuntimeError, ValueError):
        return str(path)


def _resolved(path) -> Path:
    """``path`` with its links followed, or as given when they loop."""
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):
        return Path(path)
