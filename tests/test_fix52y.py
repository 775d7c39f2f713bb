"""Review 52d, the fixes of fix52y: C10 (a) asks for a count the stem sets up (F8), its
masked-positions feedback names the predictions of the new sequence (F14), the example
bank's C13 reads its bits part's own unit (F7), the worked-examples paper claims the reference's
numbers only where the reference has the example (F13)."""

from pathlib import Path

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.generation.views import question_view
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry

BANK = {t.cls: t for t in load_bank(())}


def _flat(text: str) -> str:
    return " ".join(text.split())


# F8: the stem numbers only the T words as positions ("position 1, the ... position 6, mat") and
# gives [EOS]'s p in prose, so "over how many positions" had two honest answers, T and T + 1.

def test_c10_a_asks_for_the_predictions_not_the_positions():
    template = BANK["C10"]
    ask = next(p for p in template.parts if p.name == "targets").ask
    assert "prediction" in ask and "position" not in ask, ask


def test_c10_solution_counts_predictions_not_positions():
    view = question_view(Question("Q1", canonical_instance(BANK["C10"])), "md")
    first = _flat(view["steps"][0]["work"])
    assert "$6 + 1 = 7$ predictions" in first, first   # review 54a F1: no T the stem never defines
    assert "positions" not in first, first


# F14: (a)'s masked_positions_only feedback said "every position after the first counts", which in
# the stem's numbering (position 1 is the first word) leaves out the first word and [EOS].

def test_c10_a_masked_positions_feedback_names_every_word_and_eos():
    instance = canonical_instance(BANK["C10"])
    verdict = question_checkers(key_entry(Question("Q1", instance)))["a"]("2")
    assert verdict.misconception == "masked_positions_only"
    feedback = next(t.feedback for t in BANK["C10"].parts[0].traps if t.code == "masked_positions_only")
    assert "after the first counts" not in feedback
    assert "[BOS]" in feedback and "[EOS]" in feedback and "each word" in feedback, feedback


# F7: the example bank's C13 declared `units: [perplexity]` on its perplexity part but nothing on its
# bits part, which asks "in bits per token": "1.77 bits" went to a person as a log-2 slip.

EXAMPLE_BANK = Path(__file__).resolve().parents[1] / "docs" / "examples" / "bert_bank"


def test_example_c13_reads_its_bits_parts_own_unit():
    c13 = next(t for t in load_bank((EXAMPLE_BANK,), include_builtin=False) if t.cls == "C13")
    checkers = question_checkers(key_entry(Question("Q1", canonical_instance(c13))))
    for answer in ("1.77 bits", "1.77 bits per token", "bits = 1.77"):
        assert checkers["c"](answer).status == "correct", answer
    for answer in ("3.40 perplexity", "perplexity = 3.40"):
        assert checkers["b"](answer).status == "correct", answer


# F13: the worked-examples paper said "the reference's own numbers" for every question, C10's too,
# which the reference has no example of (and a bank of one's own has none of).

@pytest.mark.parametrize("fmt", ["md", "tex"])
def test_the_worked_examples_paper_claims_the_reference_only_where_it_has_the_example(invoke, tmp_path, fmt):
    result = invoke("generate", "--worked-examples", "--classes", "C10", "--format", fmt, "--out", tmp_path / "we")
    assert result.exit_code == 0, result.output
    text = _flat((tmp_path / "we" / f"problems.{fmt}").read_text(encoding="utf-8"))
    assert "Worked examples: the reference's own numbers." not in text
    assert "the reference's numbers where the reference works that example" in text
