"""The item analysis' faster column sums give the very floats of the plain
ones (the 1M-row class report: not-reached parts had made every column take
the slow path). A part every paper has, some students did not reach:
``reached_sums`` over whole columns equals ``sums`` over the reached scores;
and the totals of partial columns add column by column as row by row."""

import random

import pytest

from quizgen.report.columns import reached_sums, roster, student_totals, sums
from quizgen.report.model import Part


def _class(seed: int, exact: bool):
    rng = random.Random(seed)
    n, k = rng.randint(2, 60), rng.randint(1, 4)
    points = [rng.choice([1.0, 2.0, 0.5]) if exact else rng.choice([1.0, 2.0, 1 / 3]) for _ in range(k)]
    columns = [[rng.choice([0.0, p / 2, p]) if exact else rng.choice([0.0, p / 3, p]) for _ in range(n)]
               for p in points]
    parts = [Part("Q1", chr(97 + j), "C1", "t", p) for j, p in enumerate(points)]
    return rng, n, points, columns, parts


@pytest.mark.parametrize("exact", [True, False])
@pytest.mark.parametrize("seed", range(60))
def test_reached_sums_are_the_sums_of_the_reached_scores(seed, exact):
    rng, n, points, columns, parts = _class(seed, exact)
    cohort = roster(columns, parts, [True] * len(parts), n, exact=exact)
    unreached = set(rng.sample(range(n), rng.randint(1, n - 1)))
    for column, top in zip(columns, points):
        scores = [0.0 if i in unreached else x for i, x in enumerate(column)]   # not reached: missing, 0
        reached = [None if i in unreached else x for i, x in enumerate(column)]
        assert reached_sums(scores, reached, unreached, top, cohort) == sums(reached, top, cohort, False)


@pytest.mark.parametrize("seed", range(60))
def test_partial_columns_add_column_by_column_as_row_by_row(seed):
    rng, n, points, columns, _ = _class(seed, True)
    holed = [[None if rng.random() < 0.3 else x for x in column] for column in columns]
    assert student_totals(holed, points, False, n, exact=True) == student_totals(holed, points, False, n, exact=False)
