"""C5 (c) draws no exact tie at 3 figures, for which the paper states no rule."""

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
from test_bank_wording62 import _draw
from test_marking_students_gen import BANK

from quizgen.generation.separation import Rejected


def test_c5_c_draws_no_exact_tie_at_three_figures():
    """(1 - 0.15)^2 = 0.7225 lies exactly between 0.722 and 0.723."""
    with pytest.raises(Rejected, match="none_chosen"):
        _draw("C5", {"n": 2, "r": 0.15}, {"scene": 8})


def exact_decimal(value: Fraction) -> Decimal:
    return Decimal(value.numerator) / Decimal(value.denominator)


def three_figures(value: Fraction) -> Decimal:
    """A value to 3 significant figures, a tie away from zero, as a student rounds it."""
    exact = exact_decimal(value)
    return exact.quantize(Decimal(1).scaleb(exact.adjusted() - 2), rounding=ROUND_HALF_UP)


def _exact_tie(value: Fraction) -> bool:
    """Whether ``value`` lies exactly halfway between two 3-figure values."""
    return abs(Fraction(three_figures(value)) - value) * 2 == Fraction(10) ** (exact_decimal(value).adjusted() - 2)


@pytest.mark.slow
def test_c5_c_never_draws_an_exact_tie_at_three_figures():
    """Every n and r C5 can draw: (1 - r)^n, its (c), is never a 3-figure tie the paper gives no rule for."""
    ties = []
    scenes = next(p for p in BANK["C5"].params if p.name == "scene").spec
    for scene in range(len(scenes)):
        for r in range(5, 31):
            try:
                instance = _draw("C5", {"r": r / 100}, {"scene": scene})
            except Rejected:
                continue
            (c,) = [part for part in instance.parts if part.part.name == "none_chosen"]
            if _exact_tie(Fraction(c.value)):
                ties.append((scene, r))
    assert ties == [], ties
