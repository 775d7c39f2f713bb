"""The fast engine's whole parts and ties of exact values that only look irrational, or are too
large for a float (review 47b F4): floor(log(1000, 10)) was 2 (its float 2.9999999999999996) and
floor(exp(40)) ended in ...020000; SymPy, the referee, gives 3 and ...019985."""

from fractions import Fraction

import pytest
import sympy

from quizgen.bank.loader import builtin_bank_dir
from quizgen.maths.evaluate import ground
from quizgen.maths.exact import Exact
from quizgen.maths.parser import parse, template_policy


def value(text):
    return ground(parse(text, template_policy(set())), {})


@pytest.mark.parametrize("text, expected", [
    ("log(1000, 10)", Fraction(3)), ("log(8, 2)", Fraction(3)), ("log(2, 4)", Fraction(1, 2)),
    ("log(1/9, 3)", Fraction(-2)), ("floor(log(1000, 10))", Fraction(3)), ("ceil(log(1000, 10))", Fraction(3)),
    ("floor(log(999, 10))", Fraction(2)), ("ceil(log(1001, 10))", Fraction(4)),
    ("floor(exp(40))", Fraction(int(sympy.floor(sympy.exp(40))))),
    ("ceil(exp(40))", Fraction(int(sympy.ceiling(sympy.exp(40))))),
    ("round(log(1000, 10) / 2)", Fraction(2)),   # 1.5, a tie: away from zero
])
def test_whole_parts_and_logs_are_exact(text, expected):
    assert value(text) == expected


def test_a_log_that_is_no_rational_power_stays_irrational():
    assert value("log(3, 10)").__class__ is Exact


def test_validate_takes_the_whole_part_of_a_log_that_is_whole(tmp_path, invoke):
    """The review's template: C3 with p = 1/V + (kk - 3)/1000, kk = floor(log(1000, 10)) = 3, so its
    canonical p is still 1/4; validate said "states 0.25 but the canonical instance gives 0.249"."""
    source = (builtin_bank_dir() / "c3_uniform_logits.yaml").read_text(encoding="utf-8")
    old = 'let:\n  p: "1 / V"'
    assert old in source
    source = source.replace(old, 'let:\n  kk: "floor(log(1000, 10))"\n  p: "1 / V + (kk - 3) / 1000"', 1)
    source = source.replace("id: mlm-uniform-logits", "id: floored").replace("class: C3", "class: C14")
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c14.yaml").write_text(source, encoding="utf-8")
    result = invoke("validate", "--bank", bank, "--samples", 5)
    assert result.exit_code == 0, result.output
    assert "canonical" not in result.output or "gives 0.249" not in result.output


def test_a_form_sympy_cannot_take_falls_back_to_the_float(monkeypatch):
    """No traceback where SymPy gives no number: the float decides, as before settle.py."""
    from quizgen.maths import settle

    def refuse(node):
        raise settle.ExpressionError("cannot convert this expression")

    monkeypatch.setattr(settle, "to_sympy", refuse)
    monkeypatch.setattr(settle, "_PRECISE", {})   # nothing worked out by an earlier test
    assert value("floor(exp(40))") == Fraction(235385266837020000)


def test_sympy_works_out_each_exact_form_once(monkeypatch):
    """C1's and C8's e^4 lies 6e-10 from a tie at 4 decimals, so every draw showing it asked SymPy
    (a millisecond each, 10% of generate's time): the same printed form is worked out once."""
    from quizgen.maths import settle
    from quizgen.maths.rounding import to_places

    calls = []
    real = settle.to_sympy
    monkeypatch.setattr(settle, "to_sympy", lambda node: calls.append(node) or real(node))
    monkeypatch.setattr(settle, "_PRECISE", {})
    results = {to_places(value("exp(4)"), 4) for _ in range(5)}
    assert results == {Fraction(545982, 10 ** 4)}   # 54.598150033..., the tie's far side
    assert len(calls) == 1
    assert to_places(value("exp(4) + 1/10**9"), 4) == Fraction(545982, 10 ** 4) and len(calls) == 2
