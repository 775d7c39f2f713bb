"""The thirty-fourth round's marking speed-ups keep their verdicts: a set
of floats rounded once and kept (marking/roundings.roundings) is the set
rounded afresh, and a set a kept one equals without being it (0.0 beside
-0.0, 2 beside 2.0) is never handed the kept one."""

from __future__ import annotations

import math
import random

from quizgen.marking import roundings as module
from quizgen.marking.roundings import LEVELS, roundings


def test_a_kept_rounding_is_the_rounding_worked_afresh():
    draw = random.Random(34)
    sets = [tuple(draw.uniform(-5, 5) * 10.0 ** draw.randint(-8, 8) for _ in range(draw.randint(1, 40)))
            for _ in range(200)]
    sets += [(0.125, 0.9175, 2.675, 1e-320, math.inf), (0.5,), ()]
    for levels in (LEVELS, (2, 3, 4), (3,)):
        first = [roundings(values, levels) for values in sets]
        again = [roundings(list(values), list(levels)) for values in sets]   # lists as well as tuples
        assert first == again == [module._roundings(values, levels) for values in sets]


def test_signed_zeros_and_whole_numbers_are_not_taken_for_one_another():
    """(0.0, 1.0) == (-0.0, 1.0) and (2, 3.5) == (2.0, 3.5) as tuples: the set
    keeps its own zero's sign and its own whole number."""
    assert [math.copysign(1, v) for v in roundings((0.0, 1.0)) if v == 0] == [1.0]
    assert [math.copysign(1, v) for v in roundings((-0.0, 1.0)) if v == 0] == [-1.0]
    roundings((2.0, 3.5))
    assert [v.__class__ for v in roundings((2, 3.5)) if v == 2][0] is int
