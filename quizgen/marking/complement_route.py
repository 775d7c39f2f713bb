"""The second route carried rounding follows through a sigmoid's complement:
1 - p-hat worked as the solutions write it, e^(-s)/(1 + e^(-s)), not as 1
less p-hat = 1/(1 + e^(-s)). Rounded on the way, the two routes part: at
s = -1.75, e^1.75 = 5.7546 kept as 5.755 and 1 + e^1.75 = 6.755 as 6.76 give
C7's (c) -ln(5.755/6.76) = 0.16095, 0.161, where 1 - 1/6.76 gives 0.160 (key
0.16022): every step kept to 3 figures or more, yet a bare ``incorrect``
(found by a bulk run of seeds). carry.py and hull.py work each such route
beside the recipe's own, so its values are carried rounding's.

Only where the sum 1 + X is over 2 (X over 1, s < 0 for e^(-s)) and has as
many figures before the point as X: there its 3 figures are 3 of X, ordinary
carrying (1 + e^2.2 = 10.025 to 4 figures keeps 3 of 9.025: no such route). Below 2 they are fewer than 3 of
X, a value near 1 kept short, which the stems ask to keep to 4 figures of
its difference from 1 and near_one.py names (C7's (c) -ln(0.704688/1.70) at
s = 0.35 stays ``imprecise``). Where X/(1 + X) is over 0.9 (the sum over 10) it is a
probability near 1, and the stems ask it and the sum kept to 4 figures of their difference
from 1: there the route (a ``Route``) keeps those two steps so (``floors``), as a student who
does as the stem says does (34.12 for 1 + e^3.5 = 34.11545, then 33.11545/34.12 =
0.97056, C7's (c) 0.0299 for 0.0298, is carried rounding), and no shorter: the sum's 3 figures
keep 2 of the quotient's difference from 1 (e^3.4/31.0, C7's (c) 0.0336 for
0.0328, was full marks), near_one.py's to name."""

from __future__ import annotations

import math
from dataclasses import dataclass

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
from quizgen.maths.tree import Bin, Call, Name, Neg, Num, children
from quizgen.marking.recipes import PART_PREFIX, Recipe, recipe_text, replaced, shape

_FAILS = (ArithmeticError, ValueError, KeyError, ExpressionError)   # a sum reading a part: no route


@dataclass(frozen=True)
class Route(Recipe):
    """A recipe worked through the complement, with ``floors``: ``((shape of a step, the fewest
    significant figures it may be kept to), ...)`` for its values near 1 (carry.py reads them)."""

    floors: tuple = ()


def complement_routes(paths: dict, name: str, env: dict) -> tuple:
    """Part ``name``'s recipe with each ``1 - part:p`` in it, p an earlier part whose recipe is
    ``1/(1 + X)`` with the sum over 2 in ``env``, worked as ``X/(1 + X)``, and each such sum it
    writes a step: () when it holds neither. Its steps: the recipe's own, so rewritten, p's, X
    (one value at both its uses), the quotient and the sums (each one value at all its uses);
    where the quotient is near 1, it and its sum kept to 4 figures of their difference from 1."""
    recipe = paths[name]
    complements, divisors = _looked_at(recipe)
    if not any(_over_two(total, env) for total in divisors) and not any(
            _over_two(total, env) for total in (_sum_of(node.right, paths) for node in complements) if total is not None):
        return ()   # no sum over 2 that a division or a complement below reads: the rewriting finds nothing
    found = {}

    def change(node):
        if node.__class__ is Bin and node.op == "-" and _is_one(node.left):
            sum_node = _sum_of(node.right, paths)
            if sum_node is not None and _over_two(sum_node, env):
                x = sum_node.right if _is_one(sum_node.left) else sum_node.left
                found[shape(node)] = (node.right, x, sum_node)
                return Bin("/", x, sum_node)
        return None

    expression = replaced(recipe.expression, change)
    sums = [("one_plus_x", node) for node in _sums_over_two(expression, env)]   # 1 + e^(-s) written down
    if not found and not sums:
        return ()
    steps, floors = [(label, replaced(step, change)) for label, step in recipe.intermediates], {}
    for source, x, sum_node in found.values():
        steps += list(paths[source.name[len(PART_PREFIX):]].intermediates)
        steps += [("complement_x", x), (recipe_text(Bin("/", x, sum_node)), Bin("/", x, sum_node))]
        floors.update(_near_one(x, sum_node, env))
    return (Route(recipe.part, expression, recipe_text(expression), recipe.depends, (*steps, *sums),
                  tuple(floors.items())),)


def takes_complement(node, name: str) -> bool:
    """Whether ``node`` takes ``1 - part:name``, the complement of an earlier part (C7's (c), not (b))."""
    if node.__class__ is Bin and node.op == "-" and _is_one(node.left) and node.right.__class__ is Name \
            and node.right.name == PART_PREFIX + name:
        return True
    return any(takes_complement(child, name) for child in children(node))


_LOOKED_AT = {}   # {id(recipe): (recipe, its 1 - X nodes, the sums 1 + X a division in it divides by)}


def _looked_at(recipe) -> tuple:
    """``(each 1 - X in recipe's expression, each sum 1 + X a division in it divides by)``: every node
    ``complement_routes`` may rewrite or write down, whatever the draw, found once per recipe (the
    grader parses a template's recipes once) and kept, so that an instance with no sum over 2 there
    is told so without the tree walked (docs/performance.md, fifty-fifth round)."""
    found = _LOOKED_AT.get(id(recipe))
    if found is None or found[0] is not recipe:
        if len(_LOOKED_AT) >= 10_000:
            _LOOKED_AT.clear()
        nodes = [n for n in _walk(recipe.expression) if n.__class__ is Bin]
        found = _LOOKED_AT[id(recipe)] = (recipe, [n for n in nodes if n.op == "-" and _is_one(n.left)],
                                          [n.right for n in nodes if n.op == "/" and one_plus(n.right)])
    return found[1:]


def _walk(node):
    """``node`` and every node below it."""
    yield node
    for child in children(node):
        yield from _walk(child)


def one_plus(node) -> bool:
    """Whether ``node`` is a sum ``1 + X`` (or ``X + 1``)."""
    return node.__class__ is Bin and node.op == "+" and (_is_one(node.left) or _is_one(node.right))


def _sums_over_two(node, env: dict) -> list:
    """Each sum ``1 + X`` in ``node`` that a probability ``1/(1 + X)`` or its complement ``X/(1 + X)``
    divides by, over 2 in ``env``: a value the working writes down (C9's 1 + e^(-s) = 3.718 at s = -1,
    kept as 3.72, three figures of e^(-s), gave a total 1.825 for 1.824, a bare ``incorrect``, one of
    several such cases); below 2 its 3 figures are fewer of X, near_one.py's."""
    found = []
    if node.__class__ is Bin and node.op == "/":
        total = node.right
        if one_plus(total) and _over_two(total, env):
            found.append(total)
    below = (node.left, node.right) if node.__class__ is Bin else (node.operand,) if node.__class__ is Neg \
        else node.args if node.__class__ is Call else ()
    for child in below:
        found += _sums_over_two(child, env)
    return found


def _is_one(node) -> bool:
    return node.__class__ is Num and node.value == 1


def _sum_of(node, paths: dict):
    """The sum ``1 + X`` of ``node`` when it is an earlier part whose recipe is ``1/(1 + X)``; else None.
    Only an earlier part's, as C7's solutions take 1 - p-hat after p-hat: C9's write P(NotNext) as
    sigma(-s), whose sum is near 1 (near_one.py's), never e^(-s)/(1 + e^(-s)), and that route's numerator
    and sum, rounded apart, would carry its probability near 1 short of 4 figures of its difference
    from 1 (1 + e^(s) = 1.08 for 1.0821, 0.0770 for 0.0789, reached that way and no longer named)."""
    if node.__class__ is not Name or not node.name.startswith(PART_PREFIX):
        return None
    source = paths.get(node.name[len(PART_PREFIX):])
    node = source.expression if isinstance(source, Recipe) else None
    if node.__class__ is not Bin or node.op != "/" or not _is_one(node.left):
        return None
    return node.right if one_plus(node.right) else None


NEAR_ONE = 0.9
"""A probability over this is near 1: its loss is about its difference from 1, whose 4 figures the stems
ask (here, where carry.py reads it, and in near_one.py, which reads carry.py)."""


def _near_one(x, sum_node, env: dict) -> dict:
    """``{shape of the sum 1 + X: its floor, shape of X/(1 + X): its floor}`` when X/(1 + X) is a
    probability near 1 (over 0.9: the sum over 10), each floor the figures that keep 4 of its
    difference from 1 (``difference_figures``), as the stems ask; else {}. Shorter, the sum's 3
    figures keep fewer than 3 of the quotient's difference from 1, 1/(1 + X) (C7's (c)
    at s = -3.4, e^3.4 = 29.964 over 1 + e^3.4 = 30.964 kept as 31.0, gave 0.0336 for 0.0328, full
    marks, while 0.0329 was wrong); as many, a student who does as the stem says is right (as
    30.96, 0.0327: not rounded too early)."""
    try:
        total = float(ground(sum_node, env))
    except _FAILS:
        return {}
    if not (total - 1) / total > NEAR_ONE:
        return {}
    quotient = Bin("/", x, sum_node)
    return {shape(sum_node): difference_figures(total), shape(quotient): difference_figures((total - 1) / total)}


def difference_figures(value: float) -> int:
    """The significant figures of ``value`` that keep 4 of its difference from 1, as C7's and C9's
    stems ask of 1 + e^(-s) and of a probability near 1 (text/conventions.py): 4 of 34.1155 (33.1155), 5 of 0.970688
    (0.029312), 6 of 1.04736 (0.04736)."""
    return 4 + math.floor(math.log10(value)) - math.floor(math.log10(abs(value - 1)))


def _over_two(node, env: dict) -> bool:
    """Whether the sum ``node`` = 1 + X (over parameters alone) is over 2 in ``env`` and of X's order
    (as many figures before the point): any figures of it are then as many of X. 1 + e^2.2 = 10.025
    kept as 10.03, 4 figures, keeps 3 of e^2.2 = 9.025, which ``carried_figures: 4`` names (test_review51e)."""
    try:
        total = float(ground(node, env))
    except _FAILS:
        return False
    return total > 2 and math.floor(math.log10(total)) == math.floor(math.log10(total - 1))
