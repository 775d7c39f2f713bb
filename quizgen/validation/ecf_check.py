"""Whether each part that reads earlier answers can get error carried
forward: its recipe (quizgen/marking/recipes.py) worked in floats from the
earlier answers (as the ECF pass works it) and carried with rounded steps
(as carried rounding does). Grade gives no ECF to a part whose recipe does
neither, silently per student; validate says so once, at the part."""

from __future__ import annotations

from quizgen.generation.quiz import Question
from quizgen.grading.careful import ecf_inputs
from quizgen.grading.key_recipes import exact_params, key_paths
from quizgen.key.entries import key_entry
from quizgen.marking.carry import carried_sets
from quizgen.marking.recipe_floats import float_recipe
from quizgen.marking.sources import RECIPE_FAILURES
from quizgen.validation.problems import problem_at



def ecf_warnings(instance) -> list:
    """A warning for each part of ``instance`` (the canonical one) whose ECF
    recipe cannot be worked from a student's earlier answers: ECF will not
    be given for it."""
    try:
        question = key_entry(Question("Q1", instance))
    except RECIPE_FAILURES:
        return []   # an instance that cannot build a key is reported by the other checks
    reads = ecf_inputs(question)
    if not reads:
        return []
    env = exact_params(question.params)
    try:
        paths = key_paths(question, env)
        carried_sets(paths, env, levels=())
        failure = None
    except RECIPE_FAILURES as exc:
        paths, failure = {}, exc
    values = {p.name: p.value for p in question.parts if p.name}
    found = []
    for i, part in enumerate(question.parts):
        if part.letter not in reads:
            continue
        reason = failure if failure is not None else _float_failure(paths.get(part.name), env, reads[part.letter],
                                                                     values)
        if reason is not None:
            recipe = question.recipes[part.name].text
            found.append(problem_at(instance.template.path, ("parts", i, "answer"), (
                f"warning: part '{part.name}' is worked from earlier answers as {recipe}, which quizgen cannot "
                f"rework from a student's own earlier answers ({reason}): ECF will not be given for it")))
    return found


def _float_failure(recipe, env: dict, reads: tuple, values: dict):
    """Why ``recipe`` cannot be worked in floats from the key's earlier values, or None."""
    if recipe is None:
        return "no recipe"
    try:
        value = float_recipe(recipe.expression, env)({d: float(values[d]) for d in reads})
        float(value)
    except RECIPE_FAILURES as exc:
        return exc
    return None
