"""The careful marker's rules (quizgen/marking/) made from a key question:
``QuestionRules`` builds, at first need and once per question instance, a
part's ``PartRule`` (value, tolerance, traps, ECF recipe, carried-rounding
intervals) from the key alone: the template's recipes (stored once per
template, quizgen/key/recipes.py) over the instance's parameters. Whether
those recipes evaluate for the instance is checked only when an answer could
get ECF or carried rounding; which parts ECF may re-mark (``ecf_inputs``) is
read from the template's recipe texts without building any rule.

Nothing here runs for an answer within tolerance of the key: the grader's
fast path stays as it was. A version-1 key (no recipes) or parameters that
cannot be read back exactly get no ECF and no carried rounding; everything
else (traps, rounded too early, answers as people write them) still works."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

from quizgen.errors import ExpressionError, QuizgenError
from quizgen.marking.carry import LEVELS, carried_sets
from quizgen.marking.hull import CarriedSpans
from quizgen.marking.offered import unlisted_offered
from quizgen.maths.evaluate import ground
from quizgen.maths.tolerance import matches
from quizgen.marking.quotes import in_own_numbers, quoted
from quizgen.marking.coherence import over_wrong_count
from quizgen.marking.recipe_floats import float_recipe
from quizgen.marking.recipes import Recipe, parse_recipe, recipe_parts
from quizgen.marking.rules import Credits, PartRule, TrapRule, source_of
from quizgen.marking.sources import trap_behind, traps_read_beyond


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


def ecf_inputs(question, memo: dict | None = None) -> dict:
    """``{part letter: (earlier part names its recipe reads, ...)}`` for the
    parts of ``question`` that may get ECF, from the stored recipe texts alone:
    the same for every instance of a template, so worked out once per
    template. An instance whose recipes do not parse or evaluate still gets
    no ECF (``PartChecker.remark`` asks its ``QuestionRules``). ``memo``, kept
    by the caller while the key's objects live, finds a template's answer by
    the identity of its shared recipes and part specs."""
    if not question.recipes:
        return {}
    if memo is None:
        return _ecf_inputs(tuple((p.letter, p.name) for p in question.parts), tuple(question.recipes.items()))
    token = (id(question.recipes), *[id(p.spec) for p in question.parts])
    found = memo.get(token)
    if found is None:
        found = memo[token] = ecf_inputs(question)
    return found


@lru_cache(maxsize=1024)
def _ecf_inputs(parts: tuple, recipes: tuple) -> dict:
    """``ecf_inputs`` of one template's parts ``((letter, name), ...)`` and
    recipes ``((name, KeyRecipe), ...)``: a part whose recipe reads only
    earlier named parts (as ``QuestionRules`` keeps a recipe)."""
    stored, found, earlier = dict(recipes), {}, set()
    for letter, name in parts:
        recipe = stored.get(name) if name else None
        if recipe is not None:
            depends = recipe_parts(recipe.text)
            if depends and all(d in earlier for d in depends):
                found[letter] = depends
        if name:
            earlier.add(name)
    return found


class QuestionRules:
    """One question instance's parts as marking rules (``rules``: by part
    letter; recipes read earlier parts by name), made at first need."""

    __slots__ = ("question", "credits", "_rules", "_paths", "_sets", "_index", "_env", "_params", "_check",
                 "_compiled", "carried", "_short_sets", "_beyond")

    def __init__(self, question, credits: Credits):
        self.question, self.credits = question, credits
        self._rules = None
        self._env = self._params = {}   # _params: the exact parameters, checked or not
        self._check = False   # (paths, env) to check at first need, then True (usable) or False
        self._compiled = {}
        self.carried = {}   # carried-rounding sets from students' earlier answers (rules.mark_value)
        self._beyond = {}   # {letter: whether a trap of the part reads a part its recipe does not}

    def reads_beyond_recipe(self, letter: str) -> bool:
        """Whether a trap of part ``letter`` reads an earlier part its recipe
        does not (sources.traps_read_beyond), asked once per part."""
        found = self._beyond.get(letter)
        if found is None:
            found = self._beyond[letter] = traps_read_beyond(self.question, letter)
        return found

    @property
    def env(self) -> dict:
        """The instance's exact parameters when its recipes parse and evaluate,
        else {} (no ECF). Whether they evaluate is checked at first need: most
        instances never ask (their answers are right, traps or far off)."""
        self._ready()
        if self._check.__class__ is tuple:
            paths, env = self._check
            self._check = False
            try:
                carried_sets(paths, env, levels=())   # fails as the full sets would, at a fraction of the cost
                self._env, self._check = env, True
            except (QuizgenError, ArithmeticError, ValueError, KeyError, IndexError, TypeError):
                pass
        return self._env

    def usable(self) -> bool:
        """True when the recipes parse and evaluate for this instance; until
        that is known its ECF and carried rounding are not used."""
        self.env
        return self._check is True

    def plain(self, name: str, recipe: Recipe, earlier: dict):
        """Part ``name`` recomputed by its ``recipe`` in floats from the
        student's ``earlier`` answers, nothing rounded (the ECF pass's quick
        first look), or None. It reads the parameters before ``usable`` is
        asked: an answer far from it gets no ECF whether or not the recipes
        evaluate."""
        try:
            compiled = self._compiled.get(name)
            if compiled is None:
                compiled = self._compiled[name] = float_recipe(recipe.expression, self._params)
            return float(compiled(earlier))
        except (QuizgenError, ExpressionError, ArithmeticError, ValueError, TypeError, KeyError, IndexError):
            return None

    def carried_traps(self, letter: str, earlier: dict, written: dict) -> dict:
        """{earlier part name: the exact value of the trap its answer stands for}
        (``sources.trap_behind``: (a) 0.96 for 0.96267) among the ``earlier``
        answers part ``letter`` reads: what a student who carried their own
        unrounded trap value on worked with; {} when none."""
        self._ready()
        position = self._index.get(letter)
        names = self._earlier(position) if position is not None else {}
        found = {}
        for name, value in earlier.items():
            part = self.question.parts[self._index[names[name]]] if name in names else None
            if part is not None and part.value is not None and value is not None:
                trap = trap_behind(value, written.get(name), part.value, part.trap_values, part.tolerance, part.kind)
                if trap is not None:
                    found[name] = trap
        return found

    def own_trap(self, letter: str, value: float, answers: dict, spec: dict, kind: str):
        """``(trap, ((label, earlier part name), ...))``: the key part's trap
        (a key Trap) that ``value`` falls into when its value is worked from
        the student's own ``answers`` (part name -> value) to the earlier parts
        it reads (the template's trap recipes, key/recipes.py), or None: C2's
        (b) 1.32 is -log10 of their own wrong (a) 0.0474. Only traps present
        in this instance, reading earlier answers that are given, count."""
        self._ready()
        position = self._index.get(letter)
        part = self.question.parts[position] if position is not None else None
        stored = self.question.recipes.get(part.name) if part is not None and part.name else None
        if stored is None or not stored.traps or not self._params:
            return None
        present = {t.code: t for t, v in zip(part.traps, part.trap_values) if v is not None}
        earlier, part_kinds = self._earlier(position), {p.name: (p.kind, p.value) for p in self.question.parts}
        for code, text in stored.traps:
            reads = recipe_parts(text)
            if code in present and all(d in earlier and answers.get(d) is not None for d in reads) \
                    and not over_wrong_count(parsed_recipe_text(text, frozenset(self._params)), part_kinds, answers):
                trap_value = self._trap_value(part.name, code, text, answers)
                if trap_value is not None and matches(value, trap_value, spec, kind):
                    return present[code], tuple((_label(earlier[d]), d) for d in reads)
        return None

    def own_wording(self, letter: str, feedback: str, reads: tuple, answers: dict, written: dict) -> tuple:
        """``(feedback, reads)`` of a trap worked from the student's own earlier
        answers (``own_trap``), its numbers phrased from those answers: each
        quoting the key's answer to an earlier part the student answered
        otherwise is put as they wrote it, and that part joins ``reads`` (in
        part order), so no note sets the key's (a) beside the student's own
        (C6 (e) from their (a) 3700: "all 3700 picked positions", not 3720)."""
        position = self._index.get(letter)
        swaps = []
        for before in self.question.parts[:position]:
            own = answers.get(before.name) if before.name else None
            if own is not None and before.value is not None and \
                    not matches(own, before.value, before.tolerance, before.kind):
                swaps.append((_label(before.letter), before.value, quoted(own, written.get(before.name))))
        if not swaps:
            return feedback, reads
        feedback, used = in_own_numbers(feedback, swaps)
        named = {_label(p.letter): p.name for p in self.question.parts[:position] if p.name}
        labels = {label for label, _ in reads} | used
        return feedback, tuple((label, named[label]) for label in named if label in labels)

    def _trap_spans(self, part, recipe) -> dict:
        """{trap code: the carried-rounding spans of its stored recipe}, the part's steps rounded in it too."""
        stored, names = self.question.recipes.get(part.name), frozenset(self._params)
        steps = self._paths[part.name].intermediates
        return {code: CarriedSpans({**self._paths, f"{part.name}/{code}": Recipe(
            code, parsed_recipe_text(text, names), text, recipe_parts(text), steps)}, self._params,
            f"{part.name}/{code}", self._sets, part.tolerance, part.kind, self.usable, self.credits.levels)
            for code, text in (stored.traps if stored is not None else ())}

    def _trap_value(self, name: str, code: str, text: str, earlier: dict):
        """A trap recipe worked in floats from the ``earlier`` answers, or None."""
        try:
            compiled = self._compiled.get((name, code))
            if compiled is None:
                node = parsed_recipe_text(text, frozenset(self._params))
                compiled = self._compiled[(name, code)] = float_recipe(node, self._params)
            return float(compiled(earlier))
        except (QuizgenError, ExpressionError, ArithmeticError, ValueError, TypeError, KeyError, IndexError):
            return None

    @property
    def rules(self) -> dict:
        """Every part's rule, by letter in part order."""
        return {part.letter: self.rule(part.letter) for part in self.question.parts}

    def rule(self, letter: str) -> PartRule | None:
        """Part ``letter``'s rule, made at first need with the rules of the
        earlier parts its recipe reads (most instances are asked for one or
        two parts); None for a letter the question lacks."""
        self._ready()
        found = self._rules.get(letter)
        if found is None:
            position = self._index.get(letter)
            if position is None:
                return None
            found = self._rules[letter] = self._rule(position)
        return found

    def _ready(self) -> None:
        """Parse the question's recipes (once per template, ``_parsed``) over
        its exact parameters, once per instance."""
        if self._rules is not None:
            return
        question = self.question
        self._index = {part.letter: i for i, part in enumerate(question.parts)}
        self._rules, self._paths, self._sets, self._short_sets = {}, {}, None, {}
        if question.recipes:
            env = exact_params(question.params)
            try:
                self._paths = key_paths(question, env)
                self._check, self._params, self._sets = (self._paths, env), env, {}
            except (QuizgenError, ArithmeticError, ValueError, KeyError, IndexError, TypeError):
                pass

    def ecf_recipe(self, letter: str) -> Recipe | None:
        """Part ``letter``'s recipe when it reads earlier parts alone (what ECF
        re-marks with), without making the part's rule; else None."""
        self._ready()
        position = self._index.get(letter)
        return None if position is None else self._recipe_at(position, self._earlier(position))

    def _earlier(self, position: int) -> dict:
        """{name: letter of the first part so named} before ``position``: what a recipe may read."""
        earlier = {}
        for before in self.question.parts[:position]:
            if before.name:
                earlier.setdefault(before.name, before.letter)
        return earlier

    def _recipe_at(self, position: int, earlier: dict) -> Recipe | None:
        name = self.question.parts[position].name
        recipe = self._paths.get(name) if name else None
        if recipe is not None and (not recipe.depends or not all(d in earlier for d in recipe.depends)):
            return None
        return recipe

    def _rule(self, position: int) -> PartRule:
        parts, paths = self.question.parts, self._paths
        part = parts[position]
        earlier = self._earlier(position)
        recipe = self._recipe_at(position, earlier)
        spans = self._trap_spans(part, recipe) if part.value is not None and part.name in paths else {}
        traps = tuple(TrapRule(t.code, v, t.feedback, t.credit, tuple(t.words), spans.get(t.code, ()))
                      for t, v in zip(part.traps, part.trap_values))
        sources = tuple(source_of(self.rule(earlier[d])) for d in recipe.depends) if recipe else ()
        carried = short = ()
        if part.value is not None and part.name and part.name in paths:
            carried = CarriedSpans(paths, self._params, part.name, self._sets, part.tolerance, part.kind, self.usable,
                                   self.credits.levels)
            if self.credits.levels != LEVELS:   # the policy's carried_figures: spans of shorter carrying, to say so
                short = CarriedSpans(paths, self._params, part.name, self._short_sets, part.tolerance, part.kind,
                                     self.usable, LEVELS)
        offered = unlisted_offered(self.question.params, part.kind, part.accept,
                                   [w for trap in traps for w in trap.words], part.spec.choices)
        return PartRule(part.name, _label(part.letter), part.kind, part.value, part.tolerance, traps, recipe,
                        carried, part.accept, part.spec.percent, sources, part.rational,
                        part.answer if part.value is not None else "", short, part.spec.choices, part.spec.bounds,
                        offered)


@lru_cache(maxsize=256)
def _label(letter: str) -> str:
    """``(a)``: one string for every rule of that letter (tens of thousands per roster)."""
    return f"({letter})"
