"""The class report's small cases computed by hand (each gives its documented
value in the analysis, the items CSV, the Markdown and the HTML page; never NaN
or a crash), and the one-pass arithmetic against a plain, slow computation from
the definitions on classes where papers differ."""

import csv
import io
import math
import random

import pytest

from quizgen.report import analyse, items_csv, markdown_sections, report_html
from quizgen.report.model import Part, Student, Verdict

RIGHT, WRONG, BLANK = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("blank", 0.0)


def _class(matrix):
    parts = [Part(f"Q{k + 1}", "a", "C1", "t", 1) for k in range(len(matrix[0]))]
    return parts, [Student(f"s{n}", "", [RIGHT if x else WRONG for x in row]) for n, row in enumerate(matrix)]


def _outputs(parts, students):
    """The analysis and all three texts, each checked for NaN and infinity."""
    analysis = analyse(parts, students)
    texts = [items_csv(analysis), markdown_sections(analysis), report_html(analysis, "t")]
    for text in texts:
        lowered = text.lower().replace("n/a", "")
        assert "nan" not in lowered and "inf" not in lowered.replace("info", "").replace("infer", "")
    return analysis, texts


def _csv_part(texts, k=0):
    rows = list(csv.DictReader(io.StringIO(texts[0].removeprefix("\ufeff"))))
    return [r for r in rows if r["level"] == "part"][k]


def test_all_right_everywhere():
    analysis, texts = _outputs(*_class([[1, 1, 1]] * 4))
    part, test = analysis.parts[0], analysis.test
    # facility 4/4; D n/a: every total the same, so both groups are the same mix (it was 1 - 1 = 0: 52c F3);
    # r undefined (the item does not vary)
    assert (part.facility, part.discrimination, part.point_biserial) == (1.0, None, None)
    assert (test.mean, test.median, test.sd) == (100.0, 100.0, 0.0)
    assert (test.kr20, test.alpha, test.sem) == (None, None, None)    # the totals do not vary
    row = _csv_part(texts)
    assert (row["facility"], row["discrimination_ul"], row["point_biserial"], row["flag"]) == ("1.000", "", "", "yes")
    assert "| KR-20 (right/wrong, equal points: = alpha) | n/a (every student has the same total) |" in texts[1]   # 52c F3


def test_all_wrong_everywhere():
    analysis, texts = _outputs(*_class([[0, 0]] * 3))
    part = analysis.parts[0]   # D n/a: every total the same, both groups alike by construction (52c F3)
    assert (part.facility, part.discrimination, part.point_biserial) == (0.0, None, None)
    assert part.reasons[0].startswith("very hard")
    assert analysis.test.histogram == [3] + [0] * 9 and analysis.test.alpha is None
    assert _csv_part(texts)["facility"] == "0.000"


def test_one_student():
    analysis, texts = _outputs(*_class([[1, 0, 1]]))
    a, b = analysis.parts[:2]
    # one student: no item statistic (each would be that student's own score), no flag
    assert (a.facility, a.discrimination, a.point_biserial, a.reasons) == (None, None, None, [])
    assert (b.facility, b.discrimination, b.point_biserial, b.reasons) == (None, None, None, [])
    assert analysis.test.mean == pytest.approx(200 / 3) and analysis.test.sd is None
    assert (analysis.test.kr20, analysis.test.alpha, analysis.test.sem) == (None, None, None)
    assert _csv_part(texts)["discrimination_ul"] == ""


def test_zero_variance_in_the_rest_score():
    """Two parts; the second is right for everyone, so the rest score of the first
    is constant: its r is undefined (n/a), and its D (1 - 0, the part ranking the students by
    itself) n/a too (review 50b F2)."""
    analysis, texts = _outputs(*_class([[1, 1], [0, 1], [1, 1], [0, 1]]))
    first = analysis.parts[0]
    assert first.point_biserial is None and first.discrimination is None and first.facility == 0.5
    assert "rest of the paper does not vary" in _csv_part(texts)["note"]
    assert analysis.test.kr20 == pytest.approx(2 * (1 - 0.25 / 0.25))    # = 0: item variance is all the variance
    assert _csv_part(texts)["point_biserial"] == ""


def test_a_part_nobody_sat_and_a_zero_point_part():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q1", "b", "C1", "t", 1), Part("Q2", "a", "C2", "t", 0)]
    students = [Student("s1", "", [RIGHT, None, Verdict("correct", 0.0)]),
                Student("s2", "", [WRONG, None, Verdict("incorrect", 0.0)])]
    analysis, texts = _outputs(parts, students)
    unsat, free = analysis.parts[1], analysis.parts[2]
    assert (unsat.students, unsat.facility, unsat.discrimination, unsat.point_biserial) == (0, None, None, None)
    assert (free.facility, free.discrimination) == (None, None)
    assert analysis.test.complete == 0 and analysis.test.alpha is None
    assert _csv_part(texts, 1)["facility"] == ""


# ------------------------------------------------------------------ against the definitions

def _slow(parts, students, k):
    """Facility, D and corrected r of part k straight from the definitions:
    lists, sorting and a two-pass Pearson, nothing shared with the report's code."""
    totals = [sum(v[1] for v in s.verdicts if v is not None) for s in students]
    maxima = [sum(p.points for p, v in zip(parts, s.verdicts) if v is not None) for s in students]
    percents = {i: t / m for i, (t, m) in enumerate(zip(totals, maxima)) if m}
    size = min(max(int(0.27 * len(percents) + 0.5), 1), len(percents) // 2)

    def share(i, beyond):
        """A student's share of a group's places: (places - students beyond them) / students tied, in 0..1."""
        tied = sum(p == percents[i] for p in percents.values())
        return min(1.0, max(0.0, (size - sum(beyond(p, percents[i]) for p in percents.values())) / tied))

    lower = {i: share(i, lambda p, q: p < q) for i in percents}
    upper = {i: share(i, lambda p, q: p > q) for i in percents}
    sat = [i for i, s in enumerate(students) if s.verdicts[k] is not None]
    x = [students[i].verdicts[k][1] for i in sat]
    rest = [totals[i] - students[i].verdicts[k][1] for i in sat]

    def group(members):
        got = [(w, students[i].verdicts[k][1]) for i, w in members.items() if w and students[i].verdicts[k] is not None]
        return sum(w * x for w, x in got) / (sum(w for w, _ in got) * parts[k].points) if got else None

    up, low = group(upper), group(lower)
    mx, mr = sum(x) / len(x), sum(rest) / len(rest)
    sxx = sum((a - mx) ** 2 for a in x)
    srr = sum((b - mr) ** 2 for b in rest)
    r = sum((a - mx) * (b - mr) for a, b in zip(x, rest)) / math.sqrt(sxx * srr)
    return sum(x) / (len(x) * parts[k].points), up - low, r


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_one_pass_sums_match_the_definitions_on_mixed_papers(seed):
    rng = random.Random(seed)
    parts = [Part(f"Q{k // 2 + 1}", "ab"[k % 2], "C1", "t", float(1 + k % 3)) for k in range(8)]
    students = []
    for n in range(60):
        ability = rng.random()
        verdicts = []
        for k, part in enumerate(parts):
            if k >= 6 and n % 3 == 0:
                verdicts.append(None)       # a shorter paper
            elif rng.random() < ability:
                verdicts.append(Verdict("correct", part.points))
            else:
                verdicts.append(Verdict("incorrect", rng.choice([0.0, part.points / 2]), rng.choice(["", "T"])))
        students.append(Student(f"s{n}", "", verdicts))
    analysis = analyse(parts, students)
    for k, item in enumerate(analysis.parts):
        facility, d, r = _slow(parts, students, k)
        assert item.facility == pytest.approx(facility, abs=1e-12)
        assert item.discrimination == pytest.approx(d, abs=1e-12)
        assert item.point_biserial == pytest.approx(r, abs=1e-9)
    assert analysis.test.complete == 40
    assert analysis.parts[7].students == 40


def test_a_figure_that_rounds_to_zero_is_never_written_negative():
    from quizgen.report.tables import fixed
    assert [fixed(-0.0001, 3), fixed(-0.0), fixed(-0.004), fixed(-0.006), fixed(None)] == \
        ["0.000", "0.00", "0.00", "-0.01", "n/a"]


@pytest.mark.parametrize("value, places, comma, text", [(0.125, 2, False, "0.13"), (-0.125, 2, False, "-0.13"),
                                                        (0.375, 2, True, "0,38"), (-0.001, 2, False, "0.00"),
                                                        (1.0, 2, False, "1.00"), (None, 2, False, "n/a")])
def test_report_figures_round_a_tie_away_from_zero_as_the_percentages_do(value, places, comma, text):
    """1 of 8 students right: facility 0.13 beside 12.5% and 13% (it was 0.12, half to even)."""
    from quizgen.report.tables import fixed
    assert fixed(value, places, comma=comma) == text


def test_the_histograms_bar_titles_count_one_student_in_the_singular():
    from quizgen.report.charts import histogram
    svg = str(histogram([1, 0, 0, 0, 0, 2, 0, 0, 0, 0]))   # students per 10% band
    assert ": 1 student</title>" in svg and ": 2 students</title>" in svg and "1 students" not in svg
