"""Review 51a F1: the flags compared an r below 0 with the 5% critical value of r cut to 2 decimals, so
at 540 students (critical value 0.0844) an r of -0.076, shown -0.08, was "r < 0 ... check the key", and at
18,519 students (0.0144) an r of -0.006, shown -0.01, less than half the critical value, was too. The r and
the critical value are compared unrounded now: "r < 0" only at or below minus the critical value, "weak r"
(or "low r (small class)") closer to 0, as docs/report.md says."""

import pytest

from quizgen.report.flags import CHANCE_REASON, NEGATIVE_REASON, WEAK_REASON, critical_r, reasons
from quizgen.report.model import ItemStats
from quizgen.report.notes import small_class_note


def _first_reason(n: int, r: float) -> str:
    item = ItemStats("Q1", "a", "C1", "t", 2.0, students=n, facility=0.5, point_biserial=r, dr_students=n, reached=n)
    return reasons(item)[0]


NEGATIVE = NEGATIVE_REASON.format(name="r")


@pytest.mark.parametrize("n, r, expected", [
    (540, -0.076, WEAK_REASON), (540, -0.083, WEAK_REASON), (540, -0.0846, NEGATIVE),
    (18519, -0.006, WEAK_REASON), (18519, -0.012, WEAK_REASON), (18519, -0.0146, NEGATIVE),
    (100, -0.195, WEAK_REASON), (100, -0.197, NEGATIVE),
    (10, -0.6305, CHANCE_REASON), (10, -0.633, NEGATIVE), (8, -0.7051, CHANCE_REASON), (8, -0.708, NEGATIVE),
])
def test_an_r_below_0_is_a_key_to_check_only_beyond_the_unrounded_critical_value(n, r, expected):
    assert _first_reason(n, r) == expected


def test_the_critical_values_the_docs_quote():
    assert (round(critical_r(540), 4), round(critical_r(18519), 4), critical_r(12)) == (0.0844, 0.0144, 0.576)


def test_the_small_class_caveat_quotes_the_cut_the_flags_use():
    from test_report24 import _chance_class

    analysis = _chance_class()
    assert "flagged \"r < 0\" only at or below -0.707, the 5% critical value of r at 8 students" in \
        small_class_note(analysis)
