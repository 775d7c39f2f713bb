"""A later answer worked from an intermediate rounded to 2 significant figures
where the part asks for 3: an earlier part's value (a student who writes (a)
0.739 and then works (b) from 0.74) or a step of the recipe. That rounding is
a mistake made in the later part itself, so it is named there, once: rounded
too early. A student who wrote (a) 0.74 made it in (a) instead, where it is
marked, and (b) worked from that 0.74 is error carried forward
(early_sources.py): one mistake is named once, where it was made.

Checked last, after a trap rounded or cut (a trap stays named), so it only
turns a bare ``incorrect`` into ``imprecise``, ``rounded_too_early``: nothing
correct changes. It is worked from the student's own earlier answers and names
the ones whose rounding reaches the answer, saying what the answers show, not
what the student did (``marked from your (a) = 0.739: your answer is what the
working gives with (a) rounded to 2 significant figures (0.74), not with (a) as
written: ...``), so it is judged in ECF's pass, once they are
known: with one unanswered there is nothing to work from.

A part that reads no earlier part (C1's (a), the softmax, with one e^z or their
sum rounded to 2 figures; C7's (a) with e^-s so rounded), or only counts
(C10's loss, a mean over the count of (a), with one per-position loss or their
sum so rounded) with one unanswered or in the pass, is judged from the key's
parameters and counts (``key_steps``): its recipe's values with ONE step
rounded to 2 figures, the others unrounded or to 3 or 4 (early_steps.py; two
steps so rounded at once are no early rounding). The recipe's
hull at ``EARLY_LEVELS`` (hull.py) is worked out first and the values only for
an answer within its reach, each once per instance, kept with the part's carried
spans (hull.CarriedSpans.early). It is asked only of an answer that is neither
right, a trap, nor carried rounding (an answer reached without a 2-figure step
is never so named); 1 figure is no level: an answer reached only so stays
incorrect (its feedback may say so: ``coarse_carry``). The feedback names the
step, as the solutions write it, and no earlier answer (or, when no step alone
gives the answer, says several values were kept short, one named as an
example: own_step_early.steps_said): "your answer is what the
working gives with a value on the way kept to too few figures (the sum of e^(z)
= 76.3 as 76): this paper asks you to keep at least 4 significant figures in
intermediate results (expected 0.716)"."""

from __future__ import annotations

import math
import re
from dataclasses import replace

from quizgen.maths.numbers import significant
from quizgen.maths.tolerance import matches
from quizgen.marking.as_asked import as_asked_too, carried_accepts, rounds_as_asked, rounds_otherwise
from quizgen.marking.carry import reachable
from quizgen.marking.roundings import sig_roundings, written_roundings
from quizgen.marking.early import CUT_OFF, PADDED, padded_rounding, tie_rounded_down, too_early
from quizgen.marking.early_steps import value_shown
from quizgen.marking.hull import given_reach
from quizgen.marking.own_step_early import EARLY_FIGURES, keep_advice, key_steps, one_step, step_tie, steps_said
from quizgen.marking.quotes import WORKED_WITH, marked_from, quoted
from quizgen.marking.near_one import near_one
from quizgen.marking.recipes import PART_PREFIX, argument_steps, recipe_text, with_value
from quizgen.marking.rule_model import tolerance_kind
from quizgen.marking.sources import OWN_RECIPE_ERRORS, RECIPE_FAILURES, figures_asked
from quizgen.marking.slips import same


def carried_early(rule, x: float, earlier: dict, env: dict, credits, written: dict, shown=None) -> tuple:
    """``(feedback, whether an earlier answer read is wrong)`` when ``x`` (written to ``shown``
    figures), not right by any other rule, is worked from an intermediate rounded to
    ``EARLY_FIGURES`` figures, or with a value near 1 kept short (near_one.py, from the key's
    values: an earlier part unanswered too); else ``("", False)``."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or asked <= EARLY_FIGURES:
        return "", False
    own = {d: earlier.get(d) for d in rule.recipe.depends} if rule.recipe is not None and rule.sources else {}
    if not rule.sources or all(s.kind == "integer" for s in rule.sources) and (not env or None in own.values()):
        # a step of its own working rounded, from the key; or 1 + e^(-s) kept short (near_one.py)
        return near_one(rule, x, shown=shown) or as_asked_too(
            rule, x, shown, lambda v: key_steps(rule, v, credits, asked)), False
    if not env or not own or None in own.values():   # the pass (no earlier answers yet), or one unanswered
        return (near_one(rule, x, shown=shown) if own else ""), False
    found = as_asked_too(rule, x, shown, lambda v: _from_own(rule, v, own, env, credits, written or {}))
    if found:
        return found, any_wrong(own, rule, written)
    return ("", False) if any_wrong(own, rule, written) else (near_one(rule, x, own, written, shown), False)


def _from_own(rule, x: float, own: dict, env: dict, credits, written: dict) -> str:
    """The feedback when ``x`` is worked from the student's own earlier answers
    with some of them (or a step of the recipe) rounded to ``EARLY_FIGURES``
    figures, and not without such a rounding; else "". Each set of values is
    worked out only when the recipe's hull (hull.py) shows it may reach ``x``."""
    kind, levels = tolerance_kind(rule), credits.levels
    given = {d: (v,) for d, v in own.items()}

    def reaches(parts: dict, steps=levels) -> bool:
        bound = given_reach(rule.recipe, env, parts, rule.spec, kind, None, steps)
        if bound is not None and not bound[0] <= x <= bound[1]:
            return False
        return any(matches(x, v, rule.spec, kind) for v in reachable(rule.recipe, env, parts, steps))

    try:   # a step worked from (a) in full, rounded, before (a) itself rounded: 1 - 0.881 carried as 0.12
        named = _steps_rounded(rule, x, own, env) or [
            f"{s.label} rounded to {EARLY_FIGURES} significant figures ({quoted(v, EARLY_FIGURES)})"
            for s in rule.sources for v in shorter(s, own[s.name]) if reaches({**given, s.name: (v,)})]
        if not named and rule.recipe.intermediates and reaches(given, (EARLY_FIGURES, *levels)):
            named = [steps_said(one_step(rule, rule.recipe, env, given, x, levels), from_own=True)]
        if not any(named) or reaches(given):
            return ""   # no one early rounding; or reached without rounding early too: another rule's to say
    except OWN_RECIPE_ERRORS:
        return ""
    how = " and ".join(named)
    labels = " and ".join(s.label for s in rule.sources)   # what the answers show, not what the student did
    return (f"{marked_from((s.label, own[s.name], written.get(s.name)) for s in rule.sources)}: {WORKED_WITH}{how}, "
            f"not with {labels} as written: {keep_advice(credits, rule)}")


COARSE_FIGURES = 1
"""An earlier answer rounded to this many figures on the way is no level of
``carried_early`` (it moves a value by up to half of itself): an answer so
reached stays incorrect, but its feedback may say where it came from
(``coarse_carry``)."""


def coarse_carry(rule, x: float, shown, own: dict, env: dict, written: dict, credits) -> str:
    """Feedback for ``x``, incorrect with nothing else said of it, when the
    recipe gives it from the student's own earlier answers with one of them
    rounded to ``COARSE_FIGURES`` significant figure (the others as written,
    the recipe's steps carried as carried rounding carries them) and not
    without that rounding: seed 11's Q8, (a) ``0.0285`` for p = 0.02848, then
    (b) ``3.51`` = -ln 0.03: ``your answer is what the working gives with (a)
    rounded to 1 significant figure (0.03), not with (a) as written: keep at
    least 4 ...``. It names no mistake and changes no mark; "" otherwise, and
    for 0 or an answer showing 1 figure (``shown``), which say too little of
    how they were reached (0 is -ln 1, and 1 is 0.9 to 1 figure). Each set of
    values is worked out only when the recipe's hull reaches ``x``."""
    if not env or not _may_say(rule, x, shown, own):
        return ""
    asked, kind, levels = figures_asked(rule.kind, rule.spec), tolerance_kind(rule), credits.levels
    given = {d: (own[d],) for d in rule.recipe.depends}

    def reaches(parts: dict) -> bool:
        bound = given_reach(rule.recipe, env, parts, rule.spec, kind, None, levels)
        if bound is not None and not bound[0] <= x <= bound[1]:
            return False
        return any(matches(x, v, rule.spec, kind) for v in reachable(rule.recipe, env, parts, levels))

    try:
        named = [f"{s.label} rounded to {COARSE_FIGURES} significant figure ({quoted(v, COARSE_FIGURES)})"
                 for s, v, parts in _coarse_inputs(rule, own) if reaches(parts)]
        if not named or reaches(given):
            return ""
    except OWN_RECIPE_ERRORS:
        return ""
    labels = " and ".join(s.label for s in rule.sources)
    worked = f"from your {labels} as written: {_as_written(rule, env, given, asked)}" if any_wrong(own, rule, written) else None
    return f"{WORKED_WITH}{' or '.join(named)}, not with {labels} as written: {keep_advice(credits, rule, worked)}"


def coarse_beyond(rule, x: float, shown, own: dict, params: dict, credits) -> bool:
    """True when ``coarse_carry`` is "" as no earlier answer rounded to 1 figure brings the recipe's hull over
    ``params`` (the parameters before ``usable()`` is known: its env is they or {}) within reach of ``x``."""
    if not _may_say(rule, x, shown, own):
        return True
    try:
        bounds = [given_reach(rule.recipe, params, parts, rule.spec, tolerance_kind(rule), None, credits.levels)
                  for _, _, parts in _coarse_inputs(rule, own)]
    except RECIPE_FAILURES:   # as usable() takes them: coarse_carry decides
        return False
    return all(bound is not None and not bound[0] <= x <= bound[1] for bound in bounds)


def _may_say(rule, x: float, shown, own: dict) -> bool:
    """Whether ``coarse_carry`` may say anything of ``x`` at all, whatever the instance's parameters."""
    return figures_asked(rule.kind, rule.spec) is not None and rule.recipe is not None and bool(rule.sources) \
        and math.isfinite(x) and x != 0 and (shown is None or shown >= 2) \
        and all(own.get(d) is not None for d in rule.recipe.depends)


def _coarse_inputs(rule, own: dict):
    """``(source, its answer rounded to 1 figure, the recipe's inputs with it so)`` for each such rounding."""
    given = {d: (own[d],) for d in rule.recipe.depends}
    return [(s, v, {**given, s.name: (v,)}) for s in rule.sources for v in shorter(s, own[s.name], COARSE_FIGURES)]


def _as_written(rule, env: dict, given: dict, asked: int) -> str:
    """What the recipe gives from the student's own earlier answers as written, to the figures asked:
    the value a student who kept them unrounded reaches, where a wrong one makes it other than the key's."""
    return significant(next(iter(reachable(rule.recipe, env, given, levels=()))), asked)


def _steps_rounded(rule, x: float, own: dict, env: dict) -> list:
    """How ``x`` is reached from the student's own earlier answers as written
    with an argument of a function worked from them (``recipes.argument_steps``)
    rounded to ``EARLY_FIGURES`` figures: C7 (c) after (a) 0.881, ``-ln(0.12)``
    is ``["1 - (a) = 0.119 rounded to 2 significant figures (0.12)"]``; [] when none is."""
    given, named = {d: (v,) for d, v in own.items()}, []
    for step in argument_steps(rule.recipe.expression):
        try:   # a list (the softmax's exponentials) is no one value to round: its elements are carry.py's steps
            named += _step_rounded(rule, step, x, env, given)
        except OWN_RECIPE_ERRORS:
            continue
    return named


def _step_rounded(rule, step, x: float, env: dict, given: dict) -> list:
    """``_steps_rounded`` for the one argument ``step``."""
    kind, asked = tolerance_kind(rule), figures_asked(rule.kind, rule.spec)
    labels, named = {f"{PART_PREFIX}{s.name}": s.label for s in rule.sources}, []
    for value in reachable(replace(rule.recipe, expression=step, intermediates=()), env, given, levels=()):
        for rounded in (v for v in sig_roundings(value, EARLY_FIGURES) if not same(v, value)):
            worked = replace(rule.recipe, expression=with_value(rule.recipe.expression, step, rounded), intermediates=())
            if any(matches(x, v, rule.spec, kind) for v in reachable(worked, env, given, levels=())):
                shown = re.sub(r"part:\w+", lambda m: labels.get(m[0], m[0]), recipe_text(step))
                named.append(f"{shown} = {value_shown(value, rounded, asked)} rounded to {EARLY_FIGURES} "
                             f"significant figures ({quoted(rounded, EARLY_FIGURES)})")
    return named


def rounded_alone(rule, x: float, shown: int | None = None) -> bool:
    """Whether ``too_early`` marks ``x`` (written to ``shown`` figures) the right value rounded: not
    a padded rounding that a value near 1 kept short gives at the figures written, which
    ``cut_or_near_one`` names as that keeping (C7's (a) 0.680 = 1/1.47, 0.679 at 3 figures): another
    value, so the parts worked from it are ECF at ECF's credit, as after 0.6803."""
    note = too_early(rule, x, shown)
    return bool(note) and not (PADDED in note and near_one(rule, x, shown=shown))


def shorter(source, value: float | None, figures: int = EARLY_FIGURES) -> tuple:
    """``value``, an earlier answer, rounded to ``figures`` figures (both neighbours at a tie:
    ``written_roundings``), when its part asks for more than ``EARLY_FIGURES`` and the rounding
    changes it; else () (also for a blank, None). early_once.py asks it too."""
    asked = figures_asked(source.kind, source.spec)
    if value is None or asked is None or asked <= EARLY_FIGURES or not math.isfinite(value) or value == 0:
        return ()
    return tuple(v for v in written_roundings(value, figures) if not same(v, value))


def any_wrong(own: dict, rule, written: dict | None = None) -> bool:
    """True when some earlier answer the recipe reads is not right by its own
    part's verdict (``source_wrong``; ``written``: the figures each showed); a
    count is wrong when it is another whole number (1205 for 1200: the parts
    worked from it are ECF), not when an expression gives it as 5.9995 for 6."""
    written = written or {}
    return any(source_wrong(s, own[s.name], written.get(s.name)) for s in rule.sources)


def source_wrong(s, value: float, figures: int | None = None) -> bool:
    """``any_wrong`` for one earlier answer ``value`` of the part ``s``, written
    to ``figures``: wrong when its own part marks it neither correct nor carried
    rounding (as_asked.py: ``0.9524`` for 0.95257 is 0.952 at the 3 figures
    asked, incorrect there though inside the window, so the parts worked from
    it are ECF). Right to fewer figures than asked (0.95) is no
    wrong value: its own part marks that rounding (early_sources.py)."""
    if s.kind == "integer":
        return not math.isfinite(value) or round(value) != s.value
    if not math.isfinite(value):
        return True
    if matches(value, s.value, {}, "numeric") and not rounds_otherwise(value, s.value, s.kind, s.spec, figures):
        return False
    return not rounds_as_asked(value, s.value, s.kind, s.spec, figures, s.traps) \
        and not carried_accepts(value, figures, s.carried, "numeric", s.spec, s.traps)


def tie_told(rule, x: float, credits, shown=None) -> str:
    """Why ``x`` (written to ``shown`` figures) is refused as the rounding half towards zero of a tie the
    working reaches: carried rounding's (early.tie_rounded_down: C4 seed 5's Q18 ``0.827``), else one step of
    the part's own working kept short (own_step_early.step_tie: C9 seed 2024's Q9 ``3.51``); else ""."""
    return tie_rounded_down(rule, x, shown) or step_tie(rule, x, credits, shown)


def cut_or_near_one(rule, x: float, shown, earlier: dict, written: dict) -> str:
    """``early.too_early``'s note on ``x``, and when it says the answer was cut
    off and the working with a value near 1 kept short gives it too (``near_one``,
    from the key's values; for a later part, unless an earlier answer is wrong),
    both: C7's (c) ``2.71`` after (a) ``0.934`` is 2.7183 cut off, and also
    -ln(1 - 0.9337), p-hat from 1 + e^(-s) kept as 1.071, so it
    is not said to be a cut-off alone. A rounding to fewer figures then padded with zeros
    that such a working gives at the figures written is named as that working first, as the
    same working written to more figures is, then as the rounding padded: (a) 0.980 is 1/1.02,
    as 0.9804 is, or 0.98 padded (``early.padded_rounding``), each true of it."""
    note = too_early(rule, x, shown)
    padded = PADDED in note
    if not (note.startswith(CUT_OFF) or padded):
        return note
    own = {s.name: earlier.get(s.name) for s in rule.sources}
    if None not in own.values() and any_wrong(own, rule, written):
        return note   # ECF's to judge; unanswered (or in the pass) near_one reads the key's values alone
    near = near_one(rule, x, own, written, shown)
    if not near:
        return note
    return f"{near}; or it is the answer {padded_rounding(rule, x, shown) if padded else note}"
