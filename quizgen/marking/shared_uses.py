"""The values a recipe uses more than once, which a student carries one way at every use: the
intermediates (quizgen/marking/carry.py ``_Sets.shared``), grouped, and the number of ways of
rounding them that one reach enumerates bounded; the earlier parts it reads more than once, one
value at every read (``one_value_each``); and ``reach``, carry.py's evaluation over sets with both
held so."""

from __future__ import annotations

from itertools import combinations, product
from math import prod

from quizgen.maths.tree import Call, Name, children
from quizgen.marking.list_steps import list_length
from quizgen.marking.recipes import PART_PREFIX, shape
from quizgen.marking.roundings import thin


MAX_CHOICES = 64
"""The most ways of rounding the shared intermediates one reach enumerates (each a whole
evaluation of the recipe; a let used twice or an element of a list step is about 5 ways).
Past it, the later shared intermediates take their roundings use by use, as unshared ones
do: a wider reach, never a narrower one (six sums used twice, 6**6 ways)."""


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


MAX_PART_WAYS = 32768
"""The most combinations of earlier parts' values one reach takes one at a time (each a whole
evaluation; one part read twice has some 20 to 500 values), whatever the work budget below allows."""

EVALUATION = 32
"""One whole evaluation's own cost, in pairs of values combined (an evaluation over one value
of every part combines a few pairs but walks the whole tree): the work estimate's constant."""

WORK_SHARE, LEAST_WORK = 2, 1 << 17
"""The work estimated for the pinned evaluations (``_work``) may be up to WORK_SHARE times that
of one evaluation pinning nothing, or LEAST_WORK (some 0.1 s) whichever is more. Past it, fewer
parts are pinned and the others take their values read by read, as a part read once does: a
wider reach, never a narrower one, and never a hang (kl = p ln(p / (1 - p)) +
L p / (L + p), with L pinned alone, ran 180 evaluations each combining p's 93 values pairwise
at its three reads, 7 s a part; p and L both pinned, 16,740 evaluations of single values, 0.25 s)."""

MOST_WEIGHED = 8
"""The most parts read twice whose ways of pinning are weighed (every subset of them)."""


def reach(sets) -> tuple:
    """carry.reachable's values for the evaluation ``sets`` (a carry ``_Sets``, or one that rounds
    some steps otherwise: early_steps.py keeps one to 2 figures), each shared intermediate one way
    at all its uses, each earlier part read twice one value at all its reads (``one_value_each``)."""
    given, uses = sets.parts, None
    try:
        found = []
        for parts in one_value_each(given, sets.recipe.expression, sets.env):
            uses = grouped(sets.shared()) if uses is None else uses   # the same uses at every parts' values
            found.append(_pinned_reach(sets, parts, uses))
    finally:
        sets.parts = given
    return found[0] if len(found) == 1 else thin([v for values in found for v in values])


def _pinned_reach(sets, parts: dict, uses: list) -> tuple:
    """``reach`` with the earlier parts' values ``parts``, each shared intermediate (``uses``,
    ``grouped``) one way at all its uses."""
    sets.parts = parts
    sets.pin([], ())   # nothing held from the parts' values before
    groups = bounded(sets.choices, uses)
    if not groups:
        return sets.top()
    found = []
    for choice in product(*(sets.choices(group[0][0]) for group in groups)):
        sets.pin(groups, choice)
        found.extend(sets.top())
    return thin(found)


def one_value_each(parts: dict, expression, env: dict):
    """``parts`` (part name -> the values it may be carried as) as each evaluation of a recipe reads
    them: a part with several values that ``expression`` reads more than once (or once where a list
    broadcasts it, a read for each element) at one value at a time, every combination in turn, the
    others whole (read once, a set gives what its values one at a time would). A student carries an
    earlier answer as one number, the same at every read: a softmax e^(s1) / (e^(s1) + e^(s2)) from
    (a) = s1 took one rounding of s1 above the line and another below it, and reached the softmax
    of the unscaled scores."""
    several = {name for name, values in parts.items() if len(values) > 1}
    reads = _reads(expression, env, several, False, {}) if several else {}
    if not any(count > 1 for count in reads.values()):   # the usual case: each part read once
        yield parts
        return
    names = _pinned(parts, reads)
    for values in product(*(parts[name] for name in names)):
        yield {**parts, **{name: (value,) for name, value in zip(names, values)}}


def _pinned(parts: dict, reads: dict) -> tuple:
    """The parts read more than once that ``one_value_each`` pins: of the subsets of them (the
    MOST_WEIGHED most read, fewest values first) whose work (``_work``) stays within budget
    (WORK_SHARE, LEAST_WORK), the one pinning the most reads, then the least work. Pinning one part
    alone can cost more than pinning none, and pinning two less than either: each pinned evaluation
    still combines the unpinned parts' values pairwise."""
    twice = sorted((name for name, count in reads.items() if count > 1),
                   key=lambda name: (-reads[name], len(parts[name]), name))[:MOST_WEIGHED]
    budget = max(WORK_SHARE * _work(parts, reads, ()), LEAST_WORK)
    best, best_rank = (), (0, 0)
    for size in range(len(twice), 0, -1):
        for chosen in combinations(twice, size):
            work = _work(parts, reads, chosen)
            rank = (sum(reads[name] for name in chosen), -work)
            if work <= budget and rank > best_rank and prod(len(parts[n]) for n in chosen) <= MAX_PART_WAYS:
                best, best_rank = chosen, rank
    return best


def _work(parts: dict, reads: dict, pinned: tuple) -> int:
    """The estimated work of a reach pinning ``pinned``: per combination of their values, one
    evaluation (EVALUATION) and the pairwise combining of the other parts' values at their reads
    (their reads' sizes summed, squared; within a factor of two of the pairs counted in the kl case above)."""
    wide = sum(count * len(parts[name]) for name, count in reads.items() if name not in pinned)
    return prod(len(parts[name]) for name in pinned) * (EVALUATION + wide * wide)


def _reads(node, env: dict, names: set, listed: bool, counts: dict) -> dict:
    """``counts`` ({part name: reads}) with the reads of ``names`` in ``node`` added: a read where a
    list broadcasts the part (``listed``: some node above it is a list, other than ``list(...)``,
    whose arguments are one element each) counts as two."""
    if node.__class__ is Name:
        name = node.name[len(PART_PREFIX):]
        if node.name.startswith(PART_PREFIX) and name in names:
            counts[name] = counts.get(name, 0) + (2 if listed else 1)
        return counts
    if node.__class__ is Call and node.func.name == "list":
        listed = False
    else:
        listed = listed or list_length(node, env) is not None
    for child in children(node):
        _reads(child, env, names, listed, counts)
    return counts
