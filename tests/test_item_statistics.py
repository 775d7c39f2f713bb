"""The item analysis gives the right numbers: against a published worked example
and against small cases computed by hand, with every edge case defined."""

import csv
import io
from fractions import Fraction
import math
from math import fsum
from statistics import pvariance

import pytest

from quizgen.report import analyse, items_csv, markdown_sections, write_class_report
from quizgen.report.reliability import alpha
from quizgen.report.columns import Sums, correlation, uniform
from quizgen.report.groups import groups
from quizgen.report.model import Part, Student, Trap, Verdict

RIGHT, WRONG = Verdict("correct", 1.0), Verdict("incorrect", 0.0)

# Karl L. Wuensch, "The Kuder-Richardson 20", East Carolina University, StatHelp/KR20.txt
# (https://core.ecu.edu/wuenschk/StatHelp/KR20.txt): ten students, ten right/wrong items.
# Printed there: p per item, p*q per item, and the total-score variance 5.84.
WUENSCH = """A 1 1 1 1 1 1 0 1 1 0
B 1 0 1 1 0 1 1 1 0 1
C 1 1 1 1 0 1 1 0 0 1
D 0 0 1 0 0 0 1 0 0 0
E 0 0 0 0 0 1 0 0 1 0
F 1 1 1 0 1 1 1 1 1 1
G 1 1 0 1 1 1 0 1 1 1
H 1 1 1 1 1 1 1 1 0 1
I 0 1 0 1 1 1 1 1 0 1
J 1 1 0 1 1 0 1 1 1 0"""
PRINTED_P = [.7, .7, .6, .7, .6, .8, .7, .7, .5, .6]
PRINTED_PQ = [.21, .21, .24, .21, .24, .16, .21, .21, .25, .24]
PRINTED_VARIANCE = 5.84


def wuensch():
    parts = [Part(f"Q{k + 1}", "a", "C1", "t", 1) for k in range(10)]
    students = []
    for line in WUENSCH.splitlines():
        name, *cells = line.split()
        students.append(Student(name, name, [RIGHT if c == "1" else WRONG for c in cells]))
    return parts, students


def test_published_example_facility_and_kr20():
    analysis = analyse(*wuensch())
    assert [round(float(i.facility), 3) for i in analysis.parts] == PRINTED_P
    totals = [sum(int(c) for c in line.split()[1:]) for line in WUENSCH.splitlines()]
    assert pvariance(totals) == pytest.approx(PRINTED_VARIANCE)
    # KR-20 from the printed figures: k/(k-1) * (1 - sum(pq) / variance) = 10/9 * (1 - 2.18/5.84)
    expected = 10 / 9 * (1 - sum(PRINTED_PQ) / PRINTED_VARIANCE)
    assert analysis.test.kr20 == pytest.approx(expected, abs=1e-9)
    assert round(analysis.test.kr20, 3) == 0.696
    # the page's point: on 0/1 scores Cronbach's alpha is KR-20
    assert analysis.test.alpha == pytest.approx(analysis.test.kr20)
    # SEM = SD * sqrt(1 - reliability), SD of the percentage totals (population)
    assert analysis.test.sem == pytest.approx(math.sqrt(PRINTED_VARIANCE) * 10 * math.sqrt(1 - expected))


def test_published_example_point_biserial_by_the_textbook_formula():
    """Corrected point-biserial, independently: r = (M1 - M0) / s * sqrt(p q) on the
    rest score (total minus the item), s the population SD of the rest score."""
    parts, students = wuensch()
    analysis = analyse(parts, students)
    rows = [[int(c) for c in line.split()[1:]] for line in WUENSCH.splitlines()]
    for k, item in enumerate(analysis.parts):
        rest = [sum(row) - row[k] for row in rows]
        right = [r for r, row in zip(rest, rows) if row[k]]
        wrong = [r for r, row in zip(rest, rows) if not row[k]]
        p = len(right) / len(rows)
        expected = (sum(right) / len(right) - sum(wrong) / len(wrong)) / math.sqrt(pvariance(rest)) \
            * math.sqrt(p * (1 - p))
        assert item.point_biserial == pytest.approx(expected, abs=1e-12)
    # by hand for item 1: M1 = 48/7, M0 = 11/3, s = sqrt(4.29), p q = .21
    assert analysis.parts[0].point_biserial == pytest.approx(0.7059, abs=1e-4)


def test_published_example_upper_lower_discrimination():
    """27% of 10 is 3 places a group. Totals: D 2, E 2, B 7, C 7, I 7, J 7, A 8, G 8,
    F 9, H 9. Lower: D and E, and the last place shared by the four on 7 (1/4
    each); upper: F and H, and the last place shared by A and G (1/2 each).
    Item 1: 3/3 - (3/4)/3; item 7: 2/3 - (1 + 4/4)/3 = 0; item 9: (1 + 2/2)/3 - (1 + 1/4)/3."""
    analysis = analyse(*wuensch())
    d = [item.discrimination for item in analysis.parts]
    assert d[0] == pytest.approx(1 - 1 / 4)
    assert d[1] == pytest.approx(1 - 1 / 4)        # item 2: upper all right; lower C, I, J of B, C, I, J
    assert d[6] == pytest.approx(0.0, abs=1e-15)   # item 7: upper F1 H1 A0 G0, lower D1 E0 and all four on 7
    assert d[8] == pytest.approx(2 / 3 - 5 / 12)   # item 9: upper F1 H0 A1 G1, lower D0 E1, of the four J
    ranked = sorted((s.percent, i) for i, s in enumerate(analysis.students))
    lower, upper = groups(ranked)
    name = {i: s.student_id for i, s in enumerate(analysis.students)}
    assert {name[i]: share for i, share in upper.items()} == {"F": 1, "H": 1, "A": 0.5, "G": 0.5}
    assert {name[i]: share for i, share in lower.items()} == {"D": 1, "E": 1, "B": 0.25, "C": 0.25, "I": 0.25,
                                                              "J": 0.25}
    # item 9's r is just below 0 while its D is +0.25: the flag says no more than "does not rise"
    assert analysis.parts[8].point_biserial < 0 < analysis.parts[8].discrimination
    # and over 10 students an r this close to 0 is chance (5% critical value 0.63): no "check the key"
    assert analysis.parts[8].reasons[0].startswith("low r (small class): may be chance")


def test_hand_computed_partial_credit_alpha():
    # two items, three students: items (2,1), (1,1), (0,0); totals 3, 2, 0
    rows = [[2.0, 1.0], [1.0, 1.0], [0.0, 0.0]]
    item_var = pvariance([2, 1, 0]) + pvariance([1, 1, 0])        # 2/3 + 2/9
    total_var = pvariance([3, 2, 0])                              # 14/9
    assert alpha(rows) == pytest.approx(2 * (1 - item_var / total_var))
    assert alpha(rows) == pytest.approx(2 * (1 - (8 / 9) / (14 / 9)))


def pearson(xs, ys):
    """Pearson's r of two lists through the report's ``correlation`` of their sums."""
    return correlation(len(xs), fsum(xs), fsum(ys), fsum(x * x for x in xs), fsum(y * y for y in ys),
                       fsum(x * y for x, y in zip(xs, ys)))


def test_pearson_edge_cases():
    assert pearson([1, 2, 3], [2, 4, 6]) == pytest.approx(1.0)
    assert pearson([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert pearson([1, 1, 1], [1, 2, 3]) is None
    assert pearson([0.1] * 3, [1, 2, 3]) is None
    assert pearson([1], [2]) is None


@pytest.mark.parametrize("scores", [[0.1] * 3, [1 / 3] * 7, [2.0, 2.0 + 1e-9, 2.0], [0.0, 1.0, 1.0], [0.5, 0.5 + 1e-4]])
def test_uniform_and_correlation_agree_on_a_column_that_does_not_vary(scores):
    # a column the report calls uniform is exactly one whose correlation with
    # any varying total is undefined: one tolerance, not two kept in step
    totals = [float(k) for k in range(len(scores))]
    x, xx = fsum(scores), fsum(v * v for v in scores)
    s = Sums(len(scores), x, xx, fsum(map(float.__mul__, scores, totals)), fsum(totals),
             fsum(t * t for t in totals), None, None)
    assert uniform(s) == (pearson(scores, totals) is None)
    assert uniform(s) == (max(scores) - min(scores) < 1e-6)


def _class(matrix, points=1):
    parts = [Part(f"Q{k + 1}", "a", f"C{k + 1}", "t", points) for k in range(len(matrix[0]))]
    students = [Student(f"s{n}", "", [RIGHT if x else WRONG for x in row]) for n, row in enumerate(matrix)]
    return parts, students


def _no_nan(analysis):
    text = markdown_sections(analysis) + items_csv(analysis)
    assert "nan" not in text.lower().replace("n/a", "")
    return text


def test_all_right():
    analysis = analyse(*_class([[1, 1], [1, 1], [1, 1]]))
    part = analysis.parts[0]   # D n/a: every total the same, both groups alike by construction (52c F3)
    assert (part.facility, part.discrimination, part.point_biserial) == (1.0, None, None)
    assert part.reasons == ["very easy: (almost) everyone scored (facility above 0.90), so it tells students apart little"
                            "; every student who reached it scored full marks, so it tells them apart not at all"]
    assert (analysis.test.kr20, analysis.test.alpha, analysis.test.sem) == (None, None, None)
    assert analysis.test.sd == 0.0 and analysis.test.mean == 100.0
    assert "| KR-20 (right/wrong, equal points: = alpha) | n/a (every student has the same total) |" in _no_nan(analysis)   # 52c F3


def test_all_wrong():
    analysis = analyse(*_class([[0, 0], [0, 0], [0, 0]]))
    part = analysis.parts[0]   # D n/a: every total the same, both groups alike by construction (52c F3)
    assert (part.facility, part.discrimination, part.point_biserial) == (0.0, None, None)
    assert part.reasons[0].startswith("very hard")
    assert analysis.test.kr20 is None and analysis.test.mean == 0.0
    _no_nan(analysis)


def test_one_student():
    analysis = analyse(*_class([[1, 0]]))
    assert analysis.parts[0].discrimination is None and analysis.parts[0].point_biserial is None
    assert analysis.test.mean == 50.0 and analysis.test.median == 50.0 and analysis.test.sd is None
    assert analysis.test.kr20 is None and analysis.test.alpha is None
    _no_nan(analysis)


def test_no_students_and_no_parts():
    analysis = analyse([Part("Q1", "a", "C1", "t", 1)], [])
    assert analysis.parts[0].facility is None and analysis.test.mean is None
    assert analysis.test.histogram == [0] * 10
    assert analyse([], []).test.students == 0
    _no_nan(analysis)


def test_zero_variance_item_among_varied():
    analysis = analyse(*_class([[1, 1], [1, 0], [1, 0], [1, 1]]))
    assert analysis.parts[0].point_biserial is None
    assert analysis.parts[1].facility == 0.5


def test_missing_parts_and_statuses():
    parts = [Part("Q1", "a", "C1", "t", 2), Part("Q1", "b", "C1", "t", 2), Part("Q2", "a", "C10", "u", 1)]
    students = [
        Student("s1", "A", [Verdict("correct", 2.0), Verdict("blank", 0.0), None]),
        Student("s2", "B", [Verdict("invalid", 0.0), Verdict("incorrect", 0.0, "T1"), Verdict("correct", 1.0)]),
        Student("s3", "C", [Verdict("correct", 2.0), Verdict("correct", 2.0), Verdict("superseded", 0.0)]),
    ]
    analysis = analyse(parts, students)
    a, b, c = analysis.parts
    assert a.counts == {"correct": 2, "incorrect": 0, "blank": 0, "invalid": 1, "other": 0, "imprecise": 0,
                        "needs_review": 0, "missing": 0, "partial": 0, "not_reached": 0}
    assert c.students == 2 and c.counts["other"] == 1 and c.facility == 0.5
    assert analysis.test.complete == 2
    q1 = analysis.questions[0]
    assert (q1.label, q1.students, q1.points, q1.facility) == ("Q1", 3, 4.0, 6 / 12)
    # percents: s1 2/4, s2 1/5, s3 4/5
    assert [round(s.percent, 6) for s in analysis.students] == [50.0, 20.0, 80.0]
    assert analysis.heat == {"T1": {"Q1": Fraction(1, 3)}}   # exact: a share is rounded from its exact value
    assert [c.cls for c in analysis.classes] == ["C1", "C10"]


def test_trap_shares_overall_and_by_group():
    trap_part = Part("Q1", "a", "C1", "t", 1, (Trap("LOG10", "base e"), Trap("SIGN", "minus")))
    other = Part("Q2", "a", "C1", "t", 1)
    log10 = Verdict("incorrect", 0.0, "LOG10")
    # totals 0, 0, 1, 2 (4 students: groups of round(1.08) = 1 place); w1 and w2 tie at 0 and
    # share the lower group's place, so LOG10 (w1) holds half of it
    students = [Student("w1", "", [log10, WRONG]), Student("w2", "", [WRONG, WRONG]),
                Student("m", "", [log10, RIGHT]), Student("top", "", [RIGHT, RIGHT])]
    traps = analyse([trap_part, other], students).parts[0].traps
    assert [(t.code, t.count, t.share, t.lower, t.upper) for t in traps] == [
        ("LOG10", 2, 0.5, 0.5, 0.0), ("SIGN", 0, 0.0, 0.0, 0.0)]


def test_hard_part_reason_names_blanks_and_trap():
    part = Part("Q1", "a", "C1", "t", 1, (Trap("X"),))
    verdicts = [Verdict("blank", 0.0)] * 4 + [Verdict("incorrect", 0.0, "X")] * 5 + [RIGHT]
    analysis = analyse([part], [Student(str(n), "", [v]) for n, v in enumerate(verdicts)])
    reason = analysis.parts[0].reasons[-1]
    assert "40% of its answers are blank or skipped (4 blank, 0 skipped): not taught, or no time left?" in reason
    assert "50% fell into X" in reason and "key" not in reason


def test_hard_part_most_never_reached_is_not_blamed_on_its_key():
    # a late part 7 of 10 students never answered (missing) was "check that it was taught and that the key is
    # right"; then "very hard ... out of time before it?" at facility 0.1; now the 7 did not reach it (nothing
    # after it on their paper) and are left out of its facility: 1 of the 3 who reached it scored
    first, late = Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C1", "t", 1)
    missing = Verdict("missing", 0.0)
    verdicts = [missing] * 7 + [WRONG] * 2 + [RIGHT]
    analysis = analyse([first, late], [Student(str(n), "", [RIGHT, v]) for n, v in enumerate(verdicts)])
    item = analysis.parts[1]
    assert (item.students, item.reached, item.counts["missing"], item.counts["not_reached"]) == (10, 3, 7, 7)
    assert item.facility == pytest.approx(1 / 3) and item.reasons == []


def test_items_csv_guards_formulas_but_not_numbers():
    part = Part("=HYPERLINK(1)", "a", "+C1", "@t", 1, (Trap("-code", "=cmd|' /C calc'!A0"),))
    students = [Student("s1", "", [Verdict("incorrect", 0.0, "-code")]), Student("s2", "", [RIGHT]),
                Student("s3", "", [RIGHT])]
    rows = list(csv.reader(io.StringIO(items_csv(analyse([part], students)))))
    header, part_row, trap_row = rows[0], rows[1], rows[2]
    cell = dict(zip(header, trap_row))
    assert cell["question_id"] == "'=HYPERLINK(1)" and cell["class"] == "'+C1" and cell["template"] == "'@t"
    assert cell["code"] == "'-code" and cell["note"].startswith("'=cmd")
    assert dict(zip(header, part_row))["facility"] == "0.667"
    assert dict(zip(header, part_row))["point_biserial"] == ""


def test_write_class_report_writes_both_files(tmp_path):
    paths = write_class_report(*wuensch(), tmp_path / "out", "week3", title="Week 3")
    assert paths == {"items": tmp_path / "out" / "week3-items.csv", "html": tmp_path / "out" / "week3-report.html"}
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["week3-items.csv", "week3-report.html"]
    assert "<title>Week 3</title>" in paths["html"].read_text(encoding="utf-8")
    assert paths["items"].read_text().count("\npart,") == 10


def test_alpha_of_parts_that_rank_alike_is_one_and_its_sem_zero():
    # hypothesis found it: 0.3 and 0.6 of two 1.5-point parts gave alpha 1.0000000000000002 and the SEM's
    # square root of a negative number raised ValueError
    parts = [Part("Q1", "a", "C1", "t", 1.5), Part("Q2", "a", "C1", "t", 1.5)]
    low, high = Verdict("incorrect", 0.3 * 1.5, "T"), Verdict("incorrect", 0.6 * 1.5, "T")
    from quizgen.report.columns import pvariance
    from quizgen.report.reliability import alpha_from
    # the two-student case itself (the report now shows alpha n/a below 3 students, so it is checked directly)
    assert alpha_from(2, [pvariance([low.score, high.score])] * 2, [low.score * 2, high.score * 2]) == 1.0
    test = analyse(parts, [Student("s1", "", [low, low]), Student("s2", "", [high, high]),
                           Student("s3", "", [low, low])]).test
    assert test.alpha == 1.0 and test.sem == 0.0
