"""What a domain expert challenged in session 16, one test each: C3's sum of weights
recomputes from the weight it shows, C4 says its single segment is a simplification,
C6 gives the right reason for grading every picked position, and C9's averaging
hint for (a) does not name the answer of (c)."""

import math
import re

import pytest

from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.generation.views import question_view
from quizgen.maths.numbers import significant


def _flat(text: str) -> str:
    return " ".join(text.split())


def _views(template, count: int):
    for k in range(count):
        instance = sample_instance(template, seed_label(1234, template.id, k))
        yield instance, question_view(Question("Q1", instance), "md")


@pytest.mark.slow
def test_c3_sum_of_weights_recomputes_from_the_weight_shown(templates_by_class):
    """Seed 1234 showed e^-1.5 = 0.2231, then 50265 x e^-1.5 = 11216 (50265 x 0.2231 = 11214)."""
    checked = big = 0
    for instance, view in _views(templates_by_class["C3"], 130):
        weight = re.search(r"= ([\d.]+)\$", view["steps"][0]["work"]).group(1)
        size, factor, total = re.search(r"\\approx (\d+) \\times ([\d.]+) = ([^$]+)\$, with the rounded weight",
                                        view["steps"][1]["work"]).groups()
        assert (size, factor) == (str(instance.env["V"]), weight), view["steps"][1]["work"]
        product = int(size) * float(factor)
        if product >= 10000:   # round 33: 4 significant figures, in scientific form (not 1583129)
            power = math.floor(math.log10(product))
            assert total == f"{product / 10 ** power:.3f} \\times 10^{{{power}}}", view["steps"][1]["work"]
        else:
            assert total == significant(product, 4), view["steps"][1]["work"]
        checked += 1
        big += int(size) > 1000
    assert checked == 130 and big > 10


@pytest.mark.slow
def test_c3_answer_is_still_exactly_one_over_v(templates_by_class):
    """Only the working's rounding changed: the answer is 1/V, not 1/V from a rounded sum."""
    for instance, _ in _views(templates_by_class["C3"], 40):
        assert str(instance.parts[0].value) == f"1/{instance.env['V']}", instance.parts[0].value


def test_c4_says_its_single_segment_is_a_simplification(templates_by_class):
    stem = _flat(question_view(Question("Q1", canonical_instance(templates_by_class["C4"])), "md")["stem"])
    assert "BERT's pretraining inputs are sentence pairs, [CLS] A [SEP] B [SEP]" in stem, stem
    assert "for simplicity this one is a single segment, read as [CLS], these tokens, [SEP]" in stem
    assert "The masking rule and the masked-LM loss are the same for one segment as for a pair" in stem
    assert "is fed to BERT as [CLS], these tokens, [SEP]" not in stem


def test_c6_every_picked_position_is_graded_by_design(templates_by_class):
    view = question_view(Question("Q1", canonical_instance(templates_by_class["C6"])), "md")
    why = _flat(view["steps"][4]["why"])
    assert why.startswith("Every picked position is a prediction target by design"), why
    assert "because the model cannot tell" not in why
    assert "cannot tell which of its ordinary-looking inputs it will be asked to predict" in why   # a [MASK] is plain
    assert "must keep a good representation of every input token" in why


def test_c9_states_the_mean_its_working_uses(templates_by_class):
    """C9 (a) needs the mean over M, so the stem states it (a question states its
    conventions), (c) asks the student's claim against that definition, and the
    step that averages says why it divides by |M| (rev-maths16b: it had stopped saying so)."""
    instance = canonical_instance(templates_by_class["C9"])
    view = question_view(Question("Q1", instance), "md")
    assert r"L_{\text{MLM}} = -\frac{1}{|M|}\sum_{i \in M} \ln p_i" in view["stem"], view["stem"]
    assert "twice as many masked positions" in view["parts"][2]["ask"]   # not "sum or mean?", read off the stem
    step = view["steps"][1]
    assert "is the mean over the $|M| = 2$ masked positions" in _flat(step["why"]), step["why"]
    assert re.search(r"= 3\.5\d+ / 2 = 1\.75\d+", step["work"]), step["work"]


EX1 = r"\frac{e^{2}}{e^{2} + e + 1} \approx 0.6652"   # the reference's Ex 1 softmax, p(mat)


@pytest.mark.parametrize("cls, shown", [("C4", [EX1, r"\frac{1}{2 + e^{3}} \approx 0.04528"]),
                                        ("C9", [EX1, r"\frac{1}{2 + e^{3}} \approx 0.04528"]),
                                        ("C10", [f"causal $p = {EX1}$; masked-LM $q = {EX1}$"])])
@pytest.mark.slow
def test_worked_example_stems_show_the_exact_probabilities_the_key_uses(templates_by_class, cls, shown):
    """The key's exact form (-ln(e^2/(e^2+e+1)) ...) was in terms the worked-examples paper never showed."""
    template = templates_by_class[cls]
    stem = question_view(Question("Q1", canonical_instance(template)), "md")["stem"]
    assert all(text in stem for text in shown), stem
    for _, view in _views(template, 30):   # drawn probabilities are short decimals, shown once
        assert r"\approx" not in view["stem"]
