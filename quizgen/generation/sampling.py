"""Sampling an instance: a template's random parameters drawn from a seeded
generator (param_draws.py), the lets derived, and draws rejected that break a
constraint or let a trap be mistaken for the answer (or for another trap)."""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property

from quizgen.errors import ExpressionError, TemplateError
from quizgen.maths.exact import Exact, to_float
from quizgen.maths.tree import names_in
from quizgen.key.compact import written_answer
from quizgen.bank import budget
from quizgen.bank.model import Part, Template
from quizgen.bank.texts import figure_sources, located_error, text_sources
from quizgen.generation.plan import SamplingPlan, exact_from_yaml, from_yaml, plan_for
from quizgen.generation.separation import Rejected, check_separation, expression_failed, drop_near_traps, ran_out
from quizgen.generation.param_draws import derive, draw_params
from quizgen.key.parts import MAX_CHOICES


@dataclass
class TrapValue:
    """A trap as it stands in one instance: its wrong value or words."""

    code: str
    feedback: str
    value: object = None
    words: tuple = ()


@dataclass
class PartValue:
    """A part as it stands in one instance: the exact answer or accepted words."""

    part: Part
    letter: str
    value: object = None
    accept: tuple = ()
    traps: list = field(default_factory=list)
    choices: int | None = None   # how many answers a word part offers (bank/model.py Part)

    @cached_property
    def written(self) -> str:
        """The answer as the key and the worked solutions write it: the first accepted
        word, or the number by ``key_answer``'s rule; worked out once for both."""
        if self.part.kind == "word":
            return self.accept[0]
        return written_answer(self.value, self.part.kind, self.part.decimals, self.part.tolerance)


@dataclass
class Instance:
    """One filled-in question: the template, its seed label and every value."""

    template: Template
    seed_label: str
    params: dict
    env: dict
    parts: list
    _context: dict = field(default=None, repr=False, compare=False)

    @property
    def context(self) -> dict:
        """The values its texts read, as Jinja2 sees them, converted once per instance."""
        if self._context is None:
            from quizgen.text.render import jinja_context

            self._context = jinja_context(self.env, _names_read(self.template))
        return self._context


_NAMES: dict = {}


def _names_read(template: Template):
    """The names the template's texts read, its figure's words too (``render.names_read``),
    worked out once per template; held with the template, so its id is not reused."""
    hit = _NAMES.get(id(template))
    if hit is None or hit[0] is not template:
        from quizgen.text.render import names_read

        if len(_NAMES) >= 1024:
            _NAMES.clear()
        hit = _NAMES[id(template)] = (template, names_read(source for _, source in (*text_sources(template),
                                                                             *figure_sources(template))))
    return hit[1]


def sample_instance(template: Template, seed_label: str, rejections: list | None = None,
                    ledger: budget.DrawLedger | None = None) -> Instance:
    """A random instance of ``template``, reproducible from ``seed_label``;
    each rejected draw is appended to ``rejections`` when one is given. Each
    try's work is charged to ``ledger`` (the run's; else this instance's own),
    which refuses a run that has done too much."""
    rng = random.Random(seed_label)
    ledger = budget.DrawLedger(template) if ledger is None else ledger
    ledger.begin()
    ends, counts, last = budget.deadline(), Counter(), {}
    for _ in range(template.max_tries):
        budget.check_time(template, ends, counts, last)
        before = budget.Work.units
        try:
            params = draw_params(template, rng)
            instance = build_instance(template, seed_label, params)
        except Rejected as exc:
            budget.refuse_huge(template, exc)
            where = exc.where
            last[where] = str(exc), exc.clash   # text, not the exception: its traceback holds the callers' frames
            if rejections is not None:
                rejections.append(exc)
        except ExpressionError as exc:
            budget.refuse_huge(template, exc)
            where, last[()] = (), (expression_failed(exc), None)
        else:
            ledger.charge(budget.Work.units - before, kept=True)
            return instance
        counts[where] += 1
        ledger.charge(budget.Work.units - before, kept=False, rejected=(where, last[where][0]))
    raise ran_out(template, counts, last)


CANONICAL = "canonical"   # the seed label of the reference's own example (canonical_instance)


def canonical_instance(template: Template, swap: dict | None = None) -> Instance:
    """The instance with the template's canonical parameters (the reference's example),
    or with ``swap``'s ({choice parameter: option}) instead (key.entries.part_variants)."""
    given = template.canonical["params"] if not swap else {**template.canonical["params"], **swap}
    params = {}
    try:
        for param in template.params:
            if param.kind in ("value", "insert"):
                params[param.name] = derive(param, params)
            elif param.name not in given:
                raise TemplateError(f"canonical parameters lack {param.name!r}", path=template.path,
                                    key="canonical.params")
            else:
                params[param.name] = _canonical_value(param, given[param.name])
        return build_instance(template, CANONICAL, params)
    except (Rejected, ExpressionError) as exc:
        budget.refuse_huge(template, exc)
        raise TemplateError(f"the canonical parameters do not work: {exc}", path=template.path,
                            key="canonical") from exc


def _canonical_value(param, value):
    if param.kind == "choice" and isinstance(value, int) and isinstance(param.spec[0], dict):
        if not 0 <= value < len(param.spec):
            raise ExpressionError(f"{param.name}: option {value} does not exist")
        return from_yaml(param.spec[value])
    if param.kind in ("integer", "decimal"):
        return exact_from_yaml(value)
    if param.kind == "vector":
        if not isinstance(value, list):
            raise ExpressionError(f"{param.name}: expected a list")
        return tuple(exact_from_yaml(v) for v in value)
    return from_yaml(value)


def _located(where: tuple, compute, *args):
    """``compute(*args)``; a rejection or failed expression in it becomes a
    Rejected naming ``where`` (the template key), inner keys kept."""
    try:
        return compute(*args)
    except Rejected as exc:
        exc.where = where + exc.where
        raise
    except ExpressionError as exc:
        raise Rejected(expression_failed(exc), where) from exc


def build_instance(template: Template, seed_label: str, params: dict) -> Instance:
    """Derive the lets, check the constraints, value every part and trap."""
    env, plan = dict(params), plan_for(template)
    plan.shared.clear()
    width = _work_out(template, plan, env)
    budget.Work.units += plan.parts_size * width
    instance = Instance(template, seed_label, params, env, [])
    try:
        instance.parts = [_located(("parts", i), _value_part, part, i, instance, plan)
                          for i, part in enumerate(template.parts)]
    except budget.TooBig as exc:
        raise budget.limit_error(template, ("parts",), exc.what, exc.cap) from None
    return instance


def _work_out(template: Template, plan: SamplingPlan, env: dict) -> int:
    """Add the lets to ``env`` and check the constraints, in the plan's order
    (what ``_located`` does for one step, done once around the loop); the
    length of the widest list met, for the work of what follows (``budget.Work``)."""
    functions, sizes = plan.functions, plan.sizes
    width = max([len(v) for v in env.values() if v.__class__ is tuple], default=1)
    work = 0
    try:
        for name, i, node in plan.steps:
            work = budget.within_one_draw(template, work + sizes[node] * width, name)
            if i is None:
                value = env[name] = budget.check_value(template, ("let", name), functions[node](env))
                if value.__class__ is tuple and len(value) > width:
                    width = len(value)
            elif (held := functions[node](env)) is not True:
                raise Rejected(_constraint_failed(name, held), ("constraints", i))
    except ExpressionError as exc:
        raise Rejected(expression_failed(exc, not names_in(node)), ("let", name) if i is None else ("constraints", i)) \
            from exc
    finally:
        budget.Work.units += work
    return width


def _constraint_failed(source: str, held) -> str:
    """Why a constraint rejects a draw: false, or not a condition at all (``z[t] + 1``
    is no condition: "failed" in every draw would send the author to loosen it)."""
    if held is False:
        return f"constraint {source!r} failed"
    return f"constraint {source!r} gives {_found(held)}, not true or false: write a comparison (x > 0, a != b)"


def letter_of(index: int) -> str:
    """Part letters: a, b, ..., z, aa, ab, ..."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    return letters[index] if index < 26 else letter_of(index // 26 - 1) + letters[index % 26]


def _value_part(part: Part, place: int, instance: Instance, plan: SamplingPlan) -> PartValue:
    env, functions = instance.env, plan.functions
    value, accept, choices = None, (), None
    if part.kind == "word":
        accept = _words(part.accept, instance)
        choices = None if part.choices is None else _choices(functions[part.choices], env)
    else:
        value = _part_number(functions[part.answer], env, part, "answer", None)
        if part.kind == "integer" and not (value.__class__ is Fraction and value.denominator == 1):
            raise Rejected(f"part {part.name}: answer {float(value):.6g} is not a whole number", ("answer",))
    traps = [_value_trap(trap, j, part, instance, functions) for j, trap in enumerate(part.traps)]
    result = PartValue(part, letter_of(place), value, accept, traps, choices)
    if instance.seed_label == CANONICAL:
        drop_near_traps(result)
    check_separation(result, () if place in plan.constant_answers else plan.printed)   # constants: as written
    return result


def _value_trap(trap, j: int, part: Part, instance: Instance, functions: dict) -> TrapValue:
    """Trap ``j`` in this draw: its value or words, or neither where its
    ``when`` is false (a slip this draw cannot make, left out as an empty trap word is)."""
    if trap.when is not None and not _holds(functions[trap.when], instance.env, j):
        return TrapValue(trap.code, trap.feedback, None, ())
    value = None if trap.value is None else _part_number(functions[trap.value], instance.env, part, trap.code, j)
    words = tuple(w for w in _words(trap.words, instance) if w.strip()) if trap.words else ()
    return TrapValue(trap.code, trap.feedback, value, words)


def _choices(function, env: dict) -> int:
    """A word part's ``choices`` in this draw: a whole number from 2 to
    ``MAX_CHOICES``; anything else rejects the draw, naming the key."""
    try:
        count = function(env)
    except ExpressionError as exc:
        raise Rejected(expression_failed(exc), ("choices",)) from exc
    if count.__class__ is not Fraction or count.denominator != 1 or not 2 <= count <= MAX_CHOICES:
        raise Rejected(f"choices must be a whole number from 2 to {MAX_CHOICES} (how many answers the question "
                       f"offers), found {_found(count)}", ("choices",))
    return int(count)


def _holds(function, env: dict, j: int) -> bool:
    """Trap ``j``'s ``when`` in this draw; a failure or a value that is not
    true or false rejects the draw, naming the key (as a constraint's does)."""
    try:
        held = function(env)
    except ExpressionError as exc:
        raise Rejected(expression_failed(exc), ("traps", j, "when")) from exc
    if held is not True and held is not False:
        raise Rejected(f"a trap's when must be true or false (a comparison such as 'r != 0.15'), found "
                       f"{_found(held)}", ("traps", j, "when"))
    return held


def _found(value) -> str:
    """A value an expression gave where another kind was expected, as a message names it."""
    if isinstance(value, (tuple, list)):
        return "a list"
    if value is True or value is False:
        return str(value).lower()
    return f"the number {value}"


def _words(sources: tuple, instance: Instance) -> tuple:
    """Accepted or trap words, filled in over the instance's values (text/repeats.py)."""
    from quizgen.text.repeats import render_repeated

    try:
        return tuple(render_repeated(sources, instance.context, "text"))
    except TemplateError as exc:
        raise located_error(instance, "text", exc) from exc


def _part_number(function, env: dict, part: Part, what: str, trap):
    """The number ``function`` (the answer's compiled tree, or trap number
    ``trap``'s) gives for this draw; a failure is a Rejected naming the
    template key (as ``_located`` does)."""
    try:
        return _number(function(env), part, what)
    except Rejected as exc:
        exc.where = _value_key(trap) + exc.where
        raise
    except ExpressionError as exc:
        raise Rejected(expression_failed(exc), _value_key(trap)) from exc


def _value_key(trap) -> tuple:
    return ("answer",) if trap is None else ("traps", trap, "value")


TINY = 1e-300
"""The smallest size of a non-zero answer or trap value (the key's range, quizgen.key.checks.ANSWER_RANGE)."""


def _number(value, part: Part, what: str):
    cls = value.__class__
    if cls is Exact:
        return value   # finite and within range by construction
    if cls is not Fraction and (isinstance(value, bool) or not hasattr(value, "__float__")
                                or isinstance(value, (tuple, str))):
        raise ExpressionError(f"part {part.name}: {what} is not a number")
    try:
        number = to_float(value) if cls is Fraction else float(value)
    except OverflowError:
        raise budget.TooBig(f"the size of part {part.name}'s {what}", "1e300") from None
    if not math.isfinite(number):
        raise Rejected(f"part {part.name}: {what} is not finite")
    if number and abs(number) < TINY:
        raise Rejected(f"part {part.name}: {what} is too near 0 to round (under {TINY:g})")
    return value
