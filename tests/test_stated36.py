"""The decimal that arithmetic on decimals states (``maths/stated.py``) is
worked by the one evaluator's exact mode, not an evaluator of its own: a
shape that takes numbers, unary minus, ``+ - * /`` and a whole power of at
most MAX_POWER alone, then exact mode with its bounds. Exact mode on its own
would make ``sqrt(0.49)`` 0.7 and a power too big for a rational an
irrational value (which ``* 0`` makes 0 again): both still state nothing."""

import ast
import inspect
import sys
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

from quizgen.maths import evaluate, exact, stated
from quizgen.maths.stated import MAX_POWER, stated_figures

MANY = settings(deadline=None, max_examples=300)
BIG = "1 + 0.1^30 * 0.1^30"   # 1 + 10^-60: a power 30 of it is past what exact mode works as a rational


def test_stated_has_no_evaluator_of_its_own():
    """No function of the module calls itself or reads Neg; it compiles with the shared evaluator."""
    tree = ast.parse(inspect.getsource(stated))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    assert "Neg" not in names and "compile_tree" in names and "ExactArithmetic" in names
    for function in (node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)):
        called = {n.func.id for n in ast.walk(function) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert function.name not in called, f"{function.name} recurses"
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow)
                and not isinstance(node.left, ast.Constant)]   # 10 ** figures in _terminating_digits alone


def test_the_shared_exact_operators_do_the_arithmetic(monkeypatch):
    """``1 - 0.3`` and ``0.7^2`` go through exact mode's own subtraction and power."""
    used = []

    def spy(name, operation):
        def spied(*args):
            used.append(name)
            return operation(*args)
        return spied
    monkeypatch.setitem(evaluate._RATIONAL, "-", spy("-", evaluate._RATIONAL["-"]))
    monkeypatch.setitem(evaluate.OPERATORS, "**", spy("**", evaluate.OPERATORS["**"]))
    assert (stated_figures("1 - 0.3"), stated_figures("0.7^2")) == (1, 2)
    assert used == ["-", "**"]


@pytest.mark.parametrize("text, figures", [
    ("0.7^2", 2), ("7*10^-1", 1), ("2^(1+1)", 1), ("2^(4/2)", 1), (f"10^{MAX_POWER}", MAX_POWER + 1),
    (f"10^-{MAX_POWER}", 1), ("(-2)^3", 1), ("0^0", 1), ("(0.5)^(-3)", 1), ("1e308", 309),
    ("(" * 70 + "0.7" + ")" * 70, 1), ("-" * 60 + "0.7", 1), ("0.7" + "*0.7" * 60, 52)])
def test_whole_powers_and_deep_arithmetic_state_their_decimal(text, figures):
    assert stated_figures(text) == figures


@pytest.mark.parametrize("text", [
    "sqrt(0.49)", "sqrt(4)", "abs(-0.7)", "exp(0)", "ln(1)", "log10(100)", "e", "pi", "e^0", "0.7*pi/pi",
    "2^0.5", "4^(1/2)", f"10^{MAX_POWER + 1}", f"10^-{MAX_POWER + 1}", "2^100",
    "1/0", "0/0", "1/(0.1-0.1)", "0^-1", "9^9^9", "(10^30)^30", "10^30*" * 11 + "10^30", "(1+10^-30)^30", f"({BIG})^30",
    f"({BIG})^30*0+0.5", f"({BIG})^30-({BIG})^30+0.5", "(1+10^-50)^2", "-" * 61 + "0.7", "0.7" + "*0.7" * 61, "x", "[0.7]"])
def test_functions_constants_odd_powers_and_the_unbounded_state_nothing(text):
    """Exact mode alone would fold sqrt(0.49) to 0.7 and make (1 + 10^-60)^30 (too big to work as a
    rational) an irrational value that * 0 makes 0 again: as before, each states nothing."""
    assert stated_figures(text) is None


def test_no_recursion_error_escapes():
    """Nested as deep as the parser allows, with little stack left: nothing is stated, nothing raised."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack()) + 60)
    try:
        found = [stated_figures("-" * 60 + "0.7"), stated_figures("(" * 30 + "0.7" + "*0.7" * 60 + ")" * 30)]
    finally:
        sys.setrecursionlimit(limit)
    assert found == [None, None]


# ------------------------------------------------------------------ against a Fraction reference

SHORT = st.builds(lambda digits, places: Fraction(digits, 10 ** places),
                  st.integers(0, 999), st.integers(0, 3))


def _text(value: Fraction) -> str:
    whole, places = value, 0
    while whole.denominator != 1:
        whole, places = whole * 10, places + 1
    digits = str(whole.numerator).rjust(places + 1, "0")
    return digits if not places else f"{digits[:-places]}.{digits[-places:]}"


LEAVES = st.one_of(SHORT.map(lambda v: (v, _text(v))), SHORT.map(lambda v: (-v, f"(-{_text(v)})")))


def _combined(children):
    operations = st.sampled_from(["+", "-", "*", "/"])
    powers = st.tuples(children, st.integers(-3, 3)).map(lambda pair: ("^",) + pair)
    return st.one_of(st.tuples(operations, children, children), powers)


TREES = st.recursive(LEAVES, _combined, max_leaves=8)


def _written(tree) -> str:
    if tree[0] == "^":
        return f"({_written(tree[1])})^{tree[2]}"
    if len(tree) == 2:
        return tree[1]
    return f"({_written(tree[1])} {tree[0]} {_written(tree[2])})"


def _reference(tree) -> Fraction | None:
    """The exact value in Fractions, None for a division by zero (0 to a negative power too) or
    a number on the way over exact mode's MAX_BITS."""
    if len(tree) == 2:
        return tree[0]
    if tree[0] == "^":
        base = _reference(tree[1])
        value = None if base is None or (not base and tree[2] < 0) else base ** tree[2]
    else:
        left, right = _reference(tree[1]), _reference(tree[2])
        if left is None or right is None or (tree[0] == "/" and not right):
            return None
        value = {"+": left + right, "-": left - right, "*": left * right}[tree[0]] if tree[0] != "/" else left / right
    if value is None or max(value.numerator.bit_length(), value.denominator.bit_length()) > exact.MAX_BITS:
        return None
    return value


def _figures(value: Fraction | None) -> int | None:
    """The figures of the decimal ``value`` terminates as: its digits at the fewest places that make it whole."""
    if not value:
        return None
    places = next((p for p in range(value.denominator.bit_length() + 1) if 10 ** p % value.denominator == 0), None)
    return None if places is None else len(str(abs(value.numerator) * 10 ** places // value.denominator))


@quick(MANY)
@given(TREES)
def test_arithmetic_on_short_decimals_states_what_fractions_say(tree):
    text = _written(tree)
    expected = _figures(_reference(tree))
    found = stated_figures(text)
    assert found == expected, text
    if found is not None:
        numbers = tree[0] == "/" and all(len(side) == 2 and not side[1].startswith("(") for side in tree[1:])
        assert found.fraction == numbers, text   # 7/10: "your fraction"; (-7)/10, 7/(5*2): "your expression"


test_arithmetic_on_short_decimals_many = many_copy(test_arithmetic_on_short_decimals_states_what_fractions_say,
                                                   given(TREES), MANY)


WRAPPED = st.sampled_from(["sqrt({})", "abs({})", "exp({})", "ln({})", "({}) * e", "pi - ({})", "({})^0.5"])


@quick(MANY)
@given(TREES, WRAPPED)
def test_a_function_or_constant_anywhere_states_nothing(tree, wrapper):
    assert stated_figures(wrapper.format(_written(tree))) is None


test_a_function_or_constant_many = many_copy(test_a_function_or_constant_anywhere_states_nothing,
                                             given(TREES, WRAPPED), MANY)
