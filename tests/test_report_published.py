"""The item analysis against published worked examples with printed results,
compared at the printed precision. Each example states where the source's
definitions differ from ours (docs/report.md, "Checked against published
examples", says the same in prose). The KR-20 example of Wuensch is in
tests/test_item_statistics.py."""

import math

import pytest

from quizgen.report import analyse
from quizgen.report.model import Part, Student, Verdict
from test_item_statistics import pearson

RIGHT, WRONG = Verdict("correct", 1.0), Verdict("incorrect", 0.0)


def _class(rows, points=1.0):
    """A class from a students x items table of scores (every student sits every item)."""
    parts = [Part(f"Q{k + 1}", "a", "C1", "t", points) for k in range(len(rows[0]))]
    students = [Student(f"s{n + 1}", "", [Verdict("correct" if x == points else "incorrect", float(x)) for x in row])
                for n, row in enumerate(rows)]
    return parts, students


# --- Corrected item-total correlation and Cronbach's alpha (partial credit) ---------------------
# Daniel J. Denis, "Applied Univariate, Bivariate, and Multivariate Statistics" (2nd ed., Wiley,
# 2021), chapter 2, the Cronbach's alpha example run in SPSS (RELIABILITY /MODEL=ALPHA
# /SUMMARY=TOTAL): ten persons, five items scored 1..18; read at
# https://librs.net/lread_928329_p36 (printed output of the book). Printed: Cronbach's alpha 0.633;
# item means 7.3000 8.8000 9.1000 9.4000 7.0000 and SDs 2.71006 5.05085 4.74810 2.71621 3.80058
# (n - 1); inter-item correlations; and for Item_1 "Scale Mean if Item Deleted" 34.3000, "Scale
# Variance if Item Deleted" 108.900 (n - 1) and "Corrected Item-Total Correlation" 0.712.
DENIS = [[10, 12, 15, 11, 12], [12, 18, 12, 12, 1], [8, 16, 14, 14, 4], [6, 8, 16, 8, 6], [4, 7, 8, 7, 5],
         [6, 6, 3, 7, 3], [3, 4, 6, 5, 8], [7, 3, 7, 9, 9], [8, 9, 4, 10, 10], [9, 5, 6, 11, 12]]
DENIS_ALPHA = 0.633
DENIS_ITEM1_CORRECTED_R = 0.712
DENIS_MEANS = [7.3, 8.8, 9.1, 9.4, 7.0]
DENIS_SDS = [2.71006, 5.05085, 4.74810, 2.71621, 3.80058]
DENIS_INTER_ITEM = {(0, 1): 0.679, (0, 2): 0.351, (0, 3): 0.827, (0, 4): 0.022, (1, 2): 0.612, (1, 3): 0.743,
                    (1, 4): -0.463, (2, 3): 0.462, (2, 4): -0.129, (3, 4): -0.011}


def test_denis_cronbach_alpha_and_corrected_item_total_correlation():
    parts, students = _class(DENIS, points=18.0)
    analysis = analyse(parts, students)
    assert round(analysis.test.alpha, 3) == DENIS_ALPHA
    # SPSS's "Corrected Item-Total Correlation" is our point-biserial column: the item against the rest
    assert round(analysis.parts[0].point_biserial, 3) == DENIS_ITEM1_CORRECTED_R
    # facility is the mean over the maximum: the printed means over the 18 points we gave each item
    assert [round(float(item.facility) * 18, 4) for item in analysis.parts] == DENIS_MEANS


def test_denis_rest_score_and_sample_sd_match_the_printed_columns():
    """The printed SDs and the variance of the rest score use n - 1; our alpha uses n
    throughout, and the ratio of variances is the same either way."""
    rest = [sum(row) - row[0] for row in DENIS]
    n = len(rest)
    mean = sum(rest) / n
    assert round(mean, 4) == 34.3
    assert round(sum((r - mean) ** 2 for r in rest) / (n - 1), 3) == 108.9
    for k, printed in enumerate(DENIS_SDS):
        column = [row[k] for row in DENIS]
        m = sum(column) / n
        assert round(math.sqrt(sum((x - m) ** 2 for x in column) / (n - 1)), 5) == printed


def test_denis_inter_item_correlations_by_our_pearson():
    for (a, b), printed in DENIS_INTER_ITEM.items():
        assert round(pearson([row[a] for row in DENIS], [row[b] for row in DENIS]), 3) == printed


# --- Uncorrected point-biserial -------------------------------------------------------------------
# James Dean Brown, "Point-biserial correlation coefficients", Shiken: JALT Testing & Evaluation SIG
# Newsletter 5(3), October 2001, pp. 12-15 (https://hosted.jalt.org/test/bro_12.htm), Table 2:
# eight students, items 1-3 and the whole-test total score. Printed: total mean 37.50, SD 8.29
# (population, n), and rpbi .91, -.91, .00 (item 3, answered right by everyone).
BROWN_TOTALS = [50, 45, 45, 40, 35, 30, 30, 25]
BROWN_ITEMS = [[1, 1, 1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 1, 1, 1, 1], [1] * 8]
BROWN_RPBI = [0.91, -0.91, 0.00]


def test_brown_point_biserial_against_the_whole_test():
    """Brown correlates the item with the total that includes it (uncorrected); our
    pearson on the same pair gives his figures. For item 3, which everyone got right,
    he prints .00 where we give None (n/a): a correlation with a constant is undefined.
    Our r for item 1 is 0.9045; the printed .91 is that figure rounded twice
    (0.9045 -> .905 -> .91), so the check rounds to three places first."""
    n = len(BROWN_TOTALS)
    mean = sum(BROWN_TOTALS) / n
    sd = math.sqrt(sum((t - mean) ** 2 for t in BROWN_TOTALS) / n)
    assert (mean, round(sd, 2)) == (37.5, 8.29)
    for item, printed in zip(BROWN_ITEMS[:2], BROWN_RPBI):
        r = pearson(item, BROWN_TOTALS)
        assert round(round(r, 3), 2) == printed and abs(r - printed) < 0.006
        # his formula: (Mp - Mq) / St * sqrt(pq), with St the population SD
        right = [t for t, x in zip(BROWN_TOTALS, item) if x]
        wrong = [t for t, x in zip(BROWN_TOTALS, item) if not x]
        p = len(right) / n
        by_formula = (sum(right) / len(right) - sum(wrong) / len(wrong)) / sd * math.sqrt(p * (1 - p))
        assert pearson(item, BROWN_TOTALS) == pytest.approx(by_formula, abs=1e-12)
    assert pearson(BROWN_ITEMS[2], BROWN_TOTALS) is None and BROWN_RPBI[2] == 0.0


# --- Facility and the upper-lower discrimination index --------------------------------------------
# "Item Analysis Worksheet" (a teacher-education exercise with its worked answers),
# https://studylib.net/doc/25270846/item-anaylsis-: ten students, ten right/wrong questions, ranked
# by total; upper group = the top half (5), lower group = the bottom half (5). Printed per question:
# right answers in the upper and lower groups, difficulty p and discrimination D = (U - L) / 5.
WORKSHEET = """Joe      1 1 1 1 1 1 1 1 1 1
Dave     1 1 1 1 1 1 1 1 0 1
Sujie    1 1 0 1 1 1 1 1 0 0
Darrell  0 1 1 1 1 1 0 1 0 1
Eliza    1 1 1 0 1 1 1 0 0 1
Zoe      1 1 1 0 1 1 0 1 0 0
Grace    0 1 1 0 1 1 0 1 0 1
Hannah   0 1 1 1 0 0 1 0 1 0
Ricky    1 1 1 0 1 0 0 0 0 1
Anita    0 1 0 0 0 1 0 0 1 0"""
WORKSHEET_P = [.60, 1, .80, .50, .80, .80, .50, .60, .30, .60]
WORKSHEET_D = [0.4, 0, 0, 0.6, 0.4, 0.4, 0.6, 0.4, -0.2, 0.4]


def _worksheet():
    rows = [[int(c) for c in line.split()[1:]] for line in WORKSHEET.splitlines()]
    return _class(rows), rows


def test_worksheet_facility_and_discrimination_with_halves():
    """With the worksheet's group size (half the class: share 0.5), our D is the
    printed D for every question, but question 2, which everyone got right: its printed D of 0 is n/a
    here, as its r is (a score that does not vary cannot discriminate). (No student's total ties
    across the cut: 70 above, 60 below.)"""
    (parts, students), _ = _worksheet()
    analysis = analyse(parts, students, share=0.5)
    assert [round(float(item.facility), 2) for item in analysis.parts] == WORKSHEET_P
    assert [None if item.discrimination is None else round(item.discrimination, 1) + 0.0
            for item in analysis.parts] == [None if p == 1 else d for p, d in zip(WORKSHEET_P, WORKSHEET_D)]
    # question 9, the worksheet's poorest item: over 10 students its r is within chance of 0
    assert analysis.parts[8].reasons[0].startswith("low r (small class): may be chance")


def test_worksheet_with_kelleys_27_percent_groups():
    """Our default groups hold round(0.27 x 10) = 3 places: Joe and Dave above, and
    the last place shared by the three students on 70 (Sujie, Darrell, Eliza: a
    third each); Anita and the two on 50 (Hannah, Ricky) below. Question 1:
    (2 + 2/3)/3 - 1/3 = 5/9 where the worksheet's halves give 0.4."""
    (parts, students), rows = _worksheet()
    analysis = analyse(parts, students)
    upper, lower = {0: 1, 1: 1, 2: 1 / 3, 3: 1 / 3, 4: 1 / 3}, {7: 1, 8: 1, 9: 1}
    for k, item in enumerate(analysis.parts):
        expected = sum(w * rows[i][k] for i, w in upper.items()) / 3 - sum(rows[i][k] for i in lower) / 3
        if WORKSHEET_P[k] == 1:   # everyone right: D n/a, not the 0 of arithmetic
            assert item.discrimination is None and expected == pytest.approx(0)
        else:
            assert item.discrimination == pytest.approx(expected)
    assert analysis.parts[0].discrimination == pytest.approx(8 / 9 - 1 / 3)
