"""The problem paper gives nothing away: no figure of any template with one,
over many seeds, in SVG or TikZ, shows a point within tolerance of an answer or
trap (checked by quizgen/validation/leaks.py), and C7's solution figure marks
the loss of the true label."""

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.validation.leaks import figure_leaks, targets_of

SEEDS = 40


@pytest.fixture(scope="module")
def figured():
    """SEEDS instances of every template with a figure."""
    return [sample_instance(t, seed_label("leaks", t.id, k))
            for t in load_bank(()) if t.figure is not None for k in range(SEEDS)]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_no_problem_figure_leaks_an_answer_or_trap(figured, fmt):
    assert len({inst.template.cls for inst in figured}) >= 5
    leaking = []
    for inst in figured:
        figure = question_view(Question("Q1", inst), fmt)["figure"]
        leaking += [f"{inst.seed_label}: {leak}" for leak in figure_leaks(figure["problem"], fmt, targets_of(inst))]
    assert leaking == []


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.slow
def test_the_solution_figure_still_marks_the_point(figured, fmt):
    """The check can fail: the solutions' marked point maps back to part (a) or its loss."""
    inst = figured[0]
    figure = question_view(Question("Q1", inst), fmt)["figure"]
    assert figure_leaks(figure["solution"], fmt, targets_of(inst))


def _c7(y: int):
    template = next(t for t in load_bank(()) if t.cls == "C7")
    return next(inst for k in range(100)
                for inst in [sample_instance(template, seed_label("c7", template.id, k))] if inst.params["y"] == y)


@pytest.mark.parametrize("y, loss_part", [(1, 1), (0, 2)])
def test_c7_solution_figure_is_labelled_with_the_true_labels_loss(y, loss_part):
    inst = _c7(y)
    figure = question_view(Question("Q1", inst), "md")["figure"]
    own_loss = float(inst.parts[loss_part].value)
    assert figure["loss"] == pytest.approx(own_loss)
    other = float(inst.parts[3 - loss_part].value)
    assert figure["loss"] != pytest.approx(other)


def test_generated_problem_paper_has_no_marked_point(invoke, tmp_path):
    result = invoke("generate", "--seed", 5, "--classes", "C1,C2,C7", "--count", 2, "--out", tmp_path)
    assert result.exit_code == 0, result.stderr
    problems, solutions = (tmp_path / "problems.md").read_text(), (tmp_path / "solutions.md").read_text()
    assert problems.count("<svg") == 6 and "<circle" not in problems and "stroke-dasharray" not in problems
    assert solutions.count("<circle") == 6
