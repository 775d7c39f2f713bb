"""The key's numeric parameters read exactly, and its stored recipes parsed
over them: each template's recipe texts once for all its instances with the
same parameter names (the trees are never changed, so the instances share
them), and a part's trap recipes likewise. What grading/careful.py builds an
instance's marking rules from, and the recipe check at load reads."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from quizgen.errors import QuizgenError
from quizgen.maths.evaluate import ground
from quizgen.marking.recipes import Recipe, parse_recipe, recipe_parts, shape, written_steps


def exact_params(params: dict) -> dict:
    """The key's numeric JSON parameters as exact values (``1.2`` is 6/5,
    ``"1/3"`` is 1/3, ``"1/(2 + exp(3))"`` read by the whitelist parser, lists
    as tuples). Words, scenes and values that cannot be read back exactly are
    left out: a recipe that reads one does not parse, and its part simply gets
    no ECF or carried rounding."""
    env = {}
    for name, value in params.items():
        try:
            env[name] = _exact(value)
        except (ValueError, ZeroDivisionError, TypeError, RecursionError):   # a hand-made list nested too deep
            continue
    return env


def _exact(value):
    if isinstance(value, (bool, dict)):
        raise TypeError("not a number")
    if isinstance(value, (list, tuple)):
        return tuple(_exact(v) for v in value)
    return _exact_scalar(value.__class__, value)


@lru_cache(maxsize=65536)
def _exact_scalar(cls, value) -> Fraction:
    """One number's exact value: a roster's parameters repeat the same few
    thousand numbers, each read once (the class keeps 1 and 1.0 apart)."""
    if issubclass(cls, int):
        return Fraction(value)
    if issubclass(cls, float):
        return Fraction(repr(value))
    found = exact_text_value(str(value))
    if found is None:
        raise ValueError(f"not an exact value: {value!r}")
    return found


_RATIONAL_TEXT = re.compile(r"\s*[+-]?\d{1,400}(?:\.\d{0,400})?(?:/\d{1,400})?\s*")
"""A rational as generate writes one in text (``1/3``, ``-0.25``): what Fraction reads at once."""


@lru_cache(maxsize=4096)
def exact_text_value(text: str):
    """A text parameter's exact value, or None for a word: a rational, or an
    irrational as generate prints it (the worked examples' softmax
    probabilities), read by the whitelist parser; a word's None is kept, so each
    of a roster's few thousand sentences is tried once."""
    if _RATIONAL_TEXT.fullmatch(text):   # no exponent: Fraction("1e100000000") would build that integer
        return Fraction(text.strip())
    try:
        return ground(parse_recipe(text, ()), {})
    except (QuizgenError, ArithmeticError, ValueError, RecursionError):
        return None


def key_paths(question, env: dict) -> dict:
    """``{part name: Recipe}`` parsed from the question's stored recipe texts."""
    names = frozenset(env)
    return {name: _parsed(name, stored, names) for name, stored in question.recipes.items()}


@lru_cache(maxsize=4096)
def _parsed(name: str, stored, names: frozenset) -> Recipe:
    """The Recipe of a stored one (a KeyRecipe), parsed once for all the
    instances of its template that have the same parameter names: the
    trees are never changed, so the instances share them."""
    expression = parsed_recipe_text(stored.text, names)
    steps = tuple((let, parsed_recipe_text(text, names)) for let, text in stored.steps)
    return Recipe(name, expression, stored.text, recipe_parts(stored.text), steps)


@lru_cache(maxsize=4096)
def parsed_recipe_text(text: str, names: frozenset):
    """A stored recipe text parsed once for every instance with those parameter
    names (``recipe_check.recipe_problem`` at load, then the marking rules, read the same trees)."""
    return parse_recipe(text, names)


_TRAP_RECIPES = {}   # {id(part's Recipe): (that Recipe, {(trap texts, names): ((code, Recipe), ...)})}


def trap_recipes(recipe: Recipe, traps: tuple, names: frozenset) -> tuple:
    """``((code, Recipe), ...)`` of a part's stored trap recipes, each with the
    part's own steps (``recipe.intermediates``): the same for every instance of
    its template with those parameter names (``recipe``, parsed once for them
    all, is kept with them so that its id stays its own)."""
    found = _TRAP_RECIPES.get(id(recipe))
    if found is None or found[0] is not recipe:
        if len(_TRAP_RECIPES) >= 4096:
            _TRAP_RECIPES.clear()
        found = _TRAP_RECIPES[id(recipe)] = (recipe, {})
    token = (traps, names)
    made = found[1].get(token)
    if made is None:
        made = found[1][token] = tuple((code, _trap_recipe(recipe, code, parsed_recipe_text(text, names), text))
                                       for code, text in traps)
    return made


def _trap_recipe(recipe: Recipe, code: str, node, text: str) -> Recipe:
    """A trap's Recipe: the part's own steps, then each sum the trap's working
    writes once (``written_steps``: C10's sum over the masked positions), so its
    carried rounding is what a student carrying that working to 3 figures reaches."""
    own = written_steps(node, {shape(step) for _, step in recipe.intermediates})
    return Recipe(code, node, text, recipe_parts(text), (*recipe.intermediates, *own))
