"""Each part's other ECF routes (``ecf_also``, quizgen/bank/ecf_also.py)
checked against the key on a draw: worked from the right earlier answers, a
route must give the part's own answer. One that does not is a wrong method
(or a wrong name in it), and grade would accept, as error carried forward, an
answer it gives from a student's own earlier answers: validate refuses the
template, naming the route, the draw and the two values (docs/authoring.md)."""

from __future__ import annotations

from quizgen.generation.quiz import Question
from quizgen.grading.key_recipes import exact_params
from quizgen.grading.recipe_check import agrees, route_value
from quizgen.key.entries import key_entry
from quizgen.marking.recipes import alternative_recipes, recipe_parts
from quizgen.marking.sources import RECIPE_FAILURES
from quizgen.validation.problems import problem_at



def route_problems(inst) -> list:
    """A problem at each ``ecf_also`` route of ``inst``'s template that does
    not give its part's answer from the right earlier answers of this draw."""
    template = inst.template
    routes = alternative_recipes(template) if template.ecf_also else {}
    if not routes:
        return []
    try:
        question = key_entry(Question("Q1", inst))
    except RECIPE_FAILURES:
        return []   # an instance that cannot build a key is reported by the other checks
    env, parts = exact_params(question.params), {p.name: p for p in question.parts if p.name}
    found = []
    for i, part in enumerate(template.parts):
        for j, text in enumerate(routes.get(part.name, ())):
            said = _disagreement(text, parts, part.name, env)
            if said:
                written = template.raw["parts"][i]["ecf_also"][j]
                found.append(problem_at(template.path, ("parts", i, "ecf_also", j), (
                    f"ecf_also {written!r} {said} in draw {inst.seed_label}: worked from the right earlier "
                    "answers, each route must give the part's answer (else grade would accept a wrong answer as "
                    "error carried forward); correct the route or remove it")))
    return found


def _disagreement(text: str, parts: dict, name: str, env: dict) -> str:
    """What is wrong with route ``text`` of part ``name`` on this draw, or ""."""
    reads = recipe_parts(text)
    right = ", ".join(f"({parts[d].letter}) = {_shown(parts[d].value)}" for d in reads)
    try:
        got = route_value(text, env, parts)
    except RECIPE_FAILURES as exc:
        return f"cannot be worked from {right} ({exc or type(exc).__name__})"
    answer = parts[name].value
    if agrees(got, answer):   # as grade checks a key's routes per question (grading/recipe_check.py)
        return ""
    return f"gives {_shown(got)} from {right}, not the answer {_shown(answer)},"


def _shown(value) -> str:
    """A value in a message; a part with no number (a word part's None) said so, never a traceback."""
    return "no number" if value is None else f"{value:.6g}"
