"""The thirty-fifth round's marking work kept the same verdicts: a part's ECF
recipe in floats (marking/recipe_floats.py) is folded and compiled once per
tree, each instance grounding only its own part-free pieces."""

from __future__ import annotations

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.marking import recipe_floats
from quizgen.marking.recipe_floats import float_recipe
from quizgen.marking.recipes import part_paths

BANK = {t.cls: t for t in load_bank()}


def _outcome(function, parts):
    try:
        return function(parts)
    except Exception as exc:   # the same failure either way
        return type(exc)


@pytest.mark.parametrize("cls", sorted(BANK))
def test_a_kept_plan_gives_what_folding_afresh_gives(cls):
    template = BANK[cls]
    paths = part_paths(template)
    for k in range(6):
        env = sample_instance(template, f"perf35/{cls}/{k}").env
        for name, recipe in paths.items():
            parts = {d: 0.37 * (i + 1) + k for i, d in enumerate(recipe.depends)}
            try:
                fresh = recipe_floats._float_recipe(recipe.expression, env)
            except Exception as exc:
                with pytest.raises(type(exc)):
                    float_recipe(recipe.expression, env)
                continue
            assert _outcome(float_recipe(recipe.expression, env), parts) == _outcome(fresh, parts), (cls, k, name)


def test_a_recipe_is_compiled_once_for_every_instance(monkeypatch):
    template = BANK["C10"]
    recipe = part_paths(template)["loss"]   # sum(-log(p))/part:targets: the instance's p, the student's count
    compiled = []
    original = recipe_floats.list_floats
    monkeypatch.setattr(recipe_floats, "list_floats", lambda tree: compiled.append(tree) or original(tree))
    values = [float_recipe(recipe.expression, sample_instance(template, f"perf35/once/{k}").env)({d: 0.5 for d in
                                                                                                 recipe.depends})
              for k in range(5)]
    assert len(compiled) == 1 and len(set(values)) > 1   # one compile, each instance its own parameters


def test_a_one_value_hull_is_rounded_as_two_ends_are():
    """hull._rounded rounds a hull of one value once: the same bounds as both
    ends rounded (ties both ways, zero of either sign, a value beyond 10**22)."""
    import random

    from quizgen.marking.hull import _rounded
    from quizgen.marking.roundings import LEVELS, each_rounding

    draw = random.Random(35)
    values = [0.0, -0.0, 0.8125, -0.8125, 0.9175, 1e23 + 7e8, 2.5e-30]
    values += [draw.uniform(-1, 1) * 10 ** draw.randint(-12, 12) for _ in range(400)]
    for v in values:
        for levels in (LEVELS, (2, 3, 4)):
            both = (min(v, *each_rounding(v, levels)), max(v, *each_rounding(v, levels)))
            got = _rounded((v, v), levels)
            assert got == both and [str(x) for x in got] == [str(x) for x in both], v
