"""ECF from an earlier answer read as the values it rounds (review 53b F2): C7 at s = 3.05 (paper A of seed
5301's Q7), (a) ``0.954`` then (c) ``3.09`` was "correct given that value", but -ln(1 - 0.954) = 3.079, 3.08:
3.09 is what a value that rounds to 0.954 (0.9545) gives, carried on unrounded. The mark stands; the words
now say so, and ``3.08``, what 0.954 gives, keeps "correct given that value"."""

import pytest

from tests.paper_support import mark_paper
from test_near_one52 import _draw

GIVEN = "marked from your (a) = 0.954: correct given {} (error carried forward; (a)'s early rounding is marked " \
        "at (a) only)"


@pytest.mark.parametrize("c, given", [("3.09", "a value that rounds to it, carried on unrounded"),
                                      ("3.08", "that value"), ("3.079", "that value")])
def test_ecf_says_whether_the_answer_is_what_the_value_written_gives(c, given):
    draw = _draw(3.05, 0)
    marked = mark_paper(draw, {"p": "0.954", "loss_y0": c})["loss_y0"]
    assert (marked.status, marked.note, marked.score, marked.feedback) == \
        ("correct", "ecf", 1.0, GIVEN.format(given)), marked
