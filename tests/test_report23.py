"""The psychometric review of session 23: a question's D and r over the students
who reached all of it, D and r n/a below three students, a negative alpha
explained, the 27% groups' sizes shown where they shrink, D explained on the
page, a part nobody answered said once, the chart's guides and per-panel
colours, a one-student class, and alpha's k without 0-point parts. Expected
figures are recomputed independently with the standard library's statistics
(Pearson's r, population variances), never with the report's own code."""

import csv
import html
import io
import random
import re
from statistics import correlation, pvariance

import pytest

from quizgen.report import analyse, items_csv, markdown_sections, report_html
from quizgen.report import charts
from quizgen.report.groups import groups
from quizgen.report.formatting import number_text
from quizgen.report.model import ItemStats, Part, Student, Verdict

GROUPS_HEADER = "D and r over: students (lower / upper group)"   # the tables' words, spelt out: the test
ONE_STUDENT = "One student answered: facility, D, r, alpha and the flags describe how a part works across"

RIGHT, WRONG, MISSING = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("missing", 0.0)
SLOTS = [("Q1", "a"), ("Q1", "b"), ("Q2", "a"), ("Q2", "b"), ("Q2", "c"), ("Q3", "a")]


def _speeded(seed: int = 23):
    """40 students on 6 one-point parts; 10 of the weaker stop after Q2a (Q2b on not reached)."""
    rng = random.Random(seed)
    parts = [Part(q, p, "C1", "t", 1) for q, p in SLOTS]
    matrix, students = [], []
    for n in range(40):
        ability = rng.random()
        row = [1 if rng.random() < 0.2 + 0.6 * ability else 0 for _ in SLOTS]
        stop = n < 10
        if stop:
            row[0] = 1   # they did Q1a right: the stop is not their ability alone
        matrix.append([x if not (stop and k >= 3) else None for k, x in enumerate(row)])
    for n, row in enumerate(matrix):
        students.append(Student(f"s{n}", "", [MISSING if x is None else RIGHT if x else WRONG for x in row]))
    return parts, students, matrix


def _items(analysis) -> dict:
    rows = list(csv.DictReader(io.StringIO(items_csv(analysis).lstrip("\ufeff"))))
    return {(r["level"], r["question_id"] + r["part"]): r for r in rows if r["level"] != "trap"}


def test_a_questions_r_and_d_are_over_the_students_who_reached_every_part():
    parts, students, matrix = _speeded()
    analysis = analyse(parts, students)
    q2 = next(q for q in analysis.questions if q.question_id == "Q2")
    totals = [float(sum(x or 0 for x in row)) for row in matrix]
    complete = [n for n, row in enumerate(matrix) if None not in row[2:5]]
    score = [float(sum(matrix[n][2:5])) for n in complete]
    expected_r = correlation(score, [totals[n] - s for n, s in zip(complete, score)])
    assert len(complete) == 30 and q2.dr_students == 30
    assert q2.point_biserial == pytest.approx(expected_r, abs=1e-12)
    # D: each group's points over its places among those 30 students (a ratio of sums), groups ranked on everyone
    ranked = sorted((t / 6, n) for n, t in enumerate(totals))
    lower, upper = groups(ranked)

    def share(group):
        held = {n: w for n, w in group.items() if n in complete}
        return sum(w * sum(matrix[n][2:5]) for n, w in held.items()) / (3 * sum(held.values())), sum(held.values())

    (low, low_places), (high, high_places) = share(lower), share(upper)
    assert q2.discrimination == pytest.approx(high - low, abs=1e-12)
    assert (q2.group_lower, q2.group_upper) == (pytest.approx(low_places), pytest.approx(high_places))
    assert q2.group_lower < analysis.test.group   # the stopped students filled the lower group
    row = _items(analysis)[("question", "Q2")]
    assert (row["d_r_students"], row["point_biserial"]) == ("30", f"{expected_r:.3f}")
    # its facility still pools the parts each student reached
    earned = sum(sum(x for x in row[2:5] if x is not None) for row in matrix)
    assert q2.facility == pytest.approx(earned / sum(sum(x is not None for x in row[2:5]) for row in matrix))


def test_the_shrunk_groups_are_shown_in_the_csv_and_both_tables():
    parts, students, _ = _speeded()
    analysis = analyse(parts, students)
    late = analysis.parts[3]   # Q2b: 10 students did not reach it
    row = _items(analysis)[("part", "Q2b")]
    assert (row["d_r_students"], row["group_lower"], row["group_upper"]) == \
        ("30", number_text(late.group_lower), number_text(late.group_upper))
    assert late.group_lower < analysis.test.group
    md, page = markdown_sections(analysis), report_html(analysis, "t")
    assert GROUPS_HEADER in md and GROUPS_HEADER in page
    shown = [number_text(g) if g == int(g) else f"{g:.1f}" for g in (late.group_lower, late.group_upper)]
    cell = f"30 ({shown[0]} / {shown[1]})"   # tie-shared places to one decimal where people read them (50b F11)
    assert f"| {cell} |" in md and f">{cell}<" in page


def _two_students():
    parts = [Part(f"Q{k}", "a", "C1", "t", 1) for k in (1, 2, 3)]
    return parts, [Student("s1", "", [RIGHT, RIGHT, WRONG]), Student("s2", "", [WRONG, WRONG, RIGHT])]


def test_two_students_no_r_no_d_and_a_negative_alpha_is_explained():
    analysis = analyse(*_two_students())
    for item in analysis.parts + analysis.questions:
        assert (item.point_biserial, item.discrimination) == (None, None)
        assert not any(reason.startswith("does not discriminate") for reason in item.reasons)
    assert analysis.test.alpha is None   # two totals: n/a, as D and r (report23b; it was -3.00)
    md, page = markdown_sections(analysis), html.unescape(report_html(analysis, "t"))
    for text in (md, page):
        assert "Two students answered: D, r and alpha are n/a below 3 students" in text and "Alpha is negative" not in text
        assert "read the flags as hints" not in text   # rev-final23b: no "rough here" beside "n/a"
    assert "r < 0" not in md
    # three students whose parts covary negatively: alpha = 3/2 (1 - Σ item variances / variance of the totals)
    rows = [(0, 0, 1), (0, 0, 1), (1, 1, 0)]
    parts = [Part(f"Q{k}", "a", "C1", "t", 1) for k in (1, 2, 3)]
    analysis = analyse(parts, [Student(f"s{n}", "", [RIGHT if x else WRONG for x in row]) for n, row in enumerate(rows)])
    expected = 1.5 * (1 - sum(pvariance([r[k] for r in rows]) for k in range(3)) / pvariance([sum(r) for r in rows]))
    assert analysis.test.alpha == pytest.approx(expected) and round(expected, 2) == -3.0
    md = markdown_sections(analysis)   # 3 students: alpha shown n/a, its sign chance, so no note (review 52c F7)
    assert "Alpha is negative" not in md and "alpha) | n/a (fewer than 10 students with every part) |" in md
    students = [Student(f"s{n}", "", [RIGHT if x else WRONG for x in row]) for n, row in enumerate(rows * 4)]
    analysis = analyse(parts, students)   # each student four times: the same variances, so the same alpha
    md, page = markdown_sections(analysis), html.unescape(report_html(analysis, "t"))
    for text in (md, page):
        assert "Alpha is negative (-3.00): the parts' scores covary negatively on average" in text


def test_the_page_explains_d_as_it_explains_r():
    page = report_html(analyse(*_speeded()[:2]), "t")
    note = re.search(r'<p class="muted" id="d-note">([^<]*)</p>', page).group(1)
    assert "upper 27%" in note and "this part included" in note and "Ebel" in note and "ratio of sums" in note


def _unanswered_class():
    """8 students; nobody answered Q2a (middle) nor Q3b (last)."""
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C1", "t", 1), Part("Q3", "a", "C1", "t", 1),
             Part("Q3", "b", "C1", "t", 1)]
    rows = [[1, 1], [0, 1], [1, 0], [0, 0], [1, 1], [1, 0], [0, 1], [1, 1]]
    return parts, [Student(f"s{n}", "", [RIGHT if a else WRONG, MISSING, RIGHT if b else WRONG, MISSING])
                   for n, (a, b) in enumerate(rows)]


def test_a_part_nobody_answered_is_flagged_and_said_once_not_per_student():
    analysis = analyse(*_unanswered_class())
    assert analysis.unanswered == ["Q2a", "Q3b"]
    for item in (analysis.parts[1], analysis.parts[3]):
        assert item.facility is None and item.reasons[0].startswith("no student answered it")
    assert analysis.to_act == []   # nobody "stopped early" at Q3b
    md, page = markdown_sections(analysis), report_html(analysis, "t")
    assert md.count("No student answered Q2a and Q3b") == 1 and "Stopped early" not in md
    assert "| Q3b (whole" not in md and "| Q3b | n/a | n/a | no answers |" in md
    assert 'id="unanswered">No student answered Q2a and Q3b' in page
    # the facility panel shows n/a, not an empty bar that reads as 0.00
    svg = str(charts.item_chart(analysis.parts))
    assert svg.count(">n/a</text>") == 4   # two parts, both panels


def test_the_chart_draws_its_guides_over_the_bars_and_colours_each_panel_by_its_own_flag():
    weak = ItemStats("Q2", "a", "C1", "t", 1.0, 40, facility=0.6, discrimination=0.1, point_biserial=0.1,
                     reasons=["weak discrimination (item-rest r below 0.20): the part hardly separates stronger "
                              "from weaker students; it may reward guessing or test something else"])
    svg = str(charts.item_chart([weak]))
    assert svg.rindex("<rect") < svg.index('class="guide"')
    bars = re.findall(r'<rect [^>]*class="([^"]*)"', svg)
    assert bars == ["bar", "bar flagged alt"]   # the facility is not what is flagged
    guides = [float(x) for x in re.findall(r'<line x1="([\d.]+)"[^>]*class="guide"', svg)]
    zero = charts.LABEL_WIDTH + 300 + 80 + 150
    assert guides == [charts.LABEL_WIDTH + 60, charts.LABEL_WIDTH + 270, zero + 150 * 0.2]


def test_one_student_gets_no_item_statistics_and_one_sentence_why():
    parts, students = _two_students()
    analysis = analyse(parts, students[:1])
    assert all(i.facility is None and not i.reasons for i in analysis.parts + analysis.questions)
    assert analysis.test.sd is None
    md, page = markdown_sections(analysis), html.unescape(report_html(analysis, "t"))
    for text in (md, page):
        assert ONE_STUDENT in text and "1 students answered" not in text and "has 0 students" not in text
        assert "0 students each" not in text and "A small class" not in text
    assert "| standard deviation | n/a |" in md and "1 student, 3 question parts" in page


def test_alpha_leaves_out_a_zero_point_part_and_keeps_a_part_everyone_got_right():
    rows = [[1, 1, 1], [1, 0, 1], [0, 0, 1], [1, 1, 1], [0, 1, 1], [0, 0, 1]]   # Q3 everyone right
    parts = [Part(f"Q{k}", "a", "C1", "t", 1) for k in (1, 2, 3)] + [Part("Q4", "a", "C1", "t", 0)]
    students = [Student(f"s{n}", "", [RIGHT if x else WRONG for x in row] + [Verdict("correct", 0.0)])
                for n, row in enumerate(rows)]
    k = 3   # the 0-point part is no item of the score; the constant one is (Cronbach's k items)
    item_variances = sum(pvariance([row[i] for row in rows]) for i in range(k))
    expected = k / (k - 1) * (1 - item_variances / pvariance([sum(row) for row in rows]))
    assert analyse(parts, students).test.alpha == pytest.approx(expected)


def test_a_trap_share_of_a_group_with_students_tied_at_its_edge_is_explained():
    """rev-final23b: a group of 10 places whose edge 7 tied students share showed
    "upper 27%: 7%" (0.71 of a student) with no note: the places were whole."""
    parts = [Part("Q1", "a", "C1", "t", 1, traps=(("probability_as_loss", "p as L", ()),)),
             Part("Q2", "a", "C1", "t", 1)]
    trap = Verdict("incorrect", 0.0, "probability_as_loss")
    students = [Student(f"s{n:02d}", "", [RIGHT if n % 3 else trap, RIGHT if n < 20 else WRONG]) for n in range(37)]
    analysis = analyse(parts, students)
    assert analysis.test.shared_places and all(p == int(p) for p in (analysis.test.group,))
    md = markdown_sections(analysis)
    assert "a group's share counts such a student by their share of a place" in md
