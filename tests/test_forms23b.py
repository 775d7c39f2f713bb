"""forms23b: answers a reviewer found unread on seed 1's paper (`generate --seed 1`: Q1 (b) a
loss of 0.33454, Q7 (b) ln(1+e^-2.65) = 0.06827, Q7 (c) 2.7183). `= 0,334` with a decimal
comma was invalid though `= 0.334` and `0,334` were read; an ≈ chain ending in a constant or
a function (`2.72 ≈ e`, `0.0683 ≈ ln(1+e^-2.65)`) was invalid though `2.718 = e` was read;
a value restated in scientific notation or as an expression (`0.0683 (6.83e-2)`, `2.72 (e)`)
went to a person as "a number with a note in brackets"."""

import pytest

from grading_support import paper_grader
from quizgen.marking.forms import read_number

DIFFERENT = "a number and a different value beside it"


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    """Grade ``rows`` (question, part, answer) in a file with ``delimiter``: {(question, part, answer): graded row}."""
    return paper_grader(tmp_path_factory.mktemp("forms23b"), seed=1, count=1)


def _statuses(graded, rows):
    return {row: (graded[row]["status"], graded[row]["reason"]) for row in rows}


# 1. "= 0,334": the equals sign before a decimal comma, as before a decimal point

@pytest.mark.slow
def test_an_equals_sign_before_a_decimal_comma_is_read_like_one_before_a_point(grade):
    semicolon = grade([("Q1", "b", "= 0,334"), ("Q1", "b", "=0,3345"), ("Q1", "b", "= 0,3345")], ";")
    comma = grade([("Q1", "b", "= 0,334"), ("Q1", "b", "= 0.334")], ",")
    for graded in (semicolon, comma):
        for row, found in graded.items():
            assert found["status"] in ("correct", "correct carried_rounding") and \
                "not a number" not in found["reason"], (row, found["status"], found["reason"])
    assert semicolon["Q1", "b", "= 0,3345"]["status"] == "correct"
    assert read_number("= 0,334", decimal_comma=True).figures == 3
    assert read_number("=A1+1").status == "invalid"   # a formula of a cell, still not an answer


# 2. an ≈ chain that ends in a constant or an expression, as an = chain does

@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_an_approximately_chain_ending_in_a_constant_or_an_expression_is_read(grade, delimiter):
    agreeing = [("Q7", "c", "2.72 ≈ e"), ("Q7", "c", "2.718 ~ e"), ("Q7", "b", "0.0683 ≈ ln(1+e^-2.65)"),
                ("Q7", "c", "e ≈ 2.72"), ("Q7", "c", "2.718 = e")]
    disagreeing = [("Q7", "c", "2.9 ≈ e"), ("Q7", "b", "0.069 ≈ ln(1+e^-2.65)")]
    graded = grade(agreeing + disagreeing, delimiter)
    assert {row: graded[row]["status"] for row in agreeing} == {row: "correct" for row in agreeing}, \
        _statuses(graded, agreeing)
    for row in disagreeing:
        assert graded[row]["status"] == "needs_review" and DIFFERENT in graded[row]["reason"], graded[row]
    assert read_number("2.72 ≈ e").value == pytest.approx(2.718281828459045, abs=1e-15)   # the exact value


# 3. a value restated in scientific notation or as an expression, like one restated as a percentage

@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_a_restatement_in_scientific_notation_or_as_an_expression_is_read_as_the_more_precise(grade, delimiter):
    agreeing = [("Q7", "b", "0.0683 (6.83e-2)"), ("Q7", "b", "0.06827 (6.83E-2)"), ("Q7", "b", "0.0683 (6.83 x 10^-2)"),
                ("Q7", "c", "2.72 (e)"), ("Q7", "b", "0.0683 (ln(1+e^-2.65))"), ("Q7", "b", "0.0683 (≈ 6.83e-2)")]
    disagreeing = [("Q7", "b", "0.0683 (6.9e-2)"), ("Q7", "c", "2.6 (e)")]
    graded = grade(agreeing + disagreeing, delimiter)
    assert {row: graded[row]["status"] for row in agreeing} == {row: "correct" for row in agreeing}, \
        _statuses(graded, agreeing)
    for row in disagreeing:
        assert graded[row]["status"] == "needs_review" and DIFFERENT in graded[row]["reason"], graded[row]
    assert read_number("2.72 (e)").figures is None   # e, exact, is the more precise
    assert read_number("0.06827 (6.83e-2)").figures == 4
    for text in ("0 (empty sum)", "1950 (25% of 7800)", "0.7 (exp)", "2.72 (x)"):   # words in brackets: still a note
        assert read_number(text).status == "needs_review", text
    assert read_number("0.769 (or 0.77)").reason.startswith("two values joined by a word")
    assert read_number("0.769 (3 s.f.)").value == pytest.approx(0.769)


@pytest.mark.slow
def test_a_restatement_in_scientific_notation_with_decimal_commas(grade):
    rows = [("Q7", "b", "0,0683 (6,83e-2)"), ("Q7", "b", "= 0,0683 (6,83e-2)")]
    graded = grade(rows, ";")
    assert {row: graded[row]["status"] for row in rows} == {row: "correct" for row in rows}, _statuses(graded, rows)


def test_a_chain_in_scientific_notation_keeps_its_rounding():
    """``0.06827 ≈ 6.83e-2`` agrees (6.83e-2 is rounded, not exact) and reads as the more precise."""
    reading = read_number("0.06827 ≈ 6.83e-2")
    assert reading.status == "number" and reading.value == pytest.approx(0.06827) and reading.figures == 4

