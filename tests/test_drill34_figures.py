"""Round 34 (drill review): an answer with too few significant figures.
Seed 3's C1 (a) is 0.69990 (0.700 to the 3 figures asked). ``0.7`` was told
"rounded too early ... (expected 0.700)" with no word on why 0.7 is not
0.700; ``7/10`` was told its value "is right to 2 significant figures", talk
of a rounding for an exact fraction. The verdict stays grade's (imprecise)."""

import pytest

from quizgen.drill.precision import _figures

GRADE_07 = "Rounded too early: right to 1 significant figure, give at least 3 (expected 0.700)."
ZEROS = "Zeros at the end of a decimal count as significant figures: 0.700 shows 3, {} shows only {}."


def _said(invoke, answer: str) -> str:
    result = invoke("drill", "--seed", 3, "--classes", "C1", "--no-save", input=f"{answer}\nq\n")
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


@pytest.mark.parametrize("answer, figures", [("0.7", 1), ("0.70", 2), ("0,7", 1)])
def test_the_right_value_with_its_end_zeros_dropped_is_told_they_count(invoke, answer, figures):
    said = _said(invoke, answer)
    assert "Not precise enough." in said   # grade's verdict, imprecise
    assert ZEROS.format(answer, figures) in said
    if answer == "0.7":
        assert GRADE_07 in said   # grade's feedback is kept, word for word


@pytest.mark.parametrize("answer", ["0.69", "69/100", "0.6999", "0.700"])
def test_zeros_are_not_talked_of_for_another_value_or_enough_figures(invoke, answer):
    assert "Zeros at the end" not in _said(invoke, answer)


@pytest.mark.parametrize("answer", ["7/10", "70/100", r"\frac{7}{10}"])
def test_a_fraction_is_said_to_be_exact_not_right_to_some_figures(invoke, answer):
    said = _said(invoke, answer)
    assert (f"Not precise enough. Your {answer} is exactly 0.7, but the answer is not exactly 0.7: this part asks "
            "for a decimal to at least 3 significant figures, 0.700.") in said
    assert "right to 2 significant figures" not in said and "its value, 0.70" not in said
    assert ZEROS.format("0.7", 1) in said


def test_a_fraction_of_another_value_is_told_what_it_is_exactly(invoke):
    said = _said(invoke, "69/100")
    assert "Your 69/100 is exactly 0.69, but the answer is not exactly 0.69" in said
    assert "Cut off instead of rounded" not in said


def test_the_drill_marks_these_as_grade_does():
    """The words change, not the verdict: imprecise, as grade's checker says."""
    import io

    from quizgen.drill.session import run_drill

    for answer in ("0.7", "7/10"):
        result = run_drill(io.StringIO(f"{answer}\nq\n"), io.StringIO(), io.StringIO(), classes="C1", seed=3,
                           save=False)
        assert [p.status for p in result.parts] == ["imprecise"]


def test_the_figures_of_the_answer_asked_are_counted_as_written():
    """100.0 (99.96 to 3 figures, as grade writes it) shows 4: no zeros line is built on it."""
    assert [_figures(t) for t in ("0.700", "14.0", "0.000810", "100.0", "-2.10")] == [3, 3, 3, 4, 3]


def test_a_fraction_worked_from_the_learners_own_earlier_answer_keeps_grades_words():
    """An early rounding marked by ECF ("error carried forward; worked from your (a)")
    is about the learner's own value: the fraction sentence, which names the key's
    answer, would contradict it (drill34's review of drill34b)."""
    from types import SimpleNamespace

    from quizgen.drill.precision import imprecise_sentences
    from quizgen.maths.numerals import StatedFigures

    record = SimpleNamespace(kind="numeric", tolerance={"sig": 3}, value=0.6999, rational=None)
    feedback = ("rounded too early: right to 1 significant figure given (a) = 0.5 (error carried forward; "
                "worked from your (a) that is 0.700 to 3 figures), give at least 3 (expected 0.700)")
    verdict = SimpleNamespace(feedback=feedback, value=0.7, figures=StatedFigures(1))
    said = imprecise_sentences(record, verdict, "7/10")
    assert said.startswith("Rounded too early: right to 1 significant figure given (a)")
    assert "is exactly" not in said
