"""forms23c: answers a fresh-user reviewer found misread on seed 1's paper (`generate --seed 1`:
Q3 (a) is 1/28996 = 3.449 × 10⁻⁵). A power of ten whose superscript copy-paste flattened
(`3.45×10−5`, what pdftotext gives for "3.449 × 10⁻⁵") was a silent `incorrect` (read as
3.45·10 − 5); LaTeX (`3.449 \\times 10^{-5}`, `$...$`) and `3.45 10^-5` were invalid, the reason
quoting the parser's rewriting (`10**{-5}`) rather than the student's text; and a long answer
that wrote ln got "log is read as the natural log ln here" for the word "log" in its prose."""

import pytest

from grading_support import paper_grader
from quizgen.marking.forms import LOG_NOTE, bare_log, plain_characters, read_number, significant_figures
from quizgen.maths.answers import to_number


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    """Grade ``rows`` (question, part, answer) in a file with ``delimiter``: {(question, part, answer): graded row}."""
    return paper_grader(tmp_path_factory.mktemp("forms23c"), seed=1, count=1)


def _found(graded):
    return {row: (found["status"], found["feedback"], found["reason"]) for row, found in graded.items()}


# 1. a power of ten whose superscript copy-paste flattened

@pytest.mark.slow
def test_a_flattened_power_of_ten_is_read_as_the_power(grade):
    right = [("Q3", "a", "3.45×10−5"), ("Q3", "a", "3.45 × 10-5"), ("Q3", "a", "3.45*10-5"),
             ("Q3", "a", "3.45x10-5"), ("Q3", "a", "3.449 × 10−5"), ("Q3", "a", "L = 3.45×10−5")]
    graded = grade(right + [("Q3", "a", "3×10−5")])
    assert {row: graded[row]["status"] for row in right} == {row: "correct" for row in right}, _found(graded)
    assert graded["Q3", "a", "3×10−5"]["status"] == "imprecise", graded["Q3", "a", "3×10−5"]   # 1 figure shown
    semicolon = grade([("Q3", "a", "3,45×10−5")], ";")
    assert semicolon["Q3", "a", "3,45×10−5"]["status"] == "correct", _found(semicolon)
    assert to_number("3.45×10−5") == pytest.approx(3.45e-5, rel=1e-12)
    for text, value, figures in [("3.45×10−05", 3.45e-5, 3), ("3·10−5", 3e-5, 1), ("3.45·10−5", 3.45e-5, 3),
                                 ("-3.45 × 10−5", -3.45e-5, 3)]:   # a leading zero; a middle dot multiplies
        reading = read_number(plain_characters(text))
        assert (reading.value, reading.figures) == (pytest.approx(value, rel=1e-12), figures), (text, reading)
    assert significant_figures("3.45×10−5") == 3 and significant_figures("3.449 × 10⁻⁵") == 4
    assert to_number("2*10-5+1") == 16 and to_number("10-5") == 5   # an operator after, or no decimal before: as written
    assert to_number("3.45 × 10 - 5") == pytest.approx(29.5)   # spaced round the minus: a subtraction (rev-final23)
    # a raised decimal point before a spaced minus stays a decimal point (rev-last23)
    assert to_number(plain_characters("0·10 − 0·05")) == pytest.approx(0.05)
    assert to_number(plain_characters("3·10 − 5")) == pytest.approx(-1.9)


# 2. LaTeX and a left-out times sign; an unread answer's reason quotes the student's text

@pytest.mark.slow
def test_latex_and_a_left_out_times_sign_are_read(grade):
    right = [("Q3", "a", "3.449 \\times 10^{-5}"), ("Q3", "a", "$3.449 \\times 10^{-5}$"), ("Q3", "a", "3.45 10^-5"),
             ("Q3", "a", "3.449 \\cdot 10^{-5}"), ("Q3", "a", "$L = 3.449 \\cdot 10^{-5}$"),
             ("Q3", "a", "\\(3.449\\times10^{-5}\\)"), ("Q3", "a", "$$3.449 \\times 10^{-5}$$")]
    graded = grade(right)
    assert {row: graded[row]["status"] for row in right} == {row: "correct" for row in right}, _found(graded)
    assert read_number("$3.449 \\times 10^{-5}$").figures == 4
    assert to_number("$-\\ln(0.5)$") == pytest.approx(0.6931471805599453)


@pytest.mark.slow
def test_an_unread_answer_s_reason_quotes_what_the_student_typed(grade):
    rows = [("Q3", "a", "\\binom{1}{28996}"), ("Q3", "a", "0.7^(2"), ("Q3", "a", "3.45 10^{-5"), ("Q3", "a", "2^{x}")]
    graded = grade(rows)
    for row in rows:
        assert graded[row]["status"] == "invalid", _found(graded)
    assert graded["Q3", "a", "\\binom{1}{28996}"]["reason"] == \
        "not a number or an expression quizgen reads: '\\binom{1}{28996}'"
    assert graded["Q3", "a", "0.7^(2"]["reason"] == \
        "not a number or an expression quizgen reads: '0.7^(2'; a bracket is not closed"
    assert "'3.45 10^{-5'" in graded["Q3", "a", "3.45 10^{-5"]["reason"], graded["Q3", "a", "3.45 10^{-5"]
    assert all("**" not in graded[row]["reason"] for row in rows), _found(graded)


# 3. the log note: only for maths that takes a bare log, never for the word in prose

@pytest.mark.slow
def test_the_log_note_is_for_a_bare_log_in_the_maths_not_the_word_in_prose(grade):
    prose = ("Q3", "b", "-ln(1 - 0.93401) which I got by taking the natural log of that, then the log of it")
    graded = grade([prose, ("Q3", "b", "log(28996)"), ("Q3", "b", "log 28996"), ("Q3", "b", "\\log(28996)")])
    assert graded[prose]["status"] == "needs_review" and LOG_NOTE not in graded[prose]["feedback"], graded[prose]
    for row in [("Q3", "b", "log(28996)"), ("Q3", "b", "log 28996"), ("Q3", "b", "\\log(28996)")]:
        assert graded[row]["status"] == "correct" and LOG_NOTE in graded[row]["feedback"], (row, graded[row])
    assert bare_log("-log0.7157") and bare_log("log e") and bare_log("log (0.7)")
    assert not bare_log("I used log here") and not bare_log("the log of 0.7") and not bare_log("log10(2)")
