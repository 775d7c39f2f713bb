"""Mends from the session's last review (rev-final29) made on main."""

from __future__ import annotations

import pytest

from quizgen.marking.forms import BOUND_REASON, read_number


@pytest.mark.parametrize("text, whole", [("x => 0.5", False), ("|M| => 1", True), ("L =>0.0954", False)])
def test_an_ascii_greater_or_equal_is_a_bound_not_an_arrow(text, whole):
    reading = read_number(text, whole=whole)
    assert (reading.status, reading.reason) == ("needs_review", BOUND_REASON)


@pytest.mark.parametrize("text, value", [("0.909 => 0.096", 0.096), ("p = 0.909 => L = 0.0954", 0.0954)])
def test_an_arrow_after_a_value_is_still_working(text, value):
    reading = read_number(text)
    assert (reading.status, reading.value) == ("number", value)
