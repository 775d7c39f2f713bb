"""How a student may round one value: to 3, 4, 5 or 6 significant figures
by the paper's rule, and at a tie also to even (a careful human may round
half to even, as IEEE 754, Python and numpy do; never half towards zero
where that is odd: 0.9275 is 0.928 either way); a value whose scaled
float lies within ``TIE`` of a half counts as the tie it stands for (0.9175,
whose float lies just below). Carried rounding (carry.py) rounds every
intermediate this way; the slips (slips.py) and early rounding
(early_carry.py) read the same rules."""

from __future__ import annotations

import math
from functools import lru_cache

from quizgen.maths.rounding import float_to_places

LEVELS = (3, 4, 5, 6)
RESOLUTION = 1e-7
TIE = 8 * 2.0 ** -52
"""How near a half (relative to the scaled value) counts as a tie: eight units
in the last place, the float error of an intermediate worked out in a few
operations (a decimal tie's float lies within half of one)."""
_POWERS = tuple(10.0 ** n for n in range(23))   # exact floats


def sig_roundings(x: float, figures: int) -> tuple:
    """``x`` to ``figures`` significant figures as a student may round it:
    one value, or at a tie the paper's and the even neighbour (0.125 to 2
    figures: 0.13 and 0.12; 0.135: 0.14 alone; see the module's docstring)."""
    return tuple(each_rounding(x, (figures,)))


def written_roundings(x: float, figures: int) -> tuple:
    """A student's written answer ``x`` to ``figures`` significant figures: as
    ``sig_roundings``, but both neighbours at a tie, since the written 0.955
    stands for any longer value that rounds to it, and 0.9549 gives 0.95 (the
    student who wrote (a) 0.955 and carried 0.95 rounded their own value)."""
    return tuple(each_rounding(x, (figures,), either=True))


def truncate_sig(x: float, figures: int) -> float:
    """``x`` cut (not rounded) to ``figures`` significant figures."""
    if x == 0 or not math.isfinite(x):
        return x
    scale = 10.0 ** (figures - 1 - math.floor(math.log10(abs(x))))
    return math.trunc(round(x * scale, 6)) / scale


MOST = 1000
"""A set of more values than this is thinned to ``COARSE`` (a list of
rounded steps summed: 9 roundings of each of 3 exponentials, divided and
summed again, would reach millions of values, all within a tolerance)."""
COARSE = 2e-5
"""The relative spacing of a thinned large set: a twenty-fifth of the
narrowest 3-figure tolerance (half a unit of the third figure, 5e-4 of the
value), so the answers within tolerance of the set are as before."""


def thin(values) -> tuple:
    """The sorted finite values, merging any within ``RESOLUTION`` of the last
    kept; a set still larger than ``MOST`` merged to ``COARSE``, each run of
    close values keeping its two ends (the windows around them cover the rest)."""
    kept = _merged(sorted(filter(math.isfinite, values)), RESOLUTION)
    return kept if len(kept) <= MOST else _merged(kept, COARSE)


def _merged(ordered: list, spacing: float) -> tuple:
    kept = []
    last = -math.inf
    for i, v in enumerate(ordered):
        near = spacing * max(abs(v), 1e-300)
        if v - last > near or spacing > RESOLUTION and (i + 1 == len(ordered) or ordered[i + 1] - v > near):
            kept.append(v)
            last = v
    return tuple(kept)


def roundings(values, levels=LEVELS) -> tuple:
    """Each value, unrounded and rounded to each number of figures in ``levels``
    (as ``each_rounding`` rounds: at a tie the paper's and the even neighbour). A set of floats
    is rounded once and kept (``_kept_roundings``): carry.reachable works its
    expression out again for each choice of a shared step, rounding the same
    sets each time (grading the per-student benchmark rounds 1,345 sets 6,130
    times; docs/performance.md, thirty-fourth round)."""
    values, levels = tuple(values), tuple(levels)
    if 0.0 in values or set(map(type, values)) != _FLOAT:   # -0.0 == 0.0 and 2 == 2.0: not one key
        return _roundings(values, levels)
    return _kept_roundings(values, levels)


_FLOAT = {float}


@lru_cache(maxsize=512)
def _kept_roundings(values: tuple, levels) -> tuple:
    return _roundings(values, levels)


def _roundings(values: tuple, levels) -> tuple:
    out = []
    for x in values:
        out.append(x)
        out.extend(each_rounding(x, levels))
    return thin(out)


def each_rounding(x: float, levels, either: bool = False) -> list:
    """``x`` rounded to each of ``levels`` significant figures, one level after
    another (the decimal exponent found once): the nearest float of the rounded
    decimal, or at a tie (``TIE``) of the neighbour away from zero and the even one
    (``either``: both neighbours, ``written_roundings``). Beyond the exact powers of
    ten (10**22) the paper's rule alone. The grader's hot path: arithmetic on the
    scaled float, not ``round`` (which writes the float out in decimal)."""
    if x == 0 or not math.isfinite(x):
        return [x] * len(levels)
    top = 1 + math.floor(math.log10(abs(x)))
    out = []
    for k in levels:
        places = k - top
        if not -23 < places < 23:
            out.append(float_to_places(x, places))
            continue
        power = _POWERS[abs(places)]
        scaled = x * power if places >= 0 else x / power
        low = math.floor(scaled)
        rest = scaled - low - 0.5   # exact, as low <= scaled < low + 1
        margin = TIE * abs(scaled)
        if rest > margin:
            low += 1
        elif rest >= -margin:   # a tie: away from zero (the paper's rule) and to even
            for end in (low, low + 1) if either else sorted({low + 1 if x > 0 else low, low + low % 2}):
                out.append(end / power if places >= 0 else end * power)
            continue
        out.append(low / power if places >= 0 else low * power)
    return out
