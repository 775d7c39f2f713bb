"""Repeated subexpressions of a draw are worked out once (quizgen/maths/subexpressions.py)."""

from fractions import Fraction

import pytest

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ExactArithmetic, compile_tree, ground
from quizgen.maths.parser import parse, template_policy
from quizgen.maths.subexpressions import shared_values

NAMES = ["p", "T", "losses", "total", "n", "loss"]
LETS = {"losses": "-log(p)", "total": "sum(losses)", "n": "T - 1", "loss": "total / n"}


def _trees(constraint: str):
    lets = {name: parse(source, template_policy(NAMES)) for name, source in LETS.items()}
    return lets, parse(constraint, template_policy(NAMES))


def test_a_constraint_and_the_lets_it_writes_out_share_one_value():
    lets, constraint = _trees("sum(-log(p)) / (T - 1) > 0")
    shared = shared_values([constraint, *lets.values()], lets)
    left = constraint.operands[0]
    assert shared.keys[left] == shared.keys[lets["loss"]]
    assert shared.keys[left.left] == shared.keys[lets["total"]]
    env = {"p": (Fraction(1, 2), Fraction(1, 4)), "T": Fraction(3)}
    check = compile_tree(constraint, ExactArithmetic, shared)
    assert check(env) is True
    for name, tree in lets.items():
        env[name] = compile_tree(tree, ExactArithmetic, shared)(env)
    assert env["loss"] is shared.values[shared.keys[left]]
    assert abs(float(env["loss"]) - float(ground(lets["loss"], env))) < 1e-15


def test_a_cleared_memo_works_out_new_values():
    lets, constraint = _trees("sum(-log(p)) / (T - 1) > 0")
    shared = shared_values([constraint, *lets.values()], lets)
    loss = compile_tree(lets["loss"], ExactArithmetic, shared)
    first = {"p": (Fraction(1, 2),), "T": Fraction(2), "total": Fraction(3), "n": Fraction(1)}
    assert loss(first) == Fraction(3)
    shared.clear()
    assert loss({**first, "total": Fraction(5)}) == Fraction(5)


def test_a_failed_subexpression_is_not_remembered():
    lets, constraint = _trees("sum(-log(p)) / (T - 1) > 0")
    shared = shared_values([constraint, *lets.values()], lets)
    check = compile_tree(constraint, ExactArithmetic, shared)
    with pytest.raises(ExpressionError):
        check({"p": (Fraction(0),), "T": Fraction(2)})
    assert shared.values == {}


def test_trees_repeated_nowhere_are_not_remembered():
    lets, constraint = _trees("T > 2")
    shared = shared_values([constraint], {})
    assert shared.keys == {}


def test_a_let_chain_that_doubles_at_every_step_is_compared_in_linear_time():
    names = [f"x{k}" for k in range(300)]
    lets = {names[k]: parse(f"{names[k - 1]} + {names[k - 1]}", template_policy(names[:k]))
            for k in range(1, 300)}
    constraint = parse("x298 + x298 > 0", template_policy(names))
    shared = shared_values([*lets.values(), constraint], lets)
    assert shared.keys[constraint.operands[0]] == shared.keys[lets["x299"]]
