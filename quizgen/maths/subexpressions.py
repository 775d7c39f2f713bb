"""Common subexpressions of trees evaluated together over one set of values
(a template's lets, constraints, answers and trap values in one draw).

Two subtrees are the same when they have the same shape, operators, numbers
and names, a name of a ``let`` standing for the tree that defines it: so
``sum(-log(p)) / (T - 1)`` in a constraint is the same as ``total / n`` with
``total: sum(losses)``, ``losses: -log(p)`` and ``n: T - 1``. Evaluation is a
function of the tree and the values, so within one draw such a subtree needs
working out only once (``evaluate.compile_tree`` with a :class:`SharedValues`)."""

from __future__ import annotations

from collections import Counter

from quizgen.maths.tree import Bin, Call, Compare, Const, Index, Logic, Name, Neg, Num

_LEAVES = (Num, Name, Const)


class SharedValues:
    """Which subtrees repeat (``keys``: node to a small number naming its
    shape) and, for the draw under way, the values worked out so far by that
    number (``values``; the caller clears it when the values a tree may read
    change)."""

    def __init__(self, keys: dict):
        self.keys, self.values = keys, {}

    def clear(self) -> None:
        """Forget the values: the next evaluation starts afresh."""
        self.values.clear()


def shared_values(trees, lets: dict) -> SharedValues:
    """The repeated compound subtrees of ``trees``, ``lets`` mapping each let
    name to its defining tree (a let may only read names defined before it)."""
    shapes: dict = {}
    nodes = [(node, _shape(node, lets, shapes)) for tree in trees for node in _compound(tree)]
    counts = Counter(shape for _, shape in nodes)
    numbers: dict = {}
    return SharedValues({node: numbers.setdefault(shape, len(numbers))
                         for node, shape in nodes if counts[shape] > 1})


def _compound(node):
    """Every node of the tree that is not a leaf."""
    if node.__class__ in _LEAVES:
        return
    yield node
    for child in _children(node):
        yield from _compound(child)


def _children(node) -> tuple:
    cls = node.__class__
    if cls is Neg:
        return (node.operand,)
    if cls is Bin:
        return node.left, node.right
    if cls is Index:
        return node.base, node.index
    if cls is Call:
        return node.args
    if cls is Compare or cls is Logic:
        return node.operands
    return ()


def _shape(node, lets: dict, shapes: dict):
    """A hashable description of the tree, lets written out (memo ``shapes`` by node)."""
    shape = shapes.get(node)
    if shape is None:
        shape = shapes[node] = _make_shape(node, lets, shapes)
    return shape


def _make_shape(node, lets: dict, shapes: dict):
    cls = node.__class__
    if cls is Name:
        return _shape(lets[node.name], lets, shapes) if node.name in lets else ("name", node.name)
    if cls is Num:
        return "num", node.value
    if cls is Const:
        return "const", node.name
    parts = tuple(_shape(child, lets, shapes) for child in _children(node))
    if cls is Bin:
        return (cls.__name__, node.op) + parts
    if cls is Call:
        return (cls.__name__, node.func.name) + parts
    if cls is Compare:
        return (cls.__name__, node.ops) + parts
    if cls is Logic:
        return (cls.__name__, node.op) + parts
    return (cls.__name__,) + parts
