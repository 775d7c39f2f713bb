"""The thirty-fifth round's cheaper reading of a per-student key, every value the
same: a float written to fixed decimals by Python's own formatting unless it is
a tie at that place (maths/numbers.fixed)."""

from __future__ import annotations

import math
import random
import struct

from quizgen.maths import numbers
from quizgen.maths.rounding import decimal_text


def test_fixed_leaves_only_a_tie_to_the_exact_rounding(monkeypatch):
    calls = []
    monkeypatch.setattr(numbers, "decimal_text", lambda value, places, shift=0: calls.append((value, places))
                        or decimal_text(value, places, shift))
    assert [numbers.fixed(0.12345, 3), numbers.fixed(-0.0001, 2), numbers.fixed(-0.0, 1), numbers.fixed(1e20, 0)] \
        == ["0.123", "0.00", "0.0", "100000000000000000000"]
    assert calls == []   # no tie: Python's formatting
    assert [numbers.fixed(0.125, 2), numbers.fixed(-2.5, 0), numbers.fixed(0.375, 2)] == ["0.13", "-3", "0.38"]
    assert calls == [(0.125, 2), (-2.5, 0), (0.375, 2)]   # ties, away from zero (formatting rounds them to even)
    assert numbers.fixed(math.inf, 2) == "inf" and numbers.fixed(7, 2) == "7.00"


def test_fixed_writes_every_float_as_the_exact_rounding_does():
    rng = random.Random(35)
    values = [0.0, -0.0, 0.5, -0.5, 2.5, 1e-300, -5e-324, 1e300, -1.7976931348623157e308]
    values += [rng.uniform(-10, 10) for _ in range(3000)]
    values += [rng.randint(-10 ** 6, 10 ** 6) / 2 ** rng.randint(0, 30) for _ in range(3000)]   # ties galore
    values += [struct.unpack("d", struct.pack("Q", rng.getrandbits(64)))[0] for _ in range(3000)]
    for value in filter(math.isfinite, values):
        for places in (0, 1, 2, 3, 4, 7, 12, 20):
            assert numbers.fixed(value, places) == decimal_text(value, places), (value, places)
