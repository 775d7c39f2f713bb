"""Review 52b, a domain expert's findings on the question bank.

F4: "perplexity" after a number was stripped as a neutral quantity word, so
C10 (b)'s `1.191 perplexity` (the loss's value, called a perplexity) was marked
correct. A perplexity is e to the loss, another number: like "bits", the word
sends the answer to a person, and names the part's perplexity_instead_of_loss
trap when its number is that trap's (e^L, `3.290 perplexity`). A part asking
for a perplexity declares the word (`units: [perplexity]`) and reads it."""

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.quantity_words import PERPLEXITY_REASON
from quizgen.marking.forms import read_number

BANK = {t.cls: t for t in load_bank(())}


def _graded(template, letter: str, answer: str):
    """The verdict on ``answer`` to part ``letter`` of ``template``'s canonical question."""
    return question_checkers(key_entry(Question("Q1", canonical_instance(template))))[letter](answer)


@pytest.mark.parametrize("text", ["1.105 perplexity", "1.105 Perplexity.", "1.105 (perplexity)"])
def test_a_number_called_a_perplexity_goes_to_a_person(text):
    reading = read_number(text)
    assert (reading.status, reading.reason, reading.value) == ("needs_review", PERPLEXITY_REASON, 1.105)


def test_the_c10_loss_called_a_perplexity_is_not_marked_correct():
    """C10's canonical loss is 1.1910; its perplexity e^1.1910 = 3.2904."""
    verdict = _graded(BANK["C10"], "b", "1.191 perplexity")
    assert (verdict.status.value, verdict.score) == ("needs_review", 0.0)
    assert verdict.reason == PERPLEXITY_REASON


def test_the_perplexity_called_a_perplexity_is_that_trap():
    verdict = _graded(BANK["C10"], "b", "3.290 perplexity")
    assert (verdict.status.value, verdict.misconception) == ("incorrect", "perplexity_instead_of_loss")


def test_a_part_that_asks_for_a_perplexity_reads_the_word():
    """The example bank's C13 (b) asks for the perplexity, 3.4041, and declares the word."""
    from pathlib import Path
    from quizgen.bank.loader import load_template
    template = load_template(Path(__file__).parent.parent / "docs" / "examples" / "bert_bank" / "c13_perplexity.yaml")
    verdict = _graded(template, "b", "3.40 perplexity")
    assert verdict.status.value == "correct", verdict


# F3: C10's central misconception, "a causal model is scored only at its masked positions", cost
# 1 point of 4: (a) 1 point, then (b)'s masked mean marked from that (a) (ECF, the misconception named
# once, at (a)), 3 points. (a), the part that needs the concept, now carries half the marks.

def test_masked_positions_only_throughout_scores_half_of_c10(tmp_path):
    import csv
    from click.testing import CliRunner
    from quizgen.cli import main
    made = CliRunner().invoke(main, ["generate", "--worked-examples", "--classes", "C10", "--out", str(tmp_path / "we")])
    assert made.exit_code == 0, made.output
    answers = tmp_path / "answers.csv"
    # the canonical sentence: positions 3 and 6 masked, (-ln 0.1 - ln 0.6652) / 2 = 1.355
    answers.write_text("student_id,question_id,part,answer\nm,Q1,a,2\nm,Q1,b,1.355\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(tmp_path / "we" / "key.json"),
                                       "--out", str(tmp_path / "out" / "graded.csv")])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["part"]: r for r in csv.DictReader(handle)}
    assert (rows["a"]["misconception"], rows["a"]["score"]) == ("masked_positions_only", "0")
    assert (rows["b"]["note"], rows["b"]["score"]) == ("ecf", "2")
    assert sum(float(r["score"]) for r in rows.values()) == 2.0   # of 4: it was 3


# F7: C4 and C9 stated BERT's masking count, max(1, round(0.15 T)), without the cap its code applies
# (create_pretraining_data.py: min(max_predictions_per_seq, ...), 20 for 128-token sequences).

@pytest.mark.parametrize("cls", ["C4", "C9"])
def test_berts_masking_count_is_stated_with_its_cap(cls):
    from quizgen.generation.views import question_view
    stem = " ".join(question_view(Question("Q1", canonical_instance(BANK[cls])), "md")["stem"].split())
    assert "(up to a configured cap, 20 for 128-token sequences); this masked set is illustrative" in stem, stem


# F8: C6 applied its rate to the ordinary tokens while C4 and C9 say BERT's count is 0.15 T with
# [CLS] and [SEP] counted: both right, but a student reading both could think they disagree.

def test_c6_says_its_rate_is_of_the_ordinary_tokens_and_berts_of_the_whole_length():
    from quizgen.generation.views import question_view
    stem = " ".join(question_view(Question("Q1", canonical_instance(BANK["C6"])), "md")["stem"].split())
    assert ("This idealised step takes its rate of the ordinary tokens alone; BERT's own code takes it of each "
            "sequence's length with [CLS] and [SEP] counted, a fraction of a token more before the count is "
            "rounded") in stem, stem


# F10: the example bank's C11 gave the reason for 1/sqrt(d_k) without the assumption it rests on
# (Vaswani et al. 2017, footnote 4: q and k's components independent, mean 0, variance 1).

def test_c11s_scaling_reason_states_its_assumption():
    from pathlib import Path
    text = (Path(__file__).parent.parent / "docs" / "examples" / "bert_bank" / "c11_attention.yaml").read_text(
        encoding="utf-8")
    assert "independent with mean 0 and variance 1, $q \\\\cdot k_j$ has variance $d_k$" in text
    assert "keeps the scores' spread independent of the head size" not in text
