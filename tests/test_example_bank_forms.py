"""The example bank (docs/examples/bert_bank) models the built-in bank's conventions for
authors: each worked value written as the answers are (4 decimals, or 4 significant figures
below 0.1, trailing zeros kept), no brackets round a positive number or a bias ("+ 0.5",
"- 1.0"), a note where the rounded working ends on another answer than the key's; C11 names
the key matrix K, C12 says what layer normalisation applies and that its epsilon is not
BERT's, C13 says what perplexity is."""

import re
from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view

EXAMPLES = Path(__file__).resolve().parent.parent / "docs" / "examples" / "bert_bank"
BANK = {t.cls: t for t in load_bank([EXAMPLES], include_builtin=False)}
FOUR = r"-?(?:0\.0\d{4,}|\d+\.\d{4})"   # as sigdec(4) writes: 4 decimals, 4 figures below 0.1


def _at_four(text: str) -> float:
    """A value as the working writes it (sigdec(4)): 4 decimals, or 4 significant figures below 0.1."""
    value = float(text)
    return float(f"{value:.4g}" if abs(value) < 0.1 else f"{value:.4f}")


def _draws(cls: str, count: int = 40):
    for k in range(count):
        instance = sample_instance(BANK[cls], f"forms/{k}")
        yield instance, question_view(Question("Q1", instance), "md")



def test_c12_gain_step_writes_y_as_the_answers_are_and_the_bias_unbracketed():
    noted = False
    for instance, view in _draws("C12"):
        work = view["steps"][3]["work"]
        assert "+ (" not in work and not re.search(r"[+-] \(-?\d", work), work
        beta = float(instance.env["beta"])
        assert (f"- {abs(beta):.1f} = " if beta < 0 else f"+ {beta:.1f} = ") in work, work
        shown = re.search(rf"= ({FOUR})\$", work)
        assert shown, work
        answer = view["parts"][2]["answer"]   # the bold answer, as the key writes it
        if float(shown.group(1)) != _at_four(answer):
            assert f"while the unrounded values give $y_{{ {int(instance.env['j1'])} }} = {answer}$, the answer" in work
            noted = True
    assert noted


def test_c11_output_step_writes_o_as_the_answers_are_and_says_where_it_differs():
    noted = False
    for instance, view in _draws("C11", 60):
        work = view["steps"][4]["work"]
        assert not re.search(r"\\times \((?!-)", work), work   # brackets only round a negative value
        shown = re.search(rf"= ({FOUR})\$", work)
        assert shown, work
        answer = view["parts"][2]["answer"]   # the bold answer, as the key writes it
        if float(shown.group(1)) != _at_four(answer):
            assert f"while the unrounded weights give $o = {answer}$, the answer" in work, work
            noted = True
        assert f"$o = {answer}$ lies between" in view["verify"], view["verify"]
    assert noted


def test_c11_c12_c13_stems_say_what_the_review_asked():
    c11 = " ".join(next(_draws("C11", 1))[1]["stem"].split())
    assert "$\\mathrm{softmax}(q K^\\top / \\sqrt{d_k})$, where the key matrix $K$ has the rows $k_1, k_2, k_3$" in c11
    c12 = " ".join(next(_draws("C12", 1))[1]["stem"].split())
    assert "standardises each token's hidden vector, then applies its own learned gain and bias" in c12, c12
    assert "(large, so that its effect shows; BERT's own is a millionth of a millionth)" in c12, c12
    assert "before its affine map" not in c12
    c13 = next(_draws("C13", 1))[1]["parts"][1]["ask"]
    assert "perplexity on this sequence, the exponential of its mean loss per token in nats?" in c13, c13


@pytest.mark.slow
def test_the_reviewed_paper_shows_each_step_at_the_answers_figures(invoke, tmp_path):
    """generate --bank docs/examples/bert_bank --classes C11,C12,C13 --count 3, seed 3: Q1's o and a
    C12 y reach another 4th decimal than the key (0.1962 / 0.1963, -1.5122 / -1.5121), and say so;
    seed 2: a y ending in 0 keeps it (-0.6690)."""
    text = {}
    for seed in ("3", "2"):
        result = invoke("generate", "--bank", EXAMPLES, "--classes", "C11,C12,C13", "--seed", seed, "--count", "3",
                        "--out", tmp_path / seed)
        assert result.exit_code == 0, result.output
        text[seed] = (tmp_path / seed / "solutions.md").read_text(encoding="utf-8")
    assert ("$o = 0.01021 \\times 0.5 + 0.8942 \\times 0.0 + 0.09557 \\times 2.0 = 0.1962$, while the unrounded "
            "weights give $o = 0.1963$, the answer") in text["3"]
    assert ("$y_{ 3 } = 0.5 \\times (-1.0243) - 1.0 = -1.5122$, while the unrounded values give "
            "$y_{ 3 } = -1.5121$, the answer") in text["3"]
    assert "$y_{ 4 } = 2.0 \\times (-0.69241) - 1.0 = -2.3848$" in text["3"]
    assert "$y_{ 4 } = 0.5 \\times 0.66203 - 1.0 = -0.6690$" in text["2"]
