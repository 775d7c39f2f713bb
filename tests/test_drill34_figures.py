"""Round 34 (drill review): an answer with too few significant figures.
Seed 3's C1 (a) is 0.69990 (0.700 to the 3 figures asked). ``0.7`` was told
"rounded too early ... (expected 0.700)" with no word on why 0.7 is not
0.700; ``7/10`` was told its value "is right to 2 significant figures", talk
of a rounding for an exact fraction. Round 34 gave the drill sentences of its
own over grade's words; round 35 gave grade the right words (marking/early.py:
the zeros' count, ``fraction_stated``), and the drill says grade's, word for
word, as a feedback sheet does. The verdict stays grade's (imprecise)."""

import pytest

from quizgen.grading.part_checker import question_checkers
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.bank.loader import load_bank
from quizgen.key.entries import key_entry
from quizgen.text.render import ROUNDING_RULE

ZEROS = "zeros at the end of a decimal count as significant figures: 0.700 shows 3, {} shows only {})."
FRACTION = ("Not precise enough. Your fraction is exactly 0.7, but the answer is not exactly 0.7: this part asks "
            "for a decimal to at least 3 significant figures (expected 0.700; " + ZEROS.format("0.7", 1))


def _said(invoke, answer: str) -> str:
    result = invoke("drill", "--seed", 3, "--classes", "C1", "--no-save", input=f"{answer}\nq\n")
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


@pytest.mark.parametrize("answer, figures", [("0.7", 1), ("0.70", 2), ("0,7", 1)])
def test_the_right_value_with_its_end_zeros_dropped_is_told_they_count(invoke, answer, figures):
    said = _said(invoke, answer)
    shown = "0.70" if figures == 2 else "0.7"
    s = "s" * (figures > 1)
    assert (f"Not precise enough. Rounded too early: right to {figures} significant figure{s}, give at least 3 "
            f"(expected 0.700; {ZEROS.format(shown, figures)}") in said


@pytest.mark.parametrize("answer", ["0.69", "69/100", "0.6999", "0.700"])
def test_zeros_are_not_talked_of_for_another_value_or_enough_figures(invoke, answer):
    """The feedback does not (the stem's rounding sentence says it of every answer, so it is left out)."""
    assert "zeros at the end" not in _said(invoke, answer).replace(ROUNDING_RULE, "").lower()


@pytest.mark.parametrize("answer", ["7/10", "70/100", r"\frac{7}{10}"])
def test_a_fraction_is_said_to_be_exact_not_right_to_some_figures(invoke, answer):
    said = _said(invoke, answer)
    assert FRACTION in said
    assert "right to 2 significant figures" not in said and "its value, 0.70" not in said


def test_a_fraction_of_another_value_is_told_what_it_is_exactly(invoke):
    said = _said(invoke, "69/100")
    assert ("Your fraction is exactly 0.69, but the answer is not exactly 0.69, and to 2 significant figures it is "
            "0.70: this part asks for a decimal to at least 3 significant figures (expected 0.700).") in said
    assert "Cut off instead of rounded" not in said


def test_the_drill_says_grades_words():
    """The drill's reply after "Not precise enough." is grade's feedback on the
    same answer as a sentence: no wording of its own to drift from grade's."""
    import io

    from quizgen.drill.session import run_drill

    instance = sample_instance(next(t for t in load_bank() if t.cls == "C1"), "3/mlm-confident-correct/0")
    checker = question_checkers(key_entry(Question("Q1", instance)))["a"]
    for answer in ("0.7", "0.70", "7/10", "69/100"):
        out = io.StringIO()
        result = run_drill(io.StringIO(f"{answer}\nq\n"), out, io.StringIO(), classes="C1", seed=3, save=False)
        assert [p.status for p in result.parts] == ["imprecise"]
        feedback = checker(answer).feedback
        assert f"Not precise enough. {feedback[0].upper()}{feedback[1:]}." in " ".join(out.getvalue().split())
