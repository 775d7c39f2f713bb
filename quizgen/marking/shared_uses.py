"""The intermediates a recipe uses more than once, which a student rounds one way at every
use (quizgen/marking/carry.py ``_Sets.shared``): grouped, and the number of ways of rounding
them that one reach enumerates bounded."""

from __future__ import annotations

from quizgen.marking.recipes import shape


MAX_CHOICES = 64
"""The most ways of rounding the shared intermediates one reach enumerates (each a whole
evaluation of the recipe; a let used twice or an element of a list step is about 5 ways).
Past it, the later shared intermediates take their roundings use by use, as unshared ones
do: a wider reach, never a narrower one (review 46c F1: six sums used twice, 6**6 ways)."""


def grouped(shared: list) -> list:
    """The uses of ``shared`` that a student rounds one way, together: every use of a step written
    twice, and every use of one element of a list step (in each use of that list), one group each."""
    groups = {}
    for node, whole, index in shared:
        key = ("step", shape(node)) if whole is None else ("element", shape(node), shape(whole), index)
        groups.setdefault(key, []).append((node, whole, index))
    return list(groups.values())


def bounded(choices, groups: list) -> list:
    """The first ``groups`` whose ``choices`` (of a group's first use) together stay within MAX_CHOICES."""
    kept, ways = [], 1
    for group in groups:
        ways *= max(len(choices(group[0][0])), 1)
        if ways > MAX_CHOICES:
            break
        kept.append(group)
    return kept
