"""forms25b: answers read badly after forms25 (the seed-1 paper's key: Q1 (a) p = 0.7157,
Q5 is C5, the zero-mask limit: (a) the empty sum's value 0, its trap "undefined"/"no value",
(b) L_MLM undefined, (c) a probability, (d) BERT's count of positions, 2 here, its trap 0; Q6 (a) 1440
positions): LaTeX's n-th root ``\\sqrt[3]{8}`` was refused; ``{0,7153}`` was a set to the
reader with decimal commas (``to_number``); a count's ``none`` was "a word, where this part
asks for a number"; and ``0.5 +- 0.1`` spaced is a tolerance, ``0.5 + -0.1`` a sum."""

import pytest
from click.testing import CliRunner

from grading_support import paper_grader
from quizgen.cli import main
from quizgen.errors import ExpressionError
from quizgen.marking.forms import read_number
from quizgen.maths.answers import ROOT_REASON, to_number
from quizgen.maths.numerals import from_typeset


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("forms25b")


@pytest.fixture(scope="module")
def grade(folder):
    return paper_grader(folder, seed=1, count=1)


def _found(graded, rows):
    return {row: (graded[row]["status"], graded[row]["reason"], graded[row]["misconception"]) for row in rows}


# ------------------------------------------------------------------ 1. \sqrt[n]{x}

@pytest.mark.parametrize("text", ["\\sqrt[3]{8}", "$\\sqrt[3]{8}$", "\\sqrt[ 3 ]{8}", "\\sqrt[2]{4}", "\\sqrt[1]{2}",
                                  "\\frac{4}{\\sqrt[3]{8}}", "\\sqrt[3]{2^{3}}"])
def test_latex_s_nth_root_is_read_as_a_power(text):
    assert read_number(text).value == pytest.approx(2.0) == to_number(text)


@pytest.mark.slow
def test_an_nth_root_is_correct_in_grade(grade):
    rows = [("Q1", "a", "\\sqrt[3]{0.7157^{3}}"), ("Q1", "a", "$\\sqrt[4]{0.7157^4}$"), ("Q6", "a", "\\sqrt[2]{1440^2}")]
    graded = grade(rows)
    assert [graded[row]["status"] for row in rows] == ["correct"] * 3, _found(graded, rows)


@pytest.mark.parametrize("text", ["\\sqrt[2.5]{8}", "\\sqrt[100]{8}", "\\sqrt[0]{8}", "\\sqrt[n]{8}", "\\sqrt[3]8",
                                  "\\sqrt[99999999999999999999]{8}", "\\sqrt[-3]{8}"])
@pytest.mark.slow
def test_an_nth_root_that_is_no_small_whole_index_is_refused_saying_so(grade, text):
    with pytest.raises(ExpressionError, match="n-th root"):
        to_number(text)
    found = grade([("Q1", "a", text)])["Q1", "a", text]
    assert found["status"] == "invalid" and found["reason"] == f"not a number: {ROOT_REASON}", found


def test_the_drill_reads_an_nth_root(invoke):
    """Seed 5's C1 (a) is p = 0.6952: ``\\sqrt[3]{8}`` is a number (2, wrong), not unreadable."""
    result = invoke("drill", "--seed", 5, "--classes", "C1", "--count", "1", "--no-save",
                    input="\\sqrt[3]{0.6952^{3}}\n\\sqrt[3]{8}\nq\n")
    said = " ".join(result.output.split())
    assert "I cannot read" not in said and "Correct: 0.6952" in said
    assert "Incorrect: the answer is 0.3636" in said   # (b), -ln p, answered 2


# ------------------------------------------------------------------ 2. {0,7153} with decimal commas

@pytest.mark.parametrize("text, value", [("{0,7153}", 0.7153), ("{ -0,5 }", -0.5), ("$ {0,7153} $", 0.7153),
                                         ("{12,5}", 12.5)])
def test_one_number_with_a_decimal_comma_in_braces_is_that_number(text, value):
    assert to_number(text, decimal_comma=True) == value
    assert read_number(text, decimal_comma=True).value == value


def test_without_decimal_commas_the_latex_reader_leaves_a_braced_comma_to_the_comma_rule():
    """The LaTeX reader alone cannot tell ``{0,7153}`` from the set {0, 7153} without the
    file's decimal mark; every answer is read by the one comma rule first (read_number,
    grade, the drill), which reads it as it reads ``0,7153``: 0.7153."""
    assert from_typeset("{0,7153}") == "{0,7153}"
    assert from_typeset("{0,7153}", decimal_comma=True) == "0,7153"
    assert read_number("{0,7153}").value == read_number("0,7153").value == 0.7153
    assert read_number("{1,440}", whole=True).value == read_number("1,440", whole=True).value == 1440
    with pytest.raises(ExpressionError, match="not a list or set"):
        to_number("{0.1, 0.2}", decimal_comma=True)


@pytest.mark.parametrize("delimiter", [",", ";"])
@pytest.mark.slow
def test_a_braced_decimal_comma_in_grade(grade, delimiter):
    rows = [("Q1", "a", "{0,7157}"), ("Q1", "a", "$\\hat{p} = {0,7157}$"), ("Q6", "a", "{1440}")]
    graded = grade(rows, delimiter=delimiter)
    assert [graded[row]["status"] for row in rows] == ["correct"] * 3, _found(graded, rows)


@pytest.mark.slow
def test_a_braced_decimal_comma_with_grade_s_decimal_comma_flag(folder, grade):
    path = folder / "flagged.csv"
    path.write_text('student_id,question_id,part,answer\ns1,Q1,a,"{0,7157}"\ns2,Q1,a,"{0,72}"\n', encoding="utf-8")
    out = folder / "flagged"
    out.mkdir()
    result = CliRunner().invoke(main, ["grade", str(path), "--key", str(folder / "paper" / "key.json"),
                                       "--out", str(out), "--decimal-comma"])
    assert result.exit_code == 0, result.output
    graded = next(out.glob("*-graded.csv")).read_text(encoding="utf-8-sig")
    assert ",correct," in graded.splitlines()[1] and ",imprecise," in graded.splitlines()[2], graded


# ------------------------------------------------------------------ 3. a count's "none"

@pytest.mark.parametrize("text", ["none", "None.", "nothing", "no positions", "No masked positions", '"none"'])
def test_a_count_said_as_none_is_zero_and_a_decimal_s_is_still_a_word(text):
    assert read_number(text, whole=True).value == 0.0
    assert read_number(text).status != "number"


@pytest.mark.slow
def test_none_on_count_parts(grade):
    """C5 (d) (BERT's count): ``none`` is 0, its trap; Q6 (a): 0 positions, wrong. C5 (a),
    the empty sum's value, lists "no value" and "undefined" as a trap: ``none`` may be that or
    0, so a person reads it, as on (b); C5 (c), a probability, still refuses the word."""
    rows = [("Q5", "d", "none"), ("Q5", "d", "no masked positions"), ("Q6", "a", "nothing"), ("Q5", "a", "none"),
            ("Q5", "a", "nothing"), ("Q5", "b", "none"), ("Q5", "c", "none"), ("Q5", "a", "zero")]
    found = _found(grade(rows), rows)
    assert found[rows[0]][::2] == found[rows[1]][::2] == ("incorrect", "none_selected"), found
    assert found[rows[2]][0] == "incorrect", found
    assert {found[row][0] for row in rows[3:6]} == {"needs_review"}, found
    assert all("may say that there is no value or that the value is zero" in found[row][1] for row in rows[3:6])
    assert found[rows[6]][:2] == ("invalid", "not a number: a word, where this part asks for a number"), found
    assert found[rows[7]][0] == "correct", found


# ------------------------------------------------------------------ 4. +- spaced

@pytest.mark.parametrize("text", ["0.7157 +- 0.001", "0.7157 +/- 0.001", "0.7157+- 0.001", "0.7157 +-0.001"])
@pytest.mark.slow
def test_a_spaced_plus_minus_is_a_tolerance(grade, text):
    found = grade([("Q1", "a", text)])["Q1", "a", text]
    assert found["status"] == "needs_review" and "\u00b1 tolerance" in found["reason"], found


@pytest.mark.slow
def test_a_plus_then_a_negative_number_is_a_sum(grade):
    assert to_number("0.5 + -0.1") == pytest.approx(0.4)
    rows = [("Q1", "a", "0.8 + -0.0843")]
    assert grade(rows)[rows[0]]["status"] == "correct"
