"""A numeric part's answer is never, to one figure more than asked, a decimal of fewer figures than asked
(0.75001 is 0.7500): its student would write 0.75 and lose the marks as rounded too early for the zero
alone (review 41). Such a draw is thrown away; an answer that is exactly such a decimal stays."""

from fractions import Fraction
from types import SimpleNamespace

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.generation.separation import Rejected, check_round_answer
from quizgen.maths.exact import to_float
from quizgen.maths.rounding import to_figures
from quizgen.maths.tolerance import figures_asked


def part_value(value, kind="numeric", tolerance=None):
    """A valued part as sampling makes it, its answer the exact decimal ``value`` is written as."""
    part = SimpleNamespace(name="p", kind=kind, tolerance={} if tolerance is None else tolerance)
    return SimpleNamespace(part=part, value=Fraction(str(value)))


@pytest.mark.parametrize("value", [0.75001, 0.68997, 0.250001, 0.70004, 1.99996, 0.0049999])
def test_an_answer_a_figure_from_a_shorter_decimal_is_redrawn(value):
    with pytest.raises(Rejected, match="significant figures, which a student would write with fewer than the 3"):
        check_round_answer(part_value(value))


@pytest.mark.parametrize("value, kind, tolerance", [
    (0.7501, "numeric", None), (0.7499, "numeric", None), (0.69949, "numeric", None),   # 4 figures to write
    (0.49, "numeric", None), (2, "numeric", None),   # exactly the shorter decimal: as written
    (4.00001, "integer", None), (0.75001, "numeric", {"rtol": 0.01}),   # no figures asked
    (0.75001, "numeric", {"sigfigs": 1}),
])
def test_an_answer_with_all_its_figures_to_write_or_none_asked_stays(value, kind, tolerance):
    check_round_answer(part_value(value, kind, tolerance))


@pytest.mark.slow
def test_no_shipped_draw_has_an_answer_a_figure_from_a_shorter_decimal():
    seen = 0
    for template in load_bank():
        for k in range(150):
            for pv in sample_instance(template, f"round/{k}").parts:
                asked = None if pv.value is None else figures_asked(pv.part.kind, pv.part.tolerance)
                if asked is None:
                    continue
                shorter = to_figures(pv.value, asked - 1)
                seen += 1
                assert to_figures(pv.value, asked + 1) != shorter or to_float(pv.value) == float(shorter), \
                    (template.cls, k, pv.letter, to_float(pv.value))
    assert seen > 2000
