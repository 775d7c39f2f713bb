"""SymPy as the referee: every exact value (and every comparison and isint) of sampled instances of the shipped
bank agrees with SymPy's 30-digit evaluation of its printed form, and the
referee does report a value whose float or printed form is wrong."""

import dataclasses
import math
from fractions import Fraction

import pytest

from quizgen.generation.sampling import sample_instance
from quizgen.maths import functions
from quizgen.maths.evaluate import ground
from quizgen.maths.exact import Exact
from quizgen.maths.parser import parse, template_policy
from quizgen.validation.referee import disagreements, exact_values, referee_instance
from quizgen.validation.referee_truths import truth_disagreements


def referee_bank(bank, draws: int) -> tuple:
    """(values checked, disagreements) over ``draws`` instances of every template."""
    checked, found = 0, []
    for template in bank:
        for k in range(draws):
            instance = sample_instance(template, f"referee/{template.id}/{k}")
            checked += len(exact_values(instance))
            found += referee_instance(instance) + [line for _, line in truth_disagreements(instance)]
    return checked, found


@pytest.mark.slow
def test_sympy_agrees_with_every_value_of_a_few_draws_of_the_bank(bank):
    checked, found = referee_bank(bank, draws=3)
    assert checked >= 20 * len(bank)
    assert found == []


@pytest.mark.slow
def test_sympy_agrees_with_every_value_of_many_draws_of_the_bank(bank):
    checked, found = referee_bank(bank, draws=40)
    assert found == []


def test_the_values_checked_are_lets_answers_and_traps(templates_by_class):
    instance = sample_instance(templates_by_class["C1"], "referee/labels")
    labels = [label for label, _ in exact_values(instance)]
    assert any(label.startswith("let ") for label in labels)
    assert any(label.endswith(" answer") for label in labels)
    assert any(" trap missing_minus_sign" in label for label in labels)


def test_a_wrong_float_beside_a_right_tree_is_reported():
    right = ground(parse("-log(x/(1 + exp(2)))", template_policy(["x"])), {"x": Fraction(3, 4)})
    wrong = Exact(right.node, right.value * (1 + 1e-7))
    found = disagreements([("planted", wrong), ("kept", right)])
    assert len(found) == 1
    assert found[0].startswith("planted: SymPy gives 2.41461008349475")
    assert "-log(0.75/(1 + exp(2)))" in found[0]


def test_a_printer_that_loses_a_bracket_is_reported(monkeypatch):
    sqrt = functions.TABLE["sqrt"]
    broken = dataclasses.replace(sqrt, text=lambda args, show: f"sqrt{show(args[0])}")
    monkeypatch.setitem(functions.TABLE, "sqrt", broken)
    value = ground(parse("sqrt(2 + exp(x))", template_policy(["x"])), {"x": Fraction(1)})
    assert value.node.func is broken
    found = disagreements([("sqrt", value)])
    assert len(found) == 1 and "'sqrt2 + E'" in found[0]


def test_rationals_are_checked_through_their_printed_decimals():
    assert disagreements([("third", Fraction(-1, 3)), ("half", Fraction(1, 2))]) == []
    assert math.isclose(float(Fraction(-1, 3)), -1 / 3)
