"""An answer reached with ONE step of the part's own working kept to 2
significant figures where the part asks for 3, the others carried as carried
rounding carries them (early_steps.py): the first part's rule, worked from the
key's parameters and counts (``key_steps``, ``own_step_rounded``), and the
one-step search that early_carry.py's rule for a later part asks too
(``one_step``). The search walks the part's recipe, and a step may be carried
first and then kept short (early_steps.short_kept: at a carried tie both the
paper's and the even neighbour). An answer written to more figures than
asked is judged as its rounding at the figures asked too (``as_asked.as_asked_too``).
Split from early_carry.py, which keeps the rule for earlier answers."""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from typing import NamedTuple

from quizgen.maths.numbers import significant
from quizgen.maths.tolerance import half_width, matches
from quizgen.marking.as_asked import as_asked_too
from quizgen.marking.carry import inside
from quizgen.marking.early import expected, stated
from quizgen.marking.early_steps import one_step_values, reaches_with, step_named, step_reach
from quizgen.marking.hull import CarriedSpans, given_reach, half_down_only
from quizgen.marking.near_one import near_one
from quizgen.marking.quotes import ONE_STEP, OWN_STEP_FIGURES, OWN_STEP_ROUNDED, SEVERAL_STEPS, WORKED_WITH, \
    marked_from, tie_half_down
from quizgen.marking.rule_model import tolerance_kind
from quizgen.marking.sources import OWN_RECIPE_ERRORS, figures_asked
from quizgen.marking.slips import cut_to, rounded_twice

EARLY_FIGURES = OWN_STEP_FIGURES   # rounded to this many figures on the way where the part asks for more: too early
EARLY_LEVELS = (EARLY_FIGURES, 3, 4)
"""The figures a part's own step may be rounded to here: 2 for one of them
alone (early_steps.py: two or more so kept are no one early rounding
a marker can point to), 3 or 4 (or unrounded) for the others; the hull that turns far answers
away takes every step at all three. 5 or 6 figures move a step by at most
5e-5 of itself, a tenth of the narrowest 3-figure tolerance, and count as
unrounded: they multiplied the values (C1's softmax: 10,585 against 3,146)
and their cost by three to ten. The 3 holds under any ``carried_figures``: this search only names
the step of an answer already rounded too early, the verdict ``carried_figures: 4`` gives a 3-figure
carry too (carried_short.py, asked before it), so no policy's carried rounding is widened here."""

TIE_LEVELS = ()
"""The figures the other steps are carried to when one step kept short reaches a tie (``step_tie``,
``own_tie``): none, every other value unrounded, so the step the words name, alone, recomputes the tie
from the numbers shown (-ln(0.35) = 1.0498 as 1.1 in a mean of losses reaches 2.275 only with the sum
kept to 3 figures too, which the words would not say)."""


def own_step_rounded(rule, x: float, shown: int | None = None) -> bool:
    """Whether ``x`` (written to ``shown`` figures), answering a part that reads no earlier part,
    is what ``carried_early`` marks rounded too early there: reached from the key's
    values with a step of the part's own working rounded to ``EARLY_FIGURES``.
    Not 1 + e^(-s) kept short (near_one.py: C7's (a) 0.9524 from 1.050), which
    ``carried_early`` names first, even where e^(-s) to 2 figures reaches it too
    (0.855 = 1/1.17, e^-1.8 = 0.1653 as 0.17): that is another value, not the right
    one rounded, so the parts worked from it are ECF at the credit a wrong (a)
    earns, whatever p-hat is."""
    asked = figures_asked(rule.kind, rule.spec)
    return asked is not None and asked > EARLY_FIGURES and not rule.sources \
        and bool(as_asked_too(rule, x, shown, lambda v: _own_step_named(rule, v, asked))) \
        and not near_one(rule, x, shown=shown)


def key_steps(rule, x: float, credits, asked: int) -> str:
    """The feedback when ``x`` is reached from the key's values with a step
    of the part's own working rounded short (``_own_step_named``), else "": which
    value (``_step_named``) and what the paper asks, never a count of figures
    the student is said to have rounded to (1 + e^-s = 1.741 carried to 3
    figures, 1.74, is e^-s = 0.741 to 2)."""
    named = _own_step_named(rule, x, asked)
    return f"{WORKED_WITH}{named}: this paper asks you to {keep_advice(credits, rule)}" if named else ""


def _own_step_named(rule, x: float, asked: int) -> str:
    """Which step (``steps_said``) when ``x``, not carried rounding, is reached
    by the part's recipe from the key's parameters (and the key's counts, the
    only earlier parts it may read here) with one of its steps kept to
    ``EARLY_FIGURES`` figures, the others to 3 or 4 or unrounded; else "". The
    rule's carried spans (hull.py) give the recipe and the parameters; none (no
    recipe, or a tolerance overridden): "". The right value cut off at fewer
    figures than ``asked`` (0.69 for 0.6952), or rounded twice, is told so
    instead (rules.py: it stays incorrect), whatever steps reach it."""
    spans = rule.carried
    if spans.__class__ is not CarriedSpans or inside(x, spans):
        return ""
    recipe = spans.paths.get(spans.name)
    if recipe is None or not recipe.intermediates or set(recipe.depends) != {s.name for s in rule.sources}:
        return ""
    try:
        return steps_said(_early_covers(rule, recipe, _key_given(rule), x, asked))
    except OWN_RECIPE_ERRORS:
        return ""


def step_tie(rule, x: float, credits, shown: int | None = None) -> str:
    """Why ``x`` (written to ``shown`` figures; longer, as its rounding at those asked too) is no early
    rounding when one step of the part's own working kept short, from the key's values, reaches it only
    as the rounding half towards zero of a tie (``_tie_near``), else "": the step, the tie and the rule, as
    early.tie_rounded_down tells carried rounding's. C9 seed 2024's Q9 ``3.51``: the mean 1.26 kept as 1.3,
    with the NSP loss 2.215, gives 3.515, 3.52 by either rule; it was a bare ``incorrect``. A part
    reading earlier counts is worked from the key's (``_key_given``): C10 seed 11's (b) ``1.37``, the sum 11.110
    kept as 11 over T = 8, 1.375."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or asked <= EARLY_FIGURES:
        return ""
    return as_asked_too(rule, x, shown, lambda v: _tie_told(rule, v, credits, asked))


def _tie_told(rule, x: float, credits, asked: int) -> str:
    spans = rule.carried
    if spans.__class__ is not CarriedSpans or not x:
        return ""
    recipe = spans.paths.get(spans.name)
    if recipe is None or not recipe.intermediates or set(recipe.depends) != {s.name for s in rule.sources}:
        return ""
    try:
        named = _step_named(_early_covers(rule, recipe, _key_given(rule), x, asked, _tie_near))
    except OWN_RECIPE_ERRORS:
        return ""
    return _tie_words(rule, x, named, credits, asked)


def _tie_words(rule, x: float, named: str, credits, asked: int) -> str:
    """``step_tie``'s words on ``x``, the tie's rounding half towards zero, reached with the step ``named``
    kept short; "" when none is named."""
    if not named:
        return ""
    tie = significant(x + math.copysign(5 * 10.0 ** (math.floor(math.log10(abs(x))) - asked), x), asked + 1)
    how = f"{OWN_STEP_ROUNDED.removeprefix('your answer is ')}: {named}"
    return f"{tie_half_down(tie, how, asked)}; and this paper asks you to {keep_advice(credits, rule)}"


def own_tie(rule, x: float, earlier: dict, env: dict, credits, written: dict, shown: int | None = None) -> str:
    """``step_tie`` worked from the student's own earlier answers (every one the recipe reads answered),
    quoting them first, as the rule for a step kept short worked from them does (early_carry.carried_early):
    C10 seed 2024's Q48, (a) 8 (the first token counted), then (b) ``1.07``, the sum 8.648 kept as 8.6 over
    their 8, 1.075 rounded half towards zero; else "". The recipe's hull from those answers is worked out
    first, and the one-step values only for an answer within its reach."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or asked <= EARLY_FIGURES or not x or not env or rule.recipe is None \
            or not rule.recipe.intermediates or not rule.sources:
        return ""
    own = {d: earlier.get(d) for d in rule.recipe.depends}
    if None in own.values():
        return ""
    given, worked = {d: (v,) for d, v in own.items()}, []   # the one-step values, once for x and its rounding

    def told(v: float) -> str:
        if bound is not None and not bound[0] <= v <= bound[1]:
            return ""
        if not worked:
            worked.append(one_step_values(rule.recipe, env, given, TIE_LEVELS))
        named = _step_named(one_step(rule, rule.recipe, env, given, v, TIE_LEVELS, worked[0], _tie_near))
        words = _tie_words(rule, v, named, credits, asked)
        return words and f"{marked_from((s.label, own[s.name], written.get(s.name)) for s in rule.sources)}: {words}"
    try:
        bound = given_reach(rule.recipe, env, given, rule.spec, tolerance_kind(rule), None, EARLY_LEVELS)
        return as_asked_too(rule, x, shown, told)
    except OWN_RECIPE_ERRORS:
        return ""


def _key_given(rule) -> dict:
    """The key's values of the earlier parts (counts) a first part's recipe reads."""
    return {s.name: (float(s.value),) for s in rule.sources}


def _step_named(steps: list) -> str:
    """``the sum of e^(z) = 76.3 as 76``: each of ``steps`` (``Step``: ``one_step``)
    as the solutions write it, its value quoted (early_steps.value_shown), then as the answer shows it kept."""
    return " or ".join(f"{step.text} = {step.value} as {step.kept}" for step in steps)


def steps_said(steps: list, from_own: bool = False) -> str:
    """What the feedback says of the ``steps`` ``one_step`` found, "" for none: those that give the
    answer alone, "a value on the way kept to too few figures (e^(4) = 54.6 as 55)" ("-ln(0.35) = 1.0498
    rounded to 2 significant figures (1.0)" ``from_own`` earlier answers, beside them); when none does
    alone, one of those that do with another value kept to too few figures too, as an example:
    "several values on the way kept to too few figures (e.g. -ln(0.2) = 1.61 as 1.6)". C4 seed 3's
    (0.80+0.22+0.69+1.6)/4 was told only "-ln(0.2) = 1.61 as 1.6", which alone gives 0.829."""
    if not steps:
        return ""
    if not steps[0].alone:
        return f"{SEVERAL_STEPS} (e.g. {_step_named(steps[:1])})"
    if from_own:
        return " or ".join(f"{step.text} = {step.value} rounded to {EARLY_FIGURES} significant figures ({step.kept})"
                           for step in steps)
    return f"{ONE_STEP} ({_step_named(steps)})"


def _early_covers(rule, recipe, given: dict, x: float, asked: int, near=None) -> list:
    """``one_step`` from the key's values, when ``x`` is not the right value
    rounded twice or cut off at fewer figures than ``asked``. The recipe's
    hull at ``EARLY_LEVELS`` (every step to 2, 3 or 4 figures, a 2-figure one
    after the others too: it bounds the values of one step kept short) is worked
    out first, and the values only for an answer within its reach, each once per
    instance: kept with the part's carried spans (``rule.carried.early``).
    The complement routes carried rounding also walks (complement_route.py) are
    not searched: C9's sum 1 + e^(-s) over 2 as a step made a wrong answer's
    verdict 14% dearer in instructions (and a C9 Q25 `4.16`, the
    mean kept as 1.2 with 1 + e^2.9 carried as 19.2, stays a bare ``incorrect``). ``near``: one_step's."""
    spans, kind = rule.carried, tolerance_kind(rule)
    found = spans.early
    if found is None:
        found = spans.early = [given_reach(recipe, spans.env, given, rule.spec, kind, None, EARLY_LEVELS), None,
                               None]
    bound = found[0]
    if bound is not None and not bound[0] <= x <= bound[1]:
        return []
    if rounded_twice(stated(rule), asked, x) or any(cut_to(x, rule.value, figures) for figures in range(1, asked)):
        return []
    slot, levels = (2, TIE_LEVELS) if near is _tie_near else (1, EARLY_LEVELS[1:])
    if found[slot] is None:
        found[slot] = {}   # if the values cannot be worked out, none the next time either
        found[slot] = one_step_values(recipe, spans.env, given, levels)
    return one_step(rule, recipe, spans.env, given, x, levels, found[slot], near)


class Step(NamedTuple):
    """A step ``one_step`` names: as the solutions write it, its value quoted, as the answer shows it
    kept (early_steps.step_named), and whether it gives the answer alone, every other step carried to
    more figures than the answer's (as the paper asks) or unrounded."""

    text: str
    value: str
    kept: str
    alone: bool


def one_step(rule, recipe, env: dict, given: dict, x: float, levels, values: dict | None = None, near=None) -> list:
    """The ``Step`` of each step of ``recipe`` that, kept alone to ``EARLY_FIGURES`` figures, the
    others rounded to ``levels`` or unrounded, reaches ``x`` from ``given`` (``values``:
    early_steps.one_step_values, when worked out before); only those that reach it alone
    (``Step.alone``) when any does; [] when none does: two or more steps kept to 2 figures are
    no one early rounding. Each step once: two lets that are one value (C9's σ(s) and the
    probability of the true label when y = 1) are one step written twice. ``near``: how a value
    reaches ``x`` (``_near``; step_tie asks ``_tie_near``)."""
    values = one_step_values(recipe, env, given, levels) if values is None else values
    asked, kind, named, near = figures_asked(rule.kind, rule.spec), tolerance_kind(rule), [], near or _near
    alone_levels = tuple(level for level in levels if level > asked)   # as the paper asks, more than the answer's

    def hits(got) -> bool:
        return near(x, got, rule.spec, kind)
    for key, (node, reached) in values.items():
        if hits(reached):
            alone = alone_levels == tuple(levels) or hits(step_reach(recipe, env, given, alone_levels, key, levels))
            reaches = reaches_with(recipe, env, given, alone_levels if alone else levels, key, hits, levels)
            found = step_named(recipe, key, node, env, given, asked, reaches)
            named += [] if found is None else [Step(*found, alone)]
    named = [n for n in named if n.alone] or named
    return [n for i, n in enumerate(named) if all(n.text != m.text for m in named[:i])]   # a step said once


def _near(x: float, values: tuple, spec: dict, kind: str) -> bool:
    """True when ``x`` is within tolerance of one of the sorted ``values``, and not only as
    a tie's rounding half towards zero (hull.half_down_only: the last rounding as the
    intermediates'): only those within the widest tolerance any of them has
    are looked at (a tolerance never narrows as a value grows, tolerance.half_width)."""
    if not values:
        return False
    width = max(half_width(max(abs(values[0]), abs(values[-1])), spec, kind), half_width(0.0, spec, kind))
    return any(matches(x, v, spec, kind) and not half_down_only(x, v, spec, kind)
               for v in values[bisect_left(values, x - width):bisect_right(values, x + width)])


def _tie_near(x: float, values: tuple, spec: dict, kind: str) -> bool:
    """True when ``x`` is within tolerance of some of the sorted ``values`` only as the rounding half
    towards zero of a tie (hull.half_down_only), which ``_near`` turns away."""
    if not values:
        return False
    width = max(half_width(max(abs(values[0]), abs(values[-1])), spec, kind), half_width(0.0, spec, kind))
    holding = [v for v in values[bisect_left(values, x - width):bisect_right(values, x + width)]
               if matches(x, v, spec, kind)]
    return bool(holding) and all(half_down_only(x, v, spec, kind) for v in holding)


def keep_advice(credits, rule, worked: str | None = None) -> str:
    """What to keep in intermediate results: as the paper asks, a figure more
    than the answers (4 for 3), or the policy's ``carried_figures`` when more;
    then the key's answer, or ``worked``: what the student's own answers give."""
    keep = max(credits.carried_figures, (figures_asked(rule.kind, rule.spec) or 0) + 1)
    return f"keep at least {keep} significant figures in intermediate results ({worked or f'expected {expected(rule)}'})"
