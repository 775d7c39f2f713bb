"""What a domain expert found in C10, C4 and the loss-curve figure (review 20):
C10 (b) named only the doubled both-sides slip (-ln q over all T words), not
-ln q over positions 2 to T divided by T - 1 (seed 1: 0.284) nor last week's
BERT score copied (0.337); C10's stem said why position 1 has no p, which
answered (a); C4's working could end on 0.4595 beside a key of 0.4594; the
problem paper's loss curve stopped at 4, below C2's 4.047 and C3's ln V = 10.27."""

import math
import re

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.figures import figure_point
from quizgen.generation.problem_figure import FIGURE_PROBES, problem_axes
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.generation.views import question_view
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.generation.variants import probe_label
from quizgen.maths.numbers import key_answer
from quizgen.validation.leaks import figure_leaks, parse_svg, parse_tikz, targets_of
from test_working_meets_key import LAST_NUMBER, three_figures

BANK = {t.cls: t for t in load_bank(())}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _graded(instance, letter: str, answer: str) -> tuple:
    """(status, misconception) of ``answer`` to part ``letter``, as grade marks it alone."""
    verdict = question_checkers(key_entry(Question("Q1", instance)))[letter](answer)
    return verdict.status, verdict.misconception


@pytest.fixture(scope="module")
def c10_seed1():
    """C10 as `generate --seed 1` draws it (Q10: she poured hot tea into the mug, since review 52b F1
    made the loss the [BOS] ... [EOS] sequence's; it drew "we read a story before bed" before)."""
    return sample_instance(BANK["C10"], seed_label(1, BANK["C10"].id, 0))


def test_seed_one_is_the_reviewers_draw(c10_seed1):
    assert " ".join(c10_seed1.env["scene"]["words"]) == "she poured hot tea into the mug"
    assert _graded(c10_seed1, "b", "1.12") == ("correct", "")


@pytest.mark.parametrize("answer, code", [
    ("1.05", "bidirectional_context"),                 # q at the T words, p at [EOS], / (T + 1)
    ("1.045", "bidirectional_context"),
    ("1.06", "bert_score_as_causal_loss"),             # last week's BERT score, positions 5 and 7
    ("0.766", "bidirectional_context_no_end_token"),   # q over the T words alone, / T
])
def test_c10_names_each_both_sides_slip(c10_seed1, answer, code):
    assert _graded(c10_seed1, "b", answer) == ("incorrect", code)


def test_c10_trap_values_are_the_misconceptions(c10_seed1):
    traps = {t.code: float(t.value) for t in c10_seed1.parts[1].traps}
    env = c10_seed1.env
    q = [float(x) for x in env["q"]]
    mask = [0] + [int(x) for x in env["mask"]]
    end = -math.log(float(env["p_end"]))   # [EOS] has no q: its p stands in both-sides working
    assert traps["bidirectional_context"] == pytest.approx((sum(-math.log(x) for x in q) + end) / (len(q) + 1))
    assert traps["bidirectional_context_no_end_token"] == pytest.approx(sum(-math.log(x) for x in q) / len(q))
    scored = [-math.log(x) for x, m in zip(q, mask) if m]
    assert traps["bert_score_as_causal_loss"] == pytest.approx(sum(scored) / len(scored))


def test_c10_stem_does_not_say_why_position_one_has_no_p():
    """(a) asks how many next-token predictions the loss averages over: the stem states the convention
    ([BOS] in front, [EOS] after, since review 52b F1) and explains nothing about
    which tokens are predicted; position 1 has a p (given [BOS]), as every word does."""
    instance = canonical_instance(BANK["C10"])
    stem = _flat(question_view(Question("Q1", instance), "md")["stem"])
    assert "as the sequence [BOS] the cat sat on the mat [EOS]" in stem, stem
    assert "nothing is to its left" not in stem and "no probability" not in stem
    assert "no $p$" not in stem and "left only (nothing" not in stem and "never predicted" not in stem
    first_row = re.search(r"position 1, .*? position 2", stem).group(0)
    assert "causal $p = 0.15$" in first_row, first_row


def test_c10_worked_example_is_unchanged():
    instance = canonical_instance(BANK["C10"])
    assert [pv.value for pv in instance.parts][0] == 7   # (a) asks with [BOS] and [EOS] since review 51c F10: 8 tokens, 7 predicted
    # (b) is the loss of that sequence since review 52b F1: the 7 losses, P(the | [BOS]) = 0.15's and
    # P([EOS] | the sentence) = 0.4's with the old five, sum 8.3370 (5.5236 + 1.8971 + 0.9163), / 7
    assert float(instance.parts[1].value) == pytest.approx(1.1910, abs=5e-5)


@pytest.mark.slow
def test_c4_working_ends_on_the_keys_answer_in_the_reviewers_draws():
    """seed 3 (the reviewer's `--count 150` paper) and seed 5 drew means whose
    4-figure working rounds, at 3 figures, away from the key (0.4595 vs 0.4594)."""
    template, wrong = BANK["C4"], []
    for seed in (3, 5):
        for k in range(150):
            instance = sample_instance(template, seed_label(seed, template.id, k))
            work = question_view(Question("Q1", instance), "md")["steps"][2]["work"].strip()
            shown = LAST_NUMBER.search(work.split(", while")[0]).group(1)   # the working's own mean
            pv = instance.parts[0]
            if three_figures(shown) != three_figures(key_answer(pv.value, "numeric", pv.part.decimals)):
                wrong.append((seed, k, shown))
    assert wrong == []


def _problem_figure(instance, fmt: str) -> str:
    return question_view(Question("Q1", instance), fmt)["figure"]["problem"]


def _curve_top(markup: str, fmt: str) -> float:
    """The highest loss the problem figure's curve reaches, read back through its own axes."""
    figure = parse_svg(markup) if fmt == "md" else parse_tikz(markup)
    if fmt == "md":
        curve = next(line for line in markup.splitlines() if 'stroke="#1f4e99"' in line)
        points = [tuple(map(float, pair.split(","))) for pair in re.search(r'points="([^"]*)"', curve)
                  .group(1).split()]
    else:
        curve = next(line for line in markup.splitlines() if "thick" in line)
        points = [tuple(map(float, pair)) for pair in re.findall(r"\((-?[\d.]+),(-?[\d.]+)\)", curve)]
    return max(figure.axes.to_data(x, y)[1] for x, y in points)


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.parametrize("cls, loss", [("C2", 4.047), ("C3", 10.275)])
def test_the_problem_figure_reaches_the_loss_it_is_about(cls, loss, fmt):
    """Seed 1's C2 loss (4.047) and C3's ln V (10.27) lay above the problem
    figure's axis, which stopped at 4 for every template."""
    instance = sample_instance(BANK[cls], seed_label(1, BANK[cls].id, 0))
    assert figure_point(instance).loss == pytest.approx(loss, abs=1e-3)
    assert _curve_top(_problem_figure(instance, fmt), fmt) >= loss


@pytest.mark.parametrize("fmt", ["md", "tex"])
@pytest.mark.parametrize("cls", ["C1", "C2", "C3", "C7", "C8"])
@pytest.mark.slow
def test_the_problem_figure_is_the_same_for_every_draw_and_leaks_nothing(cls, fmt):
    """Its axis is its template's, not fitted to the draw's answer (which would
    give the answer's range away), and no mark reads back as an answer or trap;
    it reaches every loss these draws give. Its p axis is named in the same neutral
    words for every draw (C7's y = 0 and y = 1 alike: round 33), so one drawing in all."""
    template, drawings = BANK[cls], set()
    for k in range(30):
        instance = sample_instance(template, seed_label(7, template.id, k))
        markup = _problem_figure(instance, fmt)
        drawings.add(markup)
        assert figure_leaks(markup, fmt, targets_of(instance)) == []
        assert _curve_top(markup, fmt) >= figure_point(instance).loss
    assert len(drawings) == 1
    probes = [figure_point(sample_instance(template, probe_label(template, k, "figure"))) for k in range(FIGURE_PROBES)]
    assert problem_axes(template)[0] >= max(4, *(point.top for point in probes))
