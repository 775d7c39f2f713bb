"""A part name is one rule: the schema's and key's (key/checks.PART_NAME_PATTERN) and the one ECF recipes
read after ``part:`` (marking/recipes.PART_NAME_TEXT, written apart since marking imports nothing of the key)."""

from quizgen.key.checks import PART_NAME_PATTERN
from quizgen.marking.recipes import PART_NAME_TEXT


def test_recipes_read_part_names_by_the_keys_rule():
    assert PART_NAME_TEXT == PART_NAME_PATTERN.pattern
