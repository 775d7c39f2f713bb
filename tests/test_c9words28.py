"""C9's yes/no parts with a reason after the yes or no (review 28): a reason that
says another answer's idea, the trap's or another wrong one the part lists
("no, right to left", "no, like GPT", "no, it halves"), contradicts the answer
and goes to a person with a reason, as "no, it doubles" did; a reason that
agrees keeps it right; and the accepted meaning in other words ("both
directions") is accepted. Both ways of asking each part are tried, so the
right answer is "no" in some cases and "yes" in others."""

import pytest

from quizgen.marking.rules import NEEDS_REVIEW
from quizgen.marking.words import DISAGREE_REASON, read_words

OTHER = {"yes": "no", "no": "yes"}
# Reasons for each part's wrong idea: BERT predicting one token after another, in any order,
# or the mean changing with |M| in any way.
WRONG_REASONS = {
    "left_to_right": ["it predicts them one at a time", "right to left", "in a random order", "like GPT",
                      "one after another", "sequentially", "it is sequential", "token by token"],
    "grows_with_masks": ["it halves", "it would triple", "it triples", "it doubles", "it increases",
                         "it gets smaller", "it changes"],
}
RIGHT_REASONS = {
    "left_to_right": ["it predicts them all at once", "bidirectional", "both directions", "in both directions",
                      "it sees both sides", "unlike GPT", "not one at a time", "it is not sequential", "it is non-causal"],
    "grows_with_masks": ["it stays the same", "it is constant", "it does not change", "it doesn't increase",
                         "the sum doubles but the mean stays the same", "nothing changes",
                         "it neither increases nor decreases"],
}
SAME_MEANING = {"left_to_right": ["both directions", "in both directions", "both ways", "in one forward pass"],
                "grows_with_masks": ["constant", "remains the same", "unaffected"]}


def _cases(table):
    return [(part, right, reason) for part, reasons in table.items() for right in OTHER for reason in reasons]


@pytest.mark.parametrize("part, right, reason", _cases(WRONG_REASONS))
@pytest.mark.slow
def test_a_right_yes_or_no_with_a_wrong_reason_is_for_a_person(draws, part, right, reason):
    accept, traps = draws[(part, right)]
    reading = read_words(f"{right}, {reason}", accept, traps)
    assert (reading.status, reading.reason) == (NEEDS_REVIEW, DISAGREE_REASON), reading


@pytest.mark.parametrize("part, right, reason", _cases(WRONG_REASONS))
def test_a_wrong_yes_or_no_with_its_own_reason_is_the_trap(draws, part, right, reason):
    accept, traps = draws[(part, right)]
    assert read_words(f"{OTHER[right]}, {reason}", accept, traps).status == "trap"


@pytest.mark.parametrize("part, right, reason", _cases(RIGHT_REASONS))
def test_a_right_yes_or_no_with_a_right_reason_is_right(draws, part, right, reason):
    accept, traps = draws[(part, right)]
    assert read_words(f"{right}, {reason}", accept, traps).status == "accept"


@pytest.mark.parametrize("part, right, said", _cases(SAME_MEANING))
@pytest.mark.slow
def test_the_accepted_meaning_in_other_words_is_accepted(draws, part, right, said):
    accept, traps = draws[(part, right)]
    assert read_words(said, accept, traps).status == "accept"


@pytest.mark.slow
def test_a_graded_answer_with_a_contradicting_reason_says_why(invoke, tmp_path):
    """Through ``quizgen grade``: the reviewer's seed-1 answers to C9 (b) and (c)."""
    quiz = tmp_path / "quiz"
    assert invoke("generate", "--seed", 1, "--classes", "C9", "--out", quiz).exit_code == 0
    answers = quiz / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,b,\"no, right to left\"\n"
                       "s1,Q1,c,\"no, it halves\"\ns2,Q1,b,both directions\ns2,Q1,c,\"no, it stays the same\"\n",
                       encoding="utf-8")
    result = invoke("grade", answers)
    assert result.exit_code == 0, result.output
    graded = (quiz / "answers-graded.csv").read_text(encoding="utf-8-sig")
    assert graded.count("needs_review") == 2 and graded.count(DISAGREE_REASON) == 2, graded
    assert "s2,Q1,b,both directions,correct" in graded and "s2,Q1,c,\"no, it stays the same\",correct" in graded
