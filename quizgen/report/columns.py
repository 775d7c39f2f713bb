"""The arithmetic of the item analysis: one pass over each column of the class's
final score matrix, into a handful of sums from which every figure follows.

A column is one part's verdicts for every student (``None``: the part is not on
the student's paper). Verdicts are few and shared, so counting them is cheap;
the per-student work is a few sums of products against vectors computed once for
the class (each student's total, and the weights of the upper and lower groups),
at C speed through ``map``. Nothing sorts students per part: one sort of the
class's percentages gives the groups and the median.

Every sum is a ``math.fsum`` and every total a ``score_total`` (quizgen/scores.py):
the same floats in any order of the students and of the parts. Where every
score is a multiple of 1/256 and the class small enough (``Roster.plain``), a
plain ``sum`` adds exactly, to the float ``fsum`` gives, and some sums are
taken so (over a group's whole places, quizgen/report/groups.py; a right/wrong
part's score times the totals, :func:`times_totals`).

Every figure that cannot be computed is ``None``, never NaN."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import chain, compress, repeat
from math import copysign, fsum, isfinite, ldexp, sqrt
from operator import add, eq, is_not, itemgetter, mul, neg
from typing import Optional

from quizgen.report.groups import GROUP_SHARE, Group, group_size, groups, places, pooled
from quizgen.scores import adds_exactly, exact_ratio, score_total

PLAIN_LIMIT = 2.0 ** 37
"""Products of two multiples of 1/256 are multiples of 2**-16; below this bound
they and every sum of them are whole numbers of 2**-16 below 2**53, which a
float holds exactly."""
SCORE, CODE = itemgetter(1), itemgetter(2)   # a verdict's fields (its status is [0])


@dataclass
class Roster:
    """What every column is measured against, computed once for the class."""

    n: int
    totals: list            # each student's score (points), by score_total: the same in any part order
    maxima: list            # the maximum of each student's own paper
    percents: list          # totals / maxima (0..1), None for an empty paper
    ranked: list            # sorted (percent, index) of the students with a percent
    lower: Group            # {student index: share of a place} of the lower group (see groups)
    upper: Group            # ... and of the upper group
    group: list             # the indexes of both groups, in student order
    weights: Optional[list]  # their weights: share/size on the upper group, -share/size on the lower
    sum_t: float = 0.0
    sum_tt: float = 0.0
    exact: bool = False     # every score and points adds exactly (scores.adds_exactly), none below 0
    size: int = 0           # the places in each group (group_size)
    t_parts: tuple = ()     # a few floats adding up exactly to ΣT (exact_parts), and to ΣT²
    tt_parts: tuple = ()
    held: tuple = (0.0, 0.0)   # the places the lower and upper groups' shares add up to (fsum)
    plain: bool = False     # a plain sum adds the columns exactly (adds_plainly)
    indexes: list = None    # 0 .. n - 1, made once

    def places(self, group: dict) -> float:
        """A group's places, the fsum of its members' shares: the roster's own
        two groups' (most parts' trap shares are over them) worked out once."""
        return self.held[0] if group is self.lower else self.held[1] if group is self.upper else fsum(group.values())


@dataclass
class Sums:
    """One column (a part, or a question's parts added up) as sums over the
    students who sat it: n, Σx, Σx², Σx·T, ΣT, ΣT² (T the student's total),
    its facility and its upper-lower index, and the places of the lower and
    upper groups among those students (the groups' size: fewer when some
    members did not sit or reach it)."""

    n: int
    x: float
    xx: float
    xt: float
    t: float
    tt: float
    facility: Optional[Fraction]   # exact (scores.exact_ratio): the reports round its ties as the papers do
    discrimination: Optional[float]
    lower: float = 0.0
    upper: float = 0.0


def roster(score_columns, parts, full, n: int, share: float = GROUP_SHARE, exact: bool = False) -> Roster:
    """The class's totals, percentages and groups from its score columns
    (``full[k]``: everyone sat part k; ``exact``: every score and points adds
    exactly, none is below 0)."""
    totals, maxima = student_totals(score_columns, [float(part.points) for part in parts], all(full), n, exact)
    percents = [t / m if m else None for t, m in zip(totals, maxima)]
    ranked = sorted(zip(percents, range(n))) if None not in percents else \
        sorted((p, i) for i, p in enumerate(percents) if p is not None)
    lower, upper = groups(ranked, share)
    group, size = sorted(lower.keys() | upper.keys()), group_size(len(ranked), share)
    weights = [(upper.get(i, 0.0) - lower.get(i, 0.0)) / size for i in group] if group else None
    squares = list(map(mul, totals, totals))
    return Roster(n, totals, maxima, percents, ranked, lower, upper, group, weights,
                  fsum(totals), fsum(squares), exact, size, exact_parts(totals), exact_parts(squares),
                  (fsum(lower.values()), fsum(upper.values())), exact and adds_plainly(totals, maxima), list(range(n)))


def exact_marks(marks: list) -> bool:
    """Roster.exact: whether every score and points of a class (``marks``) adds
    exactly (scores.adds_exactly) and none is below 0 (nor -0.0, which adds to
    0.0 what 0.0 does not), so that a student's total bounds each of their
    scores (adds_plainly)."""
    return adds_exactly(marks) and all(copysign(1.0, mark) > 0 for mark in marks)


def adds_plainly(totals: list, maxima: list) -> bool:
    """Whether a plain float ``sum`` over the students adds exactly the scores,
    maxima and products of two of them (x·T, x², T²) of a class whose every
    score and points is a multiple of 1/256 and none below 0 (Roster.exact):
    each student's total and maximum then bound each of their scores, question
    scores and maxima, and with L the largest, n·L² below PLAIN_LIMIT keeps every
    partial sum a multiple of 2**-16 (of 1/256 for the scores alone) that a
    float holds exactly. Such a sum is the float ``fsum`` gives, in any order."""
    largest = max(max(totals, default=0.0), max(maxima, default=0.0))
    return len(totals) * largest * largest < PLAIN_LIMIT


def exact_parts(values: list) -> tuple:
    """A few floats whose exact sum is the exact sum of ``values`` (their
    correctly rounded sum, then what that left out, and so on: one when it is
    exact), so that ``fsum(chain(parts, more))`` is the float
    ``fsum(chain(values, more))`` for any ``more``, without a pass over
    ``values``; ``values`` themselves when their sum is not finite."""
    parts = []
    while True:
        rest = fsum(chain(values, map(neg, parts)))
        if not isfinite(rest):
            return tuple(values)
        if not rest:
            return tuple(parts)
        parts.append(rest)


def student_totals(score_columns, points: list, everyone: bool, n: int, exact: bool = False) -> tuple:
    """Each of the ``n`` students' total and the maximum of their own paper (the
    points of the parts they sat; ``everyone``: no None in the columns), both by
    score_total over the student's row: the same marks on other parts, the same
    total. ``exact`` (every score adds exactly: whole, half points) adds column
    by column at C speed instead, to the same floats."""
    if everyone and exact:   # row by row at C speed (any order of adding is exact), as fast as 2 columns added
        return list(map(sum, zip(*score_columns))) if score_columns else [0.0] * n, [score_total(points)] * n
    if exact:   # column by column, a part not sat adding nothing: as exact as row by row, and no loop per row
        totals, maxima = [0.0] * n, [0.0] * n
        for scores, top in zip(score_columns, points):
            totals = [t if x is None else t + x for t, x in zip(totals, scores)]
            maxima = [m if x is None else m + top for m, x in zip(maxima, scores)]
        return totals, maxima
    rows = zip(*score_columns) if score_columns else [()] * n
    if everyone:
        return list(map(score_total, rows)), [score_total(points)] * n
    totals, maxima, tops = [], [], {}
    for row in rows:
        sat = tuple(map(is_not, row, repeat(None)))
        totals.append(score_total(compress(row, sat)))
        if sat not in tops:
            tops[sat] = score_total(compress(points, sat))
        maxima.append(tops[sat])
    return totals, maxima


def not_reached(rows, counts) -> list:
    """Per part, the students (indexes) who did not reach it: the run of
    ``missing`` verdicts (a part on the paper with no answer row) at the end of
    their ``rows`` of verdicts, after their last answer, parts not on their
    paper passed over (ShinyItemAnalysis's ``recode_nr`` reads not-reached so).
    A ``missing`` part before a later answer was skipped: an omission, not this."""
    found = [set() for _ in counts]
    if not any(v is not None and v[0] == "missing" for c in counts for v in c):
        return found
    for i, row in enumerate(rows):
        k = len(row) - 1
        while k >= 0 and (row[k] is None or row[k][0] == "missing"):
            if row[k] is not None:
                found[k].add(i)
            k -= 1
    return found


def reached_question_scores(paper_columns, points: list, unreached: list, exact: bool):
    """``analysis.question_scores`` of a question of several parts on every paper,
    over the parts each student reached (``paper_columns``: everyone's scores, 0
    where not reached; ``unreached``: per part, the students who did not reach
    it), or None when the scores do not add exactly: the totals at C speed (a 0
    added changes no float), the maxima worked out one by one only for the
    students who did not reach every part. The same floats, without a pass per
    part and student in Python."""
    if not exact or len(paper_columns) < 2:
        return None
    totals = list(map(add, paper_columns[0], paper_columns[1]))   # as from 0.0: exact marks hold no -0.0
    for scores in paper_columns[2:]:
        totals = list(map(add, totals, scores))
    gone = set().union(*unreached)
    if not gone:
        return totals, None
    whole = 0.0
    for top in points:   # in part order, as question_scores adds them
        whole += top
    maxima = [whole] * len(totals)
    for i in gone:
        reached = [top for top, missed in zip(points, unreached) if i not in missed]
        maxima[i] = sum(reached, 0.0) if reached else None
        totals[i] = totals[i] if reached else None
    return totals, maxima


def reached_column(scores: list, unreached: set) -> list:
    """A part's scores with None for the students who did not reach it: left out
    of its figures as if the part were not on their paper."""
    if not unreached:
        return scores
    reached = list(scores)
    for i in unreached:
        reached[i] = None
    return reached


def score_column(column, everyone: bool) -> list:
    """A column's scores (None where the part is not on the paper)."""
    return list(map(SCORE, column)) if everyone else [None if v is None else v[1] for v in column]


def sums(scores, top, roster: Roster, everyone: bool, counts=None) -> Sums:
    """The sums of one column of ``scores`` (None: not sat; ``everyone``: no
    None) whose maximum is ``top``: a number, or for a question with parts not on
    every paper, the per-student maximum of the parts they sat (a list).
    ``counts``, the column's Counter of verdicts, gives Σx and Σx² without a pass."""
    if everyone:
        return _full_sums(scores, top, roster, counts)
    took = list(map(is_not, scores, repeat(None)))
    if all(took):   # a question some did not reach every part of: everyone has a score, maxima differ
        got, totals, t, tt = scores, roster.totals, roster.sum_t, roster.sum_tt
        most = top if isinstance(top, list) else [top] * roster.n
        lower, upper = roster.held   # the groups' places, every member having sat it
    else:
        sat = list(compress(range(roster.n), took))
        got, totals = list(map(scores.__getitem__, sat)), list(map(roster.totals.__getitem__, sat))
        most = list(map(top.__getitem__, sat)) if isinstance(top, list) else [top] * len(sat)
        t, tt = fsum(totals), fsum(map(mul, totals, totals))
        lower, upper = places(roster.lower, scores), places(roster.upper, scores)
    x = fsum(got)
    discrimination = _difference(pooled(roster.upper, scores, top, roster.plain),
                                 pooled(roster.lower, scores, top, roster.plain))
    return Sums(len(got), x, fsum(map(mul, got, got)), fsum(map(mul, got, totals)), t, tt,
                exact_ratio(x, fsum(most)), discrimination, lower, upper)


def reached_sums(scores, reached, unreached: set, top: float, roster: Roster, counts=None) -> Sums:
    """:func:`sums` of a part on every paper that some students did not reach
    (``reached``: its scores with None for them, as ``sums`` reads it;
    ``scores``: everyone's, 0 for them): the same floats in whole-column passes,
    since a correctly rounded sum (``fsum``) is the same with zeros added, and
    the sat students' totals are all totals less the unreached ones'.
    ``counts``, the Counter of the verdicts ``scores`` were read from, gives Σx
    and Σx² in a few terms (``counted_fsum``)."""
    gone = list(map(roster.totals.__getitem__, unreached))   # fsum: any order gives the same float
    n = roster.n - len(gone)
    if counts is None:
        x, xx = fsum(scores), fsum(map(mul, scores, scores))
    else:
        x, xx = counted_fsum(counts, SCORE), counted_fsum(counts, _squared_score)
    xt = times_totals(scores, roster, counts)
    t = fsum(chain(roster.t_parts, map(neg, gone)))   # exactly ΣT less theirs, correctly rounded
    tt = fsum(chain(roster.tt_parts, map(neg, map(mul, gone, gone))))
    discrimination = _difference(pooled(roster.upper, reached, top, roster.plain),
                                 pooled(roster.lower, reached, top, roster.plain))
    lower, upper = ((float(roster.size) if group.keys().isdisjoint(unreached) else places(group, reached))
                    for group in (roster.lower, roster.upper))   # most parts: no member of a group stopped
    return Sums(n, x, xx, xt, t, tt, exact_ratio(x, n * top), discrimination, lower, upper)


def times_totals(scores, roster: Roster, counts=None) -> float:
    """Σx·T, the fsum of each score times the student's total. Of a right/wrong
    column (``counts``, its Counter of verdicts, holds one score above 0) when
    ``roster.plain``: that score times the plain sum of the totals of the
    students who have it, every step exact: the same float."""
    marks = {v[1] for v in counts if v is not None and v[1]} if roster.plain and counts is not None else ()
    if len(marks) == 1:
        return marks.pop() * sum(compress(roster.totals, scores), 0.0)   # scores 0 or that mark (or None)
    return fsum(map(mul, scores, roster.totals))


def counted_fsum(counts, value) -> float:
    """``fsum`` of ``value(v)`` for every verdict ``v`` of a column, from its
    Counter ({verdict: times}; None, off the paper, adds nothing): a value met
    ``c`` times is added as itself times each power of two ``c`` holds (ldexp
    only moves the exponent: exact), so the correctly rounded sum is fsum's
    over the whole column, in a few terms a distinct verdict."""
    return fsum(ldexp(x, k) for v, c in counts.items() if v is not None and (x := value(v))
                for k in range(c.bit_length()) if c >> k & 1)


def _squared_score(verdict) -> float:
    return verdict[1] * verdict[1]


def _full_sums(scores, top: float, roster: Roster, counts) -> Sums:
    """:func:`sums` of a column everyone sat: every sum is one pass at C speed,
    and the upper-lower index is the scores weighted by the group weights,
    over the groups' members alone (the rest weigh 0), added by ``fsum``: the
    correctly rounded sum, the same float whatever the order of the students."""
    if counts is None:
        x, xx = fsum(scores), fsum(map(mul, scores, scores))
    else:
        x, xx = fsum(v[1] * c for v, c in counts.items()), fsum(v[1] * v[1] * c for v, c in counts.items())
    discrimination = None
    if roster.weights is not None and top:
        discrimination = fsum(map(mul, map(scores.__getitem__, roster.group), roster.weights)) / top
    return Sums(roster.n, x, xx, times_totals(scores, roster, counts),
                roster.sum_t, roster.sum_tt, exact_ratio(x, roster.n * top), discrimination, roster.size, roster.size)


def rest_correlation(s: Sums) -> Optional[float]:
    """The corrected item-total correlation: Pearson's r of the column's score x
    with the rest score R = T - x, from the sums alone (ΣR = ΣT - Σx,
    ΣR² = ΣT² - 2Σx·T + Σx², Σx·R = Σx·T - Σx²)."""
    r_sum, r_squares, products = s.t - s.x, s.tt - 2 * s.xt + s.xx, s.xt - s.xx
    return correlation(s.n, s.x, r_sum, s.xx, r_squares, products)


SAME_TOTAL, FIXED_REST = "same total", "fixed rest"
"""Why a column that varies has no D and r (:func:`no_comparison`)."""


def no_comparison(s: Sums) -> str:
    """Why D and r would say nothing of a column that varies: SAME_TOTAL when every
    student in it has the same total (r is then -1 by algebra, D 0 by construction),
    FIXED_REST when the rest of the paper does not vary (the part ranks the students
    by itself: D its own maximum); "" when they mean something. SAME_TOTAL for a column that does
    not vary too: both 27% groups are then the same tie-shared mix of students, so its D of 0 is
    as much arithmetic (not "0.00" beside the sentence saying so)."""
    if s.n < 2:
        return ""
    if _flat(s.n, s.t, s.tt):
        return SAME_TOTAL
    if _flat(s.n, s.x, s.xx):
        return ""
    return FIXED_REST if _flat(s.n, s.t - s.x, s.tt - 2 * s.xt + s.xx) else ""


def uniform(s: Sums) -> bool:
    """Whether every student who sat the column scored the same (its variance
    zero, to the same tolerance as :func:`correlation`): nothing to discriminate with."""
    return s.n >= 1 and _flat(s.n, s.x, s.xx)


def _flat(n: int, total: float, squares: float) -> bool:
    """Whether ``n`` values with this sum and sum of squares do not vary: the
    spread ``Σv² - (Σv)²/n`` within rounding noise relative to the mean's size."""
    mean = total / n
    return squares - total * mean <= 1e-12 * (1 + mean * mean) * n


def correlation(n: int, sx: float, sy: float, sxx: float, syy: float, sxy: float) -> Optional[float]:
    """Pearson's r from the sums of two variables; None for fewer than two pairs
    or when either does not vary."""
    if n < 2:
        return None
    if _flat(n, sx, sxx) or _flat(n, sy, syy):
        return None
    mx, my = sx / n, sy / n
    return max(-1.0, min(1.0, (sxy - sx * my) / sqrt((sxx - sx * mx) * (syy - sy * my))))


def who_met(column, counts, indexes: list) -> dict:
    """``{code: [student indexes]}`` of the misconceptions met in a column: the
    students with any code are picked out of ``indexes`` (Roster.indexes: a
    list, not a range, whose ints are not made again per column) in one C-speed
    pass, then one pass over just those per distinct code (codes are few per
    part, and most students meet none: half the time of a pass over everyone per code)."""
    met = sorted({v[2] for v in counts if v is not None and v[2]})
    if not met:
        return {}
    codes = [None if v is None else v[2] for v in column] if None in counts else map(CODE, column)
    coded = list(compress(indexes, codes))
    if len(met) == 1:
        return {met[0]: coded}
    coded_codes = list(map(CODE, map(column.__getitem__, coded)))
    return {code: list(compress(coded, map(eq, coded_codes, repeat(code)))) for code in met}


def _difference(upper, lower) -> Optional[float]:
    return None if upper is None or lower is None else upper - lower


def pvariance(values) -> float:
    """The population variance in floats (two passes, each an fsum: the same in
    any order): statistics.pvariance's exact fractions cost seconds on a MOOC's columns."""
    n = len(values)
    mean = fsum(values) / n
    deviations = [x - mean for x in values]
    return fsum(map(mul, deviations, deviations)) / n
