"""The check grade makes of a key's stored ECF recipes when it loads the key
(``key_index``, once per template on its first instance): a hand-edited
key.json whose recipes cannot be used is refused in one line naming the
template, the recipe and what is wrong, rather than graded with ECF silently
off for that part. Refused: a text the whitelist parser cannot read or that
names a parameter the question lacks, a part the question has not or one
not before the part (an ``also`` route's too), a parameter read that is no number (a word, an object),
and a recipe that does not evaluate for the question's own parameters and
answers (a division by zero, a logarithm of a negative number). Each
question's ``also`` routes are then worked from its own right earlier answers
(``route_problem``): one that does not give the part's answer is refused."""

from __future__ import annotations

import math
import re
from fractions import Fraction

from quizgen.errors import QuizgenError
from quizgen.grading.key_recipes import exact_params, key_paths, parsed_recipe_text
from quizgen.marking.carry import carried_set
from quizgen.marking.recipe_floats import float_recipe
from quizgen.marking.recipes import PART_PREFIX, recipe_parts
from quizgen.marking.sources import RECIPE_FAILURES   # a hand-edited key's short list or misplaced list too
from quizgen.maths.evaluate import ground

AGREE = 1e-9   # relative: a route and the answer are the same number worked two ways (validate's too)


def agrees(got: float, answer: float) -> bool:
    """Whether a route's value ``got`` is the part's ``answer`` (validate and grade judge alike)."""
    return math.isclose(got, answer, rel_tol=AGREE, abs_tol=1e-12)


def route_value(text: str, env: dict, parts: dict) -> float:
    """Stored route ``text`` worked from the right earlier answers (``parts``: name to the key's
    part) and the parameters ``env``: what grade's per-question check and validate's per-draw
    check compare with the part's answer. Raises one of RECIPE_FAILURES when it cannot be worked."""
    values = {d: parts[d].value for d in recipe_parts(text)}
    return float(float_recipe(parsed_recipe_text(text, frozenset(env)), env)(values))


def recipe_problem(question) -> str | None:
    """Why ``question``'s stored recipes cannot be used, or None (see the
    module's docstring): what ``key_index`` puts after ``templates.<id>.``."""
    names = frozenset(question.params)
    parts = [part.name for part in question.parts]
    known = set(parts) | set(question.recipes)   # an LMS question cut to one part keeps its template's recipes
    for name, stored in question.recipes.items():
        texts = [("recipe", stored.text), *((f"steps.{let}", text) for let, text in stored.steps),
                 *((f"traps.{code}", text) for code, text in stored.traps), *_routes(stored)]
        # a template's recipe for a part this question lacks (an LMS part) is unused: only parsed
        before = parts[:parts.index(name)] if name in parts else None
        for where, text in texts:
            try:
                parsed_recipe_text(text, names)
            except QuizgenError as exc:
                return f"recipes.{name}.{where}: {exc}"
            unknown = [d for d in recipe_parts(text) if d not in known]
            if unknown:
                return f"recipes.{name}.{where}: reads part {unknown[0]!r}, which question {question.id} has not"
            late = [d for d in recipe_parts(text) if d in parts and d not in before] if before is not None else []
            if late:   # a part absent from the question is no problem: no ECF, as for an LMS part
                return f"recipes.{name}.{where}: reads part {late[0]!r}, which does not come before {name!r}"
    return _evaluation_problem(question)


def _evaluation_problem(question) -> str | None:
    """Why ``question``'s recipes, which parse, do not evaluate for its own
    parameters and its parts' key values, or None. A parameter that is no
    exact value (a word, an object, ``"1/0"``) is refused where a recipe reads
    it; each recipe is judged on its own."""
    env = exact_params(question.params)
    unread = [name for name in question.params if name not in env]
    for name, stored in question.recipes.items():
        for where, text in (("recipe", stored.text), *((f"steps.{let}", text) for let, text in stored.steps),
                            *_routes(stored)):
            try:
                parsed_recipe_text(text, frozenset(env))
            except QuizgenError:   # it parsed with every parameter's name: it reads one with no exact value
                wrong = next(n for n in unread if _reads(text, n))
                return (f"recipes.{name}.{where}: reads parameter {wrong!r}, which question {question.id} gives as "
                        f"{_kind_of(question.params[wrong])}, not a number")
    paths, sets = key_paths(question, env), {}
    answers = {PART_PREFIX + p.name: Fraction(repr(p.value)) for p in question.parts if p.name and p.value is not None}
    for name in paths:
        stored, where = question.recipes[name], "recipe"
        try:
            carried_set(paths, env, name, sets, levels=())   # as the grader asks first (careful.QuestionRules.env)
            for where, text in (("recipe", stored.text), *((f"steps.{let}", text) for let, text in stored.steps),
                                *_routes(stored)):
                if all(PART_PREFIX + d in answers for d in recipe_parts(text)):   # else an LMS question's cut part
                    ground(parsed_recipe_text(text, frozenset(env)), {**env, **answers})
        except RECIPE_FAILURES as exc:
            return (f"recipes.{name}.{where}: does not evaluate for question {question.id} "
                    f"({exc or type(exc).__name__})")
    return None


def _routes(stored) -> tuple:
    """``(("also.0", text), ...)``: a stored recipe's other routes (``ecf_also``), checked as its recipe is."""
    return tuple((f"also.{i}", text) for i, text in enumerate(stored.also))


def _reads(text: str, name: str) -> bool:
    """True when recipe ``text`` names parameter ``name`` (not a ``part:`` variable)."""
    return re.search(rf"(?<![\w:]){re.escape(name)}(?!\w)", text) is not None


def _kind_of(value) -> str:
    """What a parameter's value is, in a message's words."""
    if isinstance(value, str):
        return f"the text {value[:40]!r}"
    return {dict: "an object", list: "a list with a value that is no number", bool: "true or false"}.get(type(value), "null")


def route_problem(question) -> str | None:
    """Why one of ``question``'s stored routes (``also``) does not give its
    part's key answer from the question's own right earlier answers, or None:
    a hand-edited route (``/3`` for ``/2``) would otherwise decide ECF credit
    unchecked. Run per question once ``recipe_problem``
    passed its template; a route that cannot be worked here is left to it."""
    env = parts = None
    for name, stored in question.recipes.items():
        if not stored.also:   # most questions have no route: their parts are not looked at
            continue
        parts = {p.name: p for p in question.parts if p.name and p.value is not None} if parts is None else parts
        if name not in parts:
            continue
        env = exact_params(question.params) if env is None else env
        for where, text in _routes(stored):
            reads = recipe_parts(text)
            if not all(d in parts for d in reads):
                continue   # an LMS question's cut part: no ECF through it
            try:
                got = route_value(text, env, parts)
            except RECIPE_FAILURES:
                continue
            if not agrees(got, parts[name].value):
                right = ", ".join(f"({parts[d].letter}) = {parts[d].value:.6g}" for d in reads)
                return (f"recipes.{name}.{where}: gives {got:.6g} from question {question.id}'s right {right}, not "
                        f"its ({parts[name].letter}) = {parts[name].value:.6g}: a route must give the part's answer "
                        "from the right earlier answers (a hand-edited key? generate it again)")
    return None
