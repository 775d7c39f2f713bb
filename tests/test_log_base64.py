"""log2 and log10 of a rational whose value is rational are that fraction exactly, as log(a, b) is:
C3's trap condition `printed - log2(V)` with V = 8 was 3 - log2(8), a cancellation only SymPy could
settle, so one generate worker imported SymPy (30 MB) for that one draw."""

import subprocess
import sys
from fractions import Fraction

import pytest

from quizgen.maths.evaluate import ground
from quizgen.maths.exact import Exact
from quizgen.maths.parser import parse, template_policy


def value(text):
    return ground(parse(text, template_policy(set())), {})


@pytest.mark.parametrize("text, expected", [
    ("log2(8)", Fraction(3)), ("log2(1/8)", Fraction(-3)), ("log10(1000)", Fraction(3)),
    ("log10(1/100)", Fraction(-2)), ("log2(1)", Fraction(0)), ("log10(1)", Fraction(0)),
    ("3 - log2(8)", Fraction(0)), ("log2(2)", Fraction(1)),
])
def test_a_rational_log2_or_log10_is_its_fraction(text, expected):
    assert value(text) == expected


@pytest.mark.parametrize("text", ["log2(3)", "log10(20)", "log2(0.3)"])
def test_an_irrational_one_stays_exact_and_unevaluated(text):
    assert value(text).__class__ is Exact


def test_the_cancellation_needs_no_sympy():
    code = ("import sys\nfrom quizgen.maths.evaluate import ground\n"
            "from quizgen.maths.parser import parse, template_policy\n"
            "v = ground(parse('3 - log2(8)', template_policy(set())), {})\n"
            "print(v == 0, 'sympy' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.split() == ["True", "False"], done.stderr
