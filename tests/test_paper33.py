"""Round 33's paper review: the problem paper's figure names no label's
probability and shows the probabilities its template asks about."""

import math
import re

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.figures import PROBLEM_AXIS, figure_point
from quizgen.generation.problem_figure import problem_axes
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.lms.export import write_moodle
from quizgen.validation.leaks import Target, figure_leaks, parse_svg, parse_tikz, targets_of

BANK = {t.cls: t for t in load_bank(())}
FIGURED = [cls for cls, template in sorted(BANK.items()) if template.figure is not None]


def _figure(cls: str, k: int, fmt: str, seed: int = 1) -> tuple:
    """(instance, its view's figure) of draw ``k`` of ``cls``."""
    instance = sample_instance(BANK[cls], seed_label(seed, BANK[cls].id, k))
    return instance, question_view(Question("Q1", instance), fmt)["figure"]


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.parametrize("cls", FIGURED)
def test_the_problem_figure_names_p_in_neutral_words_only(cls, fmt):
    """C7's problem figure read "p = 1 - p-hat, the head's NotNext probability" for
    y = 0, the loss term part (c) asks a student to choose; every template's
    problem figure now says "p, a probability", its solution's figure the template's words."""
    for k in range(6):
        instance, figure = _figure(cls, k, fmt)
        words = re.sub(r"\s+", " ", figure["problem"])
        assert f"{PROBLEM_AXIS}" in words
        assert figure["axis"] not in words and figure["axis"] in figure["solution"]
        assert not re.search(r"IsNext|NotNext|hat|true (word|token|class)|p&#770;|1 (-|&#8722;) p", words)


def test_c7s_problem_figure_is_one_drawing_for_both_labels():
    drawings = {}
    for k in range(12):
        instance, figure = _figure("C7", k, "md")
        drawings.setdefault(instance.env["y"], set()).add(figure["problem"])
    assert set(drawings) == {0, 1} and len(drawings[0] | drawings[1]) == 1
    assert "<title>The loss &#8722;ln p against p, a probability</title>" in drawings[0].pop()


@pytest.mark.slow
def test_moodles_problem_figure_alt_text_is_neutral(tmp_path):
    export = write_moodle(tmp_path / "q.xml", classes="C7", count=4, seed=1)
    xml = (tmp_path / "q.xml").read_text()
    assert export and 'alt="The loss \u2212ln p against p, a probability"' in xml
    questions = xml.split("<feedback")[0] if "<feedback" in xml else xml
    assert "NotNext probability\"" not in questions


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_c3s_problem_figure_puts_p_on_a_log_scale_reaching_1_over_v(fmt):
    """Seed 1 Q21 (V = 28996, p = 3.4e-5): on the linear axis the curve lay on the
    loss axis line; now p is on a log scale down to the template's smallest probe
    p's decade, and the curve reaches -ln p there, with no mark of the answer."""
    instance, figure = _figure("C3", 0, fmt)
    point = figure_point(instance)
    assert point.p == pytest.approx(1 / 28996)
    drawn = (parse_svg if fmt == "md" else parse_tikz)(figure["problem"])
    assert drawn.axes.x_log
    left_p = drawn.axes.to_data(*drawn.axes.origin())[0]
    assert left_p <= point.p / 10 and left_p == pytest.approx(10.0 ** -problem_axes(BANK["C3"])[1], rel=0.02)
    top, decades = problem_axes(BANK["C3"])
    assert decades == 7 and top >= math.ceil(decades * math.log(10)) > point.loss
    assert figure_leaks(figure["problem"], fmt, targets_of(instance)) == []


@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_the_leak_check_reads_a_log_axis(fmt):
    """The dot of a solution figure on a log p axis maps back to its p (to the 1%
    that coordinates printed to 0.1 px or 0.001 cm allow there) and its loss."""
    instance, figure = _figure("C3", 0, fmt)
    point = figure_point(instance)
    targets = [Target("(a) answer", point.p, point.p / 100, True), Target("(b) answer", point.loss, 0.0005, True)]
    found = {leak.target.label for leak in figure_leaks(figure["solution"], fmt, targets)}
    assert found == {"(a) answer", "(b) answer"}


def test_a_template_mostly_above_the_log_threshold_keeps_a_linear_axis():
    assert [problem_axes(BANK[cls])[1] for cls in ("C1", "C7", "C8")] == [0, 0, 0]


@pytest.mark.parametrize("math, ok", [(r"1380 \times 7.3891 = 1.020 \times 10^{4}", True),
                                      (r"1380 \times 7.3891 = 1.030 \times 10^{4}", False),
                                      (r"28996 \times 54.5982 = 1.583 \times 10^{6}", True)])
def test_the_recompute_check_reads_scientific_form(math, ok):
    """C3's product of the rounded weight is shown to 4 figures in scientific form;
    the check reads it as 10200 shown to the ten, not as 1.020."""
    from quizgen.validation.recompute import recompute_math
    assert [step.ok for step in recompute_math(math).steps] == [ok]


def _work(cls: str, seed: int, k: int, step: int) -> str:
    instance = sample_instance(BANK[cls], seed_label(seed, BANK[cls].id, k))
    return question_view(Question("Q1", instance), "md")["steps"][step]["work"]


@pytest.mark.parametrize("cls, k, step, shown", [
    ("C4", 0, 2, "The rounded losses above add to $3.4981$, so $L_{\\text{MLM}} = 3.4981 / 4 = 0.8745$"),
    ("C9", 0, 1, "The rounded losses above add to $3.5065$, so $L_{\\text{MLM}} = 3.5065 / 3 = 1.1688$"),
    # C10 since review 52b F1: the 8 losses of [BOS] she poured hot tea into the mug [EOS], true sum 8.93521
    ("C10", 0, 2, "\\approx 8.93509$, the sum of the rounded losses above"),
    ("C3", 0, 1, "\\approx 28996 \\times 54.5982 = 1.583 \\times 10^{6}$, with the rounded weight above"),
    ("C1", 0, 1, "$\\sum_j e^{z_j} \\approx 76.2902$, the sum of the rounded weights above")])
def test_a_sum_of_rounded_terms_says_so(cls, k, step, shown):
    """Seed 1's review: "3.4981 / 4" (true sum 3.49826), C10's "= 3.05908" (six figures
    of a sum of 4-decimal losses, true 3.05910) and C3's "= 1583129" (28996 e^4 = 1583128.0)
    read as the true sums; C3's product is now shown to the 4 figures its weight carries."""
    assert shown in _work(cls, 1, k, step)


@pytest.mark.slow
def test_c9s_three_error_claim_names_the_mask_step():
    """The forecast said "the last step also corrects the first", a bracket at the end
    of "Check the claim about the sum"; the step's title now names [MASK] too."""
    for k in range(40):
        instance = sample_instance(BANK["C9"], seed_label(1, BANK["C9"].id, k))
        view = question_view(Question("Q1", instance), "md")
        title = view["steps"][-1]["title"]
        if instance.env["claim"]["extra"]:
            assert "about [MASK]" in title.replace("\\[", "[").replace("\\]", "]")
            assert "80%" in view["steps"][-1]["work"]
            return
        assert "MASK" not in title
    pytest.fail("no draw of the three-error claim in 40")
