"""Wording a domain expert challenged in session 14: BERT's masking count over
all T tokens (special tokens counted, as create_pretraining_data.py does),
C10's one-at-a-time BERT scores, multilingual BERT's cased vocabulary, C7's
pooled [CLS] vector, and the example bank's perplexity check and layer-norm
forecast. Each test renders real draws or a canonical draw with one change."""

import math
import re
from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import build_instance, canonical_instance, sample_instance
from quizgen.generation.views import question_view

EXAMPLE_BANK = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank"
SPECIALS = {"C4": 2, "C9": 3}   # [CLS] x [SEP] (C4); [CLS] A [SEP] B [SEP], a pretraining pair (C9)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _view(instance) -> dict:
    return question_view(Question("Q1", instance), "text")


def _draws(template, label: str, count: int = 60):
    for k in range(count):
        instance = sample_instance(template, f"{label}/{k}")
        yield instance, _view(instance)


def _with_n(template, n: int):
    """The canonical draw with only its sequence length n changed."""
    params = dict(canonical_instance(template).params)
    params["n"] = n
    return build_instance(template, f"n={n}", params)


def bert_num_to_predict(length: int) -> int:
    """create_pretraining_data.py's count, written as that Python 3 script does it."""
    return max(1, int(round(length * 0.15)))


@pytest.mark.parametrize("cls", ["C4", "C9"])
@pytest.mark.slow
def test_bert_picks_follow_bert_code_over_every_drawable_length(templates_by_class, cls):
    """The template's count is the script's for every n it can draw, even at the 1.5 tie."""
    template = templates_by_class[cls]
    assert template.raw["params"]["n"] == {"integer": [8, 24]}
    for n in range(8, 25):
        env = _with_n(template, n).env
        length = n + SPECIALS[cls]
        assert int(env["bert_len"]) == length
        assert int(env["bert_picks"]) == bert_num_to_predict(length), (cls, n)


@pytest.mark.parametrize("cls", ["C4", pytest.param("C9", marks=pytest.mark.slow)])
def test_stem_states_the_rule_for_t_and_the_solution_its_count(templates_by_class, cls):
    """The stem gives the rule and T with the special tokens, never the count (C5 (d) asks it);
    the solution works the count out and says how the illustrative |M| compares with it."""
    seen, differs_from_n_only = set(), False
    for instance, view in _draws(templates_by_class[cls], "picks"):
        m, n = int(instance.env["m"]), int(instance.env["n"])
        length = n + SPECIALS[cls]
        picks = bert_num_to_predict(length)
        stem, work = _flat(view["stem"]), _flat(" ".join(step["work"] for step in view["steps"]))
        assert "max(1, round(0.15 T))" in stem and f"T = {length} tokens in all" in stem, stem
        assert f"which is {picks} for" not in stem and "BERT would pick" not in stem, stem
        assert "roughly 15%" not in stem
        assert f"0.15 x {length} = " in work and f"which rounds to {picks}" in work, work
        if m > picks:
            assert f"this illustrative set masks {m}, more than that" in work.lower(), work
        elif m < picks:   # never "no more than BERT would pick": that hid the mismatch
            assert f"this illustrative set masks {m}, fewer than that" in work.lower(), work
        else:
            assert f"this illustrative set masks {m}, exactly that many" in work.lower(), work
        seen.add((m > picks) - (m < picks))
        differs_from_n_only = differs_from_n_only or picks != bert_num_to_predict(n)
    assert seen == {1, 0, -1} and differs_from_n_only


def test_c4_says_how_the_tie_at_t_10_is_rounded_in_its_solution(templates_by_class):
    view = _view(_with_n(templates_by_class["C4"], 8))
    work = _flat(" ".join(step["work"] for step in view["steps"]))
    assert "0.15 x 10 = 1.5, which rounds to 2 (a tie, which goes to 2 whether a .5 is rounded up" in work, work
    assert "1.5" not in _flat(view["stem"])
    assert bert_num_to_predict(10) == 2
    assert "(a tie" not in _flat(" ".join(s["work"] for s in _view(_with_n(templates_by_class["C4"], 9))["steps"]))


@pytest.mark.slow
def test_c9_reads_a_sentence_pair_with_three_special_tokens(templates_by_class):
    stem = _flat(_view(canonical_instance(templates_by_class["C9"]))["stem"])
    assert "a sentence pair read as [CLS] A [SEP] B [SEP]" in stem and "the three special tokens" in stem, stem
    assert "T = 13 tokens in all" in stem


@pytest.mark.slow
def test_c10_says_bert_scored_each_position_with_only_it_masked(templates_by_class):
    many = False
    for instance, view in _draws(templates_by_class["C10"], "scored", 40):
        stem, verify = _flat(view["stem"]), _flat(view["verify"])
        assert "were masked." not in stem
        # (session 16: without "every other word visible", which answered C9's left-to-right part)
        assert "were scored, each in its own copy of the sentence with only that position masked" in stem
        assert "each masked on its own and scored with the both-sides probability q" in verify.replace("$", "")
        many = many or int(instance.env["masked_n"]) >= 3
    assert many


@pytest.mark.slow
def test_c3_names_the_cased_multilingual_vocabulary(templates_by_class):
    seen = False
    for instance, view in _draws(templates_by_class["C3"], "mbert", 400):   # a real vocabulary is 1 draw in 10
        if instance.env["V"] == 119547:
            assert "the WordPiece vocabulary of multilingual BERT (cased), V = 119547 entries" in _flat(view["stem"])
            seen = True
    assert seen


@pytest.mark.slow
def test_c7_main_sentence_says_which_cls_vector(templates_by_class):
    stem = _flat(_view(canonical_instance(templates_by_class["C7"]))["stem"])
    assert "scores the pair from a [CLS] vector" in stem and "(in BERT's released code, the pooled one:" in stem, stem
    assert "final [CLS] vector with" not in stem


@pytest.fixture(scope="module")
def example_classes():
    return {t.cls: t for t in load_bank([EXAMPLE_BANK], include_builtin=False)}


@pytest.mark.slow
def test_c13_check_recomputes_two_to_the_shown_bits(example_classes):
    seen = set()
    for _, view in _draws(example_classes["C13"], "bits", 30):
        verify = _flat(view["verify"]).replace("$", "")
        shown_ppl = re.search(r"PPL = e\^\([\d.]+\) = ([\d.]+)", _flat(view["steps"][1]["work"])).group(1)
        bits, back = re.search(r"2\^\(([\d.]+)\) = ([\d.]+)", verify).groups()
        assert float(back) == float(f"{2 ** float(bits):.4g}"), verify
        if back == shown_ppl:
            assert "the perplexity found with base e:" in verify, verify
        else:
            gap = re.search(rf"found with base e, {re.escape(shown_ppl)}, only by ([\d.]+),", verify).group(1)
            assert math.isclose(float(gap), abs(float(back) - float(shown_ppl))), verify
        seen.add(back == shown_ppl)
    assert seen == {True, False}


@pytest.mark.slow
def test_c12_forecast_gives_the_normalised_variance_not_nearly_one(example_classes):
    for instance, view in _draws(example_classes["C12"], "var", 20):
        forecast = _flat(view["forecast"])
        assert "a little under 1" not in forecast
        assert "variance sigma^2 / (sigma^2 + epsilon), below 1 because of epsilon" in forecast.replace("$", ""), forecast
        x, eps = [float(v) for v in instance.env["x"]], float(instance.env["eps"])
        mu = sum(x) / len(x)
        var = sum((v - mu) ** 2 for v in x) / len(x)
        normalised = [(v - mu) / math.sqrt(var + eps) for v in x]
        assert math.isclose(sum(h * h for h in normalised) / len(x), var / (var + eps))
