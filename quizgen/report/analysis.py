"""Item analysis of a graded class: facility, upper-lower discrimination, the
corrected item-total point-biserial, distractor (trap) shares, whole-test
reliability (KR-20, Cronbach's alpha, SEM) and per-class summaries.

Every figure that cannot be computed (nobody sat the part, zero variance, fewer
than two students or parts) is ``None``, shown as "n/a": never NaN, never an error.
docs/report.md gives each formula and how to read it."""

from __future__ import annotations

import re
import statistics
from math import fsum, sqrt

from quizgen.report.model import (Analysis, ClassStats, ItemStats, StudentRow, TestStats, Trap,
                                  TrapShare)

GROUP_SHARE = 0.27      # Kelley's upper and lower groups
NEAR_ZERO = 0.10        # discrimination below this separates stronger from weaker students hardly at all
HARD, EASY = 0.20, 0.90
COUNTED = ("correct", "incorrect", "blank", "invalid")


def analyse(parts, students) -> Analysis:
    """The whole item analysis of ``students`` (Student tuples) over ``parts`` (Part tuples)."""
    totals, maxima = _totals(parts, students)
    percents = [t / m if m else None for t, m in zip(totals, maxima)]
    lower, upper = groups(percents)
    part_stats = [_part_stats(k, part, students, totals, lower, upper) for k, part in enumerate(parts)]
    question_stats, heat, heat_counts = _questions(parts, students, totals, lower, upper)
    feedback = {}
    for part in parts:
        for trap in part.traps:
            feedback.setdefault(Trap(*trap).code, Trap(*trap).feedback)
    rows = [StudentRow(s.student_id, s.name, t, m, None if p is None else 100 * p, _codes(s))
            for s, t, m, p in zip(students, totals, maxima, percents)]
    return Analysis(part_stats, question_stats, test_stats(parts, students, percents),
                    class_stats(part_stats), heat, heat_counts, feedback, rows)


def _totals(parts, students):
    """Each student's score and the maximum of their own paper."""
    points = [float(p.points) for p in parts]
    totals, maxima = [], []
    for s in students:
        total = top = 0.0
        for verdict, most in zip(s.verdicts, points):
            if verdict is not None:
                total += verdict[1]
                top += most
        totals.append(total)
        maxima.append(top)
    return totals, maxima


def _codes(student) -> list:
    return sorted({v[2] for v in student.verdicts if v is not None and v[2]})


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
    pairs or when either list does not vary."""
    n = len(xs)
    if n < 2:
        return None
    mx, my = fsum(xs) / n, fsum(ys) / n
    dx = [x - mx for x in xs]
    dy = [y - my for y in ys]
    sxx, syy = fsum(d * d for d in dx), fsum(d * d for d in dy)
    if sxx <= 1e-12 * (1 + mx * mx) * n or syy <= 1e-12 * (1 + my * my) * n:
        return None
    return max(-1.0, min(1.0, fsum(a * b for a, b in zip(dx, dy)) / sqrt(sxx * syy)))


def _ratio(numerator, denominator):
    return numerator / denominator if denominator else None


def _group_facility(members, scored, points):
    """Facility within a group: ``scored`` maps student index to score."""
    got = [scored[i] for i in members if i in scored]
    return _ratio(fsum(got), len(got) * points) if got and points else None


def _difference(upper, lower):
    return None if upper is None or lower is None else upper - lower


def _part_stats(k, part, students, totals, lower, upper) -> ItemStats:
    """One part's statistics from column ``k`` of the verdicts."""
    scored, codes = {}, {}
    counts = dict.fromkeys(COUNTED + ("other",), 0)
    for i, s in enumerate(students):
        verdict = s.verdicts[k]
        if verdict is None:
            continue
        scored[i] = verdict[1]
        status = verdict[0] if verdict[0] in counts else "other"
        counts[status] += 1
        if verdict[2]:
            codes.setdefault(verdict[2], []).append(i)
    points = float(part.points)
    item = ItemStats(part.question_id, part.part, part.cls, part.template, points, len(scored), counts)
    item.facility = _ratio(fsum(scored.values()), len(scored) * points) if points else None
    item.discrimination = _difference(_group_facility(upper, scored, points),
                                      _group_facility(lower, scored, points))
    item.point_biserial = pearson(list(scored.values()), [totals[i] - x for i, x in scored.items()])
    item.traps = _trap_shares(part, codes, len(scored), [i for i in lower if i in scored],
                              [i for i in upper if i in scored])
    item.reasons = reasons(item)
    return item


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


def _questions(parts, students, totals, lower, upper):
    """Per-question statistics (the parts of a question added up) and the
    misconception x question heat map."""
    order = {}
    for k, part in enumerate(parts):
        order.setdefault(part.question_id, []).append(k)
    stats, heat, heat_counts = [], {}, {}
    for question_id, slots in order.items():
        first = parts[slots[0]]
        scored, tops, counts, met = {}, {}, dict.fromkeys(COUNTED + ("other",), 0), {}
        for i, s in enumerate(students):
            for k in slots:
                verdict = s.verdicts[k]
                if verdict is None:
                    continue
                scored[i] = scored.get(i, 0.0) + verdict[1]
                tops[i] = tops.get(i, 0.0) + float(parts[k].points)
                counts[verdict[0] if verdict[0] in counts else "other"] += 1
                if verdict[2]:
                    met.setdefault(verdict[2], set()).add(i)
        points = fsum(float(parts[k].points) for k in slots)
        item = ItemStats(question_id, "", first.cls, first.template, points, len(scored), counts)
        item.facility = _ratio(fsum(scored.values()), fsum(tops.values()))
        item.discrimination = _difference(_pooled(upper, scored, tops), _pooled(lower, scored, tops))
        item.point_biserial = pearson(list(scored.values()), [totals[i] - x for i, x in scored.items()])
        item.reasons = reasons(item)
        stats.append(item)
        for code, who in met.items():
            heat_counts.setdefault(code, {})[question_id] = len(who)
            heat.setdefault(code, {})[question_id] = len(who) / len(scored)
    return stats, heat, heat_counts


def _pooled(members, scored, tops):
    got = [i for i in members if i in scored]
    return _ratio(fsum(scored[i] for i in got), fsum(tops[i] for i in got)) if got else None


def test_stats(parts, students, percents) -> TestStats:
    """Mean, median, SD (population) of the students' percentages, the score
    histogram, and reliability over the students whose paper has every part."""
    shown = [100 * p for p in percents if p is not None]
    test = TestStats(students=len(shown))
    test.histogram = [0] * 10
    for p in shown:
        test.histogram[min(int(p // 10), 9) if p >= 0 else 0] += 1
    if shown:
        test.mean, test.median, test.sd = statistics.fmean(shown), statistics.median(shown), statistics.pstdev(shown)
    complete = [s for s in students if all(v is not None for v in s.verdicts)]
    test.complete = len(complete)
    scores = [[v[1] for v in s.verdicts] for s in complete]
    test.alpha = alpha(scores)
    test.kr20 = alpha([[1.0 if v[0] == "correct" else 0.0 for v in s.verdicts] for s in complete])
    top = fsum(float(p.points) for p in parts)
    if test.alpha is not None and top:
        test.sem = statistics.pstdev([100 * fsum(row) / top for row in scores]) * sqrt(1 - test.alpha)
    return test


def alpha(rows):
    """Cronbach's alpha of a students x items score table (population variances);
    on 0/1 scores this is KR-20. None for fewer than two students or items, or
    when the totals do not vary."""
    if len(rows) < 2 or len(rows[0]) < 2:
        return None
    k = len(rows[0])
    total_var = statistics.pvariance([fsum(row) for row in rows])
    if total_var <= 1e-12:
        return None
    item_var = fsum(statistics.pvariance(column) for column in zip(*rows))
    return k / (k - 1) * (1 - item_var / total_var)


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
