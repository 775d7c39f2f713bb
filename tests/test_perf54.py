"""The fifty-fourth round's cuts to generate's work (docs/performance.md): each
does less work for the same questions, so each test holds the new path to the old."""

from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation import variants
from quizgen.generation.variants import PROBE_DRAWS, few_valued

EXAMPLE_BANK = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank"


def shipped_templates():
    return load_bank(()) + load_bank([EXAMPLE_BANK], include_builtin=False)


def test_few_valued_parts_are_known_from_the_template():
    """C5's empty sum (one value) and BERT's count (from 13 sentences), C10's count (6 sentences)."""
    assert {t.cls: sorted(few_valued(t)) for t in shipped_templates() if few_valued(t)} == {"C5": [0, 3], "C10": [0]}


def test_the_probe_stops_once_the_parts_that_can_tell_have(monkeypatch):
    """C10's count of predictions takes three values: the probe once drew all 200 draws waiting for it."""
    c10 = next(t for t in load_bank(()) if t.cls == "C10")
    labels = []
    monkeypatch.setattr(variants, "probe_label", lambda t, k, seed="variants": labels.append(k) or
                        f"{seed}/{t.id}/{k}")
    assert variants._well_spread(c10) == frozenset({1})
    assert len(labels) < PROBE_DRAWS / 4


@pytest.mark.slow
def test_the_telling_parts_are_those_every_probe_draw_finds(monkeypatch):
    """The probe as the forty-eighth round ran it is the same probe with no part known
    few-valued: it waits for every part that varies at all."""
    templates = shipped_templates()
    found = [variants._well_spread(template) for template in templates]
    monkeypatch.setattr(variants, "few_valued", lambda template: frozenset())
    for template, telling in zip(templates, found):
        assert telling == variants._well_spread(template), template.cls


# --- settle.py's precise values without SymPy (quizgen/maths/decimal_value.py) ---

import random
import subprocess
import sys
from fractions import Fraction

from quizgen.maths import settle
from quizgen.maths.decimal_value import decimal_value
from quizgen.maths.evaluate import ground
from quizgen.maths.parser import ANSWER_POLICY, parse


def _by_sympy(value) -> Fraction:
    """settle's value of an exact number as SymPy alone worked it (the forty-eighth round's)."""
    number = settle.to_sympy(value.node).evalf(settle.DIGITS)
    approximation = Fraction(str(number))
    simple = approximation.limit_denominator(10 ** 9)
    return simple if abs(approximation - simple) < settle.SNAP * max(1, abs(simple)) else approximation


def _agrees(ours: Fraction, sympys: Fraction) -> bool:
    """One value: the same simple fraction, or within a unit of the 59th digit (SymPy's last digit
    is not always the nearest: 0.58...876548 where the value to 60 digits is 0.58...8765481)."""
    if sympys.denominator <= 10 ** 9 or ours.denominator <= 10 ** 9:
        return ours == sympys
    return abs(ours - sympys) <= abs(sympys) / 10 ** 58


def _random_expression(rng, depth=0) -> str:
    if depth > 2 or rng.random() < 0.3:
        return rng.choice(["E", str(rng.randint(1, 40)), f"{rng.randint(1, 99)}/{rng.randint(1, 99)}",
                           f"0.{rng.randint(1, 99):02d}"])
    a, b = _random_expression(rng, depth + 1), _random_expression(rng, depth + 1)
    return rng.choice([f"exp({a})", f"log({a})", f"log10({a})", f"log2({a})", f"sqrt({a})", f"({a}) + ({b})",
                       f"({a}) - ({b})", f"({a}) * ({b})", f"({a}) / ({b})", f"({a}) ** 2", f"({a}) ** ({b})",
                       f"log({a}, {b})", f"-({a})"])


def _exact(text):
    try:
        value = ground(parse(text, ANSWER_POLICY), {})
    except Exception:   # a random expression out of a function's domain, or past a float's range
        return None
    return value if value.__class__ is not Fraction else None


@pytest.mark.parametrize("text", ["exp(4)", "exp(2)/(exp(2) + E + 1) - exp(2)/(exp(2) + E + 1)",
                                  "log(8) - 3*log(2)", "exp(40)", "sqrt(2)**2", "log2(3)", "1/(1 + exp(-3))",
                                  "exp(1/2) * exp(1/2) - E", "log10(999) - 3"])   # log2(8), log10(1000) are 3 exactly
def test_the_decimal_value_is_sympys(text):
    """Where decimal_value gives a value it is SymPy's; a cancellation it cannot trust goes to SymPy."""
    value = _exact(text)
    assert value is not None, "exact arithmetic folds it to a rational: nothing for decimal_value to settle"
    assert _agrees(settle._precise(value, text), _by_sympy(value)), text


@pytest.mark.slow
def test_the_decimal_value_is_sympys_over_random_expressions():
    rng, compared = random.Random(54), 0
    while compared < 400:
        value = _exact(_random_expression(rng))
        if value is None or not 1e-30 < abs(value.value) < 1e30:
            continue
        try:
            expected = _by_sympy(value)
        except (TypeError, ValueError):   # SymPy gives no real number (an exact zero under a root or divisor)
            continue
        assert _agrees(settle._precise(value, ""), expected)
        compared += 1


def test_e_to_the_4_is_settled_without_importing_sympy():
    """C1's and C8's e^4, 6e-10 from a tie at 4 decimals, once imported SymPy into every generate worker."""
    code = ("import sys\nfrom quizgen.maths.functions import TABLE\nfrom fractions import Fraction\n"
            "from quizgen.maths import rounding\nv = TABLE['exp'].exact(Fraction(4))\n"
            "assert rounding.to_places(v, 4) == Fraction(545982, 10000)\nprint('sympy' in sys.modules)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"


def test_a_tree_decimal_cannot_trust_is_left_to_sympy():
    assert decimal_value(parse("pi", ANSWER_POLICY), 60) is None
    assert decimal_value(ground(parse("1/(sqrt(2)**3 - 2*sqrt(2))", ANSWER_POLICY), {}).node, 60) is None


# --- text/repeats.py's key of a Fraction by its numerator and denominator ---

from quizgen.text.repeats import _frozen


def _frozen_before(value):
    """repeats._frozen as the forty-eighth round wrote it: a Fraction kept as itself, hashed twice."""
    cls = value.__class__
    if cls is tuple or cls is list:
        return cls, tuple(map(_frozen_before, value))
    if cls is dict:
        return cls, tuple((_frozen_before(k), _frozen_before(v)) for k, v in value.items())
    if cls is float:
        return cls, repr(value)
    hash(value)
    return cls, value


def test_a_fraction_keys_a_rendering_as_before():
    """Two values give one key exactly when they gave one before (``1/2`` is not ``0.5``, ``1`` nor ``True``)."""
    rng = random.Random(54)
    pool = [Fraction(1, 2), Fraction(2, 4), Fraction(-1, 2), Fraction(1), 1, True, 0.5, -0.0, 0.0, "1/2", Fraction(3, 7)]

    def value(depth=0):
        if depth < 2 and rng.random() < 0.3:
            return tuple(value(depth + 1) for _ in range(rng.randint(0, 3)))
        if depth < 2 and rng.random() < 0.1:
            return {"k": value(depth + 1)}
        return rng.choice(pool)
    values = [value() for _ in range(300)]
    for a in values:
        for b in values[:60]:
            assert (_frozen(a) == _frozen(b)) == (_frozen_before(a) == _frozen_before(b)), (a, b)


# --- functions._figure_count's whole Fraction read from its numerator ---

from quizgen.errors import ExpressionError
from quizgen.maths import functions


def _figure_count_before(figures) -> int:
    if figures != int(figures) or not 1 <= figures <= functions.MAX_FIGURES:
        raise ExpressionError("sig() and sigdec() take a whole number of figures from 1 to 15")
    return int(figures)


@pytest.mark.parametrize("figures", [Fraction(n, d) for n in range(-3, 19) for d in (1, 2, 3)]
                         + [0, 1, 4, 15, 16, 4.0, 4.5, True])
def test_a_count_of_figures_is_read_as_before(figures):
    try:
        expected = _figure_count_before(figures)
    except ExpressionError as exc:
        with pytest.raises(ExpressionError, match="from 1 to 15"):
            functions._figure_count(figures)
        assert "from 1 to 15" in str(exc)
    else:
        assert functions._figure_count(figures) == expected
        assert type(functions._figure_count(figures)) is int
