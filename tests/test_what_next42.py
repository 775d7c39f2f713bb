"""The feedback sheet's "what next" for a wrong answer the grader said nothing
of (review 42a F4): "your last digit is off" only for an answer one or two
units of its last digit from the key's value so rounded (or one unit across a
ten: rounded the wrong way), not for any answer that differs in its last digit.
Seed 11's paper, Q8 (b): L = 3.5586. ``3.51`` is -ln 0.03, p = 0.02848 carried
at 1 figure: 5 units from 3.56, and was told its last digit is off; grade and
the drill now say that the working gives it with (a) rounded to 1 figure (still
incorrect, no marks)."""

import io

import pytest

from quizgen.drill.session import run_drill
from quizgen.generation.run import generate
from quizgen.grading.feedback_words import last_digit_hint
from quizgen.key.load import load_key_file
from tests.grading_support import graded_by_cli


@pytest.fixture(scope="module")
def key11(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed11")
    generate(folder / "paper", count=1, seed=11)
    return folder / "paper" / "key.json"


@pytest.fixture(scope="module")
def parts(key11):
    return {(q.id, p.letter): p for q in load_key_file(key11).questions for p in q.parts}


@pytest.mark.parametrize("answer", ["3.51", "3.53", "3.59", "3.50"])
def test_a_last_digit_three_or_more_units_off_is_no_slip(parts, answer):
    assert last_digit_hint(parts["Q8", "b"], answer) == ""


@pytest.mark.parametrize("answer", ["3.55", "3.57", "3.58", "3.54"])
def test_one_or_two_units_off_is_a_last_digit_slip(parts, answer):
    assert last_digit_hint(parts["Q8", "b"], answer) == \
        "your last digit is off: 3.5586 rounds to 3.56 at the 3 significant figures you gave"


# ---------------------------------------------------------------- (a) carried at 1 figure: said, still incorrect

COARSE = ("your answer is what the working gives with (a) rounded to 1 significant figure ({}), not with (a) "
          "as written: keep at least 4 significant figures in intermediate results (expected {})")


@pytest.mark.parametrize("credit", ["1", "0.5"])
def test_grade_says_a_was_carried_at_one_figure_and_keeps_it_incorrect(tmp_path, key11, credit):
    """Seed 11's Q8: p = 0.02848. (b) 3.51 = -ln 0.03 is incorrect, 0 marks, told where it came from;
    3.58 = -ln 0.028 stays rounded too early; 3.40 (no rounding of (a) gives it) is told nothing."""
    rows = graded_by_cli(tmp_path, key11, [["w1", "Q8", "a", "0.0285"], ["w1", "Q8", "b", "3.58"],
                                           ["w2", "Q8", "a", "0.0285"], ["w2", "Q8", "b", "3.51"],
                                           ["w3", "Q8", "a", "0.0285"], ["w3", "Q8", "b", "3.40"]],
                         "--ecf-credit", credit)
    two = rows["w2", "Q8", "b"]
    assert (two["status"], two["score"], two["misconception"], two["note"]) == ("incorrect", "0", "", ""), two
    assert two["feedback"] == COARSE.format("0.03", "3.56"), two
    assert (rows["w1", "Q8", "b"]["status"], rows["w1", "Q8", "b"]["note"]) == ("imprecise", "rounded_too_early")
    assert (rows["w3", "Q8", "b"]["status"], rows["w3", "Q8", "b"]["feedback"]) == ("incorrect", "")


def test_the_drill_says_the_same():
    """``drill --seed 7 --classes C8``: p = 0.02409; (b) 3.91 = -ln 0.02."""
    out = io.StringIO()
    result = run_drill(io.StringIO("0.0241\n3.91\nq\n"), out, io.StringIO(), classes="C8", seed=7, save=False)
    assert [p.status for p in result.parts][:2] == ["correct", "incorrect"]
    said = " ".join(out.getvalue().split())
    assert COARSE.format("0.02", "3.73").replace("your", "Your", 1) in said, said


def test_zero_or_one_figure_is_not_said_to_come_from_a_coarse_a(key11):
    """0 is -ln 1 (an (a) near 1 rounded to 1 figure) and one figure says too little of how it was reached."""
    from quizgen.grading.part_checker import question_checkers
    from quizgen.marking.early_carry import coarse_carry

    q8 = next(q for q in load_key_file(key11).questions if q.id == "Q8")
    checker = question_checkers(q8)["b"]
    rules = checker.question_rules()
    said = [coarse_carry(checker.rule, x, shown, {"p": 0.0285}, rules.env, {"p": 3}, rules.credits)
            for x, shown in ((3.51, 3), (3.51, None), (3.5, 1))]
    assert said[0] == said[1] == COARSE.format("0.03", "3.56") and said[2] == "", said
    one = coarse_carry(checker.rule, 0.0, None, {"p": 0.95}, rules.env, {"p": 2}, rules.credits)
    assert one == ""


def test_from_a_wrong_a_the_value_said_is_the_one_its_own_a_gives(tmp_path, key11):
    """rev42c F10: (a) 0.031 is wrong; (b) 3.51 is -ln 0.03. The line said "(expected 3.56)", the key's,
    which keeping 0.031 unrounded never gives: it gives -ln 0.031 = 3.47."""
    rows = graded_by_cli(tmp_path, key11, [["s2", "Q8", "a", "0.031"], ["s2", "Q8", "b", "3.51"]])
    said = rows["s2", "Q8", "b"]["feedback"]
    assert said == COARSE.format("0.03", "3.56").replace("(expected 3.56)", "(from your (a) as written: 3.47)"), said
