"""fix53b: review 52b F6, C5 (d).

F6: C5 (d) asked for the smallest guaranteed number of masked positions, 1 on every paper.
The domain expert wants BERT's own count instead, max(1, round(0.15 T)) for the sequence's
T tokens, [CLS] and [SEP] counted (create_pretraining_data.py takes 15% of len(tokens),
which holds them, and picks the positions among the other tokens only): an answer that
follows the draw, with traps that are real slips."""

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.generation.quiz import Question
from quizgen.key.entries import key_entry


def _c5():
    return next(t for t in load_bank(()) if t.cls == "C5")


def _bert_count(n: int) -> int:
    """BERT's count for n word tokens, worked by hand: T = n + 2, 15% of T, a .5 up, at least 1."""
    share = 15 * (n + 2) / 100
    return max(1, int(share + 0.5))


def _draws(template, count: int = 40) -> list:
    return [sample_instance(template, f"fix53b/{template.id}/{k}") for k in range(count)]


def test_c5_d_is_berts_count_for_the_drawn_length_and_varies():
    template = _c5()
    seen = set()
    for inst in _draws(template):
        n = len(inst.params["scene"]["tokens"])
        value = float(inst.parts[3].value)
        assert value == _bert_count(n), (n, value)
        seen.add(value)
    assert seen == {1.0, 2.0}


def test_c5_d_states_the_rule_it_asks_for():
    part = _c5().parts[3]
    ask = " ".join(part.ask.split())
    for said in ("15%", "[CLS] and [SEP]", "nearest whole number", ".5", "rounded up", "never fewer than 1",
                 "word tokens only"):
        assert said in ask, said


def _verdict(inst, answer: str):
    verdict = question_checkers(key_entry(Question("Q1", inst)))["d"](answer)
    return verdict.status, verdict.misconception or None


def test_c5_d_traps_are_the_slips_of_the_rule():
    """T = 10 (8 words): 1.5 rounds up to 2; leaving [CLS] and [SEP] out gives 15% of 8, 1.2, so 1.
    T = 8 (6 words): 1.2 rounds to 1; rounded up it is 2, unrounded 1.2, and 80% of it 0.8."""
    by_length = {}
    for inst in _draws(_c5(), 80):
        by_length.setdefault(len(inst.params["scene"]["tokens"]), inst)
    ten, eight = by_length[8], by_length[6]
    assert _verdict(ten, "2") == ("correct", None)
    assert _verdict(ten, "1") == ("incorrect", "special_tokens_left_out")
    assert _verdict(ten, "1.5") == ("incorrect", "share_not_rounded")
    assert _verdict(ten, "1.6") == ("incorrect", "mask_share_only")
    assert _verdict(eight, "1") == ("correct", None)
    assert _verdict(eight, "2") == ("incorrect", "share_rounded_up")
    assert _verdict(eight, "1.2") == ("incorrect", "share_not_rounded")
    assert _verdict(eight, "0.8") == ("incorrect", "mask_share_only")
    assert _verdict(eight, "0") == ("incorrect", "none_selected")
