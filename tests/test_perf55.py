"""Round 55: the per-student grade's wrong answers (docs/performance.md, "The fifty-fifth round").
Each change keeps every verdict: these tests pin the work no longer done, not new marks."""

from fractions import Fraction

import pytest

from quizgen.maths.tree import Num
from quizgen.marking import complement_route
from quizgen.marking.recipes import Recipe, parse_recipe, replaced, with_value


def _recipe(text: str, names=frozenset({"s"}), name="p") -> Recipe:
    return Recipe(name, parse_recipe(text, names), text, (), ())


def test_a_tree_with_nothing_replaced_in_it_is_that_very_tree():
    """What is kept by node (the evaluator's compiled functions) finds an unchanged subtree again."""
    tree = _recipe("-log(1/(1 + exp(-s))) + s**2").expression
    assert replaced(tree, lambda node: None) is tree
    assert with_value(tree, Num(Fraction(1)), 2.0) is tree   # a step not in the tree: nothing to replace
    total = tree.left.operand.args[0].right   # 1 + exp(-s)
    swapped = with_value(tree, total, 1.07)
    assert swapped is not tree and swapped.right is tree.right   # s**2, untouched, is the same subtree
    assert swapped.left.operand.args[0].right.value == Fraction(1.07)


@pytest.mark.parametrize("s", [Fraction(1), Fraction(3, 10)])
def test_no_complement_route_is_looked_for_where_no_sum_is_over_2(monkeypatch, s):
    """1 + e^(-s) under 2 (s > 0): the recipe's tree is neither rewritten nor walked for a route."""
    def walked(*args, **kwargs):
        raise AssertionError("the tree was walked")
    paths = {"p": _recipe("1/(1 + exp(-s))"), "q": Recipe("q", parse_recipe("-log(1 - part:p)", frozenset({"s"})),
                                                          "", ("p",), ())}
    monkeypatch.setattr(complement_route, "replaced", walked)
    assert complement_route.complement_routes(paths, "p", {"s": s}) == ()
    assert complement_route.complement_routes(paths, "q", {"s": s}) == ()


def test_a_complement_route_is_still_found_where_its_sum_is_over_2():
    paths = {"p": _recipe("1/(1 + exp(-s))"), "q": Recipe("q", parse_recipe("-log(1 - part:p)", frozenset({"s"})),
                                                          "", ("p",), ())}
    routes = complement_route.complement_routes(paths, "q", {"s": Fraction(-7, 4)})
    assert len(routes) == 1 and routes[0].text == "-log(exp(-s)/(1 + exp(-s)))"   # as the solutions write it
