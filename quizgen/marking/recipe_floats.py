"""A part's ECF recipe as a function of the student's earlier answers, in
floats: the math core's one evaluator in its float mode over lists
(``evaluate.list_floats``), so a recipe may do whatever list arithmetic the
template language allows (``mean((x - part:mu)**2)``,
``sum(list(part:a1, part:a2) * v)``). What reads no part is worked out once,
exactly, and read as a float."""

from __future__ import annotations

from quizgen.maths.evaluate import ground, list_floats
from quizgen.maths.tree import Bin, Call, Index, Name, Neg
from quizgen.marking.recipes import PART_PREFIX, recipe_parts, recipe_text


def float_recipe(node, env: dict):
    """``node`` compiled to a function of the earlier parts' float values
    ({name: value}); raises ExpressionError (or an arithmetic error) when a
    part-free piece does not evaluate over ``env``."""
    constants = {}
    tree = _folded(node, env, constants)
    if tree.__class__ is Name and tree.name in constants:
        constant = constants[tree.name]
        return lambda parts: constant
    function = list_floats(tree)
    return lambda parts: function({**constants, **parts})


def _folded(node, env: dict, constants: dict):
    """``node`` with each largest piece that reads no part replaced by a name
    bound in ``constants`` to its float value, and each ``part:x`` read as ``x``."""
    cls = node.__class__
    if cls is Name and node.name.startswith(PART_PREFIX):
        return Name(node.name[len(PART_PREFIX):])
    if not recipe_parts(recipe_text(node)):
        key = f"#{len(constants)}"   # no part or parameter is so named
        constants[key] = _floats(ground(node, env))
        return Name(key)
    if cls is Neg:
        return Neg(_folded(node.operand, env, constants))
    if cls is Bin:
        return Bin(node.op, _folded(node.left, env, constants), _folded(node.right, env, constants))
    if cls is Index:
        return Index(_folded(node.base, env, constants), _folded(node.index, env, constants))
    if cls is Call:
        return Call(node.func, tuple(_folded(a, env, constants) for a in node.args))
    return node


def _floats(value):
    return tuple(_floats(v) for v in value) if isinstance(value, (tuple, list)) else float(value)
