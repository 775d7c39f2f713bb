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


def test_a_value_sympy_finds_no_real_number_fails_its_draw(monkeypatch):
    """1/(sqrt(2)**2 - 2) divides by an exact zero its float misses (2**51 from 4.4e-16): its floor
    was the float's, 2251799813685248, without a word (review 49b F1); now the expression fails."""
    from quizgen.errors import ExpressionError
    from quizgen.maths import settle

    monkeypatch.setattr(settle, "_PRECISE", {})   # nothing worked out by an earlier test
    with pytest.raises(ExpressionError, match=r"1/\(sqrt\(2\)\*\*2 - 2\) is no real number \(SymPy gives zoo\)"):
        value("floor(1/(sqrt(2)**2 - 2))")


def test_a_template_whose_floor_has_no_real_value_is_named_by_generate(tmp_path, invoke):
    """The user sees a one-line error naming the template, its let and the form, not a paper
    whose number the float made up."""
    source = (builtin_bank_dir() / "c3_uniform_logits.yaml").read_text(encoding="utf-8")
    old = 'let:\n  p: "1 / V"'
    source = source.replace(old, 'let:\n  kk: "floor(1/(sqrt(2)**2 - 2))"\n  p: "1 / V + (kk - kk) / 1000"', 1)
    source = source.replace("id: mlm-uniform-logits", "id: floored").replace("class: C3", "class: C14")
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c14.yaml").write_text(source, encoding="utf-8")
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--out", tmp_path / "out")
    assert result.exit_code == 2
    assert "template floored" in result.output and "let.kk" in result.output
    assert "1/(sqrt(2)**2 - 2) is no real number" in result.output and "Traceback" not in result.output


@pytest.mark.slow
def test_no_shipped_template_asks_sympy_for_a_value_that_is_no_number(tmp_path, invoke, monkeypatch):
    """Every value of the built-in bank that reaches SymPy (a tie or whole part its float cannot
    decide) gets a real number back: none is refused, so none redraws on SymPy's word, and the
    check is not empty (C1's and C8's e^4 lies 6e-10 from a tie at 4 decimals)."""
    from quizgen.maths import settle

    asked, refused = [], []
    real = settle._precise

    def watched(value, form):
        asked.append(form)
        try:
            return real(value, form)
        except Exception:
            refused.append(form)
            raise

    monkeypatch.setattr(settle, "_precise", watched)
    monkeypatch.setattr(settle, "_PRECISE", {})
    for args in (["--worked-examples"], ["--count", 100, "--seed", 49], ["--count", 100, "--seed", "words"]):
        result = invoke("generate", "--jobs", 1, "--out", tmp_path / str(args[-1]), *args)
        assert result.exit_code == 0, result.output
    assert "exp(4)" in asked and refused == []


def test_sympy_works_out_each_exact_form_once(monkeypatch):
    """C1's and C8's e^4 lies 6e-10 from a tie at 4 decimals, so every draw showing it asked SymPy
    (a millisecond each, 10% of generate's time): the same printed form is worked out once (since
    the fifty-fourth round by the decimal module, not SymPy: tests/test_perf54.py)."""
    from quizgen.maths import settle
    from quizgen.maths.rounding import to_places

    calls = []
    real = settle._precise
    monkeypatch.setattr(settle, "_precise", lambda value, form: calls.append(form) or real(value, form))
    monkeypatch.setattr(settle, "_PRECISE", {})
    results = {to_places(value("exp(4)"), 4) for _ in range(5)}
    assert results == {Fraction(545982, 10 ** 4)}   # 54.598150033..., the tie's far side
    assert len(calls) == 1
    assert to_places(value("exp(4) + 1/10**9"), 4) == Fraction(545982, 10 ** 4) and len(calls) == 2


@pytest.mark.parametrize("text", ["sqrt(n) ** 2", "sqrt(n) * sqrt(n)", "exp(log(n))", "sqrt(n)", "sqrt(n) ** 3",
                                  "log(n ** 3, n)", "sqrt(n) ** 2 / 2"])
@pytest.mark.parametrize("n", [2, 3, 4, 7, 32])
def test_isint_agrees_with_sympy_on_exact_wholes_left_unsimplified(text, n):
    """isint(sqrt(3) ** 2) was False (an unfolded tree is no Fraction) while floor of it gave 3 and
    == gave true: isint decides a tree near a whole as floor does, and SymPy is the referee."""
    exact = sympy.N(sympy.sympify(text.replace("n", str(n))), 60)
    assert value(f"isint({text.replace('n', str(n))})") is bool(abs(exact - round(exact)) < sympy.Float("1e-40"))
