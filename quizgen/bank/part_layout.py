"""A part's layout fields, ``points`` (its marks) and ``space`` (working space
in cm), checked against the question: explicit points fit in the question's
points and add up to them when every part sets its own.

``check`` is the schema's checker (``fail`` and ``problem`` name file:line)."""

from __future__ import annotations

import math

MAX_SPACE_CM = 25.0


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


def points_problems(check, points, parts: tuple) -> None:
    """Explicit part points must fit in the question's points, and add up to them
    when every part sets its own."""
    fixed = [p.points for p in parts if p is not None and p.points is not None]
    if not fixed or isinstance(points, bool) or not isinstance(points, (int, float)):
        return
    total = sum(fixed)
    every = len(fixed) == len(parts)
    if total > points + 1e-9 or (every and abs(total - points) > 1e-9):
        need = "add up to" if every else "fit within"
        check.problems.append(check.problem(
            f"the parts' points ({total:g}) must {need} the question's points ({points:g})", "parts"))
