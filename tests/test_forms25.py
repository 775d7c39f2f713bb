"""forms25: answers a reviewer found read badly (the seed-1 paper's key: Q1 (a) p = 0.7157,
(b) L = 0.3345, Q6 (a) 1440 positions, Q9 (a) 1.723): a label written in LaTeX
(``L_{\\text{MLM}} =``, ``\\hat{p} =``), LaTeX's decimal comma ``0{,}5``, a mixed
number with a space (``2 ½``) and a fraction character after a decimal (``0.5½``),
quotes around part of an answer or around a non-answer, one number in braces,
and a value with a ± tolerance (``0.7153+-0.001`` was read as 0.7143)."""

import pytest

from grading_support import paper_grader
from quizgen.errors import ExpressionError
from quizgen.marking.forms import read_number
from quizgen.maths.answers import to_number


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("forms25"), seed=1, count=1)


def _statuses(graded, rows):
    return {row: (graded[row]["status"], graded[row]["reason"]) for row in rows}


LABELLED = [("Q1", "b", "L_{\\text{MLM}} = 0.3345"), ("Q1", "a", "\\hat{p} = 0.7157"), ("Q1", "a", "$\\hat p = 0.7157$"),
            ("Q9", "a", "\\mathcal{L}_{\\text{total}} = 1.723"), ("Q1", "a", "\\bar{p} \\approx 0.7157")]


@pytest.mark.slow
def test_a_label_written_in_latex_is_read_as_the_plain_label_is(grade):
    graded = grade(LABELLED)
    assert {row: status for row, (status, _) in _statuses(graded, LABELLED).items()} == \
        {row: "correct" for row in LABELLED}, _statuses(graded, LABELLED)


@pytest.mark.parametrize("delimiter", [",", ";"])   # a semicolon file takes decimal commas
@pytest.mark.slow
def test_latex_s_decimal_comma_in_braces_is_a_comma(grade, delimiter):
    """``0{,}7157`` is how LaTeX writes 0,7157 (a bare comma gets a space after it);
    ``1{,}440`` how it writes a count's 1,440: each is read as the comma written alone."""
    rows = [("Q1", "a", "0{,}7157"), ("Q1", "a", "$0{,}7157$"), ("Q6", "a", "1{,}440")]
    graded = grade(rows, delimiter=delimiter)
    assert [graded[row]["status"] for row in rows] == ["correct"] * 3, _statuses(graded, rows)


@pytest.mark.parametrize("decimal_comma", [False, True])
def test_latex_s_decimal_comma_reads_as_a_half(decimal_comma):
    assert read_number("0{,}5", decimal_comma=decimal_comma).value == 0.5


def test_a_mixed_number_with_a_space_is_read_as_without_one():
    assert to_number("2 \u00bd") == to_number("2\u00bd") == 2.5
    assert to_number("1\u00a0\u00be") == 1.75
    assert read_number("2 \u00bd").value == 2.5


@pytest.mark.parametrize("text", ["0.5\u00bd", "0.5 \u00bd", "1,2\u00bc"])
@pytest.mark.slow
def test_a_fraction_character_after_a_decimal_is_refused_saying_so(grade, text):
    found = grade([("Q1", "a", text)])["Q1", "a", text]
    assert found["status"] == "invalid", found
    assert "fraction character" in found["reason"] and "after a decimal is not readable" in found["reason"], found
    assert "brackets" not in found["reason"], found


@pytest.mark.slow
def test_quotes_around_part_of_an_answer_or_a_non_answer(grade):
    """``"0.5" nats`` was "not a number: '0.5'"; ``"n/a"`` and ``"-"`` were invalid, not no answer."""
    rows = [("Q1", "b", '"0.3345" nats'), ("Q1", "b", "L = '0.3345'"), ("Q1", "a", '"n/a"'), ("Q1", "a", '"-"'),
            ("Q1", "a", "\u201cn/a\u201d")]
    graded = grade(rows)
    assert [graded[row]["status"] for row in rows] == ["correct", "correct", "blank", "blank", "blank"], \
        _statuses(graded, rows)
    assert "says the part was not answered" in graded["Q1", "a", '"n/a"']["reason"]


def test_a_quoted_no_value_on_a_word_part_is_read_as_the_bare_one():
    from quizgen.marking.words import read_words

    assert read_words('"n/a"', ["positive"], {}).status == read_words("n/a", ["positive"], {}).status == "blank"
    assert read_words('"n/a"', ["undefined"], {}).status == "needs_review"


@pytest.mark.slow
def test_one_number_in_braces_is_that_number_and_two_are_still_a_set(grade):
    rows = [("Q1", "a", "{0.7157}"), ("Q1", "a", "$ {0.7157} $"), ("Q1", "a", "{0.7157, 0.72}")]
    graded = grade(rows)
    assert [graded[row]["status"] for row in rows[:2]] == ["correct"] * 2, _statuses(graded, rows)
    assert graded[rows[2]]["status"] == "invalid" and "not a list or set" in graded[rows[2]]["reason"]


TOLERANCES = ["0.7157+-0.001", "0.7157 \u00b1 0.001", "0.7157 +/- 0.001", "0.7157 \\pm 0.001", "$0.7157\\pm0.001$",
              "p = 0.7157 \u00b1 0.001"]


@pytest.mark.parametrize("text", TOLERANCES)
@pytest.mark.slow
def test_a_value_with_a_tolerance_is_for_a_person_never_a_subtraction(grade, text):
    """``0.7157+-0.001`` was read as 0.7147 (a sum of a negative number): marked as a wrong value."""
    found = grade([("Q1", "a", text)])["Q1", "a", text]
    assert found["status"] == "needs_review" and "\u00b1 tolerance" in found["reason"], found
    with pytest.raises(ExpressionError, match="tolerance"):
        to_number(text.removeprefix("p = "))


def test_a_sum_of_a_negative_log_is_still_a_sum():
    assert to_number("-ln(0.5) + -ln(0.5)") == pytest.approx(1.3862943611198906)


def _drill(invoke, lines):
    result = invoke("drill", "--seed", 5, "--classes", "C1", "--count", "1", "--no-save",
                    input="".join(f"{line}\n" for line in lines))
    return " ".join(result.output.split())


def test_the_drill_reads_as_grade_does_and_quotes_what_was_typed(invoke):
    """Seed 5's C1: p = 0.6952. The drill uses grade's reader: a tolerance is told so, and
    ``\\frac{1}{\\binom{2}{1}}`` (LaTeX quizgen does not read) is quoted as typed, not as
    the parser rewrote it (``((1)/(...))``; before forms25b ``\\sqrt[3]{8}`` was the example,
    which is now read as 2: tests/test_forms25b.py)."""
    said = _drill(invoke, ["\\frac{1}{\\binom{2}{1}}", "0.6952 \u00b1 0.001", "0.5\u00bd", "\\hat{p} = 0.6952", "q"])
    assert "I cannot read '\\frac{1}{\\binom{2}{1}}' as an answer" in said
    assert "((" not in said and "**" not in said
    assert "I cannot mark '0.6952 \u00b1 0.001': it gives a value with a \u00b1 tolerance, not one value" \
        in said
    assert "straight after a decimal is not readable" in said
    assert "Correct: 0.6952" in said
