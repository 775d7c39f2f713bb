"""score_total (quizgen/scores.py): one float for the same marks in any order,
exact for typed decimal credits, unchanged for whole and half points; and the
fast way the report adds whole and half points, to the same floats."""

import itertools
import random

from quizgen.report.columns import student_totals
from quizgen.scores import adds_exactly, score_total


def test_a_total_is_exact_for_typed_decimals():
    assert 0.1 + 0.2 != 0.3 and score_total([0.1, 0.2]) == score_total([0.3]) == 0.3
    assert score_total([1 / 3] * 3) == 1.0 and score_total([0.3] * 3) == 0.9


def test_the_same_marks_in_any_order_are_one_total():
    marks = [1.0, 0.3, 0.6, 1 / 3, 0.75, 2.0]
    assert len({sum(order) for order in itertools.permutations(marks)}) > 1   # what plain adding gives
    assert {score_total(order) for order in itertools.permutations(marks)} == {score_total(marks)}


def test_whole_and_half_points_come_out_as_plain_adding_gives():
    for marks in ([0.5, 1.5, 2.0, 0.25], [3.0, 0.0, 1.0], [], [0.5] * 101):
        assert score_total(marks) == sum(marks, 0.0)


def test_only_multiples_of_a_256th_add_exactly():
    assert adds_exactly([0.0, 0.5, 0.25, 3.0, 1.5, 2.0 ** 20, 1 / 256])
    assert not adds_exactly([0.5, 0.3]) and not adds_exactly([1 / 3]) and not adds_exactly([2.0 ** 20 + 0.5])
    assert not adds_exactly([1 / 512])


def test_the_fast_way_for_whole_and_half_points_gives_score_totals_floats():
    rng = random.Random(4)
    for width in (1, 2, 7, 54):
        points = [rng.choice([1.0, 1.5, 2.0, 0.25]) for _ in range(width)]
        columns = [[rng.choice([0.0, p / 2, p]) for _ in range(300)] for p in points]
        assert adds_exactly([x for column in columns for x in column] + points)
        fast = student_totals(columns, points, True, 300, exact=True)
        assert fast == student_totals(columns, points, True, 300, exact=False)
        assert fast[0] == [score_total(row) for row in zip(*columns)]
