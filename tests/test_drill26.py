"""rev-maths26: at C5 (b), where grade leaves 'none', 'nothing' and 'n/a' to a
person (they may say "no value" or "0", which the part tells apart), the drill
told the learner to check the spelling of a correctly spelt word; it now says
why, as it does for doubt and a ± tolerance."""

import pytest


def _said(invoke, lines) -> str:
    result = invoke("drill", "--seed", 1, "--classes", "C5", "--no-save",
                    input="".join(f"{line}\n" for line in lines))
    return " ".join(result.output.split())


_NONE = ("it may say that there is no value or that the value is 0, which this part tells apart; write 0 for zero, "
         "or say in words that there is no value (such as 'undefined')")


@pytest.mark.parametrize("word, why", [
    ("none", _NONE), ("nothing", _NONE),
    ("n/a", "it may say that you have no answer or that there is no value, which this part tells apart; to say "
            "there is no value, write it in words (such as 'undefined'), or type h for a hint")])
def test_a_word_grade_leaves_to_a_person_is_told_why(invoke, word, why):
    """Round 33: the reply said "which quizgen grade leaves to a person", a grade and a
    person the learner does not have; it says what to write instead."""
    said = _said(invoke, ["0", word, "q"])
    assert f"I cannot mark '{word}': {why}. It was not counted" in said
    assert "check its spelling" not in said and "person" not in said and "quizgen grade" not in said
