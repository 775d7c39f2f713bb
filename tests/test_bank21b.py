"""What a domain expert found in C4, C6, C9 and C10 (session 21):
sentences too close to the reference's (C9's check, C4's first step, C10's last
step's reason: the reference's numbers carry over, its sentences do not); C9's
forecast said the claim fails twice where claim 0 holds a third error its last
step corrects; C6 called "the counts" whole where 10% of one sequence's picks
(7.5 of 75) is not, only the batch's are; C10 labelled its values "left only p"
beside "BERT-style q" under a model that "reads strictly from left to right",
stating BERT's side of the contrast that C9 (b) asks about on the same paper. The
near-copy check, for these and every other template, is tests/test_bank_own_words.py's."""

import re
from fractions import Fraction

import pytest

from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from test_bank_own_words import _flat, _view


@pytest.mark.slow
def test_the_three_named_sentences_are_the_tools_own(templates_by_class):
    c4 = _view(templates_by_class["C4"])["steps"][0]
    assert c4["title"].lower() != "count the masked positions" and "is the divisor" not in c4["why"], c4
    c9 = _flat(_view(templates_by_class["C9"])["verify"])
    assert "non-negative" not in c9 and r"\geq 0" in c9, c9
    c10 = _view(templates_by_class["C10"])["steps"][3]["why"]
    assert "comparable" not in c10 and "is a mean" not in c10, c10


@pytest.mark.parametrize("claim", range(4))
def test_c9_forecast_counts_the_errors_of_its_claim(templates_by_class, claim):
    """Claim 0's [MASK] share is a third error, set right by the last step's note; the
    forecast says so and says which two (b) and (c) test, for every claim."""
    template = templates_by_class["C9"]
    record = next(p.spec for p in template.params if p.name == "claim")[claim]
    view = _view(template, claim=claim)
    forecast, last = _flat(view["forecast"]), _flat(view["steps"][-1]["work"])
    third = "[MASK]: 80% do" in last.replace("\\", "")
    assert third == bool(record["aside"])
    assert ("wrong three times" in forecast) == third and ("wrong twice" in forecast) == (not third), forecast
    assert "fail twice" not in forecast
    assert re.search(r"[Pp]arts \(b\) and \(c\) test (the last two|one each)", forecast), forecast


@pytest.mark.slow
def test_c6_stem_calls_whole_only_counts_that_are_whole_in_every_draw(templates_by_class):
    """Each sequence's picks (r L) and the batch's 80/10/10 counts are whole in every
    draw; a sequence's own 10% (7.5 for 25% of 300) is not always, and the stem says
    the exact split is the batch's."""
    template = templates_by_class["C6"]
    split_of_one_not_whole = 0
    for k in range(400):
        env = sample_instance(template, f"bank21b/{k}").env
        r, length, chosen = Fraction(env["r"]), env["L"], Fraction(env["chosen"])
        assert (r * length).denominator == 1 and chosen == r * length * env["B"]
        assert all((chosen * share).denominator == 1 for share in (Fraction(8, 10), Fraction(1, 10)))
        split_of_one_not_whole += (r * length / 10).denominator != 1
    assert split_of_one_not_whole   # the case the stem must not call whole is drawn
    stem = _flat(_view(template, r=0.25, B=42, L=300)["stem"])   # 25% of 300 a sequence, 42 of them
    assert "exactly 25% of these positions in each sequence" in stem, stem
    assert "idealised exact split over the whole batch" in stem and "of the batch's picked positions" in stem
    assert "the counts equal their expected values" not in stem


def test_c6_constraint_checks_each_sequences_picks_are_whole(templates_by_class):
    assert "isint(r * L)" in [source for source, _ in templates_by_class["C6"].constraints]


@pytest.mark.parametrize("k", range(6))
def test_c10_stem_states_only_the_causal_models_side(templates_by_class, k):
    """C10 defines its causal model (it needs to); it labels p and q by their models and
    says nothing of which words the masked model sees, which C9 (b) asks."""
    stem = question_view(Question("Q1", sample_instance(templates_by_class["C10"], f"b21/{k}")), "md")["stem"]
    assert "left only" not in stem and "strictly" not in stem and "BERT-style" not in stem, stem
    assert "causal $p = " in stem and "masked-LM $q = " in stem
    prose = _flat("\n".join(line for line in stem.splitlines() if not line.startswith("- position")))
    for sentence in re.split(r"(?<=[.:])\s", prose):
        if re.search(r"\bmasked|BERT", sentence):
            assert not re.search(r"\b(left|right|before|after|both|sides?)\b", sentence), sentence
