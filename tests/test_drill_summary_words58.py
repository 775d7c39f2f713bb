"""Review 58a F7: a misconception met in two questions of one class, each feedback worded with its own draw's
words ("bill's weight ... all 3 weights", then "puddle's ... all 4"), was explained in the summary with the
first question's words as if they were general: they are now said to be that question's."""

from quizgen.drill.summary import _explained
from quizgen.drill.turn import PartResult


def _part(question, cls, words, code="unnormalised_weight"):
    return PartResult(cls, "t", "a", "incorrect", code, words, False, question)


def test_a_class_worded_apart_is_explained_by_its_first_question_named():
    parts = [_part(5, "C2", "e^(0.0) is bill's weight; all 3 weights."),
             _part(11, "C2", "e^(0.0) is puddle's weight; all 4 weights.")]
    assert _explained("unnormalised_weight", parts) == "In question 5 (C2): e^(0.0) is bill's weight; all 3 weights."


def test_words_alike_are_said_once_and_classes_apart_by_class():
    same = [_part(2, "C1", "A softmax first."), _part(4, "C1", "A softmax first.")]
    assert _explained("unnormalised_weight", same) == "A softmax first."
    apart = [_part(2, "C1", "One."), _part(3, "C7", "Two."), _part(6, "C7", "Three.")]
    assert _explained("unnormalised_weight", apart) == "In C1: One. In question 3 (C7): Two."
