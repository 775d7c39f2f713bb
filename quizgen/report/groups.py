"""Kelley's upper and lower groups of a class: who is in them (each student
with a share of a place: a whole one, or a part of one shared by the students
tied on the group's edge), and a column's sums over a group, for the
upper-lower index and the groups' places.

A group is a dict ``{student index: share of a place}`` that also holds its
members split in two: those with a whole place, most of the group, whose
shares multiply nothing (1.0 x s is s), so that their scores are added in one
pass at C speed; and the few tied on the edge, each with their own share. The
sums are the same floats as ``fsum`` over every member (docs/report.md)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from fractions import Fraction
from itertools import chain, compress, repeat
from math import fsum
from operator import is_not, mul
from typing import Optional

from quizgen.scores import ratio

GROUP_SHARE = 0.27      # Kelley's upper and lower groups


class Group(dict):
    """``{student index: share of a place}``, with ``whole``: the indexes of
    the members holding a whole place, in student order, and ``shared``:
    ``{index: share}`` of the others (those tied on the edge)."""

    def __init__(self, members: dict):
        super().__init__(members)
        self.whole = sorted(i for i, share in self.items() if share == 1.0)
        self.shared = {i: share for i, share in self.items() if share != 1.0}


def group_size(n: int, share: float = GROUP_SHARE) -> int:
    """The places in each group of a class of ``n``: round(share n), half up,
    at least one and at most n // 2 (0 for fewer than two students)."""
    return min(max(int(share * n + 0.5), 1), n // 2)


def groups(ranked, share: float = GROUP_SHARE) -> tuple:
    """The lower and upper :class:`Group` from ``ranked``, the sorted
    ``(percent, index)`` pairs; each group has :func:`group_size` places. The
    students below (above) the percent at the group's edge fill a place each,
    and the places left are shared equally by every student on that edge
    percent: the groups do not depend on the order of the rows. Fewer than two
    ranked students: two empty groups."""
    n, size = len(ranked), group_size(len(ranked), share)
    if size == 0:
        return Group({}), Group({})
    values, indexes = [p for p, _ in ranked], [i for _, i in ranked]
    start, end = bisect_left(values, values[size - 1]), bisect_right(values, values[size - 1])
    lower = dict.fromkeys(indexes[:start], 1.0) | _tied(indexes[start:end], size - start)
    start, end = bisect_left(values, values[n - size]), bisect_right(values, values[n - size])
    upper = dict.fromkeys(indexes[end:], 1.0) | _tied(indexes[start:end], size - (n - end))
    return Group(lower), Group(upper)


def _tied(indexes: list, places: int) -> dict:
    """``places`` shared equally by the students tied at a group's edge."""
    return dict.fromkeys(indexes, places / len(indexes))


def held_share(held: float, places: float, n: int) -> Optional[Fraction]:
    """``held / places`` exactly (whole_percent rounds its tie up), or None for no places: each the fsum
    of some members' places, whole or a tied student's equal part of the places left at the edge (a
    multiple of 1/k, k at most the class's ``n``), so the nearest fraction of denominator at most ``n``
    is the exact sum."""
    if not places:
        return None
    return Fraction(held).limit_denominator(n) / Fraction(places).limit_denominator(n)


def places(group: Group, scores) -> float:
    """The places of a group held by its members who sat the column (``scores``
    not None): the group's size in that column's D and trap shares. The fsum of
    their shares, its whole places counted (a count is exact in a float)."""
    got = list(map(scores.__getitem__, group.whole))
    tied = (share for i, share in group.shared.items() if scores[i] is not None)
    return fsum(chain([float(len(got) - got.count(None))], tied))


def pooled(group: Group, scores, tops, plain: bool = False) -> Optional[float]:
    """A group's share of the points of a column, over its members who sat it,
    each counted by their share of a place; ``tops``: each student's maximum of
    the column, or one number for all. ``plain`` (Roster.plain: every score and
    maximum a multiple of 1/256, their sums bounded): the whole places' scores
    and maxima are added by a plain ``sum``, exactly, and go into ``fsum`` as one
    term each, beside the tied members' products: the same floats in fewer steps."""
    if not plain:
        return _pooled(group, scores, tops)
    each = tops.__class__ is list
    got = list(map(scores.__getitem__, group.whole))
    sat = len(got) - got.count(None)
    tied = [i for i in group.shared if scores[i] is not None]
    if not sat and not tied:
        return None
    if not each:
        most = sat * tops
    elif sat < len(got):
        most = sum(compress(map(tops.__getitem__, group.whole), map(is_not, got, repeat(None))), 0.0)
    else:
        most = sum(map(tops.__getitem__, group.whole), 0.0)
    shares = list(map(group.shared.__getitem__, tied))
    points = fsum(chain([sum(filter(None, got), 0.0)], map(mul, shares, map(scores.__getitem__, tied))))
    return ratio(points, fsum(chain([most], map(mul, shares, map(tops.__getitem__, tied) if each else repeat(tops)))))


def _pooled(members: dict, scores, tops) -> Optional[float]:
    """:func:`pooled` one member at a time, for scores that do not add exactly."""
    got = list(map(scores.__getitem__, members))
    sat = list(map(is_not, got, repeat(None)))
    if not any(sat):
        return None
    shares = members.values()
    if not all(sat):
        shares, got, members = list(compress(shares, sat)), list(compress(got, sat)), list(compress(members, sat))
    most = repeat(tops) if tops.__class__ is not list else map(tops.__getitem__, members)
    return ratio(fsum(map(mul, shares, got)), fsum(map(mul, shares, most)))
