"""Do these answers belong to this key? Two checks, each stopping grade with
one line (InputFileError, exit 2) that names the key used and what to pass;
``--force`` grades anyway and prints the line as a warning
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

Grade stops when more than half of at least 10 numeric answers are far, or
when fewer than MATCH_LEAST of at least MATCH_SAMPLE are matched: a key of the
same templates (another seed, the class paper for per-student answers) puts
many answers within 25%, but matches only 8-18% of them, where a real class
matches 86-91% and a class of the workload's weakest students 62-67%
(benchmarks/workload.py; docs/grading.md gives the measurements).

The sample is every final answer of students spread evenly over the class,
at most SAMPLE_CELLS (student, part) cells in all, so the check costs the
same for a million rows as for a thousand, and nothing is added to the
grading loop."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from quizgen.errors import InputFileError
from quizgen.grading.answer_pass import paper_column
from quizgen.grading.key_index import found_keys
from quizgen.key.papercode import display_code, normalise_code
from quizgen.key.status import Status
from quizgen.marking.rules import ECF

SAMPLE_CELLS = 20_000   # (student, part) cells read at most: students spread evenly over the class
CLOSENESS = 0.25   # an answer further than this (relative) from every known value is "far"
MATCH_LEAST = 0.3   # fewer matched than this share (of MATCH_SAMPLE or more answers): another key
MATCH_SAMPLE = 60   # numeric answers (ECF aside) needed before the match rule applies: about 3 papers
CODE_ROWS = 5_000   # rows of the answers file read for their paper codes
CODE_LEAST = 10     # rows with a paper code needed before the code check applies
KEYS_LOOKED_AT = 30   # key.json files read at most when looking for the one that printed the codes
_NEAR = frozenset({Status.CORRECT, Status.IMPRECISE})


def far_count(index, students, grid) -> tuple:
    """``(far, numeric, matched)`` over the sampled students' final numeric answers, ECF left out."""
    count = len(students.paper_numbers)
    step = max(1, count * grid.width // SAMPLE_CELLS)
    width, outcomes = grid.width, grid.outcomes
    far = numeric = matched = 0
    for number in range(0, count, step):
        parts = index.papers[students.paper_numbers[number]].parts
        base = number * width
        for slot in range(width):
            outcome = outcomes[base + slot] if base + slot < len(outcomes) else None
            if outcome is None or outcome.value is None or outcome.status is None or outcome.note == ECF:
                continue   # ECF follows the student's own earlier answers whatever the key: it tells nothing
            part = parts[slot]
            if part is None or part.kind == "word":
                continue
            numeric += 1
            if outcome.status in _NEAR or outcome.misconception:
                matched += 1
                continue
            far += is_far(outcome.value, [part.value, *(v for v in part.trap_values if v is not None)])
    return far, numeric, matched


def check_belong(index, students, grid, source: str, force: bool = False, key_name: str | None = None,
                 hint=None) -> str:
    """Stop (InputFileError, exit 2) when the answers look like another key's;
    with ``force`` return the line as a warning instead; "" when they belong.
    ``key_name`` names the key (default: the index's name); ``hint`` (a
    callable, asked only when stopping) says which --key to try."""
    far, numeric, matched = far_count(index, students, grid)
    return belong_verdict(far, numeric, source, key_name or index.name, force, matched=matched, hint=hint)


def is_far(value: float, values) -> bool:
    """True when ``value`` lies further than CLOSENESS (relative) from every one of ``values``."""
    return all(abs(value - v) > CLOSENESS * max(abs(v), 1e-12) for v in values)


def belong_message(far: int, numeric: int, source: str, key_name: str, forced: bool = False,
                   matched: int | None = None, hint: str = "") -> str:
    """The one line saying the answers look like another key's: what to do
    about it, or (``forced``) that they were graded anyway. With ``matched``
    it words the match rule (few answers within tolerance), else the far rule."""
    advice = ("graded anyway, as --force asks" if forced else
              f"Grade them with the right --key{hint}, or pass --force to grade them anyway")
    if matched is not None:
        return (f"{source}: only {matched} of {numeric} numeric answers ({100 * matched / numeric:.0f}%) match, "
                f"within tolerance, a value {key_name} knows for their part (its answer, a trap or carried "
                f"rounding; ecf answers left out), where a class answering its own key matches far more: were "
                f"they written for another seed or key? {advice}")
    near = numeric - far
    return (f"{source}: only {near} of {numeric} numeric answers ({100 * near / numeric:.0f}%) are near a value "
            f"{key_name} knows for their part (its answer, a trap or carried rounding): were they "
            f"written for another seed or key? {advice}")


def looks_foreign(far: int, numeric: int, least: int = 10, most: float = 0.5) -> bool:
    """True when at least ``least`` numeric answers were seen and more than ``most`` of them are far."""
    return numeric >= least and far > most * numeric


def few_match(matched: int, numeric: int, least: int = MATCH_SAMPLE, share: float = MATCH_LEAST) -> bool:
    """True when at least ``least`` numeric answers were seen and fewer than ``share`` of them matched."""
    return numeric >= least and matched < share * numeric


def belong_verdict(far: int, numeric: int, source: str, key_name: str, force: bool = False,
                   least: int = 10, most: float = 0.5, matched: int | None = None, hint=None) -> str:
    """"" when ``far`` (and ``matched``) of ``numeric`` answers look like this
    key's; else stop (InputFileError, exit 2), or with ``force`` return the line as a warning."""
    if looks_foreign(far, numeric, least, most):
        matched = None   # worded by the far rule
    elif matched is None or not few_match(matched, numeric):
        return ""
    if not force:
        raise InputFileError(belong_message(far, numeric, source, key_name, matched=matched,
                                            hint=hint() if callable(hint) else hint or ""))
    return belong_message(far, numeric, source, key_name, forced=True, matched=matched)


def written_codes(source, index, limit: int = CODE_ROWS) -> dict:
    """``{normal code: Counter of student cells}`` over the paper column of the
    first ``limit`` rows of the answers; {} without one (or when the key has no codes)."""
    column = paper_column(source, index)
    if column is None:
        return {}
    found, student = {}, source.columns[0]
    rows = source.rows()
    try:
        for number, cells in enumerate(rows):
            if number >= limit:
                break
            code = normalise_code(cells[column]) if column < len(cells) else ""
            if code:
                found.setdefault(code, Counter())[cells[student].strip().casefold()] += 1
    finally:
        rows.close()
    return found


def check_codes(source, index, key_name: str, force: bool = False, key_path=None) -> str:
    """Stop (InputFileError, exit 2) when most paper codes the answers carry
    are no paper of this key, naming what kind they are and the key.json that
    printed them when one is found; with ``force`` the line as a warning; "" otherwise."""
    written = written_codes(source, index)
    ours = {normalise_code(code) for code, _, _ in index.key.codes}
    rows = sum(sum(students.values()) for students in written.values())
    foreign = {code: students for code, students in written.items() if code not in ours}
    if rows < CODE_LEAST or 2 * sum(sum(students.values()) for students in foreign.values()) <= rows:
        return ""
    line = f"{source.path.name}: {_codes_mismatch(foreign, index.key, key_name)}: "
    if force:
        return line + "graded anyway, as --force asks (those rows are needs_review)"
    holder = key_holding(set(foreign), source.path, key_path)
    what = (f"grade them with --key {holder} (the key.json that printed those codes)" if holder else
            "grade them with --key and the key.json written beside the papers they answered")
    raise InputFileError(line + what + ", or pass --force to grade them anyway")


def _codes_mismatch(foreign: dict, key, key_name: str) -> str:
    """What the answers' foreign codes (``{code: Counter of students}``) are, beside what the key is."""
    writers = Counter(student for students in foreign.values() for student in students)
    shared = max(foreign.items(), key=lambda item: len(item[1]))
    if len(shared[1]) > 1 and 2 * len(shared[1]) > len(writers):   # one code on most students' rows
        if key.papers:
            return (f"its paper column carries one class paper's code ({display_code(shared[0])}) on "
                    f"{len(shared[1])} students' rows, but {key_name} is the key of per-student papers, "
                    "which never printed it")
        return (f"its paper column carries a class paper's code ({display_code(shared[0])}) that {key_name} "
                "never printed (papers from another run of generate?)")
    if len(foreign) > 1 and not key.papers:
        return (f"its paper column carries {len(foreign)} different paper codes, the students' own papers', "
                f"but {key_name} has no per-student papers (it is a class paper's key)")
    return (f"its paper column carries {len(foreign)} paper code(s) that {key_name} never printed "
            "(papers from another run of generate?)")


def key_holding(codes: set, answers_path: Path, used=None) -> str:
    """The key.json (as the user would type it) that printed most of ``codes``,
    looked for among the places grade looks and one folder down from the
    answers' folder and the working folder; "" when none did."""
    best, most = "", 0
    for path in nearby_keys(answers_path, used):
        try:
            printed = json.loads(path.read_text(encoding="utf-8")).get("papers") or {}
            count = len(codes & {normalise_code(code) for code in printed})
        except (OSError, ValueError, AttributeError, TypeError):
            continue
        if count > most:
            best, most = _typed(path), count
    return best


def nearby_keys(answers_path: Path, used=None) -> list:
    """The key.json files grade would find (key_index.found_keys), then those one
    folder down from the answers' folder and the working folder, each once and
    not ``used``, at most KEYS_LOOKED_AT."""
    seen = {Path(used).resolve()} if used is not None else set()
    found = []
    for path in found_keys(answers_path) + _one_down(answers_path.parent) + _one_down(Path(".")):
        try:
            real = path.resolve()
        except OSError:
            continue
        if real not in seen and path.is_file():
            seen.add(real)
            found.append(path)
    return found[:KEYS_LOOKED_AT]


def other_keys_hint(answers_path: Path, used) -> str:
    """`` (key.json files found: a, b)`` naming up to three key.json files
    near the answers other than ``used``, for the belong check's advice; "" when none."""
    others = [_typed(path) for path in nearby_keys(answers_path, used)[:3]]
    return f" (key.json files found: {', '.join(others)})" if others else ""


def _one_down(folder: Path) -> list:
    """The key.json of each folder inside ``folder`` (sorted; none when it cannot be read)."""
    try:
        return sorted(child / "key.json" for child in folder.iterdir() if child.is_dir())[:KEYS_LOOKED_AT]
    except OSError:
        return []


def _typed(path: Path) -> str:
    """``path`` as the user would type it: from the working folder when it is under it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except (OSError, ValueError):
        return str(path)
