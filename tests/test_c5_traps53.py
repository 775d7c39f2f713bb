"""Review 53d F9 and F7: C5 (d).

F9: with 8 or 9 words, leaving [CLS] and [SEP] out of T and cutting 15% of T down both give 1,
and the one trap named there (special_tokens_left_out) spoke only of the first slip: its
feedback now names both where they coincide. F7: the tie rule, a .5 rounded up, is the paper's
convention, not BERT's code's (Python 3's round takes a .5 to the even neighbour)."""

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.key.entries import key_entry


def _c5():
    return next(t for t in load_bank(()) if t.cls == "C5")


def _by_length() -> dict:
    template, found = _c5(), {}
    for k in range(120):
        inst = sample_instance(template, f"c5traps53/{k}")
        found.setdefault(len(inst.params["scene"]["tokens"]), inst)
    return found


def _feedback(inst, code: str) -> str:
    part = key_entry(Question("Q1", inst)).parts[3]
    return " ".join(next(t.feedback for t in part.traps if t.code == code).split())


def test_where_two_slips_give_1_the_feedback_names_both():
    found = _by_length()
    for n in (8, 9):   # T = 10, 11: 15% of T is 1.5, 1.65, cut down to 1; 15% of n is 1.2, 1.35, rounded to 1
        said = _feedback(found[n], "special_tokens_left_out")
        assert "[CLS] and [SEP]" in said and "cut down" in said, (n, said)
    for n in (2, 10):   # n = 10: 15% of n is 1.5, 2, the right count: the trap is not there; n = 2: no slip gives 1
        part = key_entry(Question("Q1", found[n])).parts[3]
        assert part.trap_values[[t.code for t in part.traps].index("special_tokens_left_out")] is None
    assert "cut down" in _feedback(found[10], "share_cut_down")


def test_the_tie_rule_is_the_papers_not_berts():
    ask = " ".join(_c5().parts[3].ask.split())
    assert "here a fraction of exactly .5 is rounded up" in ask
    assert "(a fraction of exactly .5 is rounded up)" not in ask
