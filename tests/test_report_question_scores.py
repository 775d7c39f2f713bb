"""The quick question scores (columns.reached_question_scores) must give the very
floats analysis.question_scores gives over the parts each student reached."""

import random

import pytest

from quizgen.report.analysis import question_scores
from quizgen.report.columns import reached_column, reached_question_scores


@pytest.mark.parametrize("seed", range(30))
def test_the_quick_question_scores_are_question_scores_over_the_reached_parts(seed):
    rng = random.Random(seed)
    n, k = rng.randint(1, 40), rng.randint(2, 5)
    points = [rng.choice((0.5, 1.0, 1.5, 2.0, 3.0)) for _ in range(k)]
    paper = [[rng.choice((0.0, top / 2, top)) for _ in range(n)] for top in points]
    unreached = [set() for _ in range(k)]
    for i in range(n):
        stop = rng.choice([k] * 3 + list(range(k)))   # most students reach every part
        for part in range(stop, k):
            unreached[part].add(i)
            paper[part][i] = 0.0   # not reached: 0, as graded
    reached = [reached_column(column, gone) for column, gone in zip(paper, unreached)]
    full = [not gone for gone in unreached]
    quick = reached_question_scores(paper, points, unreached, exact=True)
    assert quick == question_scores(reached, points, full, exact=True)


def test_scores_that_do_not_add_exactly_and_one_part_questions_take_the_long_way():
    assert reached_question_scores([[0.1, 0.2]], [1.0], [set()], exact=True) is None
    assert reached_question_scores([[0.1], [0.2]], [1.0, 1.0], [set(), set()], exact=False) is None
