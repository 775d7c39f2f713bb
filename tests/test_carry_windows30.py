"""The carried-rounding windows merged by marking/carry.intervals cover every
value's own window, also where a larger value's window starts below a smaller
one's (just under a power of ten)."""

import pytest
from hypothesis import given, settings, strategies as st

from quizgen.marking.carry import inside, intervals
from quizgen.maths.tolerance import half_width


def test_a_window_starting_below_the_one_before_it_is_kept_whole():
    spans = intervals([0.999, 1.0], {"sigfigs": 3})
    assert inside(0.996, spans)        # within 1.0's window (0.995 to 1.005), not 0.999's
    assert not inside(0.994, spans)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.floats(min_value=0.001, max_value=1000.0), min_size=1, max_size=12),
       st.integers(min_value=2, max_value=6))
@pytest.mark.slow
def test_every_values_window_lies_inside_the_merged_spans(values, figures):
    spec = {"sigfigs": figures}
    spans = intervals(values, spec)
    for v in values:
        width = half_width(v, spec, "numeric")
        assert inside(v - width, spans) and inside(v + width, spans) and inside(v, spans)
    assert all(low <= high for low, high in spans)
    assert all(a[1] < b[0] for a, b in zip(spans, spans[1:]))   # merged: apart and in order
