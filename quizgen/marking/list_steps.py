"""The elements of a list intermediate, as the answers write them: a
template's list let such as ``exp(scores)`` (``scores`` a ``list(...)`` of
dot products) is rounded by a student element by element, and an answer
writes its first element on its own as ``exp(sum(q*k1)/sqrt(4))``, the
softmax's numerator. Carried rounding (carry.py) rounds that term as it
rounds the list, the same way in both places."""

from __future__ import annotations

from fractions import Fraction

from quizgen.maths.tree import Bin, Call, Index, Name, Neg, Num
from quizgen.marking.recipes import shape


def step_elements(recipe, env: dict) -> dict:
    """``{shape: (list step's shape, index)}`` for each element of each list
    step, written as the answers write one term: the first of
    ``exp(list(s1, s2) / 2)`` is ``exp(s1 / 2)``, a term a softmax's
    numerator repeats, which a student rounds as they round the list."""
    found = {}
    for _, step in recipe.intermediates:
        for index in range(list_length(step, env) or 0):
            element = element_at(step, index, env)
            if element is not None:
                found.setdefault(shape(element), (shape(step), index))
    return found


def list_length(node, env: dict):
    """How many elements ``node``'s value has when it is a list made element
    by element (``list(...)``, a list parameter, and broadcasts of them), else None."""
    cls = node.__class__
    if cls is Call and node.func.name == "list":
        return len(node.args)
    if cls is Name:
        value = env.get(node.name)
        return len(value) if isinstance(value, tuple) else None
    if cls is Neg:
        return list_length(node.operand, env)
    if cls is Bin:
        return list_length(node.left, env) or list_length(node.right, env)
    if cls is Call and node.func.broadcast:
        return next(filter(None, (list_length(a, env) for a in node.args)), None)
    return None


def element_at(node, index: int, env: dict):
    """Element ``index`` of list-valued ``node`` as a tree, or None when it cannot be written."""
    if list_length(node, env) is None:
        return node   # a number, broadcast over the list
    cls = node.__class__
    if cls is Call and node.func.name == "list":
        return node.args[index]
    if cls is Name:
        return Index(node, Num(Fraction(index)))
    if cls is Neg:
        inner = element_at(node.operand, index, env)
        return None if inner is None else Neg(inner)
    if cls is Bin:
        left, right = element_at(node.left, index, env), element_at(node.right, index, env)
        return None if left is None or right is None else Bin(node.op, left, right)
    if cls is Call and node.func.broadcast:
        args = [element_at(a, index, env) for a in node.args]
        return None if None in args else Call(node.func, tuple(args))
    return None
