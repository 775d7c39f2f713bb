"""Fuzzing what students type with hypothesis: to_number gives a finite float
or an ExpressionError; check_answer gives a verdict on every part of a real
key (all built-in classes), quickly whatever the text's length or shape. The
tests after the properties pin what the fuzzing found."""

import math
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from property_sizes import many_copy, quick

import quizgen
from quizgen.errors import ExpressionError
from quizgen.grading.answers_file import MAX_ANSWER_CHARS
from quizgen.grading.part_checker import check_answer
from quizgen.key.load import load_key_file
from quizgen.key.status import SCORED
from quizgen.maths.answers import to_number

MANY = settings(deadline=10000, max_examples=1000,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
TOKENS = st.sampled_from(
    list("0123456789.,eE+-*/^()% xpilnogsqrtabc!_[]'\"=<>") + list("０１２３４５６７８９．，－＋×÷²³⁻⁺₁٠١٢३४π√∞−–·½⅓ｅＥ％　")
    + ["\u00a0", "\u2009", "\u200b", "\ufeff", "**", "e+", "E-", "exp(", "log(", "ln(", "sqrt(", "pi", "10^", "1e308",
       "9" * 30, "(" * 20, ")" * 20, "^9^9^9", "factorial(", "nats", " bits.", " per cent", "(approx)", "≈", "p =",
       "1,000", "1 000", " or ", " and ", "mean", "sum", "not "])
ANSWERS = st.one_of(st.lists(TOKENS, max_size=40).map("".join), st.text(max_size=120))


@pytest.fixture(scope="module")
def key_parts(tmp_path_factory):
    """Every part of a paper with one question of each built-in class."""
    folder = tmp_path_factory.mktemp("paper")
    quizgen.generate(folder, classes="all", count=1, seed=7, jobs=1)
    return [part for question in load_key_file(folder / "key.json").questions for part in question.parts]


NUMBERS = given(text=ANSWERS, decimal_comma=st.booleans())


@quick(MANY)
@NUMBERS
@pytest.mark.slow
def test_any_answer_is_a_finite_number_or_refused(text, decimal_comma):
    try:
        value = to_number(text, decimal_comma)
    except ExpressionError as error:
        assert "\n" not in str(error)
        return
    assert isinstance(value, float) and math.isfinite(value)


test_any_answer_many = many_copy(test_any_answer_is_a_finite_number_or_refused, NUMBERS, MANY)

CHECKS = given(text=ANSWERS, choice=st.integers(0, 10 ** 6), decimal_comma=st.booleans())


@quick(MANY)
@CHECKS
@pytest.mark.slow
def test_any_answer_to_any_key_part_gets_a_verdict(key_parts, text, choice, decimal_comma):
    part = key_parts[choice % len(key_parts)]
    verdict = check_answer(part, text, decimal_comma)
    assert verdict.status in SCORED
    assert 0 <= verdict.score <= part.points
    assert not verdict.misconception or verdict.feedback


test_any_answer_to_any_key_part_many = many_copy(test_any_answer_to_any_key_part_gets_a_verdict, CHECKS, MANY)


def cpu_seconds(part, text):
    start = time.process_time()
    check_answer(part, text)
    return time.process_time() - start


@pytest.mark.parametrize("space", [" ", "\t", "\u00a0"])
@pytest.mark.parametrize("start, end", [("1", "x"), ("1", "or"), ("1", "%x"), ("1 nat", ". x"), ("1 per", "x")])
def test_a_long_run_of_spaces_is_read_in_linear_time(key_parts, space, start, end):
    """An answer of MAX_ANSWER_CHARS, mostly one run of spaces, took 8 s of CPU
    (the unit, percent and 'approx' patterns were tried from every space, each
    trying every length of the run): a file of such answers never finished."""
    text = start + space * (MAX_ANSWER_CHARS - len(start) - len(end)) + end
    assert min(cpu_seconds(part, text) for part in key_parts[:2]) < 0.5


@pytest.mark.parametrize("text, value", [("0.5 nats", 0.5), ("0.5  nats .", 0.5), ("0.5\t(approx)", 0.5),
                                         ("50 %", 0.5), ("50 per  cent", 0.5), ("≈ 0.5 nats", 0.5)])
def test_decorations_around_a_number_are_still_read(text, value):
    from quizgen.marking.forms import read_number

    assert read_number(text).value == pytest.approx(value)
