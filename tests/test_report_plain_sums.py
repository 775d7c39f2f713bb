"""The item analysis' plain sums (quizgen/report/groups.py, columns.py's
``times_totals``) give the very floats of ``fsum`` over every student: a
group's share of a column and its places, over its whole places added by a
plain ``sum``, and a right/wrong column's Σx·T as its mark times the totals of
the students who have it. That holds only while every score is a multiple of
1/256 and the class's totals small enough (``Roster.plain``); past that bound,
or with other scores, the sums are fsum's, one student at a time."""

from collections import Counter
from itertools import compress, repeat
from math import fsum
from operator import is_not, mul

from hypothesis import given
from hypothesis import strategies as st
from hypothesis import settings

from property_sizes import many_copy, quick
from quizgen.report.columns import PLAIN_LIMIT, adds_plainly, exact_marks, roster, times_totals
from quizgen.report.groups import _pooled, places, pooled
from quizgen.report.model import Part

DYADIC = [0.5, 1.0, 2.0, 3.0, 0.25, 5 / 256, 2.0 ** 19]   # 2**19: two such parts pass the bound at n = 2
OTHER = [1 / 3, 0.1, 0.7]
MANY = settings(deadline=None, max_examples=300)


@st.composite
def classes(draw):
    """Score columns of a class: right/wrong or half-marked parts, some off some papers (None)."""
    n, k = draw(st.integers(2, 50)), draw(st.integers(1, 4))
    points = [draw(st.sampled_from(DYADIC if draw(st.booleans()) else OTHER)) for _ in range(k)]
    columns = []
    for p in points:
        marks = [0.0, p] if draw(st.booleans()) else [0.0, p / 2, p]
        absent = draw(st.floats(0, 0.4)) if draw(st.booleans()) else 0.0
        columns.append([None if draw(st.floats(0, 1)) < absent else draw(st.sampled_from(marks)) for _ in range(n)])
    return n, points, columns


def _cohort(n, points, columns):
    parts = [Part("Q1", chr(97 + j), "C1", "t", p) for j, p in enumerate(points)]
    marks = points + [x for column in columns for x in column if x is not None]
    return roster(columns, parts, [None not in c for c in columns], n, exact=exact_marks(marks))


def _same(a, b) -> bool:
    return repr(a) == repr(b)   # the same float, its sign included


CLASSES = given(classes())


@quick(MANY)
@CLASSES
def test_group_sums_are_the_fsums_of_every_member(drawn):
    n, points, columns = drawn
    cohort = _cohort(n, points, columns)
    for column, top in zip(columns, points):
        tops = [None if x is None else top + x for x in column]   # a maximum per student, as a question's
        for group in (cohort.lower, cohort.upper):
            sat = list(compress(group.values(), map(is_not, map(column.__getitem__, group), repeat(None))))
            assert _same(places(group, column), fsum(sat))
            for most in (top, tops):
                assert _same(pooled(group, column, most, cohort.plain), _pooled(group, column, most))


test_group_sums_are_the_fsums_of_every_member_many = many_copy(
    test_group_sums_are_the_fsums_of_every_member, CLASSES, MANY)


@quick(MANY)
@CLASSES
def test_a_right_or_wrong_columns_products_are_the_fsum_of_each(drawn):
    n, points, columns = drawn
    columns = [[0.0 if x is None else x for x in column] for column in columns]   # as reached_sums reads them
    cohort = _cohort(n, points, columns)
    for column in columns:
        counts = Counter(("correct" if x else "incorrect", x, "") for x in column)
        assert _same(times_totals(column, cohort, counts), fsum(map(mul, column, cohort.totals)))
        if cohort.plain:   # the bound's promise: a plain sum of the products is exact, in any order
            assert _same(sum(map(mul, column, cohort.totals), 0.0), fsum(map(mul, column, cohort.totals)))
            assert _same(sum(reversed(cohort.totals), 0.0), fsum(cohort.totals))


test_a_right_or_wrong_columns_products_are_the_fsum_of_each_many = many_copy(
    test_a_right_or_wrong_columns_products_are_the_fsum_of_each, CLASSES, MANY)


def test_past_the_bound_the_products_are_added_one_by_one():
    # every score a multiple of 1/256, but totals near 2**21: a x T needs 57 bits, and a plain sum rounds
    a = 2.0 ** 20 - 1 / 256
    second = [214385.88671875, 665698.1953125, 64151.85546875]
    columns = [[a, a, a], second]
    cohort = _cohort(3, [a, a], columns)
    assert cohort.exact and not cohort.plain and not adds_plainly(cohort.totals, cohort.maxima)
    products = fsum(map(mul, columns[0], cohort.totals))
    assert a * sum(cohort.totals) != products   # what the right/wrong shortcut would give here
    assert times_totals(columns[0], cohort, Counter({("correct", a, ""): 3})) == products


def test_the_bound_is_on_the_largest_total_or_maximum_and_the_class_size():
    largest = 2.0 ** 10
    n = int(PLAIN_LIMIT / largest ** 2)
    assert adds_plainly([largest] + [0.0] * (n - 2), [largest] * (n - 1))
    assert not adds_plainly([largest] + [0.0] * (n - 1), [largest] * n)
    assert not _cohort(2, [1 / 3], [[1 / 3, 0.0]]).plain   # not a multiple of 1/256: fsum throughout
    assert not _cohort(2, [1.0], [[1.0, -0.5]]).exact   # a score below 0: a total bounds no score
