"""The exact engine decides on exact values where a float could be wrong: a value whose float
underflows to 0 (exp(-1600)) is positive, not 0; a cancellation ((sqrt(2) + 1e15) - 1e15, whose
float is 1.375) is worked again from its tree; a power's negative-base and zero-base checks read
the base's exact sign. Each decision is compared with SymPy's."""

from fractions import Fraction

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
from quizgen.maths.exact import UNDERFLOW, Exact
from quizgen.maths.parser import parse, template_policy
from quizgen.maths.printing import to_sympy

SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def value(text):
    return ground(parse(text, template_policy(set())), {})


# --- a value whose float underflows to 0 -------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("sqrt(exp(-1600)) > 0", True), ("exp(-1600) == 0", False), ("exp(-1600) > exp(-1601)", True),
    ("exp(-1600) - exp(-1601) > 0", True), ("exp(-1601) - exp(-1600) < 0", True),
    ("log(exp(-1600))", Fraction(-1600)), ("floor(10**300 * exp(-1600))", Fraction(0)),
    ("sqrt(exp(-1600)) ** 2 == exp(-1600)", True), ("abs(-exp(-1600)) > 0", True),
])
def test_an_underflowing_value_is_decided_exactly(text, expected):
    """Before, its float 0 was snapped to 0: its root was 0 and its logarithm refused."""
    assert value(text) == expected


@pytest.mark.parametrize("text, exact", [
    ("log(sqrt(exp(-1600)))", -800), ("log10(exp(-1600) * pi)", sympy.log(sympy.pi * sympy.exp(-1600), 10)),
    ("log2(sqrt(exp(-1600)))", -800 / sympy.log(2)),
])
def test_the_logarithm_of_an_underflowing_value_is_its_own(text, exact):
    result = value(text)
    assert result.__class__ is Exact and result.value == pytest.approx(float(sympy.N(exact, 30)), rel=1e-13)
    assert abs(sympy.N(to_sympy(result) - exact, 40)) < 1e-30


@pytest.mark.parametrize("text", ["sig(exp(-1600), 3)", "sigdec(exp(-1600), 4)"])
def test_significant_figures_past_a_float_are_refused_not_0(text):
    with pytest.raises(ExpressionError) as caught:
        value(text)
    assert str(caught.value) == f"significant figures of {UNDERFLOW}"


@SETTINGS
@given(st.integers(min_value=746, max_value=3000), st.integers(min_value=1, max_value=5),
       st.sampled_from(["<", "<=", "==", "!=", ">=", ">"]))
def test_underflowing_values_order_as_sympy_orders_them(n, gap, op):
    left, right = f"exp(-{n})", f"exp(-{n + gap}) * {gap + 1}"   # e^-gap * (gap+1) < 1 for gap >= 1
    difference = sympy.N(sympy.exp(-n) - (gap + 1) * sympy.exp(-n - gap), 50)
    sign = int(sympy.sign(difference))
    expected = {"<": sign < 0, "<=": sign <= 0, "==": sign == 0, "!=": sign != 0, ">=": sign >= 0, ">": sign > 0}[op]
    assert value(f"{left} {op} {right}") is expected
    assert value(f"sqrt({left}) > 0") and value(f"log({left})") == -n


# --- cancellation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("(sqrt(2) + 1e10) - 1e10 > 1.4142136", False),        # its float, 1.41421365..., says True
    ("(sqrt(2) + 1e10) - 1e10 < 1.4142135623731", True),
    ("(sqrt(2) + 10**15) - 10**15 > 1.4", True),            # its float is 1.375
    ("round(10**4 * ((sqrt(2) + 10**15) - 10**15))", Fraction(14142)),
    ("sig((sqrt(2) + 10**15) - 10**15, 5)", Fraction("1.4142")),
    ("pi * (sqrt(2) + 10**15) - pi * 10**15 > 4.4", True),   # no decimal form for pi: SymPy decides
    ("floor(10**6 * (pi * (sqrt(2) + 10**15) - pi * 10**15))", Fraction(4442882)),
    ("max(list((sqrt(3) + 10**12) - 10**12, 1.7320508075689))", Fraction(17320508075689, 10**13)),
])
def test_a_cancellation_is_decided_exactly(text, expected):
    assert value(text) == expected


def test_a_cancellations_float_is_worked_again_from_its_tree():
    """The rest of quizgen reads an Exact's float (the key, the leak check): it is sqrt(2)'s."""
    for text in ("(sqrt(2) + 10**15) - 10**15", "(sqrt(2) + 1e10) - 1e10", "exp(log(10**12 + sqrt(2))) - 10**12"):
        assert value(text).value == pytest.approx(2 ** 0.5, rel=1e-13), text


@SETTINGS
@given(st.integers(min_value=2, max_value=99), st.integers(min_value=6, max_value=17),
       st.integers(min_value=-10**6, max_value=10**6), st.sampled_from(["<", ">", "==", "!="]))
def test_cancellations_compare_as_sympy_compares_them(p, k, nudge, op):
    """(sqrt(p) + 10**k) - 10**k against a decimal within about 1e-9 of sqrt(p)."""
    target = sympy.Rational(round(sympy.N(sympy.sqrt(p), 30) * 10**15) + nudge, 10**15)
    left = f"(sqrt({p}) + 10**{k}) - 10**{k}"
    sign = int(sympy.sign(sympy.N(sympy.sqrt(p) - target, 50)))
    expected = {"<": sign < 0, ">": sign > 0, "==": sign == 0, "!=": sign != 0}[op]
    assert value(f"{left} {op} {target.p}/{target.q}") is expected


# --- a power's signs --------------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("(sqrt(6) - sqrt(2)*sqrt(3)) ** 0.5", Fraction(0)),       # the base's float is -4.4e-16
    ("(sqrt(2)*sqrt(3) - sqrt(6)) ** 0.5", Fraction(0)),       # +4.4e-16: its root was 2.1e-8
    ("(sqrt(6) - sqrt(2)*sqrt(3) + 10**-30) ** 0.5 > 0", True),
    ("(sqrt(2)*sqrt(3) - sqrt(6)) ** 3", Fraction(0)),
])
def test_a_powers_base_sign_is_exact(text, expected):
    assert value(text) == expected


@pytest.mark.parametrize("text, message", [
    ("(sqrt(2)*sqrt(3) - sqrt(6) - 10**-30) ** 0.5", "fractional power of a negative number"),
    ("(sqrt(2)*sqrt(3) - sqrt(6)) ** -1", "zero to a non-positive power"),
    ("(sqrt(6) - sqrt(2)*sqrt(3)) ** (sqrt(2) - sqrt(2)*1)", "zero to a non-positive power"),
    ("exp(-1000) ** -1", f"a power of 0 or less of {UNDERFLOW}"),
    ("1 / (sqrt(6) - sqrt(2)*sqrt(3))", "division by zero"),   # its float was 2.25e15
])
def test_a_power_of_an_exact_zero_or_negative_is_refused(text, message):
    with pytest.raises(ExpressionError) as caught:
        value(text)
    assert str(caught.value) == message


BASES = st.sampled_from(["sqrt({p})*sqrt({q}) - sqrt({pq})", "sqrt({pq}) - sqrt({p})*sqrt({q})",
                         "log({p}*{q}) - log({p}) - log({q})"])
OFFSETS = st.sampled_from(["0", "10**-30", "-10**-30", "10**-12", "-10**-12", "1/7"])
EXPONENTS = st.sampled_from(["1/2", "3/2", "-1/2", "2", "-1", "1/3"])


@SETTINGS
@given(st.integers(min_value=2, max_value=40), st.integers(min_value=2, max_value=40), BASES, OFFSETS, EXPONENTS)
def test_powers_agree_with_sympy(p, q, base, offset, exponent):
    text = f"({base.format(p=p, q=q, pq=p * q)} + {offset}) ** ({exponent})"
    true_base = sympy.N(to_sympy(value(f"{base.format(p=p, q=q, pq=p * q)} + {offset}")), 60)
    sign = 0 if abs(true_base) < 1e-50 else (1 if true_base > 0 else -1)
    whole = exponent in ("2", "-1")
    if (sign < 0 and not whole) or (sign == 0 and exponent.startswith("-")):
        with pytest.raises(ExpressionError):
            value(text)
        return
    result = value(text)
    expected = 0 if sign == 0 else sympy.N(true_base ** sympy.Rational(exponent), 40)
    got = sympy.N(to_sympy(result), 40) if result.__class__ is Exact else sympy.Rational(result.numerator,
                                                                                          result.denominator)
    assert abs(got - expected) <= 1e-25 * max(1, abs(expected)), (text, got, expected)
