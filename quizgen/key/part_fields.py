"""The checked readers of a number part's optional fields in key.json, each
written only when its template sets it (other keys keep their bytes): its
``range`` (where every correct answer lies) and its ``units`` (the unit words
a student may write after the number, the template's ``units:``)."""

from __future__ import annotations

from quizgen.key import checks
from quizgen.key.checks import Where


def bounds(value, where: Where, kind: str) -> tuple:
    """A number part's ``range``: ``[low, high]``, each a number or null, low not above high."""
    if kind == "word":
        raise where.fail("only a number part has a range; this part is word")
    pair = checks.listing(value, where)
    if len(pair) != 2 or pair == [None, None]:
        raise where.fail("expected [low, high], each a number or null (no bound on that side)")
    low, high = (None if b is None else float(checks.number(b, where / i, -1e300, 1e300)) for i, b in enumerate(pair))
    if low is not None and high is not None and low > high:
        raise where.fail(f"expected its low end not above its high end, got [{low:g}, {high:g}]")
    return low, high


def units(value, where: Where, kind: str) -> tuple:
    """A number part's ``units``: a list of short unit words (``checks.units_problem``, the bank's rule)."""
    if kind == "word":
        raise where.fail("only a number part has units; this part is word")
    problem = checks.units_problem(value)
    if problem is not None:
        raise where.fail(problem)
    return tuple(unit.strip() for unit in value)
