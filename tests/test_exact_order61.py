"""The exact engine orders two exact values exactly (settle.order): two rationals as they are, two
values whose floats lie too near each other to tell on their precise difference. Before, `<`, `>`,
`==`, max/min/argmax and abs read the floats: `sqrt(2)*sqrt(3) > sqrt(6)` was true (the floats
differ in the last bit) and `1/3 > 0.33333333333333333` false (one float for both); only
validate's SymPy referee saw it."""

from fractions import Fraction

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from quizgen.maths.evaluate import ground
from quizgen.maths.exact import Exact
from quizgen.maths.parser import parse, template_policy
from quizgen.maths.printing import to_sympy


def value(text):
    return ground(parse(text, template_policy(set())), {})


@pytest.mark.parametrize("text, expected", [
    ("sqrt(2)*sqrt(3) > sqrt(6)", False), ("sqrt(2)*sqrt(3) < sqrt(6)", False),
    ("sqrt(2)*sqrt(3) == sqrt(6)", True), ("sqrt(2)*sqrt(3) >= sqrt(6)", True), ("sqrt(2)*sqrt(3) != sqrt(6)", False),
    ("1/3 > 0.33333333333333333", True), ("1/3 == 0.33333333333333333", False),
    ("0.33333333333333333 < 1/3 <= 1/3", True),
    ("exp(log(7)/3)**3 < 7", False), ("exp(log(7)/3)**3 > 7", False), ("exp(log(7)/3)**3 == 7", True),
    ("exp(2*log(7)) == 49", True),
    ("sqrt(2) > 1.4142135623730950488", True), ("sqrt(2) < 1.4142135623730950489", True),
    ("exp(3) == exp(3) + 10**-14", False), ("exp(3) < exp(3) + 10**-20", True),
    ("sqrt(10**24 + 1) > 10**12", True),
])
def test_near_equal_pairs_are_ordered_exactly(text, expected):
    assert value(text) is expected


@pytest.mark.parametrize("text, expected", [
    ("argmax(list(sqrt(6) + 10**-17, sqrt(2)*sqrt(3)))", Fraction(0)),   # the floats say 1
    ("argmin(list(sqrt(6), sqrt(2)*sqrt(3) - 10**-17))", Fraction(1)),
    ("argmax(list(sqrt(6), sqrt(2)*sqrt(3)))", Fraction(0)),             # equal: the first
    ("argmin(list(sqrt(2)*sqrt(3), sqrt(6)))", Fraction(0)),
    ("count(list(sqrt(6), sqrt(2)*sqrt(3), 3), sqrt(6))", Fraction(2)),
    ("count(list(1/3, 0.33333333333333333), 1/3)", Fraction(1)),
    ("sqrt(sqrt(6) - sqrt(2)*sqrt(3))", Fraction(0)),   # the float under the root is -4.4e-16
])
def test_list_functions_and_roots_read_the_exact_order(text, expected):
    assert value(text) == expected


def test_max_and_min_give_the_exactly_larger_item():
    larger = value("max(list(sqrt(2)*sqrt(3) - 10**-17, sqrt(6)))")
    assert larger.__class__ is Exact and larger.value == pytest.approx(6 ** 0.5)
    assert sympy.simplify(to_sympy(larger) - sympy.sqrt(6)) == 0
    assert value("min(list(1/3, 0.33333333333333333))") == Fraction(33333333333333333, 10 ** 17)


def test_abs_of_a_tree_whose_float_has_the_wrong_sign():
    """10**-20 - (sqrt(2)*sqrt(3) - sqrt(6)) is 1e-20, its float -4.4e-16: abs kept it as it was."""
    result = value("abs(10**-20 - (sqrt(2)*sqrt(3) - sqrt(6)))")
    assert sympy.N(to_sympy(result), 30) > 0


def test_a_log_of_an_exact_zero_is_refused_whatever_its_float():
    from quizgen.errors import ExpressionError
    with pytest.raises(ExpressionError, match="logarithm of a non-positive number"):
        value("log(sqrt(2)*sqrt(3) - sqrt(6))")   # float +4.4e-16


# --- against SymPy: pairs built to lie within a few ulps of each other, or to be one number ---

ROOTS = st.integers(min_value=2, max_value=60)
OFFSETS = st.sampled_from(["0", "10**-17", "-10**-17", "10**-25", "-10**-25", "3*10**-16", "-3*10**-16"])


@st.composite
def near_pairs(draw):
    """Two expressions whose values are equal or differ far below a float's resolution."""
    p, q, n = draw(ROOTS), draw(ROOTS), draw(st.integers(min_value=2, max_value=5))
    offset = draw(OFFSETS)
    left = draw(st.sampled_from([f"sqrt({p})*sqrt({q})", f"exp(log({p})/{n})**{n}", f"log({p}**{n})",
                                 f"{p}/{q}", f"sqrt({p}/{q})"]))
    right = {f"sqrt({p})*sqrt({q})": f"sqrt({p * q})", f"exp(log({p})/{n})**{n}": f"{p}",
             f"log({p}**{n})": f"{n}*log({p})", f"{p}/{q}": f"{p / q!r}", f"sqrt({p}/{q})": f"sqrt({p})/sqrt({q})"}
    return left, f"{right[left]} + {offset}"


def _sympy_sign(left, right) -> int:
    difference = sympy.N(to_sympy(value(left)) - to_sympy(value(right)), 80)
    return 0 if abs(difference) < sympy.Float(10) ** -60 else (1 if difference > 0 else -1)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(near_pairs(), st.sampled_from(["<", "<=", "==", "!=", ">=", ">"]))
def test_comparisons_agree_with_sympy(pair, op):
    left, right = pair
    sign = _sympy_sign(left, right)
    expected = {"<": sign < 0, "<=": sign <= 0, "==": sign == 0, "!=": sign != 0, ">=": sign >= 0, ">": sign > 0}[op]
    assert value(f"{left} {op} {right}") is expected, (left, op, right, sign)
    largest = value(f"argmax(list({left}, {right}))")
    assert largest == (1 if sign < 0 else 0)


@pytest.mark.parametrize("text, expected", [
    ("exp(-700) > 0", True), ("log(exp(-700))", Fraction(-700)), ("sqrt(exp(-700)) > 0", True),
    ("exp(-200) == 0", False), ("sqrt(6) - sqrt(2)*sqrt(3) == 0", True),
])
def test_a_tiny_value_whose_float_is_not_0_keeps_its_size(text, expected):
    """precise() snaps a value within 1e-45 of 0 to 0 (a tree that is exactly 0, its float noise);
    a non-zero float below 1e-45 is no such noise: exp(-700) is positive, its square root no 0."""
    assert value(text) == expected
