"""A part's layout fields, ``points`` (its marks) and ``space`` (working space
in cm), checked against the question: explicit points fit in the question's
points and add up to them when every part sets its own, and no points pass
key.json's MAX_POINTS; and its tolerance rule, checked as key.json's reader
will check it; its traps' codes, one each; its ``range`` (where every
correct answer of the part lies) and its ``units`` (its own unit words).

``check`` is the schema's checker (``fail`` and ``problem`` name file:line)."""

from __future__ import annotations

import math

from quizgen.key.checks import MAX_POINTS, MAX_SIGFIGS, repeats, units_problem

MAX_SPACE_CM = 18.0
"""The most working space one part may ask for, in cm: what fits a US-letter page (the
smaller of the two papers) with the question's heading, a stem of up to about five lines,
the part's question and its answer box. Measured: with a two-line stem a part's space fits
up to 19.9 cm on letter and 21.6 cm on A4. A part cannot be split, so one taller than the
page ran off its foot, its answer box cut or printed over the footer."""
LETTER_TEXT_HEIGHT_CM = 23.3
"""A US-letter page's text height: 27.9 cm less the two 2.3 cm margins (A4: 25.1 cm)."""


def optional_number(check, value, low: float, high, *where) -> float | None:
    """A part's optional ``points``/``space``: None when absent, else a number from
    ``low`` to ``high`` (no upper bound when None)."""
    if value is None:
        return None
    bad = isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
    if bad or value < low or (high is not None and value > high):
        bound = f"from {low:g} to {high:g}" if high is not None else f"of at least {low:g}"
        check.fail(f"{where[-1]} must be a number {bound}", *where)
    return float(value)


def part_space(check, value, *where) -> float | None:
    """A part's optional ``space:`` (cm): None when absent, else a number from 0 to
    MAX_SPACE_CM; above it the author is told why: no page could hold the part."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if number and value > MAX_SPACE_CM:
        check.fail(f"{value:g} cm of working space does not fit on a page: at most {MAX_SPACE_CM:g} cm "
                   f"(a US-letter page has {LETTER_TEXT_HEIGHT_CM:g} cm of text height, and the question's "
                   "heading and stem, the part's question and its answer box take the rest)", *where)
    return optional_number(check, value, 0.0, MAX_SPACE_CM, *where)


def _over_limit(check, points, parts: tuple) -> bool:
    """Records the question's points, or a part's, above MAX_POINTS: key.json's
    reader refuses more, so ``grade`` could not read the key of such a paper."""
    places = [((), points)] + [(("parts", i), p.points) for i, p in enumerate(parts) if p is not None]
    over = [(where, value) for where, value in places if not isinstance(value, bool)
            and isinstance(value, (int, float)) and value > MAX_POINTS]
    for where, value in over:
        shown = f"{value:,}" if isinstance(value, int) else f"{value:,.15g}"   # 1e+300, not its float's 301 digits
        check.problems.append(check.problem(
            f"points of {shown} exceed the limit of {MAX_POINTS:,.0f} (the most key.json holds "
            "for a question or a part, so grade could not read the key)", *where, "points"))
    return bool(over)


def points_problems(check, points, parts: tuple) -> None:
    """Points of at most MAX_POINTS; explicit part points must fit in the
    question's points, and add up to them when every part sets its own."""
    if _over_limit(check, points, parts):
        return
    fixed = [p.points for p in parts if p is not None and p.points is not None]
    if not fixed or isinstance(points, bool) or not isinstance(points, (int, float)):
        return
    total = sum(fixed)
    every = len(fixed) == len(parts)
    if total > points + 1e-9 or (every and abs(total - points) > 1e-9):
        need = "add up to" if every else "fit within"
        check.problems.append(check.problem(
            f"the parts' points ({total:g}) must {need} the question's points ({points:g})", "parts"))


def check_tolerance(check, tolerance, allowed, *where) -> None:
    """A part's ``tolerance:`` as written: not empty, and the rule key.json will hold,
    checked as grade checks it (quizgen.key.checks): sigfigs a whole number from 1
    to 15, or rtol/atol above 0, not both."""
    if tolerance is None or tolerance == {}:
        check.fail("an empty tolerance: give {sigfigs: N}, {rtol: R} or {atol: A}, or leave tolerance out "
                   "for the default (3 significant figures)", *where)
    if not isinstance(tolerance, dict):   # "3 sf" told as what it is, not "expected a mapping"
        check.fail("expected a mapping: {sigfigs: N}, {rtol: R} or {atol: A}", *where)
    check.keys(tolerance, allowed, (), *where)
    for key, value in tolerance.items():
        if key == "sigfigs" and (isinstance(value, bool) or not isinstance(value, int)
                                 or not 1 <= value <= MAX_SIGFIGS):
            check.fail(f"sigfigs must be a whole number from 1 to {MAX_SIGFIGS}", *where, key)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            check.fail("a tolerance must be a number above 0", *where, key)
    if "sigfigs" in tolerance and len(tolerance) > 1:
        check.fail("give sigfigs, or rtol/atol, not both", *where)


def repeated_codes(check, traps: tuple, raw: list, i: int) -> None:
    """Two traps of part ``i`` with one code: the grader and the reports could not tell them apart.
    A trap that failed for another field (``raw``: the traps as written) is held by the code it
    wrote, so that the repeat is told in the same run."""
    codes = [trap.code if trap is not None else _written_code(written) for trap, written in zip(traps, raw)]
    for k, j in repeats(codes):
        line = check.problem("", "parts", i, "traps", k, "code").line
        check.problems.append(check.problem(
            f"trap code {codes[j]!r} is also the code of parts.{i}.traps.{k} (line {line}): "
            "give each trap of a part its own code", "parts", i, "traps", j, "code"))


def _written_code(trap):
    """The code a trap that failed to build wrote, or a placeholder no other code equals."""
    code = trap.get("code") if isinstance(trap, dict) else None
    return code if isinstance(code, str) and code else object()


RANGE_FORM = ("range must be [low, high], each a number or null for no bound on that side "
              "(e.g. [0, 1] for a probability, [0, null] for a loss or a count)")


def value_range(check, value, kind: str, *where) -> tuple:
    """A part's optional ``range: [low, high]``, where every correct answer of
    the part lies (null: no bound on that side), as ``(low, high)`` floats:
    error carried forward is withheld from an answer outside it (docs/grading.md)."""
    if kind == "word":
        check.fail("range is for numeric and integer parts: where every correct answer lies", *where)
    numbers = isinstance(value, list) and len(value) == 2 and all(
        bound is None or (isinstance(bound, (int, float)) and not isinstance(bound, bool) and math.isfinite(bound)
                          and abs(bound) <= 1e300) for bound in value)
    if not numbers or value == [None, None]:
        check.fail(RANGE_FORM, *where)
    low, high = (None if bound is None else float(bound) for bound in value)
    if low is not None and high is not None and low > high:
        check.fail(f"range [{low:g}, {high:g}]: its low end is above its high end", *where)
    return low, high


def unit_words(check, value, kind: str, *where) -> tuple:
    """A number part's optional ``units: [bits, bit]``: the unit words a student
    may write after the number, read as ``nats`` is (quizgen/marking/units.py), by
    key.json's rule for them (key/checks.py ``units_problem``)."""
    if kind == "word":
        check.fail("units is for numeric and integer parts: the unit words read after the number", *where)
    problem = units_problem(value)
    if problem is not None:
        check.fail(problem, *where)
    return tuple(unit.strip() for unit in value)
