"""A later answer worked from an intermediate rounded to 2 significant figures
where the part asks for 3: an earlier part's value (a student who writes (a)
0.739 and then works (b) from 0.74) or a step of the recipe. It is rounded too
early, as (b) worked from an (a) written 0.74 is (early_sources.py),
whether or not the student wrote the earlier answer so short: a better (a) may
never earn fewer marks for the same later answer (rev-grade24).

Checked last, after a trap rounded or cut (a trap stays named), so it only
turns a bare ``incorrect`` into ``imprecise``, ``rounded_too_early``: nothing
correct changes. It is worked from the student's own earlier answers and names
the ones rounded (``marked from your (a) = 0.739: right from (a) rounded to 2
significant figures (0.74) ...``), so it is judged in ECF's pass, once they are
known: with one unanswered there is nothing to work from, and a part that reads
no earlier part (a step of C1's (a), e^z, rounded) is not judged so."""

from __future__ import annotations

import math

from quizgen.maths.tolerance import matches
from quizgen.marking.carry import inside, reachable, sig_roundings
from quizgen.marking.early import expected
from quizgen.marking.hull import given_reach
from quizgen.marking.quotes import marked_from, quoted
from quizgen.marking.rule_model import tolerance_kind
from quizgen.marking.sources import OWN_RECIPE_ERRORS, figures_asked
from quizgen.marking.slips import same

EARLY_FIGURES = 2   # rounded to this many figures on the way where the part asks for more: too early


def carried_early(rule, x: float, earlier: dict, env: dict, credits, written: dict) -> tuple:
    """``(feedback, whether an earlier answer read is wrong)`` when ``x``, not
    right by any other rule, is worked from an intermediate rounded to
    ``EARLY_FIGURES`` figures; else ``("", False)``."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or asked <= EARLY_FIGURES:
        return "", False
    own = {d: earlier.get(d) for d in rule.recipe.depends} if rule.recipe is not None and rule.sources else {}
    if not env or not own or None in own.values():   # the pass (no earlier answers yet), or one unanswered
        return "", False
    found = _from_own(rule, x, own, env, credits, written or {})
    return (found, any_wrong(own, rule)) if found else ("", False)


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

    try:
        named = [f"{s.label} rounded to {EARLY_FIGURES} significant figures ({quoted(v, EARLY_FIGURES)})"
                 for s in rule.sources for v in _shorter(s, own[s.name]) if reaches({**given, s.name: (v,)})]
        if not named and not (rule.recipe.intermediates and reaches(given, (EARLY_FIGURES, *levels))):
            return ""
        if reaches(given):
            return ""   # reached without rounding early too: another rule's to say
    except OWN_RECIPE_ERRORS:
        return ""
    how = " and ".join(named) or f"an intermediate result rounded to {EARLY_FIGURES} significant figures"
    return (f"{marked_from((s.label, own[s.name], written.get(s.name)) for s in rule.sources)}: right from {how}, "
            f"which is rounding too early: {_keep(credits, rule)}")


def _shorter(source, value: float) -> tuple:
    """``value`` rounded to ``EARLY_FIGURES`` figures (both neighbours at a
    tie), when its part asks for more and the rounding changes it; else ()."""
    asked = figures_asked(source.kind, source.spec)
    if asked is None or asked <= EARLY_FIGURES or not math.isfinite(value) or value == 0:
        return ()
    return tuple(v for v in sig_roundings(value, EARLY_FIGURES) if not same(v, value))


def _keep(credits, rule) -> str:
    """What to keep in intermediate results: as the paper asks, a figure more
    than the answers (4 for 3), or the policy's ``carried_figures`` when more."""
    keep = max(credits.carried_figures, (figures_asked(rule.kind, rule.spec) or 0) + 1)
    return f"keep at least {keep} significant figures in intermediate results (expected {expected(rule)})"


def any_wrong(own: dict, rule) -> bool:
    """True when some earlier answer the recipe reads is outside its own tolerance;
    a count is wrong when it is another whole number (1205 for 1200: the parts
    worked from it are ECF), not when an expression gives it as 5.9995 for 6."""
    return any((not math.isfinite(own[s.name]) or round(own[s.name]) != s.value) if s.kind == "integer"
               else not matches(own[s.name], s.value, {}, "numeric") and not inside(own[s.name], s.carried)
               for s in rule.sources)
