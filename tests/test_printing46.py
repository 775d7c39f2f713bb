"""A negated right operand is bracketed in exact forms (review 46, F1): the key and the
solutions printed "- -\\ln(...)" and "-0.8 \\cdot -\\ln(...)", read as a slip; SymPy still
reads the key's form to the same value (validate referees it)."""

import math
from fractions import Fraction

import pytest

from quizgen.maths.functions import function_named
from quizgen.maths.printing import to_latex, to_text
from quizgen.maths.tree import Bin, Call, Neg, Num
from quizgen.validation.referee import sympy_value

LOG3 = Call(function_named("log"), (Num(Fraction(3)),))


@pytest.mark.parametrize("node, text, latex, value", [
    (Bin("-", Num(Fraction(1)), Neg(LOG3)), "1 - (-log(3))", r"1 - \left(-\ln 3\right)", 1 + math.log(3)),
    (Bin("*", Num(Fraction(-4, 5)), Neg(LOG3)), "-0.8*(-log(3))", r"-0.8 \cdot \left(-\ln 3\right)",
     0.8 * math.log(3)),
    (Bin("+", LOG3, Num(Fraction(-1, 2))), "log(3) + (-0.5)", r"\ln 3 + \left(-0.5\right)", math.log(3) - 0.5),
    (Bin("-", LOG3, Num(Fraction(1, 2))), "log(3) - 0.5", r"\ln 3 - 0.5", math.log(3) - 0.5),
])
def test_a_negated_right_operand_is_bracketed(node, text, latex, value):
    assert to_text(node) == text
    assert to_latex(node).replace(r"\ln\left(3\right)", r"\ln 3") == latex
    assert math.isclose(float(sympy_value(text, 15)), value, rel_tol=1e-12)

