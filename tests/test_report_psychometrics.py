"""A psychometrician's review of the class report (session 20): reliability is
alpha on the points, KR-20 only where it is the same figure; the weak-r flag
speaks of the item-rest r, not Ebel's bands (which are D's); a part a student
never reached is left out of its figures and counted apart; a student on
exactly 90% is in the top histogram band; a class of scenario's facility
weights its parts by their points."""

import csv
import io
from fractions import Fraction
import statistics

import pytest

from quizgen.report import analyse, items_csv, markdown_sections, report_html
from quizgen.report.model import Part, Student, Verdict

RIGHT, WRONG, BLANK, MISSING = (Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("blank", 0.0),
                                Verdict("missing", 0.0))


def _rows(analysis, level="part"):
    rows = csv.DictReader(io.StringIO(items_csv(analysis).removeprefix("\ufeff")))
    return [r for r in rows if r["level"] == level]


# --- 1. reliability: alpha on the points; KR-20 only for right/wrong parts of equal points ----------------

def _partial_credit_class():
    """Parts of 2 and 1 points with an ECF half credit (counted right by KR-20 on "correct") and trap credit."""
    parts = [Part("Q1", "a", "C1", "t", 2.0), Part("Q1", "b", "C1", "t", 2.0), Part("Q2", "a", "C2", "t", 1.0)]
    rows = [[Verdict("correct", 2.0), Verdict("correct", 1.0), RIGHT],
            [Verdict("correct", 2.0), Verdict("correct", 2.0), WRONG],
            [Verdict("imprecise", 0.5), WRONG, RIGHT],
            [WRONG, BLANK, WRONG],
            [Verdict("incorrect", 0.5, "trap"), Verdict("incorrect", 0.0), RIGHT],
            [Verdict("correct", 2.0), Verdict("correct", 2.0), RIGHT]]
    return parts, [Student(f"s{n}", "", row) for n, row in enumerate(rows)]


def test_partial_credit_gives_alpha_as_the_reliability_and_no_kr20():
    analysis = analyse(*_partial_credit_class())
    test = analysis.test
    rows = [[v.score for v in s.verdicts] for s in _partial_credit_class()[1]]
    alpha = 3 / 2 * (1 - sum(map(statistics.pvariance, zip(*rows))) / statistics.pvariance(list(map(sum, rows))))
    assert test.alpha == pytest.approx(alpha) and round(alpha, 2) == 0.66
    assert test.kr20 is None and not test.right_wrong
    md, html = markdown_sections(analysis), report_html(analysis, "t")
    assert "| reliability of the score (Cronbach's alpha) | n/a (fewer than 10 students with every part) |" in md
    parts, students = _partial_credit_class()   # each student twice: the same variances, so the same alpha, shown
    assert "| reliability of the score (Cronbach's alpha) | 0.66 |" in markdown_sections(analyse(parts, students * 2))
    assert "KR-20" not in md and "KR-20" not in html


def test_right_wrong_parts_of_equal_points_give_kr20_equal_to_alpha():
    two = Verdict("correct", 2.0)
    parts = [Part(f"Q{k}", "a", "C1", "t", 2.0) for k in range(3)]
    rows = [[two, two, two], [two, two, WRONG], [two, WRONG, WRONG], [WRONG, two, WRONG], [WRONG, WRONG, WRONG]]
    analysis = analyse(parts, [Student(f"s{n}", "", row) for n, row in enumerate(rows)])
    test = analysis.test
    assert test.right_wrong and test.kr20 == pytest.approx(test.alpha)
    assert test.kr20 == pytest.approx(1.5 * (1 - (0.24 + 0.24 + 0.16) / 1.04))   # p = .6, .6, .2; totals 3 2 1 1 0
    assert "| KR-20 (right/wrong, equal points: = alpha) | n/a (fewer than 10 students with every part) |" in \
        markdown_sections(analysis)   # 5 students (review 52c F7); each twice: the same variances, shown
    twice = analyse(parts, [Student(f"s{n}", "", row) for n, row in enumerate(rows * 2)])
    assert "| KR-20 (right/wrong, equal points: = alpha) | 0.58 |" in markdown_sections(twice)


def test_full_or_nothing_parts_of_unequal_points_give_no_kr20():
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 3.0)]
    three = Verdict("correct", 3.0)
    rows = [[RIGHT, three], [RIGHT, WRONG], [WRONG, three], [WRONG, WRONG]]
    test = analyse(parts, [Student(f"s{n}", "", row) for n, row in enumerate(rows)]).test
    assert test.kr20 is None and not test.right_wrong


# --- 2. the weak-r flag names the item-rest r; a comma class reads its cut with a comma -----------------

def test_weak_r_flag_says_item_rest_r_and_a_comma_class_writes_0_20_with_a_comma():
    # r of Q1a with the rest of the paper: 0.158 (statistics.correlation)
    parts = [Part(f"Q{k}", "a", "C1", "t", 1) for k in range(1, 5)]
    matrix = [(1, 1, 0, 1), (0, 1, 1, 0), (1, 1, 0, 1), (0, 0, 1, 1), (1, 0, 1, 0), (1, 1, 0, 0), (0, 0, 0, 0),
              (1, 1, 1, 1), (1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 1, 1), (1, 1, 1, 0)] * 3   # 36: not a small class
    students = [Student(f"s{n}", "", [RIGHT if x else WRONG for x in row]) for n, row in enumerate(matrix)]
    analysis = analyse(parts, students)
    item = analysis.parts[0]
    assert item.point_biserial == pytest.approx(statistics.correlation([r[0] for r in matrix],
                                                                      [sum(r[1:]) for r in matrix]))
    assert 0 < item.point_biserial < 0.20
    assert item.reasons[0].startswith("correlates weakly with the rest of the paper (item-rest r below 0.20)")
    ebel = [line for line in markdown_sections(analysis).splitlines() if "Ebel" in line]
    assert len(ebel) == 1 and ebel[0].startswith("D (27%) is")   # Ebel's bands are D's, not r's
    assert "item-rest r below 0,20" in markdown_sections(analysis, comma=True)
    assert "item-rest r below 0,20" in report_html(analysis, "t", comma=True)


# --- 3. not reached: left out of the part's figures, counted apart ---------------------------------------

def _late_class():
    """Ten students answer Q1 and Q2; four of them stop after Q1 (Q2 missing, nothing after it); one skips
    Q1 (missing) but answers Q2: that is an omission, answered and wrong."""
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C2", "t", 1)]
    rows = [[RIGHT, RIGHT], [RIGHT, RIGHT], [RIGHT, WRONG], [WRONG, RIGHT], [MISSING, RIGHT],
            [RIGHT, BLANK], [RIGHT, MISSING], [WRONG, MISSING], [RIGHT, MISSING], [WRONG, MISSING]]
    return parts, [Student(f"s{n}", "", row) for n, row in enumerate(rows)]


def test_not_reached_parts_are_left_out_of_facility_and_counted():
    analysis = analyse(*_late_class())
    q1, q2 = analysis.parts
    # Q2: 6 reached it (4 right, 1 wrong, 1 blank); 4 did not: 4/6, not 4/10
    assert (q2.students, q2.reached, q2.counts["missing"], q2.counts["not_reached"]) == (10, 6, 4, 4)
    assert q2.facility == pytest.approx(4 / 6)
    # Q1: s4's missing Q1 is before an answer: skipped, counted 0 among the 10
    assert (q1.reached, q1.counts["missing"], q1.counts["not_reached"], q1.facility) == (10, 1, 0, Fraction(3, 5))
    # the question row: Q2 is a question of one part, its figures the same
    question = analysis.questions[1]
    assert (question.students, question.reached, question.facility) == (10, 6, pytest.approx(4 / 6))
    # the students' scores still count the part as 0 (the grade)
    assert [s.score for s in analysis.students][6:] == [1.0, 0.0, 1.0, 0.0]
    row = _rows(analysis)[1]
    assert (row["students"], row["missing"], row["not_reached"], row["facility"]) == ("10", "4", "4", "0.667")
    md = markdown_sections(analysis)
    assert "| invalid answers | not reached | D (27%) |" in md and "Not reached: missing answers after" in md
    assert '<th scope="col" class="num">not reached</th>' in report_html(analysis, "t")


def test_a_class_that_reached_every_part_has_no_not_reached_column_in_the_tables():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C1", "t", 1)]
    analysis = analyse(parts, [Student("a", "", [RIGHT, WRONG]), Student("b", "", [WRONG, RIGHT])])
    md = markdown_sections(analysis)
    assert "not reached" not in md.lower() and "not reached" not in report_html(analysis, "t")
    assert _rows(analysis)[0]["not_reached"] == "0"


# --- 4. the histogram band of a student on exactly 90% ----------------------------------------------------

@pytest.mark.parametrize("score, points", [(8.1, 9.0), (16.2, 18.0), (42.3, 47.0)])
def test_a_student_on_exactly_90_percent_is_in_the_top_band(score, points):
    assert 100 * (score / points) < 90   # 89.99999999999999: int(p // 10) put them in "80 to under 90%"
    part = Part("Q1", "a", "C1", "t", points)
    test = analyse([part], [Student("s", "", [Verdict("correct", score)])]).test
    assert test.histogram == [0] * 9 + [1]


# --- 5. a class of scenario's facility is weighted by points ---------------------------------------------

def test_class_facility_weights_its_parts_by_points_as_the_question_does():
    parts = [Part("Q5", "a", "C5", "t", 1.0), Part("Q5", "b", "C5", "t", 3.0)]
    three = Verdict("correct", 3.0)
    rows = [[RIGHT, three], [RIGHT, WRONG], [RIGHT, WRONG], [WRONG, three]]
    analysis = analyse(parts, [Student(f"s{n}", "", row) for n, row in enumerate(rows)])
    a, b = analysis.parts
    assert (a.facility, b.facility) == (0.75, 0.5)          # unweighted mean: 0.625
    assert analysis.classes[0].facility == pytest.approx(analysis.questions[0].facility)
    assert analysis.classes[0].facility == pytest.approx((0.75 * 1 + 0.5 * 3) / 4)
    assert "| class | parts | facility (weighted by points) | misconceptions met |" in markdown_sections(analysis)
