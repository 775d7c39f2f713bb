"""A domain expert's re-reading of the bank's new wording (session 21, bank21e): no maths
errors, but sentences that said something else than was meant. C5's forecast expected the
case "excluded" (the trap's answer) where the formula has no value; C8's loss trap read
"the loss were neutral the true class"; C5 (b) accepted "n/a" and "not applicable" but not
"does not apply"; C5 (b)'s ask presumed a value; C9's step 5 opened "That order" after a
question; C2's forecast "In logit, car is ahead of mat"; C1's softmax "ranks"; C1's forecast
gave the weaker reason; C8's forecast claimed ln 2 for three classes without a reason, its
check never confirmed it, and "its weight beats every other"; C2 (a)'s feedback spoke of the
loss in a part asking for a probability; C4's check said the mean "does not grow with the
number of masks"; C8's check said "up to rounding" where the values add up exactly, and
named no class; C5's "undefined number"; C6's "counts that are whole numbers here"; C3's
unhedged "sanity check run on a freshly built model". The numbers and keys are unchanged."""

import pytest
import math
import re
from decimal import Decimal
from pathlib import Path

import yaml

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.generation.views import question_view
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry

DRAWS = 40
BANK = Path(__file__).resolve().parents[1] / "question_bank"


def _flat(text: str) -> str:
    """The text on one line, runs of white space made one space."""
    return " ".join(text.split())


def _draws(template, count=DRAWS):
    """(instance, Markdown view) of ``count`` seeded draws of ``template``."""
    for k in range(count):
        instance = sample_instance(template, f"bank21e/{template.id}/{k}")
        yield instance, question_view(Question("Q1", instance), "md")


def _feedback(instance, part: str, code: str) -> str:
    """The rendered feedback of trap ``code`` of part ``part`` (a letter) in this draw."""
    entry = key_entry(Question("Q1", instance))
    spec = next(p.spec for p in entry.parts if p.spec.letter == part)
    return next(t.feedback for t in spec.traps if t.code == code)


def test_c5_forecast_expects_no_value_and_leaves_exclusion_to_the_training_step(templates_by_class):
    """The forecast backed the answer (b) marks as the trap batch_contribution_not_formula."""
    for _, view in _draws(templates_by_class["C5"], 10):
        forecast = _flat(view["forecast"])
        assert "exclud" not in forecast.lower() and "degenerate" not in forecast, forecast
        assert "no value" in forecast and "$0/0$ is undefined" in forecast, forecast
        training = [s for s in view["steps"] if "excluded" in s["work"]]
        assert [s["title"] for s in training] == ["Decide what training does"], training
        assert training[0]["why"] == "A loss with no value must never reach the optimiser."


def test_c5_b_asks_what_the_formula_gives_without_presuming_a_value(templates_by_class):
    ask = next(p.ask for p in templates_by_class["C5"].parts if p.name == "lmlm")
    assert ask.startswith("What does the formula give for $L_{\\text{MLM}}$ on this sequence?"), ask
    assert "What value does" not in ask and "the formula's value, not what training does with the sequence" in ask


def test_c5_b_treats_n_a_not_applicable_and_does_not_apply_alike(templates_by_class):
    """None is credited by itself; the YAML says why."""
    check = question_checkers(key_entry(Question("Q1", canonical_instance(templates_by_class["C5"]))))["b"]
    verdicts = {text: check(text) for text in ("n/a", "N/A", "not applicable", "does not apply", "it does not apply")}
    assert all(v.status != "correct" and not v.misconception for v in verdicts.values()), verdicts
    assert {verdicts[t].status for t in ("not applicable", "does not apply", "it does not apply")} == {"needs_review"}
    accept = next(p.accept for p in templates_by_class["C5"].parts if p.name == "lmlm")
    assert not {"n/a", "not applicable", "does not apply"} & {w.lower() for w in accept}, accept
    comment = " ".join(line.strip("# ") for line in (BANK / "c5_zero_mask_limit.yaml").read_text().splitlines()
                       if line.strip().startswith("#"))
    assert '"n/a", "not applicable" and "does not apply"' in comment and "training's practice" in comment


@pytest.mark.slow
def test_c8_predicted_class_loss_feedback_reads_as_english(templates_by_class):
    seen = 0
    for instance, _ in _draws(templates_by_class["C8"]):
        pred, y = int(instance.params["pred"]), int(instance.params["y"])
        if pred == y:
            continue
        labels = instance.params["task"]["labels"]
        text = _feedback(instance, "b", "predicted_class_loss")
        other = "the other class" if len(labels) == 2 else "another class"
        assert f"of {other}; the loss takes" in text, text   # (c) asks for the prediction (review 58a F1)
        assert labels[pred] not in text.replace(labels[y], "") and "predict" not in text, text
        assert f"of the true class, {labels[y]}." in text and "the loss were" not in text
        seen += 1
    assert seen >= 5


@pytest.mark.slow
def test_c8_forecast_gives_its_reason_for_ln_2_and_the_check_confirms_the_bound(templates_by_class):
    """ln 2 only with the reason P(true) < P(predicted), the two adding to at most 1."""
    branches = set()
    for instance, view in _draws(templates_by_class["C8"], 80):
        K, pred, y = len(instance.params["task"]["labels"]), int(instance.params["pred"]), int(instance.params["y"])
        forecast, verify = _flat(view["forecast"]), _flat(view["verify"])
        loss = float(re.search(r"\$L = -\\ln [0-9.]+ = ([0-9.]+)\$", view["steps"][2]["work"]).group(1))
        assert "its weight beats" not in forecast
        if pred == y:
            assert "\\ln 2" not in forecast or K == 2, forecast
            assert f"< \\ln {K} \\approx" in verify and loss < math.log(K), verify
        else:
            reason = "The two probabilities add up to 1" if K == 2 else "Those two probabilities add up to at most 1"
            assert f"{reason}, so" in forecast and "< 1/2$ and the loss should exceed $\\ln 2" in forecast, forecast
            assert "> \\ln 2 \\approx 0.693$, as the forecast said" in verify and loss > math.log(2), verify
        branches.add((pred == y, K == 2))
    assert branches == {(True, True), (True, False), (False, True), (False, False)}, branches


@pytest.mark.slow
def test_c8_check_labels_the_classes_and_says_up_to_rounding_only_when_needed(templates_by_class):
    sums = set()
    for instance, view in _draws(templates_by_class["C8"], 80):
        verify = _flat(view["verify"])
        listed = re.search(r"probabilities, (.+?), sum to 1", verify).group(1)
        pairs = re.findall(r"([0-9.]+) \(([^)]+)\)", listed)
        assert [label for _, label in pairs] == list(instance.params["task"]["labels"]), verify
        exact = sum(Decimal(value) for value, _ in pairs) == 1
        assert ("up to rounding" in verify) == (not exact), verify
        sums.add(exact)
    assert sums == {True, False}


@pytest.mark.slow
def test_c9_step_5_says_whose_order_it_is(templates_by_class):
    """"That order" followed a question; the claim does not always say "left to right"."""
    claims = set()
    for instance, view in _draws(templates_by_class["C9"]):
        step = next(s for s in view["steps"] if s["title"] == "Check the claim about the order")
        assert not step["work"].startswith("That order"), step["work"]
        assert step["work"].startswith("Predicting tokens one after another, left to right, each from the tokens "
                                       "before it, is what a GPT-style model does."), step["work"]
        claims.add(instance.params["claim"]["text"])
    assert len(claims) >= 3


@pytest.mark.slow
def test_c2_forecast_and_probability_feedback(templates_by_class):
    for instance, view in _draws(templates_by_class["C2"]):
        words, answer = instance.params["words"], instance.params["scene"]["answer"]
        favoured = words[int(instance.params["f"])]
        forecast = _flat(view["forecast"])
        assert forecast.startswith(f"The logit of {favoured} is ") and f" above that of {answer}," in forecast, forecast
        assert "In logit" not in forecast and "is ahead of" not in forecast
        text = _feedback(instance, "a", "favoured_word_probability")
        assert f"the question asks for that of {answer}, the hidden word." in text, text
        assert "loss" not in text, text


@pytest.mark.slow
def test_c1_forecast_gives_the_largest_logit_and_the_softmax_does_not_rank(templates_by_class):
    for instance, view in _draws(templates_by_class["C1"]):
        answer, V = instance.params["scene"]["answer"], int(instance.params["V"])
        forecast = _flat(view["forecast"])
        assert forecast.startswith(f"Of the {V} logits, the one for {answer} is the largest,"), forecast
        assert "outscores" not in forecast
        why = view["steps"][0]["why"]
        assert "rank" not in why and "positive weight $e^{z}$" in why and "keep their order" in why, why


@pytest.mark.slow
def test_c4_check_says_the_mean_does_not_grow_merely_with_more_masks(templates_by_class):
    for _, view in _draws(templates_by_class["C4"], 10):
        verify = _flat(view["verify"])
        assert "does not grow merely because more positions are masked" in verify, verify
        assert "does not grow with the number of masks" not in verify


def test_c6_stem_says_the_counts_are_whole_in_a_parenthesis(templates_by_class):
    for _, view in _draws(templates_by_class["C6"], 10):
        stem = _flat(view["stem"])
        assert "picked positions (these counts are whole numbers)." in stem, stem
        assert "counts that are whole numbers here" not in stem


def test_c3_every_situation_is_hedged():
    """Equal logits over a whole vocabulary are an idealisation, a broken layer or a thought experiment."""
    bank = yaml.safe_load((BANK / "c3_uniform_logits.yaml").read_text(encoding="utf-8"))
    moments = [s["moment"] for s in bank["params"]["scene"]["choice"]]
    assert all(re.search(r"idealised|thought experiment|degenerate|broken", m) for m in moments), moments
    assert "in an idealised sanity check of a freshly built model" in moments
