"""The math core read and reported as written: a long decimal literal is the decimal its text says,
a division whose divisor only underflows is no division by zero, and one rule says which fractions
have a finite decimal."""

from fractions import Fraction

import pytest


def _value(text):
    from quizgen.maths.evaluate import ground
    from quizgen.maths.parser import parse, template_policy
    return ground(parse(text, template_policy(set())), {})


@pytest.mark.parametrize("text, exact", [
    ("1.00000000000000001", Fraction(100000000000000001, 10**17)),
    ("0.1000000000000000055511151231257827", Fraction("0.1000000000000000055511151231257827")),
    ("1.000000000000000000000", Fraction(1)),
    ("1.23456789012345e-320", Fraction("1.23456789012345e-320")),   # a subnormal double keeps fewer figures
    ("0.12345678901234", Fraction("0.12345678901234")),
    ("1.", Fraction(1)), ("00.0100e+2", Fraction(1)), ("1E-5", Fraction(1, 10**5)), ("1e-999", Fraction(0)),
])
def test_a_literal_is_read_by_the_figures_written_not_by_its_floats_repr(text, exact):
    """A literal of 16 or more figures can round to a float whose repr is short (1.00000000000000001
    is the float 1.0): its own figures decide whether the text is read, so it stays as written."""
    assert _value(text) == exact


def test_a_long_literal_just_above_one_is_above_one():
    """Its float is 1.0: read from the float, it minus 1 was 0."""
    assert _value("1.00000000000000001 - 1") == Fraction(1, 10**17)
    assert _value("floor(10**17 * (1.00000000000000001 - 1))") == 1


@pytest.mark.parametrize("text", ["floor(π + 10**17 * (1.00000000000000001 - 1)) - 3",
                                  "floor(10**17 * (1 +\n 1.00000000000000001 - 2))"])
def test_a_literal_after_a_wide_character_or_a_line_break_is_sliced_right(text):
    """The literal's text comes from its column offsets, which count UTF-8 bytes, on the first line;
    a later line is read through the source segment."""
    assert _value(text) == 1


UNDERFLOW = "a number too small for a float (it underflows to 0, as exp(-1000) does)"


@pytest.mark.parametrize("text, message", [
    ("1 / exp(-1000)", f"division by {UNDERFLOW}"),
    ("sqrt(2) / exp(-800)", f"division by {UNDERFLOW}"),
    ("exp(-800) / exp(-790)", f"division by {UNDERFLOW}"),   # e^-10, a fine value, but not in floats
    ("1 / -(sqrt(exp(-700)) * exp(-700) * pi)", f"division by {UNDERFLOW}"),   # a product underflows
    ("exp(-1000) ** -1", f"a power of 0 or less of {UNDERFLOW}"),
    ("1 / (2/sqrt(5) - 2/sqrt(5))", "division by zero"),   # a difference may be an exact zero
    ("(sqrt(2) - sqrt(2)) ** -1", "zero to a non-positive power"),
])
def test_a_divisor_that_only_underflows_is_not_called_zero(text, message):
    from quizgen.errors import ExpressionError
    with pytest.raises(ExpressionError) as caught:
        _value(text)
    assert str(caught.value) == message


def test_a_draw_that_divides_by_an_underflow_says_so(tmp_path, invoke):
    """validate's line for the let names the underflow, not a zero the value never is."""
    from bank_support import SOFTMAX, bank_with
    bank = bank_with(tmp_path, SOFTMAX, ('  others: "V - 1"', '  others: "V - 1"\n  tiny: "1 / exp(-1000 * V)"'))
    result = invoke("validate", bank, "--samples", 1)
    assert result.exit_code == 1
    assert f"division by {UNDERFLOW}" in result.output, result.output
    assert "division by zero" not in result.output


@pytest.mark.parametrize("denominator, places", [(1, 0), (8, 3), (390625, 8), (10**30, 30), (3, None), (6, None),
                                                 (2**5 * 5**2, 5), (7 * 2**40, None)])
def test_one_rule_says_which_fractions_have_a_finite_decimal(denominator, places):
    from quizgen.maths.rationals import decimal_places
    assert decimal_places(denominator) == places


def test_a_finite_decimal_keeps_its_expression_at_any_length_and_prints_by_the_same_rule():
    """C5's (1 - 0.12)**4 is 0.59969536, shorter written out, yet the expression is what the
    solutions show; 1/3 has no finite decimal and is written 1/3, its lowest terms."""
    from types import SimpleNamespace
    from quizgen.maths.draw_numbers import exact_in_numbers
    from quizgen.maths.evaluate import ground
    from quizgen.maths.parser import parse, template_policy
    from quizgen.maths.printing import terminating_decimal, to_text

    env = {"r": Fraction("0.12"), "n": Fraction(4)}
    node = parse("(1 - r) ** n", template_policy(set(env)))
    pv = SimpleNamespace(value=ground(node, env), part=SimpleNamespace(kind="numeric", answer=node))
    assert to_text(pv.value) == "0.59969536"
    assert to_text(exact_in_numbers(pv, "0.5997", env)) == "(1 - 0.12)**4"
    assert (terminating_decimal(Fraction(1, 3)), terminating_decimal(Fraction(1, 8)), to_text(Fraction(1, 3))) == \
        (None, "0.125", "1/3")


def test_sympy_is_asked_only_where_the_floats_could_decide_a_test_wrong(tmp_path, monkeypatch):
    """sqrt(2) > 1 and isint(sqrt(2)) are far from any doubt; sqrt(2) > 1.4142135623730950488 and
    isint(sqrt(3) ** 2) (its float 2.9999999999999996) are not, and only their operands go to SymPy;
    the problem line writes the literal as the template does. The engine is put back on floats here
    (it orders exact values exactly, settle.order), so that the referee has a disagreement to report."""
    from bank_support import SOFTMAX, bank_with
    from quizgen.bank.loader import load_template
    from quizgen.generation.sampling import sample_instance
    from quizgen.maths import settle
    from quizgen.validation import referee_truths

    monkeypatch.setattr(settle, "order", lambda a, b: (settle.to_float(a) > settle.to_float(b)) - (settle.to_float(a) < settle.to_float(b)))

    asked = []
    real = referee_truths.sympy_value
    monkeypatch.setattr(referee_truths, "sympy_value", lambda text, digits: asked.append(text) or real(text, digits))
    bank = bank_with(tmp_path, SOFTMAX, ('  others: "V - 1"', '  others: "V - 1"\n  far: "sqrt(2) > 1"\n'
                                         '  not_whole: "isint(sqrt(2))"\n'
                                         '  close: "sqrt(2) > 1.4142135623730950488"\n  whole: "isint(sqrt(3) ** 2)"'))
    instance = sample_instance(load_template(bank / "c14.yaml"), "referee/0")
    lines = [line for _, line in referee_truths.truth_disagreements(instance)]
    assert lines == ["let close: sqrt(2) > 1.4142135623730950488 is true for SymPy, false for the engine"]
    assert asked == ["sqrt(2)", "1767766952966368811/1250000000000000000", "sqrt(3)**2"]


@pytest.mark.parametrize("points, shown", [("1.0e+300", "1e+300"), ("1000001.5", "1,000,001.5"),
                                           ("1000001", "1,000,001"), ("1000001.0", "1,000,001")])
def test_points_over_the_limit_are_shown_as_a_number_not_a_float_s_digits(tmp_path, invoke, points, shown):
    """1.0e+300 was printed as the 301 digits of its float (1,000,000,000,000,000,052,504,760,...)."""
    from bank_support import SOFTMAX, bank_with
    result = invoke("validate", bank_with(tmp_path, SOFTMAX, ("range: [0, 1]\n    points: 2", f"range: [0, 1]\n    points: {points}")),
                    "--samples", 0)
    assert result.exit_code == 1
    assert f": parts.0.points: points of {shown} exceed the limit of 1,000,000 " in result.output, result.output


def test_one_text_limit_for_a_key_and_a_render():
    from quizgen.key import checks
    from quizgen.text import limits
    assert limits.MAX_TEXT is checks.MAX_TEXT and "MAX_TEXT" not in vars(limits).get("__annotations__", {})
    import inspect
    assert "MAX_TEXT = " not in inspect.getsource(limits)
