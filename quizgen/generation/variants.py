"""Distinct variants: how many different questions a template can really
produce, and which parts can tell one paper's questions apart
(``telling_parts``, for generation/distinct.py).

Two instances are the same variant when every answer of one lies within
tolerance of the same part's answer of the other (no single answer could be
told apart from both; word answers compare as normalised words). Logits that
differ by a constant shift give the same softmax, hence equal answers, so
comparing answers counts them as one variant without knowing about shifts."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from quizgen.bank.budget import DrawLedger
from quizgen.generation.plan import per_template, plan_for
from quizgen.generation.sampling import sample_instance
from quizgen.errors import ExpressionError
from quizgen.maths.answers import normalise_word
from quizgen.maths.evaluate import ground
from quizgen.maths.exact import to_float
from quizgen.maths.tolerance import half_width
from quizgen.maths.tree import names_in

WARN_BELOW = 100
PROBE_DRAWS = 200     # the draws validate counts variants over
PROBES = "probe draws, which find the answers that vary"   # for DrawLedger's message
TELLING_VALUES = 20   # different answers in those draws that let a part keep a paper's questions apart
_TELLING: dict = {}


@dataclass(frozen=True)
class Answer:
    """One part's answer as a paper shows it: a number with its half-width
    (``word`` None), or accepted words (``value`` None)."""

    part: str
    value: float | None
    half_width: float = 0.0
    word: str | None = None

    def agrees(self, other: "Answer") -> bool:
        """True when one student answer could match both."""
        if self.value is None or other.value is None:
            return self.word is not None and self.word == other.word
        return abs(self.value - other.value) <= self.half_width + other.half_width


def answers_of(instance) -> tuple:
    """The answers of a sampled instance (``generation.sampling.Instance``)."""
    answers = []
    for pv in instance.parts:
        if pv.value is None:
            answers.append(Answer(pv.letter, None, word=normalise_word(pv.accept[0]) if pv.accept else ""))
        else:
            value, kind = to_float(pv.value), "integer" if pv.part.kind == "integer" else "numeric"
            answers.append(Answer(pv.letter, value, half_width(value, pv.part.tolerance or {}, kind)))
    return tuple(answers)


def same_variant(a: tuple, b: tuple) -> bool:
    """True when two instances' answers (``answers_of``) all agree part by part."""
    return len(a) == len(b) and all(x.agrees(y) for x, y in zip(a, b))


def count_variants(answer_sets) -> int:
    """How many distinct variants among instances given by their answers:
    each instance that agrees with no variant found so far is a new one."""
    variants = []
    for answers in answer_sets:
        if not any(same_variant(answers, known) for known in variants):
            variants.append(answers)
    return len(variants)


@dataclass(frozen=True)
class VariantCount:
    """The distinct variants found among ``draws`` sampled instances of a template."""

    template: str
    draws: int
    distinct: int

    @property
    def few(self) -> bool:
        """True when validate should warn: fewer than WARN_BELOW distinct variants
        in PROBE_DRAWS draws, or as many in proportion to fewer draws (50 in 100)."""
        return self.distinct * PROBE_DRAWS < WARN_BELOW * self.draws


def template_variants(template, draws: int = PROBE_DRAWS, seed: str = "variants") -> VariantCount:
    """Sample ``draws`` instances of ``template`` (seed labels ``{seed}/{id}/{k}``)
    and count the distinct variants among them."""
    ledger = DrawLedger(template, PROBES)
    answer_sets = (answers_of(sample_instance(template, probe_label(template, k, seed), ledger=ledger))
                   for k in range(draws))
    return VariantCount(template.id, draws, count_variants(answer_sets))


def probe_label(template, k: int, seed: str = "variants") -> str:
    """The seed label of the ``k``-th draw validate counts variants over."""
    return f"{seed}/{template.id}/{k}"


def telling_parts(template) -> frozenset:
    """The places of the numeric parts that can keep one paper's questions
    apart: those whose answer takes at least TELLING_VALUES different values
    (within tolerance) over validate's PROBE_DRAWS draws. A part with few
    values cannot (C10's count of predicted positions: three sentence
    lengths), nor one whose answer is the same in every draw. Worked out
    once per template in each process."""
    return per_template(_TELLING, template, _well_spread)


def _well_spread(template) -> frozenset:
    """The parts that show TELLING_VALUES different answers in validate's
    draws, drawing only until every part that varies at all, and could show
    them, has shown them: a part whose answer reads only parameters of fewer
    values in all (:func:`few_valued`, C10's count from its six sentences)
    never can, and once waited for all PROBE_DRAWS draws."""
    plan, seen, ledger = plan_for(template), {}, DrawLedger(template, PROBES)
    constant, few = plan.constant_answers, few_valued(template)
    for k in range(PROBE_DRAWS):
        for i, answer in enumerate(answers_of(sample_instance(template, probe_label(template, k), ledger=ledger))):
            values = seen.setdefault(i, [])
            if (answer.value is not None and i not in constant and len(values) < TELLING_VALUES
                    and not any(answer.agrees(value) for value in values)):
                values.append(answer)
        if all(len(values) >= TELLING_VALUES for i, values in seen.items() if values and i not in few):
            break
    return frozenset(i for i, values in seen.items() if len(values) >= TELLING_VALUES)


def few_valued(template) -> frozenset:
    """The places of the parts whose answer takes fewer than TELLING_VALUES
    values in any draw, known from the template alone: the answer reads
    (through lets) only parameters whose values, multiplied together, number
    fewer (a choice's options, an integer's or a fixed grid's values)."""
    counts = {}
    for param in template.params:
        counts[param.name] = _param_values(template, param, counts)
    for name, node in template.lets:
        counts[name] = _values_read(counts, node)
    bounds = ((i, _values_read(counts, part.answer)) for i, part in enumerate(template.parts)
              if part.answer is not None)
    return frozenset(i for i, bound in bounds if bound is not None and bound < TELLING_VALUES)


def _values_read(counts: dict, *nodes) -> int | None:
    """How many values at most expressions over ``counts``'s names take together
    (the counts of the names they read multiplied), or None when one is not bounded."""
    total = 1
    for name in set().union(*map(names_in, nodes)):
        count = counts.get(name)
        if count is None:
            return None
        total *= count
    return total


def _param_values(template, param, counts: dict) -> int | None:
    """How many values at most a parameter takes, or None when that is not known without drawing."""
    compiled = param.compiled
    if param.kind == "choice":
        return len(param.spec)
    if param.kind == "value":
        return _values_read(counts, compiled["value"])
    if param.kind == "insert":
        return _values_read(counts, compiled["into"], compiled["at"], compiled["item"])
    grid = plan_for(template).grids.get(param.name)
    if param.kind == "decimal" and grid is not None:
        return len(grid)
    if param.kind == "integer" and not any(names_in(compiled[key]) for key in ("min", "max")):
        try:
            low, high = ground(compiled["min"], {}), ground(compiled["max"], {})
        except ExpressionError:
            return None
        whole = all(isinstance(v, Fraction) and v.denominator == 1 for v in (low, high))
        return int(high - low) + 1 if whole and low <= high else None
    return None
