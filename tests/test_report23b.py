"""The second psychometric review of session 23: a part nobody answered is one rule
wherever it sits, D over a small group is marked, the heat map names its
denominator, fractional group places are explained, a 0-point part says why its
figures are n/a, alpha is n/a below three students, and the flagged table counts
its figures' students. Expected figures are recomputed with the standard
library's statistics, never with the report's own code."""

import csv
import html
import io
import random
from statistics import correlation

import pytest

from quizgen.report import analyse, items_csv, markdown_sections, report_html
from quizgen.report import charts
from quizgen.report.model import Part, Student, Trap, Verdict

RIGHT, WRONG, MISSING = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("missing", 0.0)


def _items(analysis) -> dict:
    rows = list(csv.DictReader(io.StringIO(items_csv(analysis).lstrip("\ufeff"))))
    return {(r["level"], r["question_id"] + r["part"]): r for r in rows if r["level"] != "trap"}


def _silent_class(seed: int = 5):
    """30 students on Q1a, Q2a, Q2b (nobody answered), Q2c, Q3a, Q3b (nobody answered);
    the first 5 stop after Q1a. Returns parts, students and the 0/1/None matrix (None: no answer)."""
    rng = random.Random(seed)
    slots = [("Q1", "a"), ("Q2", "a"), ("Q2", "b"), ("Q2", "c"), ("Q3", "a"), ("Q3", "b")]
    parts = [Part(q, p, "C1", "t", 1, (Trap("T", "f"),)) for q, p in slots]
    matrix = []
    for n in range(30):
        row = [int(rng.random() < 0.3 + 0.02 * n) for _ in slots]
        row[2] = row[5] = None
        if n < 5:
            row[1:] = [None] * 5
        matrix.append(row)
    students = [Student(f"s{n}", "", [MISSING if x is None else RIGHT if x else WRONG for x in row])
                for n, row in enumerate(matrix)]
    return parts, students, matrix


def test_a_part_nobody_answered_is_one_rule_mid_question_and_at_the_end():
    parts, students, matrix = _silent_class()
    analysis = analyse(parts, students)
    mid, last = analysis.parts[2], analysis.parts[5]   # Q2b, Q3b
    for item in (mid, last):   # the same figures wherever it sits: nobody stopped early for it
        assert (item.facility, item.discrimination, item.point_biserial) == (None, None, None)
        assert item.counts["not_reached"] == 0 and item.reached == item.students == 30
        assert (item.dr_students, item.group_lower, item.group_upper) == (0, 0.0, 0.0)
        assert all(t.share is None for t in item.traps)
    rows = _items(analysis)
    assert (rows[("part", "Q2b")]["not_reached"], rows[("part", "Q3b")]["not_reached"]) == ("0", "0")
    assert rows[("part", "Q2b")]["reached"] == rows[("part", "Q3b")]["reached"] == "30"
    # each question's figures leave its unanswered part out: Q2 is Q2a + Q2c, Q3 is Q3a alone
    totals = [sum(x or 0 for x in row) for row in matrix]
    reached = [n for n in range(30) if n >= 5]   # the students who reached Q2 and Q3
    q2, q3 = analysis.questions[1], analysis.questions[2]
    q2_scores = [matrix[n][1] + matrix[n][3] for n in reached]
    assert q2.facility == pytest.approx(sum(q2_scores) / (2 * len(reached)))   # Q2b's zeros not in it
    assert q2.point_biserial == pytest.approx(correlation(q2_scores, [totals[n] - s for n, s in zip(reached, q2_scores)]))
    q3_scores = [matrix[n][4] for n in reached]
    assert q3.facility == pytest.approx(sum(q3_scores) / len(reached))
    assert q3.point_biserial == pytest.approx(analysis.parts[4].point_biserial)
    assert (q3.discrimination, q3.dr_students) == (analysis.parts[4].discrimination, 25)
    assert q2.points == q3.points + 1 == 3 and q2.counts["missing"] == 30 + 10   # its points and answers: all parts'
    md = markdown_sections(analysis)
    assert "| Q2b | C1 | 30 | 30 | n/a |" in md and "| Q3b | C1 | 30 | 30 | n/a |" in md


def test_a_question_of_unanswered_parts_alone_has_no_figures():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C1", "t", 1), Part("Q2", "b", "C1", "t", 1)]
    rows = [(1, 0), (0, 1), (1, 1), (0, 0), (1, 0)]
    students = [Student(f"s{n}", "", [RIGHT if a else WRONG, MISSING, MISSING]) for n, (a, _) in enumerate(rows)]
    q2 = analyse(parts, students).questions[1]
    assert (q2.facility, q2.discrimination, q2.point_biserial, q2.dr_students) == (None, None, None, 0)
    assert q2.reasons[0].startswith("no student answered it") and q2.counts["not_reached"] == 0


def _speeded(n: int = 60, stop: int = 12, seed: int = 7):
    """``n`` students on 4 one-point parts; the ``stop`` weakest-drawn stop after Q2a."""
    rng = random.Random(seed)
    parts = [Part(f"Q{k}", "a", "C1", "t", 1) for k in (1, 2, 3, 4)]
    students = []
    for i in range(n):
        row = [RIGHT if rng.random() < (0.25 if i < stop else 0.7) else WRONG for _ in parts]
        students.append(Student(f"s{i}", "", row[:2] + [MISSING, MISSING] if i < stop else row))
    return parts, students


def test_a_d_over_a_group_of_fewer_than_ten_places_is_marked_and_explained():
    analysis = analyse(*_speeded())
    late = analysis.parts[2]
    assert min(late.group_lower, late.group_upper) < 10 <= analysis.test.group
    md, page = markdown_sections(analysis), html.unescape(report_html(analysis, "t"))
    d = f"{late.discrimination:.2f}"
    assert f"| {d}\u2020 |" in md and f">{d}\u2020<" in page
    first = analysis.parts[0]
    assert f"| {first.discrimination:.2f} |" in md.split("| Q1a |")[1].split("\n")[0] + "|"   # not marked
    least = min(late.group_lower, late.group_upper)
    for text in (md, page):
        assert "\u2020 D over a group of fewer than 10 places" in text
        written = f"{least:.1f}" if least != int(least) else f"{least:.0f}"   # one decimal (review 50b F11)
        assert f"by up to 1/places (here as few as {written} places: {1 / least:.2f})" in text
        assert "not with the bands for D" in text
    # a class whose groups all have 10 places or more: no mark, no note
    whole = analyse(*_speeded(stop=0))
    assert "\u2020" not in markdown_sections(whole) and "\u2020" not in report_html(whole, "t")


def test_the_heat_map_names_its_denominator_the_students_who_reached_the_question():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C1", "t", 1, (Trap("T", "f"),))]
    trap = Verdict("incorrect", 0.0, "T")
    students = [Student(f"s{n}", "", [RIGHT, trap if n < 3 else RIGHT]) for n in range(8)] + \
        [Student(f"t{n}", "", [WRONG, MISSING]) for n in range(4)]   # 4 stopped before Q2
    analysis = analyse(parts, students)
    assert analysis.heat["T"]["Q2"] == pytest.approx(3 / 8)   # of the 8 who reached Q2, not the 12 who sat it
    svg = str(charts.heat_map(["T"], ["Q1", "Q2"], analysis.heat))
    assert "% of the students who reached the question" in svg and "who sat the question" not in svg
    assert "answered some part of it or a later part" in svg


def _tied():
    """10 students on 3 parts whose totals tie at a group's edge: places of 3 shared by 2 tied students..."""
    rows = [(1, 1, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1), (1, 0, 0), (0, 1, 0), (0, 0, 1), (0, 0, 0), (1, 1, 1),
            (0, 0, 0)]
    parts = [Part(f"Q{k}", "a", "C1", "t", 1, (Trap("T", "f"),)) for k in (1, 2, 3)]
    trap = Verdict("incorrect", 0.0, "T")
    return parts, [Student(f"s{n}", "", [RIGHT if x else trap for x in row[:2]] + [RIGHT if row[2] else MISSING])
                   for n, row in enumerate(rows)]


def test_fractional_group_places_are_explained_where_they_are_shown():
    parts, students = _tied()
    analysis = analyse(parts, students)
    fractional = [p for i in analysis.parts for t in i.traps for p in (t.lower_places, t.upper_places)
                  if p != int(p)]
    assert fractional   # the 3 places of the lower group: 2 students at 0 and a third shared by the ties
    md, page = markdown_sections(analysis), html.unescape(report_html(analysis, "t"))
    for text in (md, page):
        assert "Places can be fractions: students tied on the percentage at a group's edge share its last places" in text
    whole = analyse(*_speeded(stop=0))
    assert "Places can be fractions" not in markdown_sections(whole)


def test_a_part_worth_0_points_says_so_where_its_figures_are_n_a():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q1", "b", "C1", "t", 0, (Trap("T", "f"),)),
             Part("Q2", "a", "C1", "t", 1)]
    zero_right, zero_trap = Verdict("correct", 0.0), Verdict("incorrect", 0.0, "T")
    students = [Student(f"s{n}", "", [RIGHT if n % 2 else WRONG, zero_trap if n < 3 else zero_right,
                                      RIGHT if n % 3 else WRONG]) for n in range(9)]
    analysis = analyse(parts, students)
    md, page = markdown_sections(analysis), html.unescape(report_html(analysis, "t"))
    assert "| Q1b | C1 | 9 | n/a (worth 0 points) |" in md and ">n/a (worth 0 points)<" in page
    for text in (md, page):
        assert "Q1b is worth 0 points: its facility, D and r are n/a" in text
        assert "trap shares are shown" in text
    assert "| Q1b | T | 3 | 33% |" in md
    svg = str(charts.item_chart(analysis.parts))
    assert svg.count(">n/a (worth 0 points)</text>") == 2


def test_the_flagged_table_counts_the_students_of_its_facility_and_its_r():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q2", "a", "C1", "t", 1), Part("Q2", "b", "C1", "t", 1)]
    rng = random.Random(3)
    students = []
    for n in range(40):
        row = [RIGHT if rng.random() < 0.5 else WRONG for _ in parts]
        if n < 8:
            row[2] = MISSING   # 8 stop before Q2b: Q2's facility is over 40, its r over 32
        students.append(Student(f"s{n}", "", row))
    analysis = analyse(parts, students)
    q2 = analysis.questions[1]
    assert (q2.reached, q2.dr_students) == (40, 32)
    q2.reasons = q2.reasons or ["weak discrimination (item-rest r below 0.20): the part hardly separates"]
    md, page = markdown_sections(analysis), html.unescape(report_html(analysis, "t"))
    assert "| item | facility | r (corrected item-rest) | students: facility / r | flags |" in md
    assert "| Q2 (whole question) |" in md and "| 40 / 32 |" in md.split("### Flagged")[1]
    assert "<th scope=\"col\" class=\"num\">students: facility / r</th>" in page and ">40 / 32<" in page
