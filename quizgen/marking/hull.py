"""Carried-rounding spans worked out only when an answer might lie in them.

A part's carried set (quizgen/marking/carry.py) costs milliseconds per
question instance: every intermediate rounded to 3-6 figures, combined pair
by pair. The grader asks for it only for an answer that is neither right, a
trap, nor ECF, and most such answers are far off (a wrong formula, a value
out by a factor). ``CarriedSpans`` first evaluates the same recipe over
``[low, high]`` hulls (microseconds), which bound every value the sets can
reach, and works the sets out only for an answer inside that bound widened
by the tolerance: the verdict is the same, the cost is paid where it can
matter.

The hull is only used where it is sure to bound: + - * / ** on intervals by
their corners (each monotone in each operand; no division by an interval
holding 0, no power of a base <= 0), the functions of one argument that the
table of functions marks ``increasing`` (exp, log, ln, log10, log2, sqrt), sum and
mean of lists, and rounding (non-decreasing). Anything else, or an error the
evaluation may meet (``CANNOT``), gives no hull, and the sets are worked out as
before; any other error is a bug and is raised.

It bounds the sets' very floats, not only their exact values: + - * / are
rounded correctly, so monotone in floats too, and the sets add a list's
elements in the same order (``_Hull.call``); the rounding of a float
(roundings.each_rounding) never reverses two floats' order; a library's exp,
log (of any base) or power may be off by an ulp or so, not monotone, so the hull moves
each such end out by ``ULPS`` of itself. An answer is then turned away only
beyond the hull widened by the widest tolerance any value inside it has
(``_widened``), with ``MARGIN`` to spare."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from functools import lru_cache

from quizgen.errors import ExpressionError
from quizgen.maths.tolerance import DEFAULT_SIGFIGS, half_width, matches
from quizgen.marking.carry import (LEVELS, Vec, _as_sets, _combine, _each, _listed, _Sets, carried_set,
                                   earlier_inputs, intervals)
from quizgen.marking.complement_route import complement_routes
from quizgen.marking.roundings import each_rounding
from quizgen.marking.slips import rounds_to, same

MARGIN = 1e-6
"""The relative widening of the hull beyond its values' tolerance: far above
float error and ``slips.SAME``'s 1e-9 (an answer "is" a value's rounding up
to it), far below any tolerance a paper states (a 3-figure one is 5e-5 of the
value at the least). It was 1e-3, with the tolerance doubled and zero's taken
always: nearly five times as many answers reached the sets (docs/performance.md,
thirty-fifth round)."""
ULPS = 2.0 ** -48
"""How far (relative) an end worked out by a library function (exp, log,
power) is moved out: sixteen units in the last place, against their error of
about one, so that a function not quite monotone in floats is still bounded."""
WIDEST = 1 + 1e-6
"""The hull's size is widened by this before its tolerance is taken, so that a
value just under a power of ten whose logarithm a library rounds up cannot
have a wider tolerance (tolerance.half_width) than the size's."""
_CORNER_OPS = {"+": float.__add__, "-": float.__sub__, "*": float.__mul__, "/": float.__truediv__,
               "**": math.pow}


class NoHull(Exception):
    """The recipe holds something the hull cannot bound."""


CANNOT = (NoHull, ExpressionError, KeyError, ArithmeticError, ValueError)
"""What the hull may meet where the sets decide instead: its own NoHull, what
the carried evaluation it shares with the sets refuses (ExpressionError, and a
part not given, KeyError, as carry.carried_set takes them), and float
arithmetic's overflow and domain errors. Anything else is a bug, and surfaces."""


class CarriedSpans:
    """A part's carried-rounding spans (as ``carry.intervals`` gives them),
    read through ``covers``: the full sets are worked out at the first answer
    within the hull's reach, and kept. ``usable``, when given, is asked
    before the sets: False (the instance's recipes do not evaluate) means
    no spans (an answer beyond the hull is outside them either way).
    ``early``: early_carry.py's reach and values of the part's own working
    with one step rounded to 2 figures, ``[bound, values by step]``, kept here once worked out;
    ``near``: near_one.py's values of the working with a value near 1 kept short."""

    __slots__ = ("paths", "env", "name", "sets", "spec", "kind", "usable", "levels", "_bound", "_spans", "early",
                 "near")

    def __init__(self, paths: dict, env: dict, name: str, sets: dict, spec: dict, kind: str, usable=None,
                 levels=LEVELS):
        self.paths, self.env, self.name, self.sets, self.spec, self.kind = paths, env, name, sets, spec, kind
        self.usable, self.levels, self._bound, self._spans, self.early = usable, levels, False, None, None
        self.near = None

    def covers(self, x: float) -> bool:
        """True when ``x`` lies in one of the spans."""
        if self._spans is None:
            if self._bound is False:
                self._bound = self._reach()
            if self._bound is not None and not self._bound[0] <= x <= self._bound[1]:
                return False
        return any(low <= x <= high for low, high in self.spans()) and not self._half_down_only(x)

    def _half_down_only(self, x: float) -> bool:
        """Whether every carried value whose window holds ``x`` holds it only as the rounding
        of a tie half towards zero (``half_down_only``): C4 seed 5's Q16 ``0.737`` from the mean
        2.95/4 = 0.7375, which is 0.738 by the paper's rule and to even.
        Worked out only for an answer inside the spans."""
        return self._tie_alone(x) is not None

    def tie_below(self, x: float):
        """The carried value at a tie that ``x`` is only the rounding half towards zero of, when
        the spans, already worked out, hold ``x`` as that alone (``_half_down_only``); else None.
        Feedback names it (carried_words.tie_rounded_down)."""
        if self._spans is None or not any(low <= x <= high for low, high in self._spans):
            return None
        return self._tie_alone(x)

    def _tie_alone(self, x: float):
        """The first carried value whose window holds ``x``, when every such value holds it only as
        the rounding half towards zero of a tie (``half_down_only``); else None."""
        holding = self._holding(x)
        return holding[0] if holding and all(half_down_only(x, v, self.spec, self.kind) for v in holding) else None

    def _holding(self, x: float) -> list:
        """The carried values whose window holds ``x`` (only those within the widest window
        that can hold it are looked at)."""
        values, kind = self.values(), self.kind
        width = max(half_width(2 * abs(x), self.spec, kind), half_width(0.0, self.spec, kind))   # any value holding x
        return [v for v in values[bisect_left(values, x - width):bisect_right(values, x + width)]
                if matches(x, v, self.spec, kind)]

    def spans(self) -> tuple:
        """Every span, worked out now if not yet (validate asks for them all)."""
        if self._spans is None:
            if self.usable is not None and not self.usable():
                self._spans = ()
            else:
                found = carried_set(self.paths, self.env, self.name, self.sets, self.levels)
                self._spans = intervals(found, self.spec, self.kind)
        return self._spans

    def values(self) -> tuple:
        """The carried set the spans are the windows of (() when the recipes do
        not evaluate): as_asked.reached_as_written reads an answer written to
        more figures than asked against them."""
        return carried_set(self.paths, self.env, self.name, self.sets, self.levels) if self.spans() else ()

    def _reach(self):
        """``(low, high)`` beyond which no span reaches, or None."""
        try:
            hull = part_hull(self.paths, self.env, self.name, {}, self.levels)
        except CANNOT:   # what the hull cannot bound, the sets decide
            return None
        return _widened(hull, self.spec, self.kind)


def half_down_only(x: float, value: float, spec: dict, kind: str = "numeric") -> bool:
    """Whether ``x`` is the one rounding of ``value`` that its window (tolerance.matches,
    closed and a hair wider, ``SLACK``) holds and no rule gives: ``value`` a tie at the
    figures the window is half a unit of, and ``x`` its neighbour that neither the paper's
    rule (away from zero) nor half to even gives: 0.737 for 0.7375 (0.738 either way); not
    0.832 for 0.8325 (to even), nor an answer at the edge of a value that is no such tie
    (4.125 beside 4.13, 0.6566 beside 0.6561). A value a working reaches is rounded at the
    end as its intermediates are (roundings.py); the key's own value at a tie is right
    either way, and is judged before (as_asked.rounds_otherwise, lms/window.py). Only a
    window of significant figures, not a part's ``atol`` or ``rtol``."""
    if kind != "numeric" or not value or "atol" in spec or "rtol" in spec:
        return False
    figures = spec.get("sigfigs", DEFAULT_SIGFIGS)
    neighbours = each_rounding(value, (figures,), either=True)   # both at a tie, else the one rounding
    return len(neighbours) == 2 and any(same(x, v) for v in neighbours) and not rounds_to(x, value, figures)


def given_reach(recipe, env: dict, given: dict, spec: dict, kind: str, figures=None, levels=LEVELS):
    """``(low, high)`` beyond which no value of ``carry.reachable(recipe, env,
    given, levels)`` (the earlier parts fixed at the student's own values)
    lies within its tolerance of an answer, nor rounds to one shown to
    ``figures`` significant figures (when given); None when the hull cannot
    bound the recipe. ECF asks it before working out those sets."""
    try:
        hull = _Hull(recipe, env, {name: (v, v) for name, (v,) in given.items()}, levels).top()
    except CANNOT:   # what the hull cannot bound, the sets decide
        return None
    # a value rounded to f figures moves by at most a unit of its f-th figure (either neighbour at a tie)
    return _widened(hull, spec, kind, 10.0 ** (1 - figures) if figures else 0.0)


def spans_reach(recipe, env: dict, spans: dict, spec: dict, kind: str, near: float = 0.0):
    """``(low, high)`` beyond which no value ``recipe`` gives unrounded (``carry.reachable`` at no levels)
    lies within its tolerance of an answer, nor within ``near`` (relative) of it, whatever values in
    ``spans`` ({name: (low, high)}) its ``part:`` names take; None when the hull cannot bound the recipe.
    near_one.py bounds so every keeping of a value near 1 at once (a value put in place of a sum is
    worked exactly, the hull in floats: their last bits apart, far inside ``MARGIN``)."""
    try:
        hull = _Hull(recipe, env, spans, ()).top()
    except CANNOT:   # what the hull cannot bound, the values decide
        return None
    return _widened(hull, spec, kind, near)


def _widened(hull: tuple, spec: dict, kind: str, rounding: float = 0.0):
    """``hull`` widened by the widest tolerance of a value inside it, and
    ``MARGIN`` and ``rounding`` (relative to its size); None when it is not
    finite (``rounding`` may be any relative widening: spans_reach's ``near``). A tolerance never narrows as a value's size grows
    (tolerance.half_width), but zero's (half a unit of the last figure asked,
    0.0005 at 3 figures) is wider than a small value's: it counts only when
    the hull holds zero."""
    low, high = hull
    if not (math.isfinite(low) and math.isfinite(high)):
        return None
    size = max(abs(low), abs(high))
    width = half_width(size * WIDEST, spec, kind)
    if low <= 0.0 <= high:
        width = max(width, half_width(0.0, spec, kind))
    width += (MARGIN + rounding) * size
    return low - width, high + width


def part_hull(paths: dict, env: dict, name: str, hulls: dict, levels=LEVELS) -> tuple:
    """``(low, high)`` bounding part ``name``'s carried set (``carry.carried_set``)."""
    found = hulls.get(name)
    if found is None:
        parts = earlier_inputs(paths, name, lambda d: _rounded(part_hull(paths, env, d, hulls, levels), levels))
        found = _Hull(paths[name], env, parts, levels).top()
        for route in complement_routes(paths, name, env):   # the sets' second route (carry.carried_set)
            other = _Hull(route, env, parts, levels).top()
            found = (min(found[0], other[0]), max(found[1], other[1]))
        hulls[name] = found
    return found


def _rounded(hull: tuple, levels) -> tuple:
    """The hull of a hull's values, unrounded or rounded to each of ``levels``
    figures (rounding never reverses order, so its ends' roundings bound it).
    Where the fewest of ``levels`` is below carried rounding's (a step kept to 2
    figures, early_steps.short_kept), also to that many after one of the others:
    0.105083 carried as 0.105 and kept as 0.10 lies below 0.11, its own rounding."""
    low, high = hull
    if not levels:   # a step kept unrounded (a complement_route.Route's floor above every level)
        return hull
    if low == high and low:   # one value (a parameter's step): rounded once (not zero, whose sign each end keeps)
        found = _end_roundings(low, levels)
        return min(low, *found), max(low, *found)
    return min(low, *_end_roundings(low, levels)), max(high, *_end_roundings(high, levels))


def _end_roundings(end: float, levels) -> list:
    """``end`` rounded to each of ``levels`` (``_rounded``), and to the fewest after the others when
    that is a short step's (``_twice``)."""
    fewest = min(levels)
    if fewest < LEVELS[0] and len(levels) > 1 and end:   # 0.0 and -0.0 are one key
        return list(_twice(end, tuple(levels), fewest))
    return each_rounding(end, levels)


@lru_cache(maxsize=4096)
def _twice(end: float, levels: tuple, fewest: int) -> tuple:
    """``end`` rounded to each of ``levels``, and to ``fewest`` after each: kept, as a hull's ends
    are mostly the paper's numbers' own steps (-ln 0.35, e^2.9), met again in every instance."""
    found = each_rounding(end, levels)
    return (*found, *(v for other in found for v in each_rounding(other, (fewest,))))


def _corners(op: str, a: tuple, b: tuple) -> tuple:
    if (op == "/" and b[0] <= 0 <= b[1]) or (op == "**" and a[0] <= 0):
        raise NoHull(op)
    function = _CORNER_OPS[op]
    values = [function(x, y) for x in a for y in b]
    if not all(map(math.isfinite, values)):
        raise NoHull(op)
    low, high = min(values), max(values)
    return (low - abs(low) * ULPS, high + abs(high) * ULPS) if op == "**" else (low, high)


def _increasing(function, hull: tuple) -> tuple:
    low, high = function(hull[0]), function(hull[1])
    if not (math.isfinite(low) and math.isfinite(high)):
        raise NoHull("not finite")
    return low - abs(low) * ULPS, high + abs(high) * ULPS


class _Hull(_Sets):
    """``carry._Sets``' evaluation over ``(low, high)`` hulls instead of sets."""

    def fixed(self, value):
        found = _as_sets(value)
        return Vec((s[0], s[0]) for s in found) if isinstance(found, Vec) else (found[0], found[0])

    def rounded(self, hull: tuple, levels: tuple) -> tuple:
        return _rounded(hull, levels)

    def negated(self, hull: tuple) -> tuple:
        return -hull[1], -hull[0]

    def binary(self, op: str, a, b):
        if op not in _CORNER_OPS:
            raise NoHull(op)
        return _combine(op, a, b, _corners)

    def cannot(self):
        raise NoHull("cannot bound this expression")

    def call(self, func, args: list):
        if func.name == "list":
            return _listed(args)
        if func.name in ("sum", "mean") and len(args) == 1 and isinstance(args[0], Vec) and args[0]:
            low = high = 0.0
            for element in args[0]:   # one by one, as carry._call adds the sets (not sum(), compensated from 3.12)
                low, high = low + element[0], high + element[1]
            if func.name == "sum":
                return low, high
            low, high = self.rounded((low, high), self.levels)   # a mean's sum may be rounded (carry._call)
            return low / len(args[0]), high / len(args[0])
        if not func.increasing or not func.broadcast or func.float is None or len(args) != 1:
            raise NoHull(func.name)
        return _each(args[0], lambda h: _increasing(func.float, h))
