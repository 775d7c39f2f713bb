"""C9's yes/no parts (b) and (c) are each asked one of two ways, drawn on their own, so that
per-student papers do not all share the answer "no" (a student could write it without
working, or copy it). (b) asks the claim's order (left to right: no) or BERT's own (all at
once, from both sides: yes); (c) asks whether doubling |M| with the same losses doubles the
mean (no) or leaves it the same (yes). Either way the trap is the same misconception, and
the reference's own question (the canonical draw) is unchanged (tests/test_golden.py)."""

import csv
import io

import pytest

from quizgen.generation.sampling import sample_instance
from quizgen.marking.words import read_words
from quizgen.text.render import render_string

STUDENTS = 40
# What each way of asking says, and its right answer.
ASKS = {
    "left_to_right": {"one after another from left to right?": "no",
                      "all the masked tokens at once, each from the context on both sides of it?": "yes"},
    "grows_with_masks": {"as defined above double?": "no", "as defined above stay the same?": "yes"},
}
# Words whose meaning does not depend on the way of asking: (accepted, the trap's).
DESCRIPTIONS = {
    "left_to_right": (("all at once", "bidirectional", "in parallel"), ("left to right", "one by one")),
    "grows_with_masks": (("unchanged", "it stays the same", "it does not change"), ("it doubles", "twice as large")),
}
TRAP = {"left_to_right": "left_to_right", "grows_with_masks": "sum_instead_of_mean"}
OTHER = {"yes": "no", "no": "yes"}


def _word_parts(template, seed_label):
    inst = sample_instance(template, seed_label)
    return inst, {pv.part.name: pv for pv in inst.parts if pv.part.name in ASKS}


@pytest.mark.slow
def test_per_student_papers_do_not_all_share_the_yes_no_answers(invoke, tmp_path):
    """Every student of a class answers "no" to (b) and (c): some are right and some fall
    into the part's trap, since each paper draws its own way of asking."""
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id\n" + "".join(f"s{k}\n" for k in range(STUDENTS)), encoding="utf-8")
    quiz = tmp_path / "quiz"
    result = invoke("generate", "--seed", 20, "--classes", "C9", "--students", roster, "--out", quiz)
    assert result.exit_code == 0, result.output
    answers = quiz / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       + "".join(f"s{k},Q1,{part},no\n" for k in range(STUDENTS) for part in "bc"),
                       encoding="utf-8")
    result = invoke("grade", answers, "--roster", roster)
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO((quiz / "answers-graded.csv").read_text(encoding="utf-8-sig"))))
    for part, trap in (("b", "left_to_right"), ("c", "sum_instead_of_mean")):
        graded = [(r["status"], r["expected"], r["misconception"]) for r in rows if r["part"] == part]
        assert len(graded) == STUDENTS
        assert {g[1] for g in graded} == {"yes", "no"}, part
        assert set(graded) == {("correct", "no", ""), ("incorrect", "yes", trap)}, part


@pytest.mark.parametrize("part", sorted(ASKS))
@pytest.mark.slow
def test_each_way_of_asking_has_its_own_right_answer_and_the_same_trap(templates_by_class, part):
    """Over many draws both ways are asked; the key's answer is the one the ask's words call
    for, the trap's words are the other yes/no and the same misconception's descriptions."""
    template = templates_by_class["C9"]
    seen = set()
    accepted_words, trap_words = DESCRIPTIONS[part]
    for k in range(200):
        inst, parts = _word_parts(template, f"bank20/{k}")
        pv = parts[part]
        ask = render_string(pv.part.ask, inst.context, "md")
        (right,) = [answer for words, answer in ASKS[part].items() if words in ask]
        seen.add(right)
        (trap,) = pv.traps
        assert (pv.accept[0], pv.accept[1]) == (right, {"yes": "true", "no": "false"}[right])
        assert trap.code == TRAP[part] and trap.words[0] == OTHER[right]
        traps = {trap.code: trap.words}
        assert read_words(right, pv.accept, traps).status == "accept"
        assert read_words(OTHER[right], pv.accept, traps).code == trap.code
        for word in accepted_words:
            assert read_words(word, pv.accept, traps).status == "accept", (right, word)
        for word in trap_words:
            assert read_words(word, pv.accept, traps).code == trap.code, (right, word)
    assert seen == {"yes", "no"}



@pytest.mark.slow
def test_the_total_is_never_a_whole_number_the_stem_prints(templates_by_class):
    """Seed 272 of `quizgen validate --samples 300` drew a total of 3.00459, which the stem's
    3 ("3 significant figures") gave away; every total now stays clear of every whole number
    by more than its tolerance (half a unit in the third figure, at most total / 200)."""
    template = templates_by_class["C9"]
    for k in [272, *range(300)]:
        total = float(sample_instance(template, f"validate/{template.id}/{k}").parts[0].value)
        assert abs(total - round(total)) > total / 200, (k, total)
