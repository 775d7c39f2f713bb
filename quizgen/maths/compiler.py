"""Compiling an expression tree into closures under an arithmetic: each node calls its
children's functions directly, and the arithmetic (``evaluate.ExactArithmetic``,
``evaluate.FloatArithmetic``, ``decimal_value.DecimalArithmetic``) says what numbers are and how
they combine. Apart from the arithmetics so that one working the tree to many digits
(decimal_value.py, which settle.py reads) can sit beneath exact mode, whose comparisons settle."""

from __future__ import annotations

from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.tree import Bin, Call, Compare, Const, Index, Logic, Name, Neg, Num

def compile_tree(node, arith, shared=None):
    """``node`` as a function of the parameter values under ``arith``; with
    ``shared`` (``subexpressions.SharedValues``), a subtree it lists as
    repeated is worked out once and then read from ``shared.values``."""
    function = _compile_node(node, arith, shared)
    number = None if shared is None else shared.keys.get(node)
    return function if number is None else _remembered(function, number, shared.values)


def _remembered(function, number: int, values: dict):
    def remembered(env):
        value = values.get(number, _MISSING)
        if value is _MISSING:
            value = values[number] = function(env)
        return value
    return remembered


_MISSING = object()


def _compile_node(node, arith, shared):
    cls = node.__class__
    if cls is Num:
        value = arith.number(node.value)
        return lambda env: value
    if cls is Const:
        constant = arith.constant(node)
        return lambda env: constant
    if cls is Name:
        return arith.name(node.name)

    def child(tree):
        return compile_tree(tree, arith, shared)
    if cls is Neg:
        operand, negate = child(node.operand), arith.negate
        return lambda env: negate(operand(env))
    if cls is Bin:
        exponent = odd_root_exponent(node.right) if node.op == "**" and arith.odd_root is not None else None
        if exponent is not None:
            base, odd_root = child(node.left), arith.odd_root
            return lambda env: odd_root(base(env), exponent)
        return _compile_binary(arith.binary(node.op), node.left, node.right, arith, child)
    if cls is Call:
        return arith.call(node.func, [child(a) for a in node.args])
    if cls is Index:
        base, index, take = child(node.base), child(node.index), arith.index
        return lambda env: take(base(env), index(env))
    if cls is Compare:
        return _compile_compare(node.ops, [child(o) for o in node.operands], arith.compare)
    if cls is Logic:
        return _compile_logic(node.op, [child(o) for o in node.operands], arith.truth)
    raise ExpressionError("cannot evaluate this expression")


def _compile_binary(combine, left, right, arith, child):
    """A binary operation; a number on either side (``T - 1``, ``1 / x``, in
    half the templates' operations) is taken as it is rather than through a
    function of its own."""
    if right.__class__ is Num:
        first, constant = child(left), arith.number(right.value)
        return lambda env: combine(first(env), constant)
    if left.__class__ is Num:
        constant, second = arith.number(left.value), child(right)
        return lambda env: combine(constant, second(env))
    first, second = child(left), child(right)
    return lambda env: combine(first(env), second(env))


def _compile_compare(ops, operands, compare_values):
    if len(ops) == 1:
        op, left, right = ops[0], operands[0], operands[1]
        return lambda env: compare_values(op, left(env), right(env))

    def chain(env):
        values = [o(env) for o in operands]
        return all(compare_values(op, values[i], values[i + 1]) for i, op in enumerate(ops))
    return chain


def _compile_logic(op, operands, truth_of):
    if op == "not":
        operand = operands[0]
        return lambda env: not truth_of(operand(env))
    if op == "and":
        return lambda env: all(truth_of(o(env)) for o in operands)
    return lambda env: any(truth_of(o(env)) for o in operands)


def odd_root_exponent(node) -> Fraction | None:
    """The exponent ``p/q`` when ``node`` writes one as a fraction of whole
    numbers with an odd denominator (``1/3``, ``-2/5``, ``(1/3)``: what
    ``\\sqrt[3]{x}`` is read as), else None: a power that is an odd root, which
    float mode takes as the real root of a negative base ((-8)^(1/3) is -2)."""
    sign = 1
    if node.__class__ is Neg:
        node, sign = node.operand, -1
    if node.__class__ is not Bin or node.op != "/":
        return None
    p, q = _whole_number(node.left), _whole_number(node.right)
    if p is None or q is None or q % 2 == 0:
        return None
    return Fraction(sign * p, q)


def _whole_number(node) -> int | None:
    """The whole number a ``Num`` (or its negation) writes, else None."""
    sign = 1
    if node.__class__ is Neg:
        node, sign = node.operand, -1
    if node.__class__ is Num and node.value.denominator == 1:
        return sign * node.value.numerator
    return None
