"""Round 54: the carried-rounding walk (marking/carry.py) reads a node's
sub-expressions through maths/tree.children, the one walk, not its own copy.
The two differ only on a comparison or and/or/not, whose operands the walk never
reaches: a recipe holding one is refused as before, when its node is met."""

from fractions import Fraction

import pytest

from quizgen.errors import TemplateError
from quizgen.maths import tree
from quizgen.marking import carry
from quizgen.marking.recipes import Recipe, parse_recipe


def test_the_walk_is_the_trees():
    assert carry.children is tree.children
    assert not hasattr(carry, "_children")


def _comparisons():
    """Trees holding a comparison or and/or/not (parse_recipe refuses them as text; a tree made otherwise)."""
    a, one = tree.Name("part:a"), tree.Num(Fraction(1))
    compare = tree.Compare((">",), (a, one))
    return [tree.Bin("*", compare, tree.Num(Fraction(2))), tree.Bin("+", a, compare), tree.Logic("and", (a, one))]


@pytest.mark.parametrize("node", _comparisons())
def test_a_recipe_that_compares_is_refused_as_before(node):
    with pytest.raises(TemplateError, match="may not compare or use and/or/not"):
        carry.reachable(Recipe("p", node, "", ("a",), ()), {"x": 1}, {"a": (1.5,)})


def test_a_carried_recipe_reaches_its_values():
    recipe = Recipe("p", parse_recipe("part:a * x + 1", frozenset({"x"})), "", (), ())
    assert carry.reachable(recipe, {"x": 2}, {"a": (1.5, 2.0)}) == (4.0, 5.0)
