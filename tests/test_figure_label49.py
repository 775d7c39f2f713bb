"""A solution figure's label recomputes: -ln of the p it prints rounds to the loss it prints, which
is the answer's (docs/pdf.md). C3, whose template names no working p, printed the answers' p
and loss, which disagreed on 75 of 240 questions (1/89: -ln 0.01124 = 4.4883 beside 4.4886;
review 49c F6)."""

import math

from hypothesis import given, settings, strategies as st

from quizgen.generation.figures import LossPoint, shown_pair
from quizgen.maths.numbers import key_answer
from tests.property_sizes import quick


def recomputes(point: LossPoint) -> bool:
    p, loss = shown_pair(point)
    return key_answer(-math.log(float(p)), "numeric", 4) == loss == key_answer(point.loss, "numeric", 4)


@quick(settings(deadline=None, max_examples=2000))
@given(st.integers(2, 30000))
def test_a_uniform_probability_label_recomputes(size):
    assert recomputes(LossPoint(1 / size))


@quick(settings(deadline=None, max_examples=2000))
@given(st.floats(1e-6, 0.999999))
def test_any_probability_label_recomputes(p):
    assert recomputes(LossPoint(p))


def test_c3_examples():
    assert shown_pair(LossPoint(1 / 89)) == ("0.011236", "4.4886")
    assert shown_pair(LossPoint(1 / 28996)) == ("0.000034488", "10.2749")
