"""Error carried forward by another route: a part's stored recipe is the way
its template's ``let`` graph works it (C6 (c): 10% of (a)), but a careful
marker accepts any right method applied to the student's own earlier answers
(what (a) leaves after (b), split evenly with (d): ((a) - (b))/2). The
template declares those in ``ecf_also`` (quizgen/bank/ecf_also.py), the key
stores them once per template (``KeyRecipe.also``), and ``route_verdict``
re-marks an answer by each in turn when the part's own recipe gives it no ECF:
the same careful marker (quizgen/marking/rules.py's ``mark_value``, with its
sense checks), the same note, credit and feedback, the feedback naming the
earlier answers that route read.

With every earlier answer it reads right, a route gives the part's own answer
(validate refuses a template where one does not: validation/ecf_routes.py), so
it is not tried then: no trap becomes acceptable with the earlier answers right."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from quizgen.grading.key_recipes import parsed_recipe_text
from quizgen.marking import rules as careful
from quizgen.marking.forms import NUMBER, Reading
from quizgen.marking.recipe_floats import float_recipe
from quizgen.marking.recipes import Recipe, recipe_parts, written_steps
from quizgen.marking.sources import RECIPE_FAILURES



def main_sources(checker, sources: tuple) -> tuple:
    """The ``sources`` (as ``ecf_verdict`` takes them) that the part's own
    recipe reads: ``careful.ecf_inputs`` lists after them the earlier parts
    only its other routes read."""
    stored = _stored(checker)
    if stored is None or not stored.also:
        return sources
    reads = recipe_parts(stored.text)
    return tuple(source for source in sources if source[0] in reads)


def route_verdict(checker, outcome, sources: tuple, the_keys):
    """The ECF verdict (a part_checker Verdict) that the first of the part's
    other routes giving one gives ``outcome``, from the student's own answers
    in ``sources`` (``(name, letter, status, value, figures)``), or None.
    A route is tried only when some earlier answer it reads is not its part's
    own (``the_keys(sources it reads)`` False) and every one it reads is given."""
    stored = _stored(checker)
    if stored is None or not stored.also or checker.override or checker.kind == "word":
        return None
    question = checker.question_rules()
    if not question.usable():
        return None
    env, given = question.env, {source[0]: source for source in sources}
    for text in stored.also:
        reads = [given.get(name) for name in recipe_parts(text)]
        if None in reads or any(source[3] is None for source in reads) or the_keys(reads):
            continue
        try:
            recipe = _route(checker.part.name, text, frozenset(env))
        except RECIPE_FAILURES:   # a hand-made route reading what the key keeps no number of: no route
            continue
        verdict = _by_route(checker, question, env, recipe, outcome, reads)
        if verdict is not None:
            return verdict
    return None


def _by_route(checker, question, env: dict, recipe: Recipe, outcome, reads: list):
    """``outcome`` re-marked by ``recipe`` from the earlier answers in ``reads``: its ECF verdict, or None."""
    values = {source[0]: source[3] for source in reads}
    written = {source[0]: source[4] for source in reads}
    try:
        plain = float(float_recipe(recipe.expression, env)(values))
    except RECIPE_FAILURES:
        return None
    if not checker._near(outcome.value, plain, outcome.figures):
        return None
    letters = {part.name: part.letter for part in reversed(question.question.parts)}
    rule = replace(checker.rule, recipe=recipe, sources=tuple(question.source(letters[name]) for name in values))
    mark = careful.mark_value(rule, Reading(NUMBER, outcome.value, outcome.figures), values, env, question.credits,
                              {}, written)   # its own carried-rounding sets: the question's are by part, for its recipe
    return checker._verdict(mark, outcome.figures) if mark.note == careful.ECF else None


def _stored(checker):
    """The part's stored recipe (a KeyRecipe), or None."""
    name = checker.part.name
    return checker.question_rules().question.recipes.get(name) if name else None


@lru_cache(maxsize=1024)
def _route(name: str, text: str, names: frozenset) -> Recipe:
    """A stored route as a Recipe, parsed once for every instance with those parameter names."""
    node = parsed_recipe_text(text, names)
    return Recipe(name, node, text, recipe_parts(text), written_steps(node))
