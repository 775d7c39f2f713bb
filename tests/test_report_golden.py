"""Golden numbers for the class report, worked out independently of
quizgen/report/columns.py: straight from the textbook definitions with the
statistics module (facility, Kelley's 27% upper-lower index, the corrected
item-total correlation, Cronbach's alpha, KR-20, SEM) on a small class with
partial credit (imprecise, ECF, per-trap credit), a part one paper lacks and a
part on a paper left unanswered ("missing")."""

import math
import statistics

import pytest

from quizgen.report import analyse, markdown_sections
from quizgen.report.model import Part, Student, Verdict

PARTS = [Part("Q1", "a", "C1", "t1", 2.0), Part("Q1", "b", "C1", "t1", 2.0), Part("Q2", "a", "C2", "t2", 1.0)]
V = Verdict
# scores: Q1a (2 points), Q1b (2 points, ECF and imprecise partial credit), Q2a (1 point; s5's paper lacks it)
CLASS = [
    ("s1", [V("correct", 2.0), V("correct", 1.0), V("correct", 1.0)]),            # Q1b: ECF at half credit
    ("s2", [V("correct", 2.0), V("correct", 2.0), V("incorrect", 0.0, "trap")]),
    ("s3", [V("imprecise", 0.5), V("incorrect", 0.0), V("correct", 1.0)]),
    ("s4", [V("incorrect", 0.0, "trap"), V("blank", 0.0), V("incorrect", 0.0)]),
    ("s5", [V("correct", 2.0), V("imprecise", 1.0), None]),
    ("s6", [V("incorrect", 0.5, "trap"), V("missing", 0.0), V("correct", 1.0)]),   # per-trap credit
    ("s7", [V("correct", 2.0), V("correct", 2.0), V("correct", 1.0)]),
]


def _students():
    return [Student(sid, "", verdicts) for sid, verdicts in CLASS]


def _scores(k):
    return [None if v[k] is None else v[k].score for _, v in CLASS]


def _percents():
    got = [sum(v.score for v in row if v is not None) for _, row in CLASS]
    top = [sum(p.points for p, v in zip(PARTS, row) if v is not None) for _, row in CLASS]
    return [g / t for g, t in zip(got, top)], got


def _groups():
    """Kelley's groups by hand, as {student: share of a place}: round(0.27 * 7) = 2
    places. Lower: s4 (0/5), and s3 and s6 (both 1.5/5) share the last place;
    upper: s7 (5/5), and s1 and s2 (both 4/5) share the last place."""
    return {3: 1.0, 2: 0.5, 5: 0.5}, {6: 1.0, 0: 0.5, 1: 0.5}


def test_facility_is_mean_score_over_points_of_those_who_sat():
    analysis = analyse(PARTS, _students())
    for k, part in enumerate(PARTS):
        sat = [x for x in _scores(k) if x is not None]
        assert analysis.parts[k].facility == pytest.approx(statistics.fmean(sat) / part.points)
        assert analysis.parts[k].students == len(sat)


def test_upper_lower_index_by_hand():
    lower, upper = _groups()
    analysis = analyse(PARTS, _students())
    for k, part in enumerate(PARTS):
        scores = _scores(k)
        p_upper = sum(w * scores[i] for i, w in upper.items()) / (2 * part.points)
        p_lower = sum(w * scores[i] for i, w in lower.items()) / (2 * part.points)
        assert analysis.parts[k].discrimination == pytest.approx(p_upper - p_lower)
    # Q1a: (2 + (2 + 2)/2)/4 - (0 + (0.5 + 0.5)/2)/4 = 1 - 1/8
    assert analysis.parts[0].discrimination == pytest.approx(7 / 8)


def test_corrected_item_total_correlation_uses_the_rest_score():
    _, totals = _percents()
    analysis = analyse(PARTS, _students())
    for k in range(len(PARTS)):
        pairs = [(x, t - x) for x, t in zip(_scores(k), totals) if x is not None]
        xs, rest = zip(*pairs)
        assert analysis.parts[k].point_biserial == pytest.approx(statistics.correlation(xs, rest))


def test_question_rest_score_removes_the_whole_question():
    _, totals = _percents()
    q1 = [a + b for a, b in zip(_scores(0), _scores(1))]
    analysis = analyse(PARTS, _students())
    expected = statistics.correlation(q1, [t - x for t, x in zip(totals, q1)])
    assert analysis.questions[0].point_biserial == pytest.approx(expected)
    assert analysis.questions[0].facility == pytest.approx(sum(q1) / (4.0 * len(q1)))


def test_alpha_kr20_and_sem_on_the_complete_papers():
    complete = [row for _, row in CLASS if None not in row]
    k = len(PARTS)
    items = list(zip(*[[v.score for v in row] for row in complete]))
    totals = [sum(v.score for v in row) for row in complete]
    alpha = k / (k - 1) * (1 - sum(map(statistics.pvariance, items)) / statistics.pvariance(totals))
    sem = statistics.pstdev([100 * t / 5.0 for t in totals]) * math.sqrt(1 - alpha)
    test = analyse(PARTS, _students()).test
    assert (test.complete, test.students) == (6, 7)
    assert test.alpha == pytest.approx(alpha)
    # partial credit and parts of 2 and 1 points: KR-20 (right/wrong, equal weights) is not this score's
    # reliability, so it is not given (it read 0.61 on "correct" beside alpha, counting Q1b's ECF half as right)
    assert test.kr20 is None and not test.right_wrong
    assert test.sem == pytest.approx(sem)


def test_class_centre_and_spread_use_every_students_own_paper():
    percents = [100 * p for p in _percents()[0]]
    test = analyse(PARTS, _students()).test
    assert test.mean == pytest.approx(statistics.fmean(percents))
    assert test.median == pytest.approx(statistics.median(percents))
    assert test.sd == pytest.approx(statistics.pstdev(percents))


def test_trap_shares_overall_and_in_the_groups():
    lower, upper = _groups()
    analysis = analyse(PARTS, _students())
    trap = analysis.parts[0].traps[0]
    who = {i for i, (_, row) in enumerate(CLASS) if row[0].code == "trap"}
    assert (trap.count, trap.share) == (2, pytest.approx(2 / 7))
    assert trap.lower == pytest.approx(sum(lower.get(i, 0) for i in who) / 2)
    assert (trap.lower, trap.upper) == (pytest.approx(3 / 4), 0.0)     # s4 and half of s6's shared place


def test_negative_alpha_gives_no_sem():
    # items that pull apart: alpha = 2 (1 - (0.25 + 0.1875) / 0.1875) < 0; SD sqrt(1 - alpha) would exceed the SD
    right, wrong = Verdict("correct", 1.0), Verdict("incorrect", 0.0)
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    rows = [[right, wrong], [wrong, right], [right, wrong], [wrong, wrong]]
    test = analyse(parts, [Student(f"s{n}", "", row) for n, row in enumerate(rows)]).test
    assert test.alpha == pytest.approx(2 * (1 - 0.4375 / 0.1875))
    assert test.sem is None


def test_an_absent_student_is_listed_but_not_in_the_figures():
    # a roster student with no answer at all: grade hands over "missing" on every part of their paper
    absent = Student("s0", "Zed", [V("missing", 0.0), V("missing", 0.0), None])
    with_absent = analyse(PARTS, [absent] + _students())
    without = analyse(PARTS, _students())
    for got, expected in zip(with_absent.parts + with_absent.questions, without.parts + without.questions):
        assert (got.students, got.facility, got.discrimination, got.point_biserial) == \
            (expected.students, expected.facility, expected.discrimination, expected.point_biserial)
    test, plain = with_absent.test, without.test
    assert (test.students, test.alpha, test.kr20, test.sem, test.mean) == \
        (plain.students, plain.alpha, plain.kr20, plain.sem, plain.mean)
    assert test.absent == 1 and plain.absent == 0
    row = with_absent.students[0]
    assert (row.student_id, row.score, row.max_score, row.percent, row.codes) == ("s0", 0.0, 4.0, 0.0, [])
    assert [r.student_id for r in with_absent.students[1:]] == [r.student_id for r in without.students]
    assert "| absent (no answer; in no figure but those over all students) | 1 |" in markdown_sections(with_absent)
    assert "absent" not in markdown_sections(without)
