"""Do these answers belong to this key? Answers written for another seed or
another key are mostly far from every value the key knows for their part;
grading them would give a class mean near zero without a word. After the
pass (and ECF), before the outputs are renamed into place, a sample of the
final verdicts is checked: an answer is *near* when it was marked correct or
imprecise (which includes carried rounding), named a trap, or lies within 25%
of the part's answer or a trap's value; it is *far* otherwise. An answer
marked by error carried forward is left out: it agrees with the student's
own earlier answers under any key (answers for another seed get ECF on every
dependent part), so it says nothing either way.
When more than half of at least 10 numeric answers are far, grade stops
(``--force`` grades anyway, with a warning).

The sample is every final answer of students spread evenly over the class,
at most SAMPLE_CELLS (student, part) cells in all, so the check costs the
same for a million rows as for a thousand, and nothing is added to the
grading loop."""

from __future__ import annotations

from quizgen.errors import InputFileError
from quizgen.key.status import Status
from quizgen.marking.rules import ECF

SAMPLE_CELLS = 20_000   # (student, part) cells read at most: students spread evenly over the class
CLOSENESS = 0.25   # an answer further than this (relative) from every known value is "far"
_NEAR = frozenset({Status.CORRECT, Status.IMPRECISE})


def far_count(index, students, grid) -> tuple:
    """``(far, numeric)`` over the sampled students' final numeric answers."""
    count = len(students.paper_numbers)
    step = max(1, count * grid.width // SAMPLE_CELLS)
    width, outcomes = grid.width, grid.outcomes
    far = numeric = 0
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
                continue
            far += is_far(outcome.value, [part.value, *(v for v in part.trap_values if v is not None)])
    return far, numeric


def check_belong(index, students, grid, source: str, force: bool = False) -> str:
    """Stop (InputFileError, exit 2) when the answers look like another key's;
    with ``force`` return the line as a warning instead; "" when they belong."""
    far, numeric = far_count(index, students, grid)
    return belong_verdict(far, numeric, source, index.name, force)


def is_far(value: float, values) -> bool:
    """True when ``value`` lies further than CLOSENESS (relative) from every one of ``values``."""
    return all(abs(value - v) > CLOSENESS * max(abs(v), 1e-12) for v in values)


def belong_message(far: int, numeric: int, source: str, key_name: str, forced: bool = False) -> str:
    """The one line saying the answers look like another key's: what to do
    about it, or (``forced``) that they were graded anyway."""
    matched = numeric - far
    advice = ("graded anyway, as --force asks" if forced else
              "Grade them with the right --key, or pass --force to grade them anyway")
    return (f"{source}: only {matched} of {numeric} numeric answers ({100 * matched / numeric:.0f}%) are near a value "
            f"{key_name} knows for their part (its answer, a trap or carried rounding): were they "
            f"written for another seed or key? {advice}")


def looks_foreign(far: int, numeric: int, least: int = 10, most: float = 0.5) -> bool:
    """True when at least ``least`` numeric answers were seen and more than ``most`` of them are far."""
    return numeric >= least and far > most * numeric


def belong_verdict(far: int, numeric: int, source: str, key_name: str, force: bool = False,
                   least: int = 10, most: float = 0.5) -> str:
    """"" when ``far`` of ``numeric`` answers look like this key's; else stop
    (InputFileError, exit 2), or with ``force`` return the line as a warning."""
    if not looks_foreign(far, numeric, least, most):
        return ""
    if not force:
        raise InputFileError(belong_message(far, numeric, source, key_name))
    return belong_message(far, numeric, source, key_name, forced=True)
