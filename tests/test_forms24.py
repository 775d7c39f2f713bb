"""forms24: LaTeX a student pastes from notes or an LMS's equation editor
(forms23c left it invalid): ``\\frac`` (nested too), ``\\left( \\right)``,
``\\log_{10}``, ``\\sqrt{}``, ``\\mathrm{e}``, ``\\text{nats}``, ``\\approx``,
``\\%`` and LaTeX's spaces are read; the seed-1 paper's key (``generate --seed 1``)."""

import pytest

from grading_support import paper_grader
from quizgen.maths.answers import to_number
from quizgen.maths.numerals import from_typeset


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("forms24"), seed=1, count=1)


RIGHT = [("Q3", "a", "\\frac{1}{28996}"), ("Q3", "a", "$\\dfrac{1}{28996}$"), ("Q3", "b", "\\ln\\left(28996\\right)"),
         ("Q3", "b", "\\ln 28996"), ("Q3", "a", "\\mathrm{e}^{-\\ln(28996)}"),
         ("Q4", "a", "\\frac{-\\ln(0.55) - \\ln(0.2) - \\ln(0.5) - \\ln(0.55)}{4}"),
         ("Q4", "a", "0.8746\\,\\text{nats}"), ("Q7", "b", "\\ln\\left(1 + e^{-2.65}\\right)"),
         ("Q7", "a", "\\frac{1}{1 + e^{-2.65}} \\approx 0.9340"), ("Q6", "a", "1\\,440"),
         ("Q10", "b", "\\frac{-\\ln 0.3 - \\ln 0.55 - \\ln 0.95 - \\ln 0.3 - \\ln 0.8 - \\ln 0.35 - \\ln 0.2 - \\ln 0.05}{8}")]


@pytest.mark.slow
def test_latex_from_an_equation_editor_is_read_as_the_student_meant(grade):
    graded = grade(RIGHT)
    found = {row: (graded[row]["status"], graded[row]["reason"]) for row in RIGHT}
    assert {row: status for row, (status, _) in found.items()} == {row: "correct" for row in RIGHT}, found


def test_a_latex_trap_is_still_the_trap_and_a_wrong_fraction_is_wrong(grade):
    graded = grade([("Q4", "a", "\\frac{-\\ln(0.55) - \\ln(0.2) - \\ln(0.5) - \\ln(0.55)}{3}"),
                    ("Q3", "a", "\\frac{1}{28995}")])
    assert graded["Q4", "a", "\\frac{-\\ln(0.55) - \\ln(0.2) - \\ln(0.5) - \\ln(0.55)}{3}"]["status"] == "incorrect"
    assert graded["Q3", "a", "\\frac{1}{28995}"]["status"] != "invalid"


@pytest.mark.parametrize("text, value", [
    ("\\frac{\\frac{1}{2}}{4}", 0.125), ("\\log_{10} 1000", 3.0), ("\\log_2(8)", 3.0), ("\\sqrt{16}", 4.0),
    ("\\tfrac{3}{8}", 0.375), ("\\Big(\\frac{1}{2}\\Big)^{2}", 0.25), ("2\\cdot\\pi", 6.283185307179586),
    # fraction characters (rev-student24: e^½ was e/2, 2½ was 21/2)
    ("e^\u00bd", 1.6487212707001282), ("2\u00bd", 2.5), ("1/\u00bd", 2.0), ("e^1\u00bd", 4.4816890703380645),
    ("\u00be", 0.75), ("-\u00bd", -0.5), ("\u2153*3", 1.0)])
def test_each_latex_form_has_its_value(text, value):
    assert to_number(text) == pytest.approx(value, rel=1e-12)


def test_fractions_nested_deeper_than_the_limit_stay_latex_and_are_not_read():
    deep = "\\frac{" * 10 + "1" + "}{2}" * 10
    assert "\\frac" in from_typeset(deep)
    with pytest.raises(Exception, match="read at most 8 inside each other"):   # answers26: said so
        to_number(deep)


@pytest.mark.parametrize("text, reason", [
    ("{0.7157, 0.72}", "one value is asked for: give a single number, not a list or set of values"),
    ("(0.7157, 0.72)", "one value is asked for"), ("a[1]", "square brackets are not read: use round brackets"),
    ("0.7157 // 1", "'//' is not an operator quizgen reads: use + - * / and ^"),
    ("0.7157 < 1", "a comparison (<, >, ==) is no answer: give the value alone"),
    ("softmax(4)", "'softmax' is not a function quizgen reads (it reads abs, exp, ln, log, log10, log2, sqrt)"),
    ("e.x", "quizgen reads no such maths: give a number, or an expression such as -ln(0.3)")])
@pytest.mark.slow
def test_a_refused_answer_is_told_in_a_student_s_words_not_python_s(grade, text, reason):
    """forms23c left the parser's words for a bank's author ("Set is not allowed",
    "operator FloorDiv", "build a list of values with list(a, b, ...)") in a student's reason."""
    found = grade([("Q1", "a", text)])["Q1", "a", text]
    assert found["status"] == "invalid" and reason in found["reason"], found
    assert not any(word in found["reason"] for word in ("Set", "FloorDiv", "list(a, b", "allowed", "subscript"))


def test_a_bank_author_still_gets_the_template_language_s_words():
    from quizgen.errors import ExpressionError
    from quizgen.maths.parser import parse, template_policy

    with pytest.raises(ExpressionError, match=r"a list is not allowed \(build a list of values with list"):
        parse("[1, 2]", template_policy(["x"]))
    with pytest.raises(ExpressionError, match="operator .//. is not allowed"):
        parse("x // 2", template_policy(["x"]))


@pytest.mark.slow
def test_a_number_in_quotation_marks_is_that_number(grade):
    """rev-student24: '"0.695"' was "not a number: '0.695'", a reason that contradicts itself."""
    rows = [("Q1", "a", '"0.7157"'), ("Q1", "a", "\u201c0.7157\u201d"), ("Q1", "a", '"0.72"'), ("Q1", "a", '"0.7157')]
    graded = grade(rows)
    assert [graded[row]["status"] for row in rows] == ["correct", "correct", "imprecise", "invalid"]


@pytest.mark.slow
def test_a_count_answered_with_a_rate_is_told_it_is_a_count_not_a_fraction_to_round(grade):
    """rev-student24: `25%` for C6's count of picked positions was told "a count is a whole
    number, and 0.25 is not one: round a count worked out as a fraction"."""
    graded = grade([("Q6", "a", "25%"), ("Q6", "a", "14.4")])
    assert graded["Q6", "a", "25%"]["feedback"] == \
        "this part asks for a count, not a rate or share: give how many, as a whole number"
    assert graded["Q6", "a", "14.4"]["feedback"].startswith("a count is a whole number, and 14.4 is not one")
