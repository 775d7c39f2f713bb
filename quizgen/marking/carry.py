"""Carried rounding: the values a student can reach by rounding each
intermediate step (an earlier part, or a let on the recipe's path) to at
least 3 significant figures, each step independently (through a sigmoid's
complement also as the solutions write it: complement_route.py).

Rounding is the paper's rule (quizgen/maths/rounding.py: half a unit goes
away from zero) and, at a tie, half to even as well: a careful human
may also round half to even (IEEE 754's default, Python's and numpy's
``round``), so 0.813 and 0.812 are both honest roundings of 0.8125 to 3
figures. A tie is a value whose scaled float lies within ``TIE`` (relative)
of a half, so a decimal tie such as 0.9175, whose float lies just below,
counts as the tie it stands for. Anywhere else a value has exactly one
rounding, the paper's.

A recipe is evaluated over SETS of floats: an intermediate's set is every
value it can take, rounded to 3, 4, 5 or 6 significant figures or left
unrounded (rounding to 7 or more figures moves a value by under 5e-7 of
itself, a ten-thousandth of a 3 s.f. tolerance, and counts as unrounded).
List lets round element by element; ``sum``/``mean`` of such a list add
the element sets (a Minkowski sum), and a mean's sum may be rounded before
it is divided (the worked solutions write a mean as "sum / n"). Values closer than ``RESOLUTION`` (relative)
are merged, so a set stays small. An intermediate used twice in one
expression is rounded once, the same way at each use (``_Sets.shared``): C1,
C2 and C8's numerator e^(z_y) is a term of the sum below it, and a student
who keeps it to 4 figures in one keeps it so in the other; an earlier part
read twice is one value at both reads (shared_uses.reach)."""

from __future__ import annotations

import math
from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
from quizgen.maths.tolerance import half_width
from quizgen.maths.tree import Bin, Call, Const, Index, Name, Neg, Num, children
from quizgen.marking.complement_route import complement_routes
from quizgen.marking.recipes import PART_PREFIX, shape
from quizgen.marking.list_steps import index_zeroed, list_length, step_elements
from quizgen.marking.restated import inner_step, kept_for, restates
from quizgen.marking.roundings import LEVELS, roundings, thin
from quizgen.marking.shared_uses import reach   # (early_steps.py reads it here)

_OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
        "/": lambda a, b: a / b, "**": lambda a, b: math.pow(a, b)}
_FAILS = (ArithmeticError, ValueError, ExpressionError)


class Vec(tuple):
    """A list value whose elements are independent sets of floats."""


def reachable(recipe, env: dict, parts: dict, levels=LEVELS) -> tuple:
    """The values ``recipe`` can reach when the ``part:`` variables take the
    values in ``parts`` (name -> values) and each intermediate let is rounded
    to any of ``levels``, an intermediate used twice the same way at both uses
    (``_Sets.shared``), an earlier part read twice one value at both reads
    (shared_uses.reach). Raises ExpressionError when it cannot be carried."""
    return reach(_Sets(recipe, env, parts, levels))


class _Sets:
    """One evaluation of a recipe over sets (see the module's docstring)."""

    def __init__(self, recipe, env: dict, parts: dict, levels):
        self.recipe, self.env, self.parts, self.levels = recipe, env, parts, levels
        self.steps, self.moving, self.stepped, self.elements, self.inner = _analysis(recipe, env)
        self.floors = dict(getattr(recipe, "floors", ()))   # complement_route.Route's steps near 1
        self.pinned, self.pinned_at, self.said = {}, {}, {}   # {id(node): values}, {id(list step): {index: values}},
        # and restated.py's {id(step): its values}, of steps another restates

    def shared(self) -> list:
        """``(node, list step node or None, index)`` for each intermediate the
        expression uses twice: one element of a list step that the expression
        also uses whole (C1's numerator e^(z_t), a term of the sum below it), and
        every use of a let written twice; a student rounds it once, one way. A sum
        no let names (recipes._totals_written) rounds use by use: six such sums each
        written twice made some 6**6 evaluations of one reach."""
        steps, elements = {}, []
        for node, within in self.walk(self.recipe.expression, False):
            if self.is_step(node) and self.dynamic(node):
                if shape(node) in self.steps:
                    steps.setdefault(shape(node), []).append(node)
                elif not within:   # an element of a list step, not inside a step (rounded there as it is)
                    elements.append((node, *self.element_at(node)))
        found = [(node, whole, index) for node, of, index in elements for whole in steps.get(of, ())]
        named = {shape(node) for name, node in self.recipe.intermediates if name.isidentifier()}
        return found + [(node, None, None) for key, uses in steps.items() if len(uses) > 1 and key in named
                        for node in uses if list_length(node, self.env) is None]   # a list step's uses round on their own

    def walk(self, node, within: bool):
        """``(node, whether it lies inside a step)`` for ``node`` and every node below it."""
        yield node, within
        within = within or self.is_step(node)
        for child in children(node):   # a comparison's operands are never reached: is_step refuses it first
            yield from self.walk(child, within)

    def element_at(self, node) -> tuple:
        """``(shape of the list step, index)`` of which ``node`` is an element."""
        known = self.elements.get(shape(node))
        if known is not None:
            return known
        zeroed, index = index_zeroed(node)
        if index is not None and shape(zeroed) in self.elements:
            return self.elements[shape(zeroed)][0], int(float(ground(index, self.env)))
        return shape(Call(node.func, (node.args[0].base,))), int(float(ground(node.args[0].index, self.env)))

    def choices(self, node) -> tuple:
        """The values a student may carry ``node`` as (one choice for all its uses: shared_uses.grouped)."""
        return roundings(self.compute(node), self.step_levels(node))

    def step_levels(self, node) -> tuple:
        """``levels``, less those below the figures the recipe's ``floors`` give ``node`` (complement_route.Route)."""
        least = self.floors.get(shape(node)) if self.floors else None
        return self.levels if least is None else tuple(k for k in self.levels if k >= least)

    def pin(self, groups: list, choice: tuple) -> None:
        """Fix each group of shared uses (``shared_uses.grouped``) at its ``choice``: every use the
        same, an element of a list step in the list as well."""
        self.pinned, self.pinned_at = {}, {}
        for group, value in zip(groups, choice):
            for node, whole, index in group:
                self.pinned[id(node)] = (value,)
                if whole is not None:
                    self.pinned_at.setdefault(id(whole), {})[index] = (value,)

    def top(self) -> tuple:
        result = self.value(self.recipe.expression)
        if isinstance(result, Vec):
            raise ExpressionError("a part's answer is a list")
        return result

    def value(self, node):
        if not self.dynamic(node):
            return self.fixed(ground(node, self.env))
        cls = node.__class__
        if cls is Name:
            return self.parts[node.name[len(PART_PREFIX):]]
        return kept_for(self, node, self.step(node)) if self.is_step(node) else self.compute(node)

    def step(self, node):
        """A step's values: rounded to ``levels`` (pinned when shared), or, restating the one step
        below it (restated.py: C9's y σ(s) at y = 1), that step's, not rounded again."""
        if id(node) in self.pinned:
            return self.pinned[id(node)]
        levels, inner = self.step_levels(node), inner_step(self, node)
        if restates(self, inner, computed := self.compute(node)) and not isinstance(computed, Vec):
            return computed
        values = _each(computed, lambda v: self.rounded(v, levels))
        at = self.pinned_at.get(id(node))
        return Vec(at.get(i, v) for i, v in enumerate(values)) if at else values

    def compute(self, node):
        cls = node.__class__
        if cls is Neg:
            return _each(self.value(node.operand), self.negated)
        if cls is Bin:
            return self.binary(node.op, self.value(node.left), self.value(node.right))
        if cls is Index:
            return self.value(node.base)[int(float(ground(node.index, self.env)))]
        if cls is Call:
            return self.call(node.func, [self.value(a) for a in node.args])
        return self.cannot()

    # What a value is in this evaluation (sets of values here; hull.py's
    # subclass evaluates over (low, high) hulls): the dispatch above is shared.

    def fixed(self, value):
        """A value that does not move, as this evaluation holds it."""
        return _as_sets(value)

    def rounded(self, values: tuple, levels: tuple) -> tuple:
        """An intermediate's values, each unrounded or rounded to ``levels`` as a student may round it."""
        return roundings(values, levels)

    def negated(self, values: tuple) -> tuple:
        return tuple(-v for v in values)

    def binary(self, op: str, a, b):
        return _combine(_OPS[op], a, b)

    def call(self, func, args: list):
        return _call(func, args, self.levels)

    def cannot(self):
        raise ExpressionError("cannot carry rounding through this expression")

    def is_step(self, node) -> bool:
        """True when ``node`` is an intermediate a student may round: never in a recipe with
        no steps (a list step's elements are steps' too), as the workings with a value put
        in place of a step are (near_one.py, early_carry.py), whose nodes are not looked at."""
        if not self.steps:
            return False
        known = self.stepped.get(id(node))
        if known is None:
            known = self.stepped[id(node)] = shape(node) in self.steps or shape(node) in self.elements \
                or self.element_of_step(node) or self.element_by_index(node)
        return known

    def element_of_step(self, node) -> bool:
        """True for ``exp(z[t])`` when ``exp(z)`` is a step: one element of a
        list the student rounds element by element (C1's numerator e^(z_t),
        rounded like the terms of the sum below it)."""
        if node.__class__ is not Call or len(node.args) != 1 or node.args[0].__class__ is not Index:
            return False
        return shape(Call(node.func, (node.args[0].base,))) in self.steps

    def element_by_index(self, node) -> bool:
        """True for ``z[argmax(z)] / tau`` when ``z / tau`` is a step: one element
        of a list step, its index worked out from the parameters, rounded as the
        list's element is (a student divides the top logit once, for both)."""
        if node.__class__ not in (Bin, Call, Neg):
            return False
        zeroed, index = index_zeroed(node)
        return index is not None and shape(zeroed) in self.elements

    def dynamic(self, node) -> bool:
        """True when ``node`` holds a ``part:`` variable or an intermediate."""
        known = self.moving.get(id(node))
        if known is None:
            cls = node.__class__
            if cls is Name:
                known = node.name.startswith(PART_PREFIX)
            elif cls in (Num, Const):
                known = False
            else:
                children = {Neg: lambda n: (n.operand,), Bin: lambda n: (n.left, n.right),
                            Index: lambda n: (n.base, n.index), Call: lambda n: n.args}[cls](node)
                known = self.is_step(node) or any(self.dynamic(c) for c in children)
            self.moving[id(node)] = known
        return known


_ANALYSES = {}   # {id(recipe): (steps, moving, stepped, elements, inner, recipe)}: the recipe kept, so its id stays its own
_ANALYSES_LIMIT = 10_000


def _analysis(recipe, env: dict) -> tuple:
    """``(intermediate shapes, {id(node): dynamic}, {id(node): is a step},
    {shape of an element of a list step: (its step's shape, index)}, {id(step): the one step
    directly below it or None}, restated.inner_step's)`` of
    ``recipe``: they depend on its tree (and which parameters are lists, the
    same in every draw of a template), and the grader parses each template's
    recipes once (grading/careful.py), so every instance shares them."""
    found = _ANALYSES.get(id(recipe))
    if found is None or found[5] is not recipe:
        if not recipe.intermediates:   # no step, so is_step asks no node's shape: a comparison is refused here
            shape(recipe.expression)
        if len(_ANALYSES) >= _ANALYSES_LIMIT:
            _ANALYSES.clear()
        found = _ANALYSES[id(recipe)] = ({shape(node) for _, node in recipe.intermediates}, {}, {},
                                         step_elements(recipe, env), {}, recipe)
    return found[:5]


def _as_sets(value):
    if isinstance(value, (tuple, list)):
        return Vec((float(v),) for v in value)
    return (float(value),)


def _each(value, change):
    if isinstance(value, Vec):
        return Vec(change(s) for s in value)
    return change(value)


def _pairwise(op, a: tuple, b: tuple) -> tuple:
    if len(a) == 1 == len(b):   # one value each (pinned parts': shared_uses.reach), as thin gives it
        try:
            value = op(a[0], b[0])
        except _FAILS:
            return ()
        return (value,) if math.isfinite(value) else ()
    out = []
    for x in a:
        for y in b:
            try:
                out.append(op(x, y))
            except _FAILS:
                pass
    return thin(out)


def _combine(op, a, b, pairwise=_pairwise):
    """``pairwise(op, x, y)`` over scalars and element by element over lists."""
    if isinstance(a, Vec) and isinstance(b, Vec):
        if len(a) != len(b):
            raise ExpressionError("lists of different lengths")
        return Vec(pairwise(op, x, y) for x, y in zip(a, b))
    if isinstance(a, Vec):
        return Vec(pairwise(op, x, b) for x in a)
    if isinstance(b, Vec):
        return Vec(pairwise(op, a, y) for y in b)
    return pairwise(op, a, b)


def _listed(args: list) -> Vec:
    """``list(a, b, c)``: a list whose elements are its arguments' values (numbers, as exact mode asks)."""
    if any(isinstance(a, Vec) for a in args):
        raise ExpressionError("list() takes numbers, not lists")
    return Vec(args)


def _call(func, args: list, levels=LEVELS):
    if func.name == "list":
        return _listed(args)
    if func.name in ("sum", "mean") and len(args) == 1 and isinstance(args[0], Vec):
        total = (0.0,)
        for element in args[0]:
            total = _pairwise(_OPS["+"], total, element)
        if func.name == "sum":
            return total
        # the worked solutions write a mean as "sum / n": the sum is a step a student may round too
        return tuple(v / len(args[0]) for v in roundings(total, levels))
    if not func.broadcast and func.float is not None:
        return _plain_call(func, args)
    if func.float is None or len(args) != 1:
        raise ExpressionError(f"cannot carry rounding through {func.name}()")
    return _each(args[0], lambda s: thin(_apply(func.float, s)))


def _plain_call(func, args: list):
    """A list function (``count``, ``range``, ``max``, ...) of arguments that
    each hold one value (as ECF's plain recomputation gives them): its float
    form on those values. Rounding is not carried through one."""
    plain = [_single(a) for a in args]
    if any(p is None for p in plain):
        raise ExpressionError(f"cannot carry rounding through {func.name}()")
    return _as_sets(func.float(*plain))


def _single(value):
    """The one float a set holds (a tuple of them for a list), or None when it holds several."""
    if isinstance(value, Vec):
        items = [_single(v) for v in value]
        return None if any(v is None for v in items) else tuple(items)
    return value[0] if len(value) == 1 else None


def _apply(function, values):
    for v in values:
        try:
            yield function(v)
        except _FAILS:
            pass


def intervals(values, spec: dict, kind: str = "numeric") -> tuple:
    """The answers within tolerance of any of ``values``, as merged ``(low, high)`` pairs, taken
    by low end: a window may start below a smaller value's (1.0's 0.995 under 0.999's 0.9985)."""
    merged = []
    for low, high in sorted((v - w, v + w) for v in values for w in (half_width(v, spec, kind),)):
        if merged and low <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return tuple(merged)


def inside(x: float, spans: tuple) -> bool:
    """True when ``x`` lies in one of the ``(low, high)`` spans (or the
    quizgen/marking/hull.py CarriedSpans, worked out at first need, covers it)."""
    if hasattr(spans, "covers"):
        return spans.covers(x)
    return any(low <= x <= high for low, high in spans)


def carried_sets(paths: dict, env: dict, levels=LEVELS) -> dict:
    """Per part (in order), every value a student carrying rounded
    intermediates can reach; a part that cannot be carried gets just its
    exact value. An earlier part feeds later ones rounded like any step."""
    sets = {}
    for name in paths:
        carried_set(paths, env, name, sets, levels)
    return sets


def carried_set(paths: dict, env: dict, name: str, sets: dict, levels=LEVELS) -> tuple:
    """Part ``name``'s entry of ``carried_sets`` alone, working out (and keeping
    in ``sets``) only the earlier parts its recipe reads: the grader needs one
    part's set at a time, and most instances need none."""
    found = sets.get(name)
    if found is None:
        recipe = paths[name]
        parts = earlier_inputs(paths, name, lambda d: roundings(carried_set(paths, env, d, sets, levels), levels))
        try:
            found = reachable(recipe, env, parts, levels)
            for route in complement_routes(paths, name, env):   # 1 - p-hat as e^(-s)/(1 + e^(-s)) too
                found = thin((*found, *reachable(route, env, parts, levels)))
        except (ExpressionError, KeyError):
            found = (float(ground(recipe.expression, env)),) if not recipe.depends else ()
        sets[name] = found
    return found


def earlier_inputs(paths: dict, name: str, value_of) -> dict:
    """``{part: value_of(part)}`` for the parts part ``name``'s recipe reads
    that come before it in ``paths`` (a later part is not an input)."""
    order = list(paths)
    earlier = set(order[:order.index(name)])
    return {d: value_of(d) for d in paths[name].depends if d in earlier}
