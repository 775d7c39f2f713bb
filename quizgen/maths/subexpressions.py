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

from quizgen.maths.tree import Call, Compare, Const, Name, Num, children

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
    shapes = _Shapes(lets)
    for tree in lets.values():
        shapes.of(tree)
    nodes = [(node, shapes.of(node)) for tree in trees for node in _compound(tree)]
    counts = Counter(shape for _, shape in nodes)
    return SharedValues({node: shape for node, shape in nodes if counts[shape] > 1})


def _compound(node):
    """Every node of the tree that is not a leaf."""
    if node.__class__ in _LEAVES:
        return
    yield node
    for child in children(node):
        yield from _compound(child)


class _Shapes:
    """Numbers for shapes: two subtrees get the same number when they have the
    same class, operator and numbers, and their children the same numbers (a
    let's name takes its defining tree's). Each number stands for a flat key,
    so a chain of lets that doubles its written-out size at every step still
    costs one key per node."""

    def __init__(self, lets: dict):
        self.lets, self.numbers, self.by_node = lets, {}, {}

    def of(self, node) -> int:
        """The number of ``node``'s shape (lets first, in order, so that a
        name's tree is numbered before any tree that reads it)."""
        number = self.by_node.get(node)
        if number is None:
            if node.__class__ is Name and node.name in self.lets:
                number = self.of(self.lets[node.name])
            else:
                number = self.numbers.setdefault(self._key(node), len(self.numbers))
            self.by_node[node] = number
        return number

    def _key(self, node) -> tuple:
        cls = node.__class__
        if cls is Name or cls is Const:
            return cls.__name__, node.name
        if cls is Num:
            return cls.__name__, node.value
        if cls is Call:
            label = node.func.name
        elif cls is Compare:
            label = node.ops
        else:
            label = getattr(node, "op", None)
        return (cls.__name__, label) + tuple(self.of(child) for child in children(node))
