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

from quizgen.report.attention import to_act
from quizgen.report.columns import (GROUP_SHARE, Roster, not_reached, pvariance, reached_column, reached_sums,
                                    rest_correlation, roster, score_column, student_totals, sums, uniform, who_met)
from quizgen.report.model import (COUNTED, NOT_REACHED, SPLIT, STATUS_COUNTS, Analysis, ClassStats, ItemStats,
                                  StudentRow, TestStats, Trap, TrapShare)
from quizgen.maths.numbers import fixed, percent
from quizgen.report.reliability import alpha_from, counted_variance, right, right_wrong, rights, score
from quizgen.scores import adds_exactly, score_total

WEAK = 0.20   # an item-rest r below this: the item is to be looked at (Everitt and Skrondal; docs/report.md)
WEAK_TEXT = f"item-rest r below {WEAK:.2f}"   # a flag's words, with a decimal comma for a comma class (tables.why)
HARD, EASY = 0.20, 0.90   # facility cuts (docs/report.md)
HARD_TEXT, EASY_TEXT = f"facility below {HARD:.2f}", f"facility above {EASY:.2f}"
CUT_TEXTS = (WEAK_TEXT, HARD_TEXT, EASY_TEXT)
"""The phrases quoting a cut: the only figures in the flags' shared words (a comma class sees 0,20)."""
UNANSWERED = 0.30    # a very hard part with this share of no answers (blank or missing) is not blamed on its key

NEGATIVE_REASON = ("does not discriminate: its score does not rise with the rest of the paper "
                   "({name} < 0); check the key, the tolerance and the wording")
WEAK_REASON = (f"weak discrimination ({WEAK_TEXT}): the part hardly separates "
               "stronger from weaker students; it may reward guessing or test something else")
UNIFORM_REASON = "every student scored the same; discrimination cannot be measured"
HARD_REASON = f"very hard: few students scored ({HARD_TEXT})"   # then what explains it, the item's own words
EASY_REASON = f"very easy: almost everyone scored ({EASY_TEXT}), so it tells students apart little"
FLAG_KINDS = (("r < 0", NEGATIVE_REASON.format(name="r")), ("D < 0", NEGATIVE_REASON.format(name="D")),
              ("weak r", WEAK_REASON), ("same score", UNIFORM_REASON), ("very hard", HARD_REASON),
              ("very easy", EASY_REASON))
"""Each kind of flag: its short tag (the tables' flag column) and the words every item so flagged shares."""


def analyse(parts, students, share: float = GROUP_SHARE, columns=None) -> Analysis:
    """The whole item analysis of ``students`` (Student tuples) over ``parts``
    (Part tuples); ``share`` sizes the upper and lower groups (Kelley's 27%).
    A student with no answer at all (every verdict ``missing`` or None: absent
    from the test) is listed with the students but left out of every figure:
    their zeros are not responses to the items. ``columns``, when given, are
    the students' verdicts part by part (as grade holds them: no transposing)."""
    sat_at = [i for i, s in enumerate(students) if not _absent(s.verdicts)]
    if len(sat_at) == len(students):
        return _analyse(parts, students, share, columns)
    sat = [students[i] for i in sat_at]
    among_sat = {i: k for k, i in enumerate(sat_at)}
    analysis = _analyse([_renumbered(part, among_sat) for part in parts], sat, share)
    analysis.test.absent = len(students) - len(sat)
    rows = iter(analysis.students)
    analysis.students = [_absent_row(parts, s) if _absent(s.verdicts) else next(rows) for s in students]
    return analysis


def _renumbered(part, among_sat: dict):
    """``part`` with each trap's ``absent`` students numbered among those who sat ({old: new})."""
    traps = [Trap(*t) for t in part.traps]
    if not any(t.absent for t in traps):
        return part
    return part._replace(traps=tuple(t._replace(absent=frozenset(among_sat[i] for i in t.absent if i in among_sat))
                                     for t in traps))


def _absent(verdicts) -> bool:
    """No verdict but ``missing`` (a part on the paper with no answer) or None (not on it)."""
    return all(v is None or v[0] == "missing" for v in verdicts)


def _absent_row(parts, student) -> StudentRow:
    """An absent student's line: 0 of their own paper, no misconception, marked absent."""
    top = score_total(float(p.points) for p, v in zip(parts, student.verdicts) if v is not None)
    return StudentRow(student.student_id, student.name, 0.0, top, 0.0 if top else None, [], True)


def _analyse(parts, students, share: float, columns=None) -> Analysis:
    """:func:`analyse` of the students who sat the test."""
    if columns is None:
        columns = list(zip(*(s.verdicts for s in students))) or [()] * len(parts)
    counts = [Counter(column) for column in columns]
    full = [None not in c for c in counts]   # everyone sat the part
    score_columns = list(map(score_column, columns, full))
    exact = adds_exactly([float(p.points) for p in parts] + [v[1] for c in counts for v in c if v is not None])
    cohort = roster(score_columns, parts, full, len(students), share, exact)   # not reached: 0, as graded
    unreached = not_reached([() if s.only_overrides else s.verdicts for s in students], counts)   # no row, no pattern
    reached = list(map(reached_column, score_columns, unreached))
    reached_full = [f and not u for f, u in zip(full, unreached)]
    found = [_part_stats(*args, cohort) for args in zip(columns, counts, zip(reached, score_columns, full),
                                                         reached_full, unreached, parts)]
    part_stats = [item for item, _ in found]
    question_stats, heat, heat_counts = _questions(parts, found, (reached, reached_full), (score_columns, full),
                                                   cohort)
    feedback = {}
    for part in parts:
        for trap in map(Trap._make, part.traps):
            feedback.setdefault(trap.code, trap.feedback)
    return Analysis(part_stats, question_stats, test_stats(parts, columns, counts, cohort),
                    class_stats(part_stats), heat, heat_counts, feedback, _student_rows(students, found, cohort),
                    to_act(parts, students, counts, unreached, columns))


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
    imprecise, needs_review, missing, which "other" counts too) from a Counter
    of a column; ``not_reached`` (0 here) last."""
    counts = dict.fromkeys(STATUS_COUNTS + (NOT_REACHED,), 0)
    for verdict, n in verdict_counts.items():   # verdicts are few and shared
        if verdict is not None:
            counts[verdict[0] if verdict[0] in COUNTED else "other"] += n
            if verdict[0] in SPLIT:
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
        s = reached_sums(all_scores, scores, unreached, points, cohort)
    else:
        s = sums(scores, points, cohort, everyone, counts)
    item = ItemStats(part.question_id, part.part, part.cls, part.template, points, s.n + len(unreached),
                     _status_counts(counts), reached=s.n)
    item.counts[NOT_REACHED] = len(unreached)
    item.facility, item.discrimination, item.point_biserial = s.facility, s.discrimination, rest_correlation(s)
    item.uniform = uniform(s)
    codes = who_met(column, counts)
    everyone = s.n == cohort.n
    item.traps = _trap_shares(part, codes, s.n, cohort.lower if everyone else _sat(cohort.lower, scores),
                              cohort.upper if everyone else _sat(cohort.upper, scores), scores)
    item.reasons = reasons(item)
    return item, codes


def _sat(members: dict, scores) -> dict:
    """The members of a group who sat the part, with their shares of a place."""
    return dict(compress(members.items(), map(is_not, map(scores.__getitem__, members), repeat(None))))


def _trap_shares(part, codes, sat, lower: dict, upper: dict, scores) -> list:
    """The share of students in each of the part's traps (and any other code
    met), overall and within each group (its members counted by their share of
    a place), among the students whose paper's draw can make the trap."""
    traps = [Trap(*t) for t in part.traps]
    known = {t.code for t in traps}
    traps += [Trap(code) for code in sorted(codes) if code not in known]
    shares = []
    for trap in traps:
        who = codes.get(trap.code, ())
        can = sat - sum(scores[i] is not None for i in trap.absent)
        if trap.absent and not can and not who:
            continue   # no student who sat had a draw that can make it: nothing to report
        shares.append(TrapShare(trap.code, trap.feedback, len(who), _ratio(len(who), can),
                                _group_share(_without(lower, trap.absent), who),
                                _group_share(_without(upper, trap.absent), who), can))
    return shares


def _without(members: dict, absent: frozenset) -> dict:
    """A group without the students whose paper lacks the trap."""
    return {i: share for i, share in members.items() if i not in absent} if absent else members


def _group_share(members: dict, who) -> float:
    """The share of a group's places held by the students ``who``: fsum, so the
    same float in any order of the students."""
    return _ratio(fsum(members[i] for i in who if i in members), fsum(members.values()))


def _ratio(numerator, denominator):
    return numerator / denominator if denominator else None


def _discrimination(item: ItemStats) -> tuple:
    """The discrimination the flags read, as ``(name, value)``: the item-rest
    ``r``; else the upper-lower index ``D``, but only for an item that varies
    (everyone right or everyone wrong says nothing about discrimination: the
    facility flag covers it); value None when neither applies."""
    if item.point_biserial is not None or item.facility is None or item.uniform:
        return "r", item.point_biserial
    return "D", item.discrimination


def shown(value):
    """``value`` to 2 decimals as the Markdown and HTML tables write it (a tie
    away from zero), for the flags' thresholds; None stays None."""
    return None if value is None else float(fixed(value, 2))


def reasons(item: ItemStats) -> list:
    """Why an item deserves a look, in words (empty: nothing to flag). An
    item-rest ``r`` below 0 or below WEAK flags; where ``r`` is n/a only ``D < 0`` does."""
    found = []
    name, r = _discrimination(item)
    r, facility = shown(r), shown(item.facility)   # compared as the tables show them: 0.19996 is 0.20, not weak
    if r is not None and r < 0:   # says no more than the sign shows: r = -0.04 is no relation, not a reversal
        found.append(NEGATIVE_REASON.format(name=name))
    elif name == "r" and r is not None and r < WEAK:
        found.append(WEAK_REASON)
    elif item.uniform and item.facility not in (None, 0.0, 1.0):
        found.append(UNIFORM_REASON)
    if facility is not None and facility < HARD:
        found.append(_hard_reason(item))
    elif facility is not None and facility > EASY:
        found.append(EASY_REASON)
    return found


def _hard_reason(item: ItemStats) -> str:
    """Why a part is very hard: students who reached it but gave no answer (left
    it blank, or skipped it: ``missing`` with a later part answered; those who
    never reached it are not in its facility), its most common trap; the key is
    suspected only when neither explains it."""
    text = HARD_REASON
    unreached = item.counts.get(NOT_REACHED, 0)
    blank, skipped = item.counts.get("blank", 0), item.counts.get("missing", 0) - unreached
    answers = sum(item.counts.get(status, 0) for status in (*COUNTED, "other")) - unreached   # a question's: its parts'
    unanswered = _ratio(blank + skipped, answers) or 0.0
    top = max(item.traps, key=lambda t: t.count, default=None)
    if unanswered >= UNANSWERED:
        text += (f"; {percent(unanswered, 0)}% of its answers are blank or skipped ({blank} blank, "
                 f"{skipped} skipped): not taught, or no time left?")
    if top is not None and top.share and top.share >= 0.2:
        text += f"; {percent(top.share, 0)}% fell into {top.code}, a widespread misconception"
    if text == HARD_REASON:
        text += "; check that it was taught and that the key is right"
    return text


def _questions(parts, found, reached, paper, cohort: Roster):
    """Per-question statistics (the parts of a question added up) and the
    misconception x question heat map; ``reached`` and ``paper`` are each
    ``(score columns, full)``: the scores of those who reached each part (its
    figures) and of everyone whose paper has it (its students)."""
    (score_columns, full), (paper_columns, paper_full) = reached, paper
    order = {}
    for k, part in enumerate(parts):
        order.setdefault(part.question_id, []).append(k)
    stats, heat, heat_counts = [], {}, {}
    for question_id, slots in order.items():
        item, met = _question_stats(question_id, [parts[k] for k in slots], [found[k] for k in slots],
                                    [score_columns[k] for k in slots], [full[k] for k in slots], cohort)
        if not all(full[k] for k in slots):   # its students: whose paper has it, reached or not
            item.students = _on_paper([paper_columns[k] for k in slots], all(paper_full[k] for k in slots))
        stats.append(item)
        for code, who in met.items():
            heat_counts.setdefault(code, {})[question_id] = len(who)
            heat.setdefault(code, {})[question_id] = len(who) / item.reached
    return stats, heat, heat_counts


def _on_paper(score_columns, everyone: bool) -> int:
    """The students whose paper has some part of a question."""
    return len(score_columns[0]) if everyone else sum(any(x is not None for x in row) for row in zip(*score_columns))


def _question_stats(question_id, parts, found, score_columns, full, cohort: Roster):
    """One question's ItemStats from its parts' results and score columns (of
    those who reached each part), and the students who met each misconception."""
    counts, met = dict.fromkeys(STATUS_COUNTS + (NOT_REACHED,), 0), {}
    for item, codes in found:
        for status, n in item.counts.items():
            counts[status] += n
        for code, who in codes.items():
            met.setdefault(code, set()).update(who)
    points = score_total(float(p.points) for p in parts)
    feedback = {t.code: t.feedback for p in reversed(parts) for t in map(Trap._make, p.traps)}
    scored, top = question_scores(score_columns, [float(p.points) for p in parts], full, cohort.exact)
    s = sums(scored, points, cohort, True) if top is None else sums(scored, top, cohort, False)
    item = ItemStats(question_id, "", parts[0].cls, parts[0].template, points, s.n, counts, reached=s.n)
    item.facility, item.discrimination, item.point_biserial = s.facility, s.discrimination, rest_correlation(s)
    item.uniform = uniform(s)
    item.traps = [TrapShare(code, feedback.get(code, ""), len(who), _ratio(len(who), s.n), None, None, s.n)
                  for code, who in sorted(met.items())]   # a question's students who met it in any part
    item.reasons = reasons(item)
    return item, met


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
    """Mean, median, SD (population) of the students' percentages, the score
    histogram, and reliability over the students whose paper has every part."""
    shown = [100 * p for p, _ in cohort.ranked]
    test = TestStats(students=len(shown))
    test.histogram = [0] * 10
    for p in shown:
        test.histogram[band(p)] += 1
    if shown:
        test.mean, test.median, test.sd = statistics.fmean(shown), statistics.median(shown), sqrt(pvariance(shown))
    totals = cohort.totals
    test.right_wrong = right_wrong(parts, counts)
    if any(None in c for c in counts):   # some papers lack some parts: reliability on the complete ones
        complete = [i for i, row in enumerate(zip(*columns)) if None not in row]
        columns = [[column[i] for i in complete] for column in columns]
        counts = [Counter(column) for column in columns]
        totals = [totals[i] for i in complete]
    test.group = cohort.size
    test.complete = len(totals)
    if test.complete < 2:
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
        weighted = [(i.facility, i.points * i.reached) for i in items if i.facility is not None]
        met = {}
        for item in items:
            for trap in item.traps:
                if trap.count:
                    met[trap.code] = met.get(trap.code, 0) + trap.count
        weight = fsum(w for _, w in weighted)
        result.append(ClassStats(cls, len(items), fsum(f * w for f, w in weighted) / weight if weight else None,
                                 sorted(met.items(), key=lambda kv: (-kv[1], kv[0]))))
    return result
