"""An answer whose value is a short decimal, however it is written (review 51a):

- F2: an expression is judged as its value's decimal written with as many figures as that
  value needs (``sqrt(0.49)`` is 0.7, 1 figure), so a short value inside the window of a key
  that ends in zeros at the figures asked (0.6999: 0.700) is rounded too early, as ``0.7`` and
  ``7/10`` are; it was ``correct`` (``exp(ln(...))`` dodged the rule). One that is the answer stays
  correct.
- F10: with ``trailing_zeros: optional`` a fraction or expression whose exact decimal is the answer
  with the zeros at its end left off (``1/4`` for 0.250) is accepted as that decimal is."""

import pytest

from quizgen.marking.rule_model import CORRECT, IMPRECISE, Credits, PartRule
from quizgen.marking.rules import mark_part

SHORT = PartRule("p", "(a)", "numeric", 0.6999, {})   # seed 3's Q1 (a): 0.700 to 3 figures


def _mark(rule, text, credits=Credits()):
    verdict = mark_part(rule, text, {}, {}, credits)
    return verdict.status, verdict.note, verdict.score, verdict.feedback


@pytest.mark.parametrize("text", ["sqrt(0.49)", "exp(ln(0.7))", "ln(exp(0.7))", "sqrt(0.4900)"])
def test_an_expression_with_a_short_value_is_rounded_too_early_as_its_decimal_is(text):
    assert _mark(SHORT, text) == (IMPRECISE, "rounded_too_early", 0.0, "rounded too early: its value, 0.7, is right "
                                  "to 1 significant figure, give at least 3 (expected 0.700)")
    assert _mark(SHORT, text)[:3] == _mark(SHORT, "0.7")[:3] == _mark(SHORT, "7/10")[:3]


@pytest.mark.parametrize("text", ["exp(ln(0.6999))", "sqrt(0.48986)", "exp(ln(0.700))"])
def test_an_expression_whose_value_is_right_at_the_figures_asked_stays_correct(text):
    rule = SHORT if text != "exp(ln(0.700))" else PartRule("p", "(a)", "numeric", 0.7, {})   # the answer itself
    assert _mark(rule, text)[0] == CORRECT


def test_the_value_told_names_2_figures_when_it_has_2():
    assert _mark(PartRule("p", "(a)", "numeric", 0.4269, {}), "sqrt(0.1849)")[3] == (
        "rounded too early: its value, 0.43, is right to 2 significant figures, give at least 3 (expected 0.427)")


ZEROS = Credits(zeros_optional=True)
QUARTER = PartRule("p", "(a)", "numeric", 0.2497, {})   # seed 1's Q182 (a): 0.250 to 3 figures


@pytest.mark.parametrize("text", ["1/4", "1/(4.0)", "0.5/2", "sqrt(0.0625)"])
def test_optional_zeros_accept_a_fraction_or_expression_as_its_decimal(text):
    assert _mark(QUARTER, text, ZEROS) == _mark(QUARTER, "0.25", ZEROS)
    assert _mark(QUARTER, text, ZEROS)[0] == CORRECT


@pytest.mark.parametrize("text", ["1/4", "sqrt(0.0625)"])
def test_required_zeros_keep_them_imprecise(text):
    assert _mark(QUARTER, text)[0] == IMPRECISE
