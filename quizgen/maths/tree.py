"""The expression tree: plain, immutable records built by the parser and by
exact arithmetic. Nodes hold no caches: whoever compiles or prints a tree
keeps its own memo (see ``evaluate.Evaluator`` and ``printing.Printer``)."""

from __future__ import annotations

from fractions import Fraction


class Node:
    """A node of the expression tree. Nodes never change once built and
    compare by identity, so a compiler or printer may key a memo on them."""

    __slots__ = ()


class Num(Node):
    """An exact rational number."""

    __slots__ = ("value",)

    def __init__(self, value: Fraction):
        self.value = value


class Const(Node):
    """A named mathematical constant: ``E`` or ``pi``."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


class Name(Node):
    """A reference to a template parameter, possibly dotted (``scene.answer``)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


class Index(Node):
    """``base[index]``: an element of a list parameter."""

    __slots__ = ("base", "index")

    def __init__(self, base: Node, index: Node):
        self.base, self.index = base, index


class Neg(Node):
    """Unary minus."""

    __slots__ = ("operand",)

    def __init__(self, operand: Node):
        self.operand = operand


class Bin(Node):
    """A binary arithmetic operation: ``+ - * / **``."""

    __slots__ = ("op", "left", "right")

    def __init__(self, op: str, left: Node, right: Node):
        self.op, self.left, self.right = op, left, right


class Call(Node):
    """A call of a function of the table: ``func`` is its row
    (``functions.Function``), so evaluators and printers need no lookup."""

    __slots__ = ("func", "args")

    def __init__(self, func, args: tuple):
        self.func, self.args = func, args


class Compare(Node):
    """A chained comparison (templates' constraints only)."""

    __slots__ = ("ops", "operands")

    def __init__(self, ops: tuple, operands: tuple):
        self.ops, self.operands = ops, operands


class Logic(Node):
    """``and`` / ``or`` / ``not`` (templates' constraints only)."""

    __slots__ = ("op", "operands")

    def __init__(self, op: str, operands: tuple):
        self.op, self.operands = op, operands


def children(node) -> tuple:
    """The sub-expressions of ``node``, in reading order; none for a leaf."""
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


def names_in(node) -> set:
    """The parameter and let names an expression reads (``scene`` for ``scene.words``)."""
    if isinstance(node, Name):
        return {node.name.split(".")[0]}
    return set().union(*map(names_in, children(node)))
