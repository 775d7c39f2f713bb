"""rev-maths26: at C5 (b), where grade leaves 'none', 'nothing' and 'n/a' to a
person (they may say "no value" or "0", which the part tells apart), the drill
told the learner to check the spelling of a correctly spelt word; it now says
why, as it does for doubt and a ± tolerance."""

import pytest


def _said(invoke, lines) -> str:
    result = invoke("drill", "--seed", 1, "--classes", "C5", "--no-save",
                    input="".join(f"{line}\n" for line in lines))
    return " ".join(result.output.split())


@pytest.mark.parametrize("word, why", [
    ("none", "it may say that there is no value or that the value is 0 (this part tells them apart)"),
    ("nothing", "it may say that there is no value or that the value is 0 (this part tells them apart)"),
    ("n/a", "it may mean no answer or that there is no value (this part tells them apart)")])
def test_a_word_grade_leaves_to_a_person_is_told_why(invoke, word, why):
    said = _said(invoke, ["0", word, "q"])
    assert f"I cannot mark '{word}' by myself: {why}, which quizgen grade leaves to a person" in said
    assert "check its spelling" not in said
