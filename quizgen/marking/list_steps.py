"""The elements of a list intermediate, as the answers write them: a
template's list let such as ``exp(scores)`` (``scores`` a ``list(...)`` of
dot products) is rounded by a student element by element, and an answer
writes its first element on its own as ``exp(sum(q*k1)/sqrt(4))``, the
softmax's numerator. Carried rounding (carry.py) rounds that term as it
rounds the list, the same way in both places."""

from __future__ import annotations

from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
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



def indices_written(node, env: dict):
    """``node`` with each index that reads only the parameters written as its
    number in this draw (``z[argmax(z)] / tau`` as ``z[0] / tau``), as
    ``step_elements`` writes a list step's elements."""
    def number(index):
        try:
            return Num(Fraction(ground(index, env)))
        except (ExpressionError, ArithmeticError, TypeError, ValueError):
            return index   # an index read from an earlier answer stays as it is
    return _indices_replaced(node, number)


def index_zeroed(node) -> tuple:
    """``(node with each index that is not a number written 0, that index)``,
    the index None unless there is exactly one: ``z[argmax(z)] / tau`` is the
    element ``z[0] / tau`` of ``z / tau`` in shape, whatever the draw's list
    length, and its index is worked out from the draw."""
    found = []

    def zero(index):
        found.append(index)
        return Num(Fraction(0))
    written = _indices_replaced(node, zero)
    return written, found[0] if len(found) == 1 else None


def _indices_replaced(node, replace):
    """``node`` with each index that is not a number replaced by ``replace(index)``."""
    cls = node.__class__
    if cls is Neg:
        return Neg(_indices_replaced(node.operand, replace))
    if cls is Bin:
        return Bin(node.op, _indices_replaced(node.left, replace), _indices_replaced(node.right, replace))
    if cls is Call:
        return Call(node.func, tuple(_indices_replaced(a, replace) for a in node.args))
    if cls is Index:
        index = node.index if node.index.__class__ is Num else replace(node.index)
        return Index(_indices_replaced(node.base, replace), index)
    return node
