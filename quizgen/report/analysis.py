"""Item analysis of a graded class: facility, upper-lower discrimination, the
corrected item-total point-biserial, distractor (trap) shares, whole-test
reliability (KR-20, Cronbach's alpha, SEM) and per-class summaries.

Every figure that cannot be computed (nobody sat the part, zero variance, fewer
than two students or parts) is ``None``, shown as "n/a": never NaN, never an error.
docs/report.md gives each formula and how to read it."""

from __future__ import annotations

import re
import statistics
from collections import Counter
from math import fsum, sqrt
from operator import add, itemgetter, mul, sub

from quizgen.report.model import (Analysis, ClassStats, ItemStats, StudentRow, TestStats, Trap,
                                  TrapShare)

GROUP_SHARE = 0.27      # Kelley's upper and lower groups
NEAR_ZERO = 0.10        # discrimination below this separates stronger from weaker students hardly at all
HARD, EASY = 0.20, 0.90
COUNTED = ("correct", "incorrect", "blank", "invalid")
SCORE = itemgetter(1)   # a verdict's score


def analyse(parts, students) -> Analysis:
    """The whole item analysis of ``students`` (Student tuples) over ``parts`` (Part tuples).

    Every figure is computed column by column (one part's verdicts for all
    students), with list comprehensions over shared verdicts: a MOOC's million
    verdicts take about a second."""
    columns = list(zip(*(s.verdicts for s in students))) or [()] * len(parts)
    score_columns = [[None if v is None else v[1] for v in column] if None in column else list(map(SCORE, column))
                     for column in columns]
    totals, maxima = _totals(parts, score_columns, len(students))
    percents = [t / m if m else None for t, m in zip(totals, maxima)]
    lower, upper = groups(percents)
    found = [_part_stats(column, scores, part, totals, lower, upper)
             for column, scores, part in zip(columns, score_columns, parts)]
    part_stats = [item for item, _ in found]
    question_stats, heat, heat_counts = _questions(parts, found, score_columns, totals, lower, upper)
    feedback = {}
    for part in parts:
        for trap in part.traps:
            feedback.setdefault(Trap(*trap).code, Trap(*trap).feedback)
    met = {}
    for _, codes in found:
        for code, who in codes.items():
            for i in who:
                met.setdefault(i, set()).add(code)
    rows = [StudentRow(s.student_id, s.name, t, m, None if p is None else 100 * p, sorted(met.get(i, ())))
            for i, (s, t, m, p) in enumerate(zip(students, totals, maxima, percents))]
    return Analysis(part_stats, question_stats, test_stats(parts, students, percents, columns, score_columns),
                    class_stats(part_stats), heat, heat_counts, feedback, rows)


def _totals(parts, score_columns, n: int):
    """Each student's score and the maximum of their own paper (added in part order)."""
    totals, maxima = [0.0] * n, [0.0] * n
    for scores, part in zip(score_columns, parts):
        points = float(part.points)
        if None in scores:
            totals = [t if x is None else t + x for t, x in zip(totals, scores)]
            maxima = [m if x is None else m + points for m, x in zip(maxima, scores)]
        else:   # everyone sat the part: the common case, at C speed
            totals = list(map(add, totals, scores))
            maxima = [m + points for m in maxima]
    return totals, maxima


def groups(percents) -> tuple:
    """The lower and upper 27% groups as sets of student indexes: students ranked
    by percent of their paper (ties in file order, earlier ranked lower); each group
    has round(0.27 n) students, at least one and at most n // 2 (no overlap).
    Fewer than two ranked students: two empty groups."""
    ranked = sorted((p, i) for i, p in enumerate(percents) if p is not None)
    n = len(ranked)
    size = min(max(int(GROUP_SHARE * n + 0.5), 1), n // 2)
    if size == 0:
        return set(), set()
    return {i for _, i in ranked[:size]}, {i for _, i in ranked[n - size:]}


def pearson(xs, ys):
    """Pearson's correlation of two equal-length lists; None for fewer than two
    pairs or when either list does not vary. (Sums of products less n times the
    mean products: no list of deviations, which costs more than the sums.)"""
    n = len(xs)
    if n < 2:
        return None
    sx, sy = sum(xs), sum(ys)
    mx, my = sx / n, sy / n
    sxx, syy = sum(map(mul, xs, xs)) - sx * mx, sum(map(mul, ys, ys)) - sy * my
    if sxx <= 1e-12 * (1 + mx * mx) * n or syy <= 1e-12 * (1 + my * my) * n:
        return None
    return max(-1.0, min(1.0, (sum(map(mul, xs, ys)) - sx * my) / sqrt(sxx * syy)))


def _ratio(numerator, denominator):
    return numerator / denominator if denominator else None


def _group_facility(members, scores, points):
    """Facility within a group: ``scores[i]`` student i's score (None: not sat)."""
    got = [scores[i] for i in members if scores[i] is not None]
    return _ratio(fsum(got), len(got) * points) if got and points else None


def _difference(upper, lower):
    return None if upper is None or lower is None else upper - lower


def _sat(scores) -> tuple:
    """The students who sat a part (their indexes) and their scores."""
    if None not in scores:
        return range(len(scores)), scores
    sat = [i for i, x in enumerate(scores) if x is not None]
    return sat, [scores[i] for i in sat]


def _rest(totals, sat, got) -> list:
    """Each student's total without the item (the corrected point-biserial's other variable)."""
    if len(sat) == len(totals):
        return list(map(sub, totals, got))
    return [totals[i] - x for i, x in zip(sat, got)]


def _status_counts(verdict_counts) -> dict:
    """Verdicts per status (correct, incorrect, blank, invalid, other) from a Counter of a column."""
    counts = dict.fromkeys(COUNTED + ("other",), 0)
    for verdict, n in verdict_counts.items():   # verdicts are few and shared
        if verdict is not None:
            counts[verdict[0] if verdict[0] in counts else "other"] += n
    return counts


def _part_stats(column, scores, part, totals, lower, upper) -> tuple:
    """One part's ItemStats from its ``column`` of verdicts and their ``scores``,
    and ``{code: [students]}`` of the misconceptions met."""
    sat, got = _sat(scores)
    counts = Counter(column)
    codes = {}
    if any(verdict is not None and verdict[2] for verdict in counts):
        for i in [i for i in sat if column[i][2]]:
            codes.setdefault(column[i][2], []).append(i)
    points = float(part.points)
    item = ItemStats(part.question_id, part.part, part.cls, part.template, points, len(sat), _status_counts(counts))
    item.facility = _ratio(fsum(got), len(got) * points) if points else None
    item.discrimination = _difference(_group_facility(upper, scores, points),
                                      _group_facility(lower, scores, points))
    item.point_biserial = pearson(got, _rest(totals, sat, got))
    item.traps = _trap_shares(part, codes, len(sat), [i for i in lower if scores[i] is not None],
                              [i for i in upper if scores[i] is not None])
    item.reasons = reasons(item)
    return item, codes


def _trap_shares(part, codes, sat, lower, upper) -> list:
    """The share of students in each of the part's traps (and any other code met)."""
    traps = [Trap(*t) for t in part.traps]
    known = {t.code for t in traps}
    traps += [Trap(code) for code in sorted(codes) if code not in known]
    shares = []
    for trap in traps:
        who = set(codes.get(trap.code, ()))
        shares.append(TrapShare(trap.code, trap.feedback, len(who), _ratio(len(who), sat),
                                _ratio(len(who.intersection(lower)), len(lower)),
                                _ratio(len(who.intersection(upper)), len(upper))))
    return shares


def _discrimination(item: ItemStats):
    """The discrimination the flags read: the point-biserial; else the upper-lower
    index, but only for an item that varies (everyone right or everyone wrong says
    nothing about discrimination: the facility flag covers it)."""
    if item.point_biserial is not None or item.facility is None or item.facility in (0.0, 1.0):
        return item.point_biserial
    return item.discrimination


def reasons(item: ItemStats) -> list:
    """Why an item deserves a look, in words (empty: nothing to flag)."""
    found = []
    r = _discrimination(item)
    if r is not None and r < 0:
        found.append("negative discrimination: stronger students did worse than weaker ones; "
                     "check the key, the tolerance and the wording")
    elif r is not None and r < NEAR_ZERO:
        found.append("near-zero discrimination: the part hardly separates stronger from weaker "
                     "students; it may reward guessing or test something else")
    if item.facility is not None and item.facility < HARD:
        found.append(_hard_reason(item))
    elif item.facility is not None and item.facility > EASY:
        found.append("very easy: almost everyone scored, so it tells students apart little")
    return found


def _hard_reason(item: ItemStats) -> str:
    """Why a part is very hard, from its blanks and its most common trap."""
    text = "very hard: few students scored"
    blanks = _ratio(item.counts.get("blank", 0), item.students) or 0.0
    top = max(item.traps, key=lambda t: t.count, default=None)
    if blanks >= 0.3:
        text += f"; {blanks:.0%} left it blank (not taught, or no time left?)"
    if top is not None and top.share and top.share >= 0.2:
        text += f"; {top.share:.0%} fell into {top.code}, a widespread misconception"
    if text.endswith("scored"):
        text += "; check that it was taught and that the key is right"
    return text


def _questions(parts, found, score_columns, totals, lower, upper):
    """Per-question statistics (the parts of a question added up) and the
    misconception x question heat map."""
    order = {}
    for k, part in enumerate(parts):
        order.setdefault(part.question_id, []).append(k)
    stats, heat, heat_counts = [], {}, {}
    for question_id, slots in order.items():
        item, met = _question_stats(question_id, [parts[k] for k in slots], [found[k] for k in slots],
                                    [score_columns[k] for k in slots], totals, lower, upper)
        stats.append(item)
        for code, who in met.items():
            heat_counts.setdefault(code, {})[question_id] = len(who)
            heat.setdefault(code, {})[question_id] = len(who) / item.students
    return stats, heat, heat_counts


def _question_stats(question_id, parts, found, score_columns, totals, lower, upper):
    """One question's ItemStats from its parts' results and score columns, and
    the students who met each misconception."""
    scored = top = None
    counts, met = dict.fromkeys(COUNTED + ("other",), 0), {}
    for part, (item, codes), scores in zip(parts, found, score_columns):
        scored, top = _add_column(scored, top, scores, float(part.points))
        for status, n in item.counts.items():
            counts[status] += n
        for code, who in codes.items():
            met.setdefault(code, set()).update(who)
    sat, got = _sat(scored)
    item = ItemStats(question_id, "", parts[0].cls, parts[0].template, fsum(float(p.points) for p in parts),
                     len(sat), counts)
    item.facility = _ratio(fsum(got), fsum(top) if len(sat) == len(top) else fsum(top[i] for i in sat))
    item.discrimination = _difference(_pooled(upper, scored, top), _pooled(lower, scored, top))
    item.point_biserial = pearson(got, _rest(totals, sat, got))
    item.reasons = reasons(item)
    return item, met


def _add_column(scored, top, scores, points) -> tuple:
    """A question's per-student score and maximum so far (None: no part sat yet)
    with one more part's ``scores`` added."""
    if scored is None:
        if None not in scores:
            return list(scores), [points] * len(scores)
        scored = top = [None] * len(scores)
    if None in scores or None in scored:
        return ([a if x is None else (x if a is None else a + x) for a, x in zip(scored, scores)],
                [a if x is None else (points if a is None else a + points) for a, x in zip(top, scores)])
    return list(map(add, scored, scores)), [a + points for a in top]


def _pooled(members, scored, tops):
    got = [i for i in members if scored[i] is not None]
    return _ratio(fsum(scored[i] for i in got), fsum(tops[i] for i in got)) if got else None


def test_stats(parts, students, percents, columns, score_columns) -> TestStats:
    """Mean, median, SD (population) of the students' percentages, the score
    histogram, and reliability over the students whose paper has every part."""
    shown = [100 * p for p in percents if p is not None]
    test = TestStats(students=len(shown))
    test.histogram = [0] * 10
    for p in shown:
        test.histogram[min(int(p // 10), 9) if p >= 0 else 0] += 1
    if shown:
        test.mean, test.median, test.sd = statistics.fmean(shown), statistics.median(shown), sqrt(pvariance(shown))
    complete = [i for i, s in enumerate(students) if None not in s.verdicts]
    test.complete = len(complete)
    if len(complete) < len(students):
        columns = [[column[i] for i in complete] for column in columns]
        score_columns = [[scores[i] for i in complete] for scores in score_columns]
    test.alpha = column_alpha(score_columns) if complete else None
    test.kr20 = column_alpha([[1.0 if v[0] == "correct" else 0.0 for v in column] for column in columns]) \
        if complete else None
    top = fsum(float(p.points) for p in parts)
    if test.alpha is not None and top:
        test.sem = sqrt(pvariance([100 * row / top for row in map(sum, zip(*score_columns))])) * sqrt(1 - test.alpha)
    return test


def alpha(rows):
    """Cronbach's alpha of a students x items score table (population variances);
    on 0/1 scores this is KR-20. None for fewer than two students or items, or
    when the totals do not vary."""
    return column_alpha(list(zip(*rows))) if rows else None


def column_alpha(columns):
    """:func:`alpha` of the table given as its item columns."""
    if len(columns) < 2 or len(columns[0]) < 2:
        return None
    k = len(columns)
    total_var = pvariance(list(map(sum, zip(*columns))))
    if total_var <= 1e-12:
        return None
    item_var = fsum(counted_variance(Counter(column)) for column in columns)
    return k / (k - 1) * (1 - item_var / total_var)


def counted_variance(counts: Counter) -> float:
    """The population variance of values given as ``{value: how many}``: an
    item's few distinct scores, so the cost does not grow with the class."""
    n = sum(counts.values())
    mean = fsum(x * c for x, c in counts.items()) / n
    return fsum(c * (x - mean) * (x - mean) for x, c in counts.items()) / n


def pvariance(values) -> float:
    """The population variance in floats (two passes):
    statistics.pvariance's exact fractions cost seconds on a MOOC's columns."""
    n = len(values)
    mean = sum(values) / n
    deviations = [x - mean for x in values]
    return sum(map(mul, deviations, deviations)) / n


def _class_key(cls: str):
    match = re.fullmatch(r"([A-Za-z]*)(\d+)", cls)
    return (match.group(1), int(match.group(2)), "") if match else (cls, -1, cls)


def class_stats(part_stats) -> list:
    """Per class of scenario: the parts' mean facility and the misconceptions met."""
    by_class = {}
    for item in part_stats:
        by_class.setdefault(item.cls, []).append(item)
    result = []
    for cls in sorted(by_class, key=_class_key):
        items = by_class[cls]
        known = [i.facility for i in items if i.facility is not None]
        met = {}
        for item in items:
            for trap in item.traps:
                if trap.count:
                    met[trap.code] = met.get(trap.code, 0) + trap.count
        result.append(ClassStats(cls, len(items), statistics.fmean(known) if known else None,
                                 sorted(met.items(), key=lambda kv: (-kv[1], kv[0]))))
    return result
