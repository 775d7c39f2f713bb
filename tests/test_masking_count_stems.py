"""C4's and C9's stems state BERT's masking rule, max(1, round(0.15 T)), but not its count
for their T: C5 (d) asks that very count for its own T, so a paper holding both with one T
printed (d)'s answer, with its meaning, in another question. The stems now call their masked
set illustrative; the worked solution works the count out and compares it with |M|."""

import re

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.make import make_quiz
from quizgen.generation.plan import text_numbers
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.roster import parse_roster
from quizgen.text.conventions import NEAR_ONE_RULE, ROUNDING_RULE
from quizgen.text.printed_numbers import printed_numbers

BANK = {t.cls: t for t in load_bank()}
SPECIALS = {"C4": 2, "C9": 3}   # [CLS] x [SEP]; [CLS] A [SEP] B [SEP]
# the conventions every stem prints the same ("write 5.80, not 5.8", "a probability over 0.9")
CONVENTIONS = {value for text in (ROUNDING_RULE, NEAR_ONE_RULE) for _, value in printed_numbers(text)}


def _flat(text: str) -> str:
    return " ".join(text.split())


def _view(instance) -> dict:
    return question_view(Question("Q1", instance), "md")


def bert_num_to_predict(length: int) -> int:
    """create_pretraining_data.py's count, as that Python 3 script works it out."""
    return max(1, int(round(length * 0.15)))


def own_numbers(instance, template) -> set:
    """The numbers a C4 or C9 stem may print: its draw's own shown values (n, T, |M|, the
    positions, each p as shown, C9's score s) and the template's fixed text's numbers."""
    env = instance.env
    shown = {float(env["n"]), float(env["bert_len"]), float(env["m"])}
    shown |= {float(k) for k in env["pos"]} | {float(p) for p in env["p_s"]}
    if "s" in env:   # C9: the score, and the student's claim it quotes ("15% of a sequence's tokens")
        shown |= {round(float(env["s"]), 1), abs(round(float(env["s"]), 1))}
        shown |= {value for _, value in printed_numbers(env["claim"]["text"])}
    return shown | set(text_numbers(template)) | CONVENTIONS


def unexplained(instance, template) -> list:
    """The numbers the stem prints that are none of ``own_numbers``: a count it states."""
    allowed = own_numbers(instance, template)
    stem = _view(instance)["stem"]
    return [text for text, value in printed_numbers(stem) if not any(abs(value - a) < 1e-9 for a in allowed)]


@pytest.mark.parametrize("cls", ["C4", "C9"])
def test_the_stem_states_the_rule_but_no_count_over_every_length(cls):
    template, lengths = BANK[cls], set()
    for k in range(80):
        instance = sample_instance(template, f"counts/{k}")
        stem = _flat(_view(instance)["stem"])
        assert "picks $\\max(1, \\operatorname{round}(0.15\\thinspace T))$ positions in a sequence of $T$ tokens" in stem, stem
        assert "this masked set is illustrative, not sized by that rule, and its loss is computed in the same way" in stem
        assert not re.search(r"which is \d+ for|BERT would pick|masks more than|fewer than|masks only|rounds to", stem)
        assert unexplained(instance, template) == [], stem
        lengths.add(int(instance.env["bert_len"]))
    assert len(lengths) >= 12   # most of T's range: 10 to 26 (C4), 11 to 27 (C9)


@pytest.mark.parametrize("cls", ["C4", "C9"])
def test_the_solution_works_out_the_count_and_compares_it(cls):
    seen = set()
    for k in range(60):
        instance = sample_instance(BANK[cls], f"compare/{k}")
        env, steps = instance.env, _view(instance)["steps"]
        work = _flat(" ".join(step["work"] for step in steps))
        length, m = int(env["bert_len"]), int(env["m"])
        picks = bert_num_to_predict(length)
        assert f"positions for this {'pair' if cls == 'C9' else 'sequence'}'s $T = {length}$ tokens" in work, work
        assert f"0.15 \\times {length} = " in work and f"which rounds to {picks}" in work, work
        which = "more than that" if m > picks else "fewer than that" if m < picks else "exactly that many"
        assert f"this illustrative set masks {m}, {which}" in work.replace("This", "this"), work
        seen.add(which)
    assert len(seen) == 3


def test_c4_at_the_tie_says_both_roundings_give_two():
    for k in range(400):
        instance = sample_instance(BANK["C4"], f"tie/{k}")
        if int(instance.env["n"]) == 8:
            break
    work = _flat(" ".join(step["work"] for step in _view(instance)["steps"]))
    assert ("$0.15 \\times 10 = 1.5$, which rounds to 2 (a tie, which goes to 2 whether a .5 is rounded up or, "
            "as Python 3's round does, to the even neighbour)") in work, work
    assert bert_num_to_predict(10) == 2


def _pairs(questions):
    """(C4 or C9 question, C5 question) pairs of one paper whose T agree."""
    by_cls = [(q.instance.template.cls, q) for q in questions]
    fives = [q for cls, q in by_cls if cls == "C5"]
    return [(q, five) for cls, q in by_cls if cls in SPECIALS for five in fives
            if int(q.instance.env["bert_len"]) == int(five.instance.env["n"]) + 2]


def _no_count_between(pairs) -> None:
    for other, five in pairs:
        answer = int(five.instance.env["selected"])
        assert unexplained(other.instance, other.instance.template) == [], (other.id, five.id)
        stem = _flat(_view(other.instance)["stem"])
        assert f"which is {answer} for" not in stem and "rounds to" not in stem, stem


@pytest.mark.slow
def test_no_paper_prints_c5_d_in_a_c4_or_c9_stem_of_the_same_length():
    """Class papers with three of each (seed 114's Q11, C4 at T = 12, beside Q14's C5 of 10
    words, printed "which is 2 for T = 12"), and per-student papers (seed 48613092775301's
    s052: C4 at T = 10 beside C5 of 8 words)."""
    templates = [BANK[c] for c in ("C4", "C5", "C9")]
    quiz = make_quiz(templates, seed=114, count=3)
    pairs = _pairs(quiz.questions)
    assert pairs   # the draws are unchanged: the pair is still there, its stem no longer says the count
    _no_count_between(pairs)
    roster = parse_roster("student_id\n" + "\n".join(f"s{k:03d}" for k in range(1, 81)) + "\n")
    quiz = make_quiz(templates, seed=48613092775301, count=1, students=roster)
    per_student = [pair for paper in quiz.papers for pair in _pairs(paper.questions)]
    assert any(other.instance.template.cls == "C4" for other, _ in per_student)
    _no_count_between(per_student)


def test_c5_d_working_gives_the_tie_rule_as_the_questions_not_berts_code():
    """BERT's code rounds with Python's round (to even in Python 3): the step at the one tie in
    range, T = 10, says the .5 goes up by the question's convention, which the ask states."""
    for k in range(400):
        instance = sample_instance(BANK["C5"], f"tie/{k}")
        if int(instance.env["n"]) == 8:
            break
    view = _view(instance)
    work = _flat(" ".join(step["work"] for step in view["steps"]))
    assert "$0.15 \\times 10 = 1.5$, which rounds to 2 (by the question's convention, a .5 is rounded up)" in work
    assert "here a fraction of exactly .5 is rounded up" in _flat(view["parts"][3]["ask"])
