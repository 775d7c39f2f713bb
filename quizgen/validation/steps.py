"""A careful student who rounds every step of the working: each intermediate
on a part's path (its recipe's lets, quizgen/marking/recipes.py), a list
element by element, to 3 significant figures, and works each later step from
the rounded ones (the sum of the rounded exponentials, not of the exact
ones). An element of a list step that the part also uses on its own (C2's
numerator e^(z_t), a term of the sum below it) is rounded as in the list, as
carried rounding rounds it (quizgen/marking/carry.py). Worked out exactly by
the math core's one evaluator, not by carried rounding's sets, so validate
checks carried rounding against a student it does not model itself."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from quizgen.maths.evaluate import ground
from quizgen.maths.numbers import significant
from quizgen.maths.rounding import to_figures
from quizgen.maths.tree import Bin, Call, Index, Name, Neg
from quizgen.marking.list_steps import indices_written, step_elements
from quizgen.marking.recipes import PART_PREFIX, part_paths, shape


def step_student(instance, figures: int = 3, recipe_paths=None) -> dict:
    """{part name: text}: the student's answers to the numeric parts with a
    recipe, to ``figures`` or the more a part asks for, each earlier answer read as they reported it (``recipe_paths``: the
    template's ``paths_once``, else its recipes worked out now)."""
    env, answers = dict(instance.params), {}
    paths = recipe_paths() if recipe_paths is not None else part_paths(instance.template)
    for pv in instance.parts:
        recipe = paths.get(pv.part.name)
        if pv.value is None or pv.part.kind != "numeric" or recipe is None:
            continue
        steps = {shape(node) for _, node in recipe.intermediates} | set(step_elements(recipe, env))
        values = {**env, **{PART_PREFIX + name: Fraction(text) for name, text in answers.items()}}
        tree = _rounded_steps(indices_written(recipe.expression, env), steps, values, figures)
        answers[pv.part.name] = significant(ground(tree, values), max(figures, _asked(pv.part)))
    return answers


def _asked(part) -> int:
    """The significant figures ``part`` asks for (its ``tolerance: {sigfigs: n}``; else 0):
    the student reports them, as validate's first careful student does."""
    return int(part.tolerance.get("sigfigs", 0))


def paths_once(template):
    """A function giving ``part_paths(template)``, worked out at its first call only:
    validate marks 100 draws of a template in a row, and working the recipes out for
    each cost 1 to 2.5 s of the shipped bank's 35 s of CPU (samples.py holds one a template)."""
    return cache(lambda: part_paths(template))


def _rounded_steps(node, steps: set, values: dict, figures: int):
    """``node`` with each step replaced, innermost first, by a name bound in ``values`` to its rounded value."""
    cls = node.__class__
    if cls not in (Neg, Bin, Call, Index):
        return node
    step = shape(node) in steps
    if cls is Neg:
        node = Neg(_rounded_steps(node.operand, steps, values, figures))
    elif cls is Bin:
        node = Bin(node.op, *(_rounded_steps(c, steps, values, figures) for c in (node.left, node.right)))
    elif cls is Call:
        node = Call(node.func, tuple(_rounded_steps(a, steps, values, figures) for a in node.args))
    else:
        node = Index(_rounded_steps(node.base, steps, values, figures), node.index)
    if not step:
        return node
    name = f"#{len(values)}"   # no parameter, let or part is so named
    values[name] = _round(ground(node, values), figures)
    return Name(name)


def _round(value, figures: int):
    """``value`` (a number or a list) to ``figures`` significant figures by the paper's rule, exactly."""
    if isinstance(value, tuple):
        return tuple(_round(v, figures) for v in value)
    return to_figures(value, figures)
