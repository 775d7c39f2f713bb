"""One normalisation of Unicode numbers in answers (issue 14): full-width and
Arabic-Indic digits, decimal marks, minus signs and zero-width characters are
read; Python-only literal forms are refused with a reason; the word cache
holds short words only."""

import pytest

from quizgen.errors import ExpressionError
from quizgen.grading.part_checker import check_answer
from quizgen.maths import answers
from quizgen.maths.answers import normalise_word, to_number
from quizgen.maths.numerals import normalise_numerals
from quizgen.maths.parser import parse, template_policy


@pytest.mark.parametrize("text, expected", [
    ("０．７１０１", 0.7101), ("٠٫٧١٠١", 0.7101), ("۰٫۷۱۰۱", 0.7101), ("0.7101\u200b", 0.7101),
    ("\u200b0.71\u200d01\ufeff", 0.7101), ("−0.7101", -0.7101), ("‐0.5", -0.5), ("－０.５", -0.5),
    ("१.५", 1.5), ("½", 0.5), ("10⁻³", 0.001), ("2×3", 6.0), ("log₁₀(1000)", 3.0), ("\u00a00.5\u2009", 0.5),
])
def test_unicode_numbers_are_read(text, expected):
    assert to_number(text) == pytest.approx(expected, rel=1e-12)


def test_ascii_text_is_left_alone():
    assert normalise_numerals("exp(2)/(1 + e)") == "exp(2)/(1 + e)"


@pytest.mark.parametrize("text, reason", [
    ("0x10", "hexadecimal"), ("0o7", "octal"), ("0b1", "binary"), ("1_0", "'_' inside a number"),
    ("1_000.5", "'_' inside a number"), ("1j", "imaginary"), ("2 + 3J", "imaginary"), ("exp(0x1)", "hexadecimal"),
])
def test_python_only_literals_are_refused_with_a_reason(text, reason):
    with pytest.raises(ExpressionError, match=reason):
        to_number(text)


def test_names_with_underscores_and_digits_still_parse_in_templates():
    node = parse("p_1 + x2", template_policy(["p_1", "x2"]))
    assert node.left.name == "p_1"


def test_grading_reads_unicode_numbers_and_refuses_python_literals():
    part = {"part": "a", "type": "numeric", "value": 0.7101, "answer": "0.7101", "tolerance": {"sigfigs": 3}}
    assert check_answer(part, "０．７１０１").status == "correct"
    assert check_answer(part, "٠٫٧١٠١").status == "correct"
    assert check_answer(part, "0.7101\u200b").status == "correct"
    verdict = check_answer({"part": "a", "type": "numeric", "value": 10.0, "answer": "10"}, "1_0")
    assert verdict.status == "invalid" and "'_'" in verdict.reason


def test_the_word_cache_keeps_only_short_words():
    answers._normalise_short_word.cache_clear()
    long_text = "Very Long " * 10_000
    assert normalise_word(long_text) == ("very long " * 10_000).strip()
    assert answers._normalise_short_word.cache_info().currsize == 0
    assert normalise_word("Next-Sentence.") == "next sentence"
    assert answers._normalise_short_word.cache_info().currsize == 1


def test_a_huge_answer_is_refused_before_it_is_normalised():
    with pytest.raises(ExpressionError, match="longer than 400"):
        to_number("\u0660" * 5_000_000)
