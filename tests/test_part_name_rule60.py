"""A part name is one rule, kept in the maths core (maths/parser.PART_NAME_TEXT) beneath both readers:
the schema's and key's (key/checks.PART_NAME_PATTERN) and the one ECF recipes read after ``part:``
(marking/recipes.py, which imports the key's model nowhere on its own path: only wording, errors and maths)."""

from quizgen.key.checks import PART_NAME_PATTERN
from quizgen.marking import recipes
from quizgen.maths.parser import PART_NAME_TEXT


def test_the_key_and_the_recipes_read_part_names_by_the_one_rule():
    assert PART_NAME_PATTERN.pattern is PART_NAME_TEXT
    assert recipes._PART_TEXT.pattern == rf"\bpart:({PART_NAME_TEXT})"
