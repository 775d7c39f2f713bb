"""The one evaluator. A tree is compiled into closures (compiler.py) under an
*arithmetic*, which says what numbers are and how they combine:

- exact mode (``ground``): Fractions and ``Exact`` values, lists broadcast,
  parameters looked up by name; used for every value of a template;
- float mode (``answer_floats.answer_value``): bounded floats with every
  intermediate checked, for student answers: no input can build a huge exact number;
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
from quizgen.maths.compiler import compile_tree
from quizgen.maths.exact import (BINARY, MAX_BITS, Exact, NumberTooBig, broadcast1, broadcast2, item, lookup, neg, truth,
                                 whole_to_fraction)
from quizgen.maths.rationals import parts
from quizgen.maths.settle import compare, power
from quizgen.maths.tree import Const


def _rational_div(a: Fraction, b: Fraction) -> Fraction:
    if not b.numerator:
        raise ExpressionError("division by zero")
    return rationals.div(a, b)


OPERATORS = {**BINARY, "**": power}
"""Exact mode's operators (a power's signs decided exactly first: settle.power)."""
_RATIONAL = {"+": rationals.add, "-": rationals.sub, "*": rationals.mul, "/": _rational_div}
"""Exact mode's operators on two rationals (what ``exact.BINARY`` does with them)."""


class ExactArithmetic:
    """Exact mode: rationals fold, irrationals build ``Exact`` trees, lists
    broadcast, names are parameters (see ``quizgen.maths.exact``)."""

    negate = staticmethod(partial(broadcast1, neg))
    odd_root = None   # a template's power of a negative number is refused as before (settle.power)
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
        combine, rational = OPERATORS[op], _RATIONAL.get(op)
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


def finite(value: float) -> float:
    """``value``, refused as out of range when it is no finite float."""
    if not math.isfinite(value):
        raise ExpressionError("number out of range")
    return value


def _float_div(a: float, b: float) -> float:
    if b == 0:
        raise ExpressionError("division by zero")
    return finite(a / b)


def _float_power(a: float, b: float) -> float:
    if a < 0 and b != int(b):
        raise ExpressionError("fractional power of a negative number")
    if a == 0 and b < 0:
        raise ExpressionError("division by zero")
    return finite(math.pow(a, b))



def _float_odd_root(a: float, exponent: Fraction) -> float:
    """``a`` to a power whose denominator is odd (``compiler.odd_root_exponent``): for a
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
    _BINARY = {"+": lambda a, b: finite(a + b), "-": lambda a, b: finite(a - b),
               "*": lambda a, b: finite(a * b), "/": _float_div, "**": _float_power}

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
        return lambda env: finite(apply(*[a(env) for a in args]))


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
            arg, each = args[0], _float_each(lambda x: finite(apply(x)))
            return lambda env: each(arg(env))
        pair = _float_pair(lambda x, y: finite(apply(x, y)))
        return lambda env: pair(*[a(env) for a in args]) if len(args) == 2 else finite(apply(*[a(env) for a in args]))


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


def list_floats(node):
    """``node`` compiled in float mode over lists (``ListFloatArithmetic``): a
    function of {name: float or tuple of floats}."""
    return compile_tree(node, ListFloatArithmetic)


def ground(node, env: dict):
    """Evaluate ``node`` exactly with the parameter values in ``env``."""
    return EXACT.compiled(node)(env)
