"""Caps on what a key.json may ask grade (and validate) to compute (a
5 MB key with a parameter list of 1,000,000 items would take 825 MB and 21 s in grade's
recipe check; 20,000 recipe steps over a 10,000-item list would run for most of an hour).

Each is far above what generate writes: the largest key of the built-in bank and the
example bank (every template, 50 instances each) holds lists of 7 items, 40 values
in one question's parameters, 5 steps in a recipe, 16 recipe texts in a template and
275 units of the work below. The list and step caps are the bank's own (a list holds
at most 10,000 items, a template at most 200 lets: docs/authoring.md), so a key that
generate wrote from any bank within those is read; generate refuses a template whose
key would pass the work cap (key/entries.py), so grade never refuses a key it wrote.
A key past one is refused in one line naming the field and the limit, before any
recipe is evaluated."""

from __future__ import annotations

from quizgen.wording import thousands
from quizgen.key.checks import Where

MAX_LIST = 10_000            # items in one list of a question's parameters (a bank's MAX_ITEMS)
MAX_STEPS = 200              # steps, or trap texts, of one recipe (a template's MAX_LETS)
MAX_RECIPES = 200            # recipes of one template (one for each part computed from earlier ones)
MAX_PARAM_VALUES = 100_000   # values in one question's parameters (each list's items) that a recipe may read
MAX_PARAM_DIGITS = 100      # digits of a whole number in a question's parameters, as a bank's YAML allows
MAX_RECIPE_WORK = 200_000    # a question's parameter values (plus one) times its template's recipe texts:
#                              at the cap grade's recipe check takes about 2 s (13 exp(z) steps over 10,000 items)


def check_counts(items, where: Where, cap: int, what: str) -> None:
    """Refuse a list or object of more than ``cap`` entries at ``where``."""
    if len(items) > cap:
        raise where.fail(f"{thousands(len(items))} {what}, more than the {thousands(cap)} a key may hold "
                         "(see docs/key.md, Limits)")


def recipe_texts(recipes: dict | None) -> int:
    """How many texts a template's recipes evaluate (each recipe, its steps, its
    traps and its alternatives): counted once per template where its key is read or built, and passed to
    check_params for each of its questions."""
    return sum(1 + len(r.steps) + len(r.traps) + len(r.also) for r in recipes.values()) if recipes else 0


def check_params(params: dict, texts: int, where) -> None:
    """Refuse a question whose parameters hold a list over MAX_LIST items, over
    MAX_PARAM_VALUES values in all, or more values (plus one) times its template's
    ``texts`` recipe texts (recipe_texts) than MAX_RECIPE_WORK: grade evaluates every
    recipe text over them.
    ``where()`` makes the question's Where, only when one is refused."""
    values = 0
    for name, value in params.items():
        cls = value.__class__
        if cls is list:
            if len(value) > MAX_LIST or list in map(type, value):
                values = _walk(params, where)
                break
            values += len(value)   # the usual case, a flat list of numbers or words
            if int in map(type, value):
                _check_digits(value, lambda: _at(where() / "params", (name,)))
        elif cls is not dict:   # an object (a choice's option, capped where the template is read) no recipe reads
            values += 1
            if cls is int:
                _check_digits((value,), lambda: where() / "params" / name, False)
    if values > MAX_PARAM_VALUES:
        raise _too_many(where() / "params")
    if texts * (values + 1) > MAX_RECIPE_WORK:
        raise (where() / "params").fail(f"{thousands(values)} values, each read by the template's "
                                        f"{thousands(texts)} recipe texts: more than the "
                                        f"{thousands(MAX_RECIPE_WORK)} units of work a key may ask for "
                                        "(see docs/key.md, Limits)")


_DIGITS_BOUND = 10 ** MAX_PARAM_DIGITS


def _check_digits(values, where, listed: bool = True) -> None:
    """Refuse a whole number of more than MAX_PARAM_DIGITS digits among ``values`` (a list's
    items when ``listed``, named by their place): no recipe can compute with it in floats."""
    for place, value in enumerate(values):
        if value.__class__ is int and not -_DIGITS_BOUND < value < _DIGITS_BOUND:
            at = where() / place if listed else where()
            raise at.fail(f"a whole number of {thousands(len(str(abs(value))))} digits, more than the "
                          f"{MAX_PARAM_DIGITS} a parameter may have (see docs/key.md, Limits)")


def _walk(params: dict, where) -> int:
    """The values in ``params`` that a recipe may read, every nested list walked (a number
    or word is one value; a list, its items); refused past MAX_LIST or MAX_PARAM_VALUES."""
    stack = [(value, (name,)) for name, value in params.items() if value.__class__ is list]
    values = sum(value.__class__ is not dict for value in params.values()) - len(stack)
    while stack:
        value, path = stack.pop()
        check_counts(value, _at(where() / "params", path), MAX_LIST, "items in one list")
        values += len(value)
        _check_digits(value, lambda: _at(where() / "params", path))
        if values > MAX_PARAM_VALUES:
            raise _too_many(_at(where() / "params", path))
        stack.extend((v, (*path, k)) for k, v in enumerate(value) if v.__class__ is list)
    return values


def _too_many(where: Where):
    """The error for a question's parameters past MAX_PARAM_VALUES, found at ``where``."""
    return where.fail(f"more than {thousands(MAX_PARAM_VALUES)} values in the question's parameters, the most "
                      "a key may hold (see docs/key.md, Limits)")


def _at(where: Where, path: tuple) -> Where:
    """``where`` followed by the steps of ``path`` (a parameter's name, then list indexes or keys)."""
    for step in path:
        where = where / step
    return where
