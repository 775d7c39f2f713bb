"""Item analysis of a graded class: facility, upper-lower discrimination, the
item-rest correlation (Pearson's r of a part's score with the rest of the
paper), distractor (trap) shares, whole-test reliability (Cronbach's alpha on
the points, its SEM, and KR-20 when every part is right/wrong and worth the
same) and per-class summaries. A part a student did not reach (no answer from
there to the end of the paper) is left out of that part's figures.

The figures come from one pass over each column of the final score matrix
(quizgen/report/columns.py does the arithmetic). Every figure that cannot be
computed (nobody sat the part, zero variance, fewer than two students or parts)
is ``None``, shown as "n/a": never NaN, never an error. docs/report.md gives each
formula and how to read it."""

from __future__ import annotations

import re
import statistics
from collections import Counter, deque
from itertools import compress, repeat
from operator import is_not
from math import fsum, sqrt

from quizgen.report.absent import absent_row, absent_students, renumbered
from quizgen.report.attention import blank_rows, to_act
from quizgen.report.groups import held_share
from quizgen.report.lost import lost_parts
from quizgen.report.columns import (GROUP_SHARE, Roster, exact_marks, not_reached, pvariance, reached_column,
                                    reached_question_scores, reached_sums, roster, score_column, student_totals,
                                    sums, uniform, who_met)
from quizgen.report.flags import EASY_REASON, FEW, HARD_REASON, NO_ANSWER_REASON, WEAK_REASON, measured, reasons
from quizgen.report.model import (COUNTED, LATER, NOT_REACHED, SPLIT, STATUS_COUNTS, Analysis, ClassStats, ItemStats,
                                  StudentRow, TestStats, Trap, TrapShare)
from quizgen.report.reliability import FLAT, alpha_from, counted_variance, right, right_wrong, rights, score
from quizgen.scores import decimal_fraction, exact_ratio, score_total

__all__ = ["EASY_REASON", "HARD_REASON", "WEAK_REASON", "analyse", "band", "class_stats", "question_scores",
           "reasons", "test_stats"]   # the flags' words and cuts live in quizgen/report/flags.py


def analyse(parts, students, share: float = GROUP_SHARE, columns=None) -> Analysis:
    """The whole item analysis of ``students`` (Student tuples) over ``parts``
    (Part tuples); ``share`` sizes the upper and lower groups (Kelley's 27%).
    A student with no answer at all (every verdict ``missing`` or None: absent
    from the test) is listed with the students but left out of every figure:
    their zeros are not responses to the items. ``columns``, when given, are
    the students' verdicts part by part (as grade holds them: no transposing)."""
    absent = absent_students(students, columns)
    if not absent:
        return _analyse(parts, students, share, columns)
    sat_at = [i for i in range(len(students)) if i not in absent]
    sat = [students[i] for i in sat_at]
    among_sat = {i: k for k, i in enumerate(sat_at)}
    analysis = _analyse([renumbered(part, among_sat) for part in parts], sat, share)
    analysis.test.absent = len(students) - len(sat)
    rows = iter(analysis.students)
    analysis.students = [absent_row(parts, s) if i in absent else next(rows) for i, s in enumerate(students)]
    analysis.to_act += blank_rows(parts, [students[i] for i in sorted(absent)])   # every answer blank: said apart
    return analysis


def _analyse(parts, students, share: float, columns=None) -> Analysis:
    """:func:`analyse` of the students who sat the test."""
    if columns is None:
        columns = list(zip(*(s.verdicts for s in students))) or [()] * len(parts)
    counts = [Counter(column) for column in columns]
    full = [None not in c for c in counts]   # everyone sat the part
    score_columns = list(map(score_column, columns, full))
    marks = [float(p.points) for p in parts] + [v[1] for c in counts for v in c if v is not None]
    cohort = roster(score_columns, parts, full, len(students), share, exact_marks(marks))   # not reached: 0
    unreached = not_reached([() if s.only_overrides else s.verdicts for s in students], counts)   # no row, no pattern
    silent = lost_parts(columns, [n for n, s in enumerate(students) if s.only_overrides])
    for k in silent:   # no response at all: a missing column, not a class that ran out of time, wherever it sits
        unreached[k] = set()
    reached = list(map(reached_column, score_columns, unreached))
    reached_full = [f and not u for f, u in zip(full, unreached)]
    found = [_part_stats(*args, cohort) for args in zip(columns, counts, zip(reached, score_columns, full),
                                                         reached_full, unreached, parts)]
    part_stats = [item for item, _ in found]
    for k in silent:
        _no_answers(part_stats[k])
    question_stats, heat, heat_counts = _questions(parts, found, (reached, reached_full), (score_columns, full),
                                                   cohort, unreached, set(silent))
    if cohort.n == 1:
        for item in part_stats + question_stats:
            _one_student(item)
    traps = [Trap(*t) for part in reversed(parts) for t in part.traps]   # the first part's wins: reversed
    return Analysis(part_stats, question_stats, test_stats(parts, columns, counts, cohort),
                    class_stats(part_stats), heat, heat_counts, {t.code: t.feedback for t in traps},
                    _student_rows(students, found, cohort), to_act(parts, students, counts, unreached, columns),
                    [part_stats[k].label for k in silent], names={t.code: t.name for t in traps if t.name})


def _no_answers(item: ItemStats) -> None:
    """A part (or a question of such parts) nobody answered: no figures, its trap shares
    included (its zeros are no responses), nobody in its D and r, one flag saying why."""
    item.facility = item.discrimination = item.point_biserial = None
    item.dr_students, item.group_lower, item.group_upper = 0, 0.0, 0.0
    item.traps = [TrapShare(t.code, t.feedback, t.count, None, None, None, name=t.name) for t in item.traps]
    item.uniform, item.no_dr, item.reasons = False, "", [NO_ANSWER_REASON]


def _one_student(item: ItemStats) -> None:
    """With one student no item statistic describes the class (each would be that student's
    own score): none is computed, and nothing is flagged (docs/report.md)."""
    item.facility = item.discrimination = item.point_biserial = None
    item.uniform, item.no_dr, item.reasons = False, "", []


def _student_rows(students, found, cohort: Roster) -> list:
    """One StudentRow per student, with the misconceptions they met (sorted)."""
    met = {}
    for _, codes in found:
        for code, who in codes.items():
            met.setdefault(code, set()).update(who)
    codes_of = [[] for _ in students]
    for code in sorted(met):   # codes_of[i].append(code) for each i in met[code], at C speed
        deque(map(list.append, map(codes_of.__getitem__, met[code]), repeat(code)), maxlen=0)
    return [StudentRow(s.student_id, s.name, t, m, None if p is None else 100 * p, codes)
            for s, t, m, p, codes in zip(students, cohort.totals, cohort.maxima, cohort.percents, codes_of)]


def _status_counts(verdict_counts) -> dict:
    """Verdicts per status (correct, incorrect, blank, invalid, other; and
    imprecise, needs_review, missing and partial, which "other" counts too) from a Counter
    of a column; ``not_reached`` (0 here) last."""
    counts = dict.fromkeys(STATUS_COUNTS + (NOT_REACHED,), 0)
    for verdict, n in verdict_counts.items():   # verdicts are few and shared
        if verdict is not None:
            counts[verdict[0] if verdict[0] in COUNTED else "other"] += n
            if verdict[0] in SPLIT or verdict[0] in LATER:
                counts[verdict[0]] += n
    return counts


def _part_stats(column, counts, columns, everyone: bool, unreached: set, part, cohort: Roster) -> tuple:
    """One part's ItemStats from its column of verdicts, their Counter and
    ``columns``: the scores of those who reached it (``everyone``: all did), of
    all, and whether every paper has it; and ``{code: [students]}`` of the
    misconceptions met."""
    points = float(part.points)
    scores, all_scores, on_every_paper = columns
    if on_every_paper and unreached:   # the same sums in whole-column passes
        s = reached_sums(all_scores, scores, unreached, points, cohort, counts)
    else:
        s = sums(scores, points, cohort, everyone, counts)
    item = ItemStats(part.question_id, part.part, part.cls, part.template, points, s.n + len(unreached),
                     _status_counts(counts), reached=s.n)
    item.counts[NOT_REACHED] = len(unreached)
    item.facility = s.facility
    measured(item, s)
    item.uniform = uniform(s)
    codes = who_met(column, counts, cohort.indexes)
    lower, upper = (group if s.n == cohort.n or on_every_paper and group.keys().isdisjoint(unreached) else
                    _sat(group, scores, unreached if on_every_paper else None)
                    for group in (cohort.lower, cohort.upper))   # most parts: no member stopped
    item.traps = _trap_shares(part, codes, s.n, lower, upper, scores, cohort)
    item.reasons = reasons(item)
    return item, codes


def _sat(members: dict, scores, unreached=None) -> dict:
    """The members of a group who sat the part, with their shares of a place; of a
    part on every paper, all but those in ``unreached`` (few: not a pass over the group)."""
    if unreached is None:
        return dict(compress(members.items(), map(is_not, map(scores.__getitem__, members), repeat(None))))
    sat = dict(members)
    for i in unreached:
        sat.pop(i, None)
    return sat


def _trap_shares(part, codes, sat, lower: dict, upper: dict, scores, cohort: Roster) -> list:
    """The share of students in each of the part's traps (and any other code
    met), overall and within each group (its members counted by their share of
    a place), among the students whose paper's draw can make the trap."""
    traps = [Trap(*t) for t in part.traps]
    known = {t.code for t in traps}
    traps += [Trap(code) for code in sorted(codes) if code not in known]
    shares, whole = [], [(lower, cohort.places(lower)), (upper, cohort.places(upper))]
    for trap in traps:
        who = codes.get(trap.code, ())
        can = sat - sum(scores[i] is not None for i in trap.absent)
        if trap.absent and not can and not who:
            continue   # no student who sat had a draw that can make it: nothing to report
        (low, low_places), (high, high_places) = (_group_share(g, who, p, trap.absent, cohort.n) for g, p in whole)
        shares.append(TrapShare(trap.code, trap.feedback, len(who), exact_ratio(len(who), can), low, high, can,
                                low_places, high_places, trap.name))
    return shares


def _group_share(members: dict, who, places: float, absent: frozenset, n: int) -> tuple:
    """The share of a group's ``places`` held by the students ``who``, and those places; without the
    students ``absent`` (whose paper lacks the trap), its places added again (fsum: any order). A student
    of ``who`` outside the group adds 0.0, which changes no fsum."""
    if absent:
        members = {i: share for i, share in members.items() if i not in absent}
        places = fsum(members.values())
    return held_share(fsum(map(members.get, who, repeat(0.0))), places, n), places


def _questions(parts, found, reached, paper, cohort: Roster, unreached, silent: set):
    """Per-question statistics (the parts of a question added up) and the
    misconception x question heat map; ``reached`` and ``paper`` are each
    ``(score columns, full)``: the scores of those who reached each part (its
    facility) and of everyone whose paper has it (its students); ``unreached``:
    per part, the students who did not reach it (D and r leave them out);
    ``silent``: the parts nobody answered, left out of their question's figures
    (a question of such parts alone has none)."""
    (score_columns, full), (paper_columns, paper_full) = reached, paper
    order = {}
    for k, part in enumerate(parts):
        order.setdefault(part.question_id, []).append(k)
    stats, heat, heat_counts = [], {}, {}
    for question_id, every in order.items():
        slots = [k for k in every if k not in silent] or every   # figures from the parts someone answered
        quick = all(paper_full[k] for k in slots) and reached_question_scores(
            [paper_columns[k] for k in slots], [float(parts[k].points) for k in slots], [unreached[k] for k in slots],
            cohort.exact)
        item, met, reached_scores = _question_stats(question_id, [parts[k] for k in slots],
                                                    [found[k] for k in slots], [score_columns[k] for k in slots],
                                                    [full[k] for k in slots], cohort, quick)
        if len(slots) < len(every):   # its points, answer counts and students are all of its parts'
            _whole_counts(item, [parts[k] for k in every], [found[k][0] for k in every])
        gone = set().union(*(unreached[k] for k in slots))
        if gone:   # D and r over the students who reached every part of it: a part-score is no question score
            _whole_question(item, [paper_columns[k] for k in slots], [float(parts[k].points) for k in slots],
                            gone, reached_scores if all(paper_full[k] for k in slots) else None, cohort)
        if not all(full[k] for k in every):   # its students: whose paper has it, reached or not
            item.students = _on_paper([paper_columns[k] for k in every], all(paper_full[k] for k in every))
        if slots[0] in silent:
            _no_answers(item)
        stats.append(item)
        for code, who in met.items():
            heat_counts.setdefault(code, {})[question_id] = len(who)
            of = next(t.of for t in item.traps if t.code == code)   # who reached it and whose draw can make it
            heat.setdefault(code, {})[question_id] = exact_ratio(len(who), of) or 0   # exact, as a part's
    return stats, heat, heat_counts


def _whole_counts(item: ItemStats, parts, items) -> None:
    """A question's points and answer counts over all its parts, a part nobody answered included."""
    item.points = score_total(float(p.points) for p in parts)
    item.counts = {status: sum(i.counts[status] for i in items) for status in item.counts}


def _whole_question(item: ItemStats, score_columns, points: list, gone: set, reached, cohort: Roster):
    """A question's D and r over the students who reached every part of it on
    their paper (not those in ``gone``), flagged again on them; ``score_columns``:
    everyone's scores, 0 where not reached. ``reached``, for a question on every
    paper: ``(scores, maxima)`` over the parts each student reached, whole for
    all but ``gone``, which reached_sums' whole-column passes read (the same floats)."""
    if reached is not None:
        scored, top = reached
        zeroed = list(scored)
        for i in gone:
            zeroed[i] = 0.0
        whole = next((m for i, m in enumerate(top) if i not in gone), 0.0)   # a student who reached every part
        measured(item, reached_sums(zeroed, reached_column(scored, gone), gone, whole, cohort))
    else:
        scored, top = question_scores([reached_column(c, gone) for c in score_columns], points,
                                      [False] * len(points), cohort.exact)
        measured(item, sums(scored, top, cohort, False))
    item.reasons = reasons(item)


def _on_paper(score_columns, everyone: bool) -> int:
    """The students whose paper has some part of a question."""
    return len(score_columns[0]) if everyone else sum(any(x is not None for x in row) for row in zip(*score_columns))


def _question_stats(question_id, parts, found, score_columns, full, cohort: Roster, scores=None):
    """One question's ItemStats from its parts' results and score columns (of those who reached
    each part; ``scores``: their question_scores if had), and the students who met each misconception."""
    counts, met = dict.fromkeys(STATUS_COUNTS + (NOT_REACHED,), 0), {}
    for item, codes in found:
        for status, n in item.counts.items():
            counts[status] += n
        for code, who in codes.items():
            met.setdefault(code, set()).update(who)
    points = score_total(float(p.points) for p in parts)
    known = {trap.code: trap for p in reversed(parts) for trap in [Trap(*t) for t in p.traps]}
    scored, top = scores or question_scores(score_columns, [float(p.points) for p in parts], full, cohort.exact)
    s = sums(scored, points, cohort, True) if top is None else sums(scored, top, cohort, False)
    item = ItemStats(question_id, "", parts[0].cls, parts[0].template, points, s.n, counts, reached=s.n)
    item.facility = s.facility
    measured(item, s)
    item.uniform = uniform(s)
    item.traps = []
    for code, who in sorted(met.items()):   # met in any part
        trap = known.get(code, Trap(code))
        can = s.n - sum(scored[i] is not None for i in _cannot_make(code, parts, who))
        item.traps.append(TrapShare(code, trap.feedback, len(who), exact_ratio(len(who), can), None, None, can,
                                    name=trap.name))
    item.reasons = reasons(item)
    return item, met, (scored, top)


def _cannot_make(code: str, parts, who) -> set:
    """The students whose draw can make trap ``code`` in no part of a question (in
    each part naming it they are among its ``absent``), left out of the question's share
    of it as a part's share leaves them out; none when some part names it for everyone."""
    absent = [trap.absent for p in parts for trap in (Trap(*t) for t in p.traps) if trap.code == code]
    if not absent or not all(absent):
        return set()
    return set.intersection(*map(set, absent)) - set(who)


def question_scores(score_columns, points, full, exact: bool = False) -> tuple:
    """Each student's score on a question (its parts added up by score_total, as
    a total is; None: no part of it on the paper) and, once some paper lacks some
    part, the maximum of the parts each student sat (None while everyone sat
    every part; ``full[k]``: everyone sat part k; ``exact``: see student_totals)."""
    if len(score_columns) == 1:   # the part's own scores
        scores = score_columns[0]
        return list(scores), None if full[0] else [None if x is None else points[0] for x in scores]
    everyone = all(full)
    scored, top = student_totals(score_columns, points, everyone, len(score_columns[0]), exact)
    if everyone:
        return scored, None
    sat = [False] * len(scored)   # some part of the question on the paper, found column by column
    for column in score_columns:
        sat = [s or x is not None for s, x in zip(sat, column)]
    return [x if s else None for x, s in zip(scored, sat)], [m if s else None for m, s in zip(top, sat)]


def test_stats(parts, columns, counts, cohort: Roster) -> TestStats:
    """Mean, median, SD (population; n/a for one student) of the students'
    percentages, the score histogram, and reliability over the students whose
    paper has every part (at least three: two totals make no reliability), on the
    parts worth points (a 0-point part is no item of the score; a part everyone
    scored the same on stays one of its k items)."""
    shown = [100 * p for p, _ in cohort.ranked]
    test = TestStats(students=len(shown))
    test.histogram = [0] * 10
    for p, times in Counter(shown).items():   # percents are few and shared: a band per distinct one
        test.histogram[band(p)] += times
    if shown:
        test.mean, test.median = statistics.fmean(shown), statistics.median(shown)
        test.sd = sqrt(pvariance(shown)) if len(shown) > 1 else None
    totals = cohort.totals
    scored = [k for k, p in enumerate(parts) if float(p.points) > 0]
    if len(scored) < len(parts):
        parts, columns, counts = ([x[k] for k in scored] for x in (parts, columns, counts))
    test.right_wrong = right_wrong(parts, counts)
    if any(None in c for c in counts):   # some papers lack some parts: reliability on the complete ones
        complete = [i for i, row in enumerate(zip(*columns)) if None not in row]
        columns = [[column[i] for i in complete] for column in columns]
        counts = [Counter(column) for column in columns]
        totals = [totals[i] for i in complete]
    test.group = cohort.size
    test.shared_places = any(share != 1 for group in (cohort.lower, cohort.upper) for share in group.values())
    test.complete = len(totals)
    test.same_totals = test.complete >= FEW and pvariance(totals) <= FLAT   # alpha undefined (alpha_from)
    if test.complete < FEW:   # two totals: alpha's variances are of two points, its sign chance (docs/report.md)
        return test
    test.alpha = alpha_from(len(columns), [counted_variance(c, score) for c in counts], totals)
    if test.right_wrong:   # KR-20 on full marks (1) or not (0): here the same as alpha
        test.kr20 = alpha_from(len(columns), [counted_variance(c, right) for c in counts], rights(columns, counts))
    top = score_total(float(p.points) for p in parts)
    if test.alpha is not None and test.alpha >= 0 and top:   # a negative alpha is no reliability to read a SEM from
        test.sem = sqrt(pvariance([100 * t / top for t in totals])) * sqrt(1 - test.alpha)
    return test


def band(percentage: float) -> int:
    """The histogram band (0: 0 to under 10% ... 9: 90 to 100%) of a percentage,
    read to 9 decimals as the totals are (quizgen/scores.py): 100 * (8.1 / 9)
    is 89.99999999999999, a student on 90% all the same."""
    return min(int(round(percentage, 9) // 10), 9) if percentage >= 0 else 0


def _class_key(cls: str):
    match = re.fullmatch(r"([A-Za-z]*)(\d+)", cls)
    return (match.group(1), int(match.group(2)), "") if match else (cls, -1, cls)


def class_stats(part_stats) -> list:
    """Per class of scenario: the share of its parts' points earned (each part's
    facility weighted by its points times the students in it, as a question's
    facility pools its parts) and the misconceptions met."""
    by_class = {}
    for item in part_stats:
        by_class.setdefault(item.cls, []).append(item)
    result = []
    for cls in sorted(by_class, key=_class_key):
        items = by_class[cls]
        weighted = [(i.facility, decimal_fraction(i.points * i.reached)) for i in items if i.facility is not None]
        met = {}
        for item in items:
            for trap in item.traps:
                if trap.count:
                    met[trap.code] = met.get(trap.code, 0) + trap.count
        weight = sum(w for _, w in weighted)   # exact, as each facility is: a tie is rounded as the papers round it
        result.append(ClassStats(cls, len(items), sum(f * w for f, w in weighted) / weight if weight else None,
                                 sorted(met.items(), key=lambda kv: (-kv[1], kv[0]))))
    return result
