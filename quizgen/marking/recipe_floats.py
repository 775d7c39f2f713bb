"""A part's ECF recipe as a function of the student's earlier answers, in
floats: the math core's one evaluator in its float mode over lists
(``evaluate.list_floats``), so a recipe may do whatever list arithmetic the
template language allows (``mean((x - part:mu)**2)``,
``sum(list(part:a1, part:a2) * v)``). What reads no part is worked out once,
exactly, and read as a float.

Which pieces read no part, and the function of the rest, depend on the tree
alone, and the grader parses a template's recipes once for all its instances
(grading/careful.py): they are kept per tree (``_plan``), and an instance
grounds only its own pieces."""

from __future__ import annotations

from quizgen.maths.evaluate import ground, list_floats
from quizgen.maths.tree import Bin, Call, Index, Name, Neg
from quizgen.marking.recipes import PART_PREFIX, recipe_parts, recipe_text


def float_recipe(node, env: dict):
    """``node`` compiled to a function of the earlier parts' float values
    ({name: value}); raises ExpressionError (or an arithmetic error) when a
    part-free piece does not evaluate over ``env``."""
    plan = _plan(node)
    if plan is None:   # the part-reading rest does not compile: as before, each piece grounded first
        return _float_recipe(node, env)
    tree, pieces, function = plan
    constants = {key: _floats(ground(piece, env)) for key, piece in pieces}
    if function is None:
        constant = constants[tree.name]
        return lambda parts: constant
    return lambda parts: function({**constants, **parts})


_PLANS = {}   # {id(node): (node, folded tree, ((name, part-free piece), ...), function or None)}
_PLANS_LIMIT = 4096


def _plan(node):
    """``(folded tree, its part-free pieces in the order they are worked out,
    the tree's compiled function or None when the whole recipe reads no
    part)`` for ``node``, kept while the tree lives (its id stays its own);
    None when the function does not compile."""
    found = _PLANS.get(id(node))
    if found is not None and found[0] is node:
        return found[1:]
    pieces = []
    tree = _folded(node, None, pieces)
    try:
        function = None if tree.__class__ is Name and any(tree.name == key for key, _ in pieces) \
            else list_floats(tree)
    except Exception:   # whatever it is, _float_recipe meets it again, after the pieces
        return None
    if len(_PLANS) >= _PLANS_LIMIT:
        _PLANS.clear()
    _PLANS[id(node)] = (node, tree, tuple(pieces), function)
    return tree, tuple(pieces), function


def _float_recipe(node, env: dict):
    """``float_recipe`` worked out afresh, every piece grounded as it is met."""
    constants = {}
    tree = _folded(node, env, constants)
    if tree.__class__ is Name and tree.name in constants:
        constant = constants[tree.name]
        return lambda parts: constant
    function = list_floats(tree)
    return lambda parts: function({**constants, **parts})


def _folded(node, env: dict | None, constants):
    """``node`` with each largest piece that reads no part replaced by a name
    bound in ``constants`` to its float value, and each ``part:x`` read as ``x``;
    with no ``env``, ``constants`` is a list that gets ``(name, piece)`` instead."""
    cls = node.__class__
    if cls is Name and node.name.startswith(PART_PREFIX):
        return Name(node.name[len(PART_PREFIX):])
    if not recipe_parts(recipe_text(node)):
        key = f"#{len(constants)}"   # no part or parameter is so named
        if env is None:
            constants.append((key, node))
        else:
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
