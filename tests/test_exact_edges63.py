"""Two edges of the exact engine. A value within 1e-45 of a simple fraction was read as that
fraction by settle.precise, so a saturated softmax, 1 - 1.7e-48, had floor 1 and 1/2 - 1.7e-48
rounded to 1; now a near fraction is taken only when the value's difference from it is 0.
A value whose float is subnormal (below 2.2e-308, fewer than 53 bits) was rounded from that
float's few bits: sig(exp(-744), 3) was 9.88e-324, not 7.67e-324."""

from fractions import Fraction

import mpmath
import pytest

from bank_support import SOFTMAX, bank_with
from quizgen.maths.evaluate import ground
from quizgen.maths.parser import parse, template_policy


def value(text):
    return ground(parse(text, template_policy(set())), {})


def _exp(n: int):
    """e**n to 80 digits (mpmath), the reference."""
    with mpmath.workdps(80):
        return +mpmath.exp(n)


@pytest.mark.parametrize("text, expected", [
    ("floor(100 * exp(110) / (exp(110) + 1))", 99),      # 100 p, p = 1 - 1.7e-48: a saturated softmax
    ("floor(1 / (1 + exp(-110)))", 0),
    ("floor(1 - exp(-104))", 0), ("floor(1 - exp(-200))", 0), ("ceil(3 + exp(-110))", 4),
    ("round(1/2 - exp(-110))", 0), ("round(-1/2 + exp(-110))", 0),
    ("ceil(7 * (2/7 + exp(-110)))", 3),
])
def test_a_value_a_hair_from_a_simple_fraction_is_not_that_fraction(text, expected):
    assert value(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("floor(log(1000) / log(10))", 3), ("ceil(log(1000) / log(10))", 3), ("round(sqrt(2) * sqrt(2) / 4)", 1),
    ("floor(exp(log(7) / 3) ** 3)", 7), ("round(100 * (sqrt(3) ** 2 / 3 - 1/2))", 50),
    ("floor(3 * (sqrt(5) + 1) * (sqrt(5) - 1) / 12)", 1), ("isint(sqrt(7) ** 2)", True),
])
def test_a_rational_that_looks_irrational_is_still_that_fraction(text, expected):
    assert value(text) == expected


def test_a_bank_let_reaches_the_saturated_softmax(tmp_path):
    """A let of a user bank, as ``quizgen generate`` works it: 100 p of a softmax whose logits lie 110 + V apart."""
    from quizgen.bank.loader import load_template
    from quizgen.generation.sampling import sample_instance

    bank = bank_with(tmp_path, SOFTMAX, ('  others: "V - 1"', '  others: "V - 1"\n'
                                         '  sure: "exp(110 + V) / (exp(110 + V) + 1)"\n'
                                         '  in_hundred: "floor(100 * sure)"'))
    instance = sample_instance(load_template(bank / "c14.yaml"), "referee/0")
    assert instance.env["in_hundred"] == 99


@pytest.mark.parametrize("n, figures", [(744, 3), (740, 3), (730, 6), (720, 10), (737, 4)])
def test_significant_figures_of_a_subnormal_value_are_its_own(n, figures):
    exact = _exp(-n)
    expected = Fraction(mpmath.nstr(exact, figures, min_fixed=1, max_fixed=0, strip_zeros=False))
    assert value(f"sig(exp(-{n}), {figures})") == expected
    assert value(f"sigdec(exp(-{n}), {figures})") == expected


def test_a_subnormal_float_does_not_carry_its_error_into_a_product():
    """exp(-744)'s float is 2 ulps of the smallest subnormal, 9.88e-324; 10**300 times it was 9.88e-24."""
    assert value("floor(10**24 * (10**300 * exp(-744)))") == 7
    assert float(value("10**300 * exp(-744)")) == pytest.approx(7.6719447041799790e-24, rel=1e-12)


def test_the_text_filters_and_the_key_write_a_subnormal_value_from_its_own_figures():
    from quizgen.maths.numbers import key_answer, significant, significant_or_fixed
    tiny = value("exp(-744)")
    assert significant(tiny, 3) == "0." + "0" * 323 + "767"
    assert significant_or_fixed(tiny, 3) == "0." + "0" * 323 + "767"
    assert key_answer(tiny, "numeric", 4) == "0." + "0" * 323 + "7672"
