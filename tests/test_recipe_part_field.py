"""A hand-edited recipe reading a field of an earlier part (``part:p.__class__``)
is refused in the user's words, where it said "unknown parameter 'part__p'",
the name quizgen parses ``part:p`` under."""

import pytest

from quizgen.errors import ExpressionError
from quizgen.marking.recipes import parse_recipe


@pytest.mark.parametrize("text", ["part:p.__class__", "1 + part:p . __class__"])
def test_a_field_of_a_part_s_answer_is_refused_in_the_recipe_s_words(text):
    with pytest.raises(ExpressionError) as caught:
        parse_recipe(text, {"z"})
    assert str(caught.value) == "part:p is an earlier part's answer, a number, with no field '__class__'"


def test_a_recipe_reading_a_part_and_a_record_s_field_still_parses():
    assert parse_recipe("part:p * scene.answer", {"scene"}) is not None
