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

from functools import lru_cache

from quizgen.errors import ExpressionError, QuizgenError
from quizgen.grading.key_recipes import exact_params, key_paths, parsed_recipe_text, trap_recipes
from quizgen.marking.carry import LEVELS, carried_sets
from quizgen.marking.hull import CarriedSpans
from quizgen.marking.offered import offered_answers, unlisted_offered
from quizgen.maths.tolerance import matches
from quizgen.marking.quotes import in_own_numbers, quoted
from quizgen.marking.coherence import over_wrong_count
from quizgen.marking.recipe_floats import float_recipe
from quizgen.marking.recipes import Recipe, recipe_parts
from quizgen.marking.rules import Credits, PartRule, Source, TrapRule
from quizgen.marking.sources import trap_behind, traps_read_beyond


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
    earlier named parts (as ``QuestionRules`` keeps a recipe), or whose other
    routes (``also``, ecf_routes.py) read some: the parts its recipe reads,
    then the earlier ones only those routes read."""
    stored, found, earlier = dict(recipes), {}, set()
    for letter, name in parts:
        recipe = stored.get(name) if name else None
        if recipe is not None:
            depends = recipe_parts(recipe.text)
            routes = tuple(d for text in recipe.also for d in recipe_parts(text) if d in earlier)
            if (depends or routes) and all(d in earlier for d in depends):
                found[letter] = tuple(dict.fromkeys((*depends, *routes)))
        if name:
            earlier.add(name)
    return found


class QuestionRules:
    """One question instance's parts as marking rules (``rules``: by part
    letter; recipes read earlier parts by name), made at first need."""

    __slots__ = ("question", "credits", "_rules", "_paths", "_sets", "_index", "_env", "_params", "_check",
                 "_compiled", "_carried", "_short_sets", "_beyond", "_spans", "_sources")

    def __init__(self, question, credits: Credits):
        self.question, self.credits = question, credits
        self._rules = None
        self._env = self._params = {}   # _params: the exact parameters, checked or not
        self._check = False   # (paths, env) to check at first need, then True (usable) or False
        # made at first need, as most instances of per-student papers need none (docs/performance.md)
        self._compiled = self._carried = self._beyond = None

    @property
    def carried(self) -> dict:
        """The carried-rounding sets worked out from students' earlier answers (rules.mark_value keeps them)."""
        if self._carried is None:
            self._carried = {}
        return self._carried

    def reads_beyond_recipe(self, letter: str) -> bool:
        """Whether a trap of part ``letter`` reads an earlier part its recipe
        does not (sources.traps_read_beyond), asked once per part."""
        if self._beyond is None:   # {letter: whether a trap of the part reads a part its recipe does not}
            self._beyond = {}
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

    @property
    def parameters(self) -> dict:
        """The instance's exact parameters as parsed ({} when its recipes do not parse), before
        ``usable`` is asked: ``env`` once they evaluate. A hull may bound a recipe over them first."""
        self._ready()
        return self._params

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
            compiled = self._function(name, lambda: float_recipe(recipe.expression, self._params))
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
        (b) 1.32 is -log10 of their own wrong (a) 0.0474. Only traps reading
        earlier answers that are given count; a trap this draw leaves out by its
        ``when`` (its key value too near another) only when one of those answers
        is wrong, so that its value is not the one left out."""
        self._ready()
        position = self._index.get(letter)
        part = self.question.parts[position] if position is not None else None
        stored = self.question.recipes.get(part.name) if part is not None and part.name else None
        if stored is None or not stored.traps or not self._params:
            return None
        traps = {t.code: t for t in part.traps}
        present = {t.code for t, v in zip(part.traps, part.trap_values) if v is not None}
        earlier, part_kinds = self._earlier(position), {p.name: (p.kind, p.value) for p in self.question.parts}
        for code, text in stored.traps:
            reads = recipe_parts(text)   # none: a misconception's working kept for its carried rounding alone
            if code in traps and reads and all(d in earlier and answers.get(d) is not None for d in reads) \
                    and (code in present or self.any_wrong(reads, answers)) \
                    and not over_wrong_count(parsed_recipe_text(text, frozenset(self._params)), part_kinds, answers):
                trap_value = self._trap_value(part.name, code, text, answers)
                if trap_value is not None and matches(value, trap_value, spec, kind):
                    return traps[code], tuple((_label(earlier[d]), d) for d in reads)
        return None

    def any_wrong(self, names, answers: dict) -> bool:
        """Whether the student's answer to one of the parts ``names`` is given and not that part's value
        (within its tolerance)."""
        return any(_answered_otherwise(part, answers) for part in self.question.parts
                   if part.name and part.name in names)

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
            if _answered_otherwise(before, answers):
                swaps.append((_label(before.letter), before.value,
                              quoted(answers[before.name], written.get(before.name))))
        if not swaps:
            return feedback, reads
        feedback, used = in_own_numbers(feedback, swaps)
        named = {_label(p.letter): p.name for p in self.question.parts[:position] if p.name}
        labels = {label for label, _ in reads} | used
        return feedback, tuple((label, named[label]) for label in named if label in labels)

    def _trap_spans(self, part, recipe) -> dict:
        """{trap code: the carried-rounding spans of its stored recipe}, the part's steps rounded in it too."""
        stored = self.question.recipes.get(part.name)
        if stored is None or not stored.traps:
            return {}
        found = {}
        for code, trap_recipe in trap_recipes(self._paths[part.name], stored.traps, frozenset(self._params)):
            key = f"{part.name}/{code}"   # after every part, as a trap's recipe may read any of them
            found[code] = CarriedSpans({**self._paths, key: trap_recipe}, self._params, key, self._sets,
                                       part.tolerance, part.kind, self.usable, self.credits.levels)
        return found

    def _function(self, key, make):
        """The float function kept under ``key`` (a part's recipe, or a trap's), ``make()`` at first need."""
        if self._compiled is None:
            self._compiled = {}
        found = self._compiled.get(key)
        if found is None:
            found = self._compiled[key] = make()
        return found

    def _trap_value(self, name: str, code: str, text: str, earlier: dict):
        """A trap recipe worked in floats from the ``earlier`` answers, or None."""
        try:
            compiled = self._function((name, code), lambda: float_recipe(
                parsed_recipe_text(text, frozenset(self._params)), self._params))
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
        self._spans, self._sources = {}, {}
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
        sources = tuple(self._source(self._index[earlier[d]]) for d in recipe.depends) if recipe else ()
        carried, short = self._carried_spans(position), ()
        if carried:
            if self.credits.levels != LEVELS:   # the policy's carried_figures: spans of shorter carrying, to say so
                short = CarriedSpans(paths, self._params, part.name, self._short_sets, part.tolerance, part.kind,
                                     self.usable, LEVELS)
        offered = unlisted_offered(self.question.params, part.kind, part.accept,
                                   [w for trap in traps for w in trap.words], part.spec.choices)
        shown = offered_answers(self.question.params, part.kind, part.accept, [w for trap in traps for w in trap.words],
                                part.spec.choices, [trap.words for trap in traps]).shown
        return PartRule(part.name, _label(part.letter), part.kind, part.value, part.tolerance, traps, recipe,
                        carried, part.accept, part.spec.percent, sources, part.rational,
                        part.answer if part.value is not None else "", short, part.spec.choices, part.spec.bounds,
                        offered, part.spec.units, shown)

    def _carried_spans(self, position: int):
        """The carried-rounding spans of the part at ``position`` (() when it has
        none): one object for its rule and every later part's ``Source`` of it,
        so its hull and sets are worked out once."""
        found = self._spans.get(position)
        if found is None:
            part, paths = self.question.parts[position], self._paths
            found = () if part.value is None or not part.name or part.name not in paths else CarriedSpans(
                paths, self._params, part.name, self._sets, part.tolerance, part.kind, self.usable,
                self.credits.levels)
            self._spans[position] = found
        return found

    def source(self, letter: str) -> Source:
        """Part ``letter`` as a later part's recipe reads it (``_source``): the
        same object its later parts' rules hold, made without its own rule."""
        self._ready()
        return self._source(self._index[letter])

    def _source(self, position: int) -> Source:
        """The part at ``position`` as a later part's recipe reads it (rules.source_of
        of its rule), without making its rule: most earlier parts are answered right."""
        found = self._sources.get(position)
        if found is None:
            part = self.question.parts[position]
            traps = [(t.code, v) for t, v in zip(part.traps, part.trap_values) if v is not None]
            found = self._sources[position] = Source(
                part.name, _label(part.letter), part.value, self._carried_spans(position), tuple(v for _, v in traps),
                part.tolerance, "integer" if part.kind == "integer" else "numeric", tuple(c for c, _ in traps),
                part.spec.bounds)
        return found


@lru_cache(maxsize=256)
def _label(letter: str) -> str:
    """``(a)``: one string for every rule of that letter (tens of thousands per roster)."""
    return f"({letter})"


def _answered_otherwise(part, answers: dict) -> bool:
    """Whether the student gave an answer to key part ``part`` that is not its value (within its tolerance)."""
    own = answers.get(part.name) if part.name else None
    return own is not None and part.value is not None and not matches(own, part.value, part.tolerance, part.kind)
