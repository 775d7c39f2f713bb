"""The one evaluator. A tree is compiled into closures (each node calls its
children's functions directly) under an *arithmetic*, which says what
numbers are and how they combine:

- exact mode (``ground``): Fractions and ``Exact`` values, lists broadcast,
  parameters looked up by name; used for every value of a template;
- float mode (``answer_value``): bounded floats with every intermediate
  checked, for student answers: no input can build a huge exact number;
  with lists, names and subscripts (``list_floats``), for the recipes that
  rework a part from a student's own earlier answers.

Functions come from their table row, carried on each ``Call`` node, so this
module needs no list of function names. An ``Evaluator`` keeps the functions
it compiled (a bounded memo keyed by tree): a template's trees compile once."""

from __future__ import annotations

import math
import operator
from fractions import Fraction
from functools import partial

from quizgen.errors import ExpressionError
from quizgen.maths import rationals
from quizgen.maths.exact import (BINARY, MAX_BITS, Exact, NumberTooBig, broadcast1, broadcast2, compare, item, lookup,
                                 neg, truth, whole_to_fraction)
from quizgen.maths.rationals import parts
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


def _rational_div(a: Fraction, b: Fraction) -> Fraction:
    if not b.numerator:
        raise ExpressionError("division by zero")
    return rationals.div(a, b)


_RATIONAL = {"+": rationals.add, "-": rationals.sub, "*": rationals.mul, "/": _rational_div}
"""Exact mode's operators on two rationals (what ``exact.BINARY`` does with them)."""


class ExactArithmetic:
    """Exact mode: rationals fold, irrationals build ``Exact`` trees, lists
    broadcast, names are parameters (see ``quizgen.maths.exact``)."""

    negate = staticmethod(partial(broadcast1, neg))
    odd_root = None   # a template's power of a negative number is refused as before (exact.power)
    index = staticmethod(item)
    compare = staticmethod(compare)
    truth = staticmethod(truth)

    @staticmethod
    def number(value: Fraction):
        return value

    @staticmethod
    def constant(node: Const):
        return Exact(node, math.e if node.name == "E" else math.pi)

    @staticmethod
    def binary(op: str):
        combine, rational = BINARY[op], _RATIONAL.get(op)
        if rational is None:
            return partial(broadcast2, combine)

        def binary(a, b):
            """Two rationals (most operands) combine at once, the result's size
            checked as ``exact.sized`` does (inline: the commonest operation of a
            draw); the rest through ``quizgen.maths.exact``."""
            if a.__class__ is Fraction and b.__class__ is Fraction:
                result = rational(a, b)
                numerator, denominator = parts(result)
                if numerator.bit_length() <= MAX_BITS and denominator.bit_length() <= MAX_BITS:
                    return result
                raise NumberTooBig()
            return broadcast2(combine, a, b)
        return binary

    @staticmethod
    def name(dotted: str):
        if "." in dotted:
            return lambda env: whole_to_fraction(lookup(env, dotted))

        def value(env):
            try:
                found = env[dotted]
            except KeyError:
                raise ExpressionError(f"unknown parameter {dotted!r}") from None
            return Fraction(found) if found.__class__ is int else found
        return value

    @staticmethod
    def call(func, args: list):
        apply = func.exact
        if func.broadcast and len(args) == 1:
            arg = args[0]
            return lambda env: broadcast1(apply, arg(env))
        if func.broadcast and len(args) == 2:
            first, second = args
            return lambda env: broadcast2(apply, first(env), second(env))
        if len(args) == 1:
            arg = args[0]
            return lambda env: apply(arg(env))
        return lambda env: apply(*[a(env) for a in args])


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ExpressionError("number out of range")
    return value


def _float_div(a: float, b: float) -> float:
    if b == 0:
        raise ExpressionError("division by zero")
    return _finite(a / b)


def _float_power(a: float, b: float) -> float:
    if a < 0 and b != int(b):
        raise ExpressionError("fractional power of a negative number")
    if a == 0 and b < 0:
        raise ExpressionError("division by zero")
    return _finite(math.pow(a, b))


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


def _float_odd_root(a: float, exponent: Fraction) -> float:
    """``a`` to a power whose denominator is odd (``odd_root_exponent``): for a
    negative ``a`` the real root, negative when the numerator is odd
    ((-8)^(1/3) = -2, (-8)^(2/3) = 4), as school algebra and a calculator in
    real mode read it; the principal (complex) value is no answer here."""
    if a >= 0:
        return _float_power(a, float(exponent))
    magnitude = _float_power(-a, float(exponent))
    return -magnitude if exponent.numerator % 2 else magnitude


def _not_a_number(*_):
    raise ExpressionError("not a number")


class FloatArithmetic:
    """Float mode: numbers are floats, every result is checked finite, and a
    function's domain is checked by its float implementation; answers hold
    only numbers, operators and answer functions."""

    negate = staticmethod(operator.neg)
    name = index = compare = truth = staticmethod(_not_a_number)
    odd_root = staticmethod(_float_odd_root)
    _BINARY = {"+": lambda a, b: _finite(a + b), "-": lambda a, b: _finite(a - b),
               "*": lambda a, b: _finite(a * b), "/": _float_div, "**": _float_power}

    @staticmethod
    def number(value: Fraction) -> float:
        return float(value)

    @staticmethod
    def constant(node: Const) -> float:
        return math.e if node.name == "E" else math.pi

    @classmethod
    def binary(cls, op: str):
        return cls._BINARY[op]

    @staticmethod
    def call(func, args: list):
        apply = func.float
        if apply is None or not func.broadcast:   # a list function's float form is for recipes (ListFloatArithmetic)
            raise ExpressionError(f"{func.name}() cannot be used in an answer")
        return lambda env: _finite(apply(*[a(env) for a in args]))


def _float_each(function):
    """``function`` of one float, element by element over a list."""
    def each(value):
        return tuple(each(v) for v in value) if value.__class__ is tuple else function(value)
    return each


def _float_pair(function):
    """``function`` of two floats, element by element where either is a list."""
    def pair(a, b):
        if a.__class__ is tuple and b.__class__ is tuple:
            if len(a) != len(b):
                raise ExpressionError("lists of different lengths")
            return tuple(pair(x, y) for x, y in zip(a, b))
        if a.__class__ is tuple:
            return tuple(pair(x, b) for x in a)
        if b.__class__ is tuple:
            return tuple(pair(a, y) for y in b)
        return function(a, b)
    return pair


def _float_item(items, index):
    if items.__class__ is not tuple or index != int(index) or not 0 <= index < len(items):
        raise ExpressionError("index out of range")
    return items[int(index)]


class ListFloatArithmetic(FloatArithmetic):
    """Float mode over the template language's lists, for recipes worked from
    a student's earlier answers: names read the values given (floats or tuples
    of floats), lists broadcast as exact mode's do, subscripts and the list
    functions (their table rows' float implementations) work."""

    negate = staticmethod(_float_each(operator.neg))
    index = staticmethod(_float_item)

    @classmethod
    def binary(cls, op: str):
        return _float_pair(cls._BINARY[op])

    @staticmethod
    def name(dotted: str):
        def value(env):
            try:
                return env[dotted]
            except KeyError:
                raise ExpressionError(f"unknown name {dotted!r}") from None
        return value

    @staticmethod
    def call(func, args: list):
        apply = func.float
        if apply is None:
            raise ExpressionError(f"{func.name}() cannot be worked in floats")
        if not func.broadcast:
            return lambda env: apply(*[a(env) for a in args])
        if len(args) == 1:
            arg, each = args[0], _float_each(lambda x: _finite(apply(x)))
            return lambda env: each(arg(env))
        pair = _float_pair(lambda x, y: _finite(apply(x, y)))
        return lambda env: pair(*[a(env) for a in args]) if len(args) == 2 else _finite(apply(*[a(env) for a in args]))


class Evaluator:
    """Evaluates trees under one arithmetic, keeping the function compiled for
    each tree in a memo of at most ``keep`` trees (cleared when full)."""

    def __init__(self, arithmetic, keep: int):
        self.arithmetic, self.keep = arithmetic, keep
        self._compiled: dict = {}

    def compiled(self, node):
        """``node``'s function, compiled on first use."""
        function = self._compiled.get(node)
        if function is None:
            function = compile_tree(node, self.arithmetic)
            if self.keep:
                if len(self._compiled) >= self.keep:
                    self._compiled.clear()
                self._compiled[node] = function
        return function

    def __call__(self, node, env: dict):
        return self.compiled(node)(env)


EXACT = Evaluator(ExactArithmetic, keep=4096)
FLOAT = Evaluator(FloatArithmetic, keep=0)


def list_floats(node):
    """``node`` compiled in float mode over lists (``ListFloatArithmetic``): a
    function of {name: float or tuple of floats}."""
    return compile_tree(node, ListFloatArithmetic)


def ground(node, env: dict):
    """Evaluate ``node`` exactly with the parameter values in ``env``."""
    return EXACT.compiled(node)(env)


def answer_value(node) -> float:
    """The float value of a parsed answer; raises ExpressionError with a reason
    (division by zero, log of a non-positive number, out of range, ...)."""
    try:
        return _finite(FLOAT(node, {}))
    except (OverflowError, ValueError, MemoryError, RecursionError) as exc:
        raise ExpressionError("number out of range") from exc
