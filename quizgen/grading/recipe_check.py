"""The check grade makes of a key's stored ECF recipes when it loads the key
(``key_index``, once per template on its first instance): a hand-edited
key.json whose recipes cannot be used is refused in one line naming the
template, the recipe and what is wrong, rather than graded with ECF silently
off for that part. Refused: a text the whitelist parser cannot read or that
names a parameter the question lacks, a part the question has not or one
not before the part, a parameter read that is no number (a word, an object),
and a recipe that does not evaluate for the question's own parameters and
answers (a division by zero, a logarithm of a negative number)."""

from __future__ import annotations

import re
from fractions import Fraction

from quizgen.errors import QuizgenError
from quizgen.grading.careful import _parsed_text, exact_params, key_paths
from quizgen.marking.carry import carried_set
from quizgen.marking.recipes import PART_PREFIX, recipe_parts, parse_recipe
from quizgen.maths.evaluate import ground

_FAILS = (QuizgenError, ArithmeticError, ValueError, KeyError, IndexError, TypeError)


def recipe_problem(question) -> str | None:
    """Why ``question``'s stored recipes cannot be used, or None (see the
    module's docstring): what ``key_index`` puts after ``templates.<id>.``."""
    names = frozenset(question.params)
    parts = [part.name for part in question.parts]
    known = set(parts) | set(question.recipes)   # an LMS question cut to one part keeps its template's recipes
    for name, stored in question.recipes.items():
        texts = [("recipe", stored.text), *((f"steps.{let}", text) for let, text in stored.steps),
                 *((f"traps.{code}", text) for code, text in stored.traps)]
        # a template's recipe for a part this question lacks (an LMS part) is unused: only parsed
        before = parts[:parts.index(name)] if name in parts else None
        for where, text in texts:
            try:
                _parsed_text(text, names)
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
    parameters and its parts' key values, or None. A parameter generate keeps
    as exact text (a worked example's ``exp(2)/(exp(2) + E + 1)``) is no
    problem: its part gets no ECF in every such key, edited or not."""
    env = exact_params(question.params)
    unread = {name: value for name, value in question.params.items() if name not in env}
    for name, stored in question.recipes.items():
        for where, text in (("recipe", stored.text), *((f"steps.{let}", text) for let, text in stored.steps)):
            try:
                _parsed_text(text, frozenset(env))
            except QuizgenError:
                wrong = next((n for n, v in unread.items() if _reads(text, n) and not _exact_text(v)), None)
                if wrong is None:
                    return None
                return (f"recipes.{name}.{where}: reads parameter {wrong!r}, which question {question.id} gives as "
                        f"{_kind_of(question.params[wrong])}, not a number")
    paths, sets = key_paths(question, env), {}
    answers = {PART_PREFIX + p.name: Fraction(repr(p.value)) for p in question.parts if p.name and p.value is not None}
    for name in paths:
        stored, where = question.recipes[name], "recipe"
        try:
            carried_set(paths, env, name, sets, levels=())   # as the grader asks first (careful.QuestionRules.env)
            for where, text in (("recipe", stored.text), *((f"steps.{let}", text) for let, text in stored.steps)):
                if all(PART_PREFIX + d in answers for d in recipe_parts(text)):   # else an LMS question's cut part
                    ground(_parsed_text(text, frozenset(env)), {**env, **answers})
        except _FAILS as exc:
            return (f"recipes.{name}.{where}: does not evaluate for question {question.id} "
                    f"({exc or type(exc).__name__})")
    return None


def _reads(text: str, name: str) -> bool:
    """True when recipe ``text`` names parameter ``name`` (not a ``part:`` variable)."""
    return re.search(rf"(?<![\w:]){re.escape(name)}(?!\w)", text) is not None


def _exact_text(value) -> bool:
    """True for an exact value generate writes as text (``"1/(2 + exp(3))"``),
    or a list of numbers and such texts."""
    try:
        if isinstance(value, list):
            return all(_exact_text(v) for v in value)
        if isinstance(value, str):
            parse_recipe(value, ())
        return isinstance(value, (str, int, float)) and not isinstance(value, bool)
    except (QuizgenError, RecursionError):
        return False


def _kind_of(value) -> str:
    """What a parameter's value is, in a message's words."""
    if isinstance(value, str):
        return "text"
    return {dict: "an object", list: "a list", bool: "true or false"}.get(type(value), "null")
