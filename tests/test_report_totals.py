"""Totals that do not depend on the order of the parts: two students with the
same marks on different parts have the same total (quizgen/scores.py), so they
are tied at the 27% cut, and every sum of the item analysis is a ``math.fsum``,
so shuffling the students or the parts leaves the items CSV and the students'
totals alone, with fractional credits (0.3, 1/3, 0.75) as with whole points."""

import pytest
import csv
import io

from hypothesis import given, settings
from hypothesis import strategies as st

import quizgen
from property_sizes import many_copy, quick
from quizgen.report import analyse, items_csv
from quizgen.report.columns import pvariance
from test_item_statistics import pearson
from quizgen.report.model import Part, Student, Trap, Verdict
from test_grade_outputs import numeric, trap, write

# 8 students x 3 one-point parts; B and C have the same marks (1, 0.3, 0.6) on different parts.
# Added in part order, B's total is 1.9 and C's 1.9000000000000001: C took the upper group's
# last place alone. The groups have round(0.27 x 8) = 2 places: upper A, and B and C half a
# place each; lower H and G (no tie).
MARKS = {"A": (1, 1, 1), "B": (1, 0.3, 0.6), "C": (1, 0.6, 0.3), "D": (1, 0, 0.3),
         "E": (0, 1, 0), "F": (0, 0.6, 0), "G": (0.3, 0, 0), "H": (0, 0, 0)}
CREDIT_CODE = {0.3: "p3", 0.6: "p6"}
# upper p - lower p per part: a (1 + 1)/2 - (0 + 0.3)/2; b and c (1 + (0.3 + 0.6)/2)/2 - 0
HAND_D = {"a": "0.850", "b": "0.725", "c": "0.725"}


def _verdict(mark) -> Verdict:
    if mark == 1:
        return Verdict("correct", 1.0)
    return Verdict("incorrect", float(mark), CREDIT_CODE.get(mark, ""))


def _rows(text):
    return list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"))))


def test_the_same_marks_on_different_parts_are_the_same_total_and_tie_at_the_cut():
    parts = [Part("Q1", letter, "C1", "t", 1.0, (Trap("p3"), Trap("p6"))) for letter in "abc"]
    analysis = analyse(parts, [Student(sid, "", list(map(_verdict, marks))) for sid, marks in MARKS.items()])
    scores = {row.student_id: row.score for row in analysis.students}
    assert scores["B"] == scores["C"] == 1.9
    d = {row["part"]: row["discrimination_ul"] for row in _rows(items_csv(analysis)) if row["level"] == "part"}
    assert d == HAND_D


def _answer(mark, letter):
    """An answer to part ``letter`` of the key below scoring ``mark`` (policy: p3 0.3, p6 0.6)."""
    value = {"a": 10.0, "b": 20.0, "c": 30.0}[letter]
    return {1: value, 0.3: 3 * value, 0.6: 6 * value, 0: 7 * value}[mark]


def test_graded_with_policy_credits_the_two_students_tie_in_the_grade_and_the_items_csv(tmp_path):
    parts = [numeric(letter, value, [trap("p3", 3 * value), trap("p6", 6 * value)], points=1.0)
             for letter, value in zip("abc", (10.0, 20.0, 30.0))]
    key = {"questions": [{"id": "Q1", "class": "C1", "template": "t", "points": 3, "parts": parts}]}
    rows = [(sid, sid, "Q1", letter, f"{_answer(mark, letter):g}")
            for sid, marks in MARKS.items() for letter, mark in zip("abc", marks)]
    (tmp_path / "policy.yaml").write_text("traps: {p3: 0.3, p6: 0.6}\n", encoding="utf-8")
    result = quizgen.grade(write(tmp_path, key, rows), key=tmp_path / "key.json", policy=tmp_path / "policy.yaml")
    totals = {t.student_id: t.score for t in result.students}
    assert totals["B"] == totals["C"] == 1.9 and totals["A"] == 3
    d = {row["part"]: row["discrimination_ul"] for row in _rows(result.paths["items"].read_text(encoding="utf-8"))
         if row["level"] == "part"}
    assert d == HAND_D


def test_the_statistics_sums_do_not_depend_on_the_order_of_the_students():
    xs, ys = [1.0, 1 / 3, 0.3, 0.75, 0.6, 0.0], [1.9, 1 / 3, 2.6, 0.85, 0.1, 1.65]
    for k in range(len(xs)):
        turned_x, turned_y = xs[k:] + xs[:k], ys[k:] + ys[:k]
        assert pearson(turned_x, turned_y) == pearson(xs, ys)
        assert pvariance(turned_y) == pvariance(ys)
        assert pvariance(turned_y[::-1]) == pvariance(ys)


# --- any order of the students and of the parts, with fractional credits --------------------------

POINTS = (1.0, 1.5, 2.0, 3.0)
CREDITS = (1.0, 0.3, 1 / 3, 0.5, 0.6, 0.75, 0.1, 0.2, 0.0)


def _fractional(part: Part, credit: float, kind: int):
    """A verdict on ``part`` worth ``credit`` of its points (kind 3: not on the paper)."""
    if kind == 3:
        return None
    if credit == 1.0:
        return Verdict("correct", part.points)
    return Verdict(("incorrect", "imprecise", "correct")[kind], credit * part.points, "T" if kind == 0 else "")


def _table(parts, students):
    """The items CSV's rows and each student's (id, score, maximum, percent), both sorted:
    the file's order follows the parts' and the students', the figures must not."""
    analysis = analyse(parts, students)
    people = sorted((s.student_id, s.score, s.max_score, s.percent, tuple(s.codes)) for s in analysis.students)
    return sorted(csv.reader(io.StringIO(items_csv(analysis)))), people, analysis.test


SHUFFLE_MANY = settings(deadline=None, max_examples=200)
FRACTIONAL_CLASSES = given(st.integers(2, 6).flatmap(lambda k: st.tuples(
    st.lists(st.sampled_from(POINTS), min_size=k, max_size=k),
    st.lists(st.lists(st.tuples(st.sampled_from(CREDITS), st.integers(0, 3)), min_size=k, max_size=k),
             min_size=2, max_size=25),
    st.randoms(use_true_random=False))))


@quick(SHUFFLE_MANY)
@FRACTIONAL_CLASSES
@pytest.mark.slow
def test_shuffling_students_and_parts_leaves_the_figures_alone_with_fractional_credits(drawn):
    points, marks, rng = drawn
    parts = [Part(f"Q{k // 2 + 1}", "ab"[k % 2], "C1", "t", p, (Trap("T"),)) for k, p in enumerate(points)]
    students = [Student(f"s{n}", "", [_fractional(part, credit, kind) for part, (credit, kind) in zip(parts, row)])
                for n, row in enumerate(marks)]
    expected = _table(parts, students)
    order = list(range(len(parts)))
    rng.shuffle(order)
    shuffled = [Student(s.student_id, s.name, [s.verdicts[k] for k in order]) for s in students]
    rng.shuffle(shuffled)
    assert _table([parts[k] for k in order], shuffled) == expected


test_shuffling_students_and_parts_leaves_the_figures_alone_with_fractional_credits_many = many_copy(
    test_shuffling_students_and_parts_leaves_the_figures_alone_with_fractional_credits, FRACTIONAL_CLASSES,
    SHUFFLE_MANY)
