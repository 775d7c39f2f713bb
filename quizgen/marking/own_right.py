"""A later answer worked from the student's own earlier answers as written,
every one of them right by its own part's verdict but not the key's exact
value: C1's (a) ``0.7626`` for 0.7634 (0.763 at the 3 figures asked:
correct), then (b) ``0.2710`` = -ln 0.7626. No mistake was
made anywhere, so it is right: ``correct``, ``carried_rounding``, full marks
whatever ECF's credit, its feedback naming the value it was worked from. ECF
(rules.py's ``_ecf``) covers an earlier answer that is not right; this covers
the right ones, so a part right given the student's own earlier answers is
accepted either way (issue 12, point 1). Asked after the traps (a trap's
value is never accepted so) and only of an answer showing at least the
figures asked (fewer is rounded too early: rules.py's ``_early_given_own``).
Pure helpers of rules.py."""

from __future__ import annotations

import math
from dataclasses import replace

from quizgen.maths.numbers import significant
from quizgen.maths.tolerance import matches
from quizgen.marking.as_asked import at_asked, ecf_as_asked, matched_as_asked
from quizgen.marking.carry import reachable
from quizgen.marking.early_carry import source_wrong
from quizgen.marking.early import expected
from quizgen.marking.expression_value import ValueFigures, shown_figures
from quizgen.marking.near_one import explains
from quizgen.marking.near_one_sums import difference_kept
from quizgen.marking.quotes import marked_from, those_values
from quizgen.marking.rule_model import INCORRECT, figures_asked, near_plain, tolerance_kind
from quizgen.marking.slips import same
from quizgen.marking.sources import OWN_RECIPE_ERRORS

AS_WRITTEN = ": correct given {those} as you wrote {them} (your {labels} {are} right as well)"
"""The words after ``marked from your (a) = 0.7626`` on such an answer."""


def right_from_own(rule, x: float, shown: int | None, earlier: dict, env: dict, written: dict, carried,
                   least: int) -> str:
    """The feedback when ``x``, written to ``shown`` figures (at least those
    asked, or unknown), is right given the student's own earlier answers as
    written (plain, or with the recipe's steps carried as carried rounding
    carries them: ``carried(given, near)``, rules.py's kept sets near an answer), each of them right
    at its own part (``own_right``), one of them other than its part's value
    and none written to fewer than ``least`` figures (the policy's
    ``carried_figures``: an earlier answer carried on is an intermediate, and
    one kept shorter is carried_short.py's); else ""."""
    own = own_right(rule, earlier, env, written)
    if own is not None and any(written.get(d) is not None and written[d] < least for d in own):
        return ""
    asked = figures_asked(rule.kind, rule.spec)
    if own is None or asked is not None and shown is not None and shown < asked:
        return ""
    kind, traps = tolerance_kind(rule), tuple(t.value for t in rule.traps)
    given = {d: (v,) for d, v in own.items()}
    try:
        plain = reachable(rule.recipe, env, given, levels=())
        if not any(near_plain(x, v, rule.spec, kind) for v in plain):
            return ""
        if not any(matched_as_asked(x, v, kind, rule.spec, shown, traps) for v in plain):
            y = at_asked(x, shown, kind, rule.spec)   # more figures than asked: the hull asked at those too, as _ecf
            values = carried(given, x) or y != x and carried(given, y) or ()
            fits = ecf_as_asked(x, shown, values, kind, rule.spec)
            if not (any(matches(x, v, rule.spec, kind) for v in values) if fits is None else fits):
                return ""
    except OWN_RECIPE_ERRORS:
        return ""
    many = len(rule.sources) > 1
    words = AS_WRITTEN.format(those=those_values(rule.sources), them="them" if many else "it",
                              labels=" and ".join(s.label for s in rule.sources), are="are" if many else "is")
    return marked_from((s.label, own[s.name], written.get(s.name)) for s in rule.sources) + words


def own_right(rule, earlier: dict, env: dict, written: dict) -> dict | None:
    """``{name: the student's own answer}`` of every earlier part the recipe
    reads, when each was answered, is right at its own part (neither wrong,
    ``early_carry.source_wrong``, nor shown to fewer figures than asked) and
    one is not its part's value; else None."""
    if rule.recipe is None or not env or not rule.sources:
        return None
    own = {d: earlier.get(d) for d in rule.recipe.depends}
    if any(v is None for v in own.values()) or set(own) != {s.name for s in rule.sources}:
        return None
    for s in rule.sources:
        asked, figures = figures_asked(s.kind, s.spec), written.get(s.name)
        if source_wrong(s, own[s.name], figures) or asked is not None and figures is not None and figures < asked:
            return None
        if not difference_kept(own[s.name], s.value):
            return None
    return own if any(not same(own[s.name], s.value) for s in rule.sources) else None



def short_own_told(verdict, rule, reading, earlier: dict, env: dict, written: dict):
    """``verdict``, or, when it is a bare ``incorrect`` (no misconception, no feedback) on the answer ``reading``
    worked exactly from the student's own earlier answers, each answered and right at its own part
    (neither wrong nor shown to fewer figures than asked), one a probability near 1 that keeps too few
    figures of its difference from 1 (``difference_kept``), it with ``own_short_of_difference``'s
    words: still ``incorrect``, 0, as with that (a) left blank, since such an (a) lends a later part
    nothing, but told why (C7's (a) 0.9343, then (b) -ln 0.9343)."""
    if verdict.status != INCORRECT or verdict.misconception or verdict.feedback or not rule.sources or not env:
        return verdict
    own = {s.name: earlier.get(s.name) for s in rule.sources}
    for s in rule.sources:
        asked, figures = figures_asked(s.kind, s.spec), written.get(s.name)
        if own[s.name] is None or source_wrong(s, own[s.name], figures) or \
                asked is not None and figures is not None and figures < asked:
            return verdict
    said = own_short_of_difference(rule, reading.value, own, env, written, shown_figures(reading.figures))
    return replace(verdict, feedback=said) if said else verdict


OWN_SHORT = ("{marked}: your answer is what the working gives from it, but {label} is right only to the "
             "figures it asks: 1 - {label} is {kept} {how}, where it is {exact}; keep a value near 1 (here "
             "a probability over 0.9) to at least 4 significant figures of its difference from 1 (expected {right})")
"""The feedback on a later answer worked exactly from a right earlier probability near 1 that keeps
too few figures of its difference from 1 (C7's (a) 0.9343 for 0.934011, then (b) -ln 0.9343), the
rule in the stems' words (text/conventions.NEAR_ONE_RULE)."""


def own_short_of_difference(rule, x: float, own: dict, env: dict, written: dict, shown: int | None) -> str:
    """``OWN_SHORT`` when ``x`` (written to ``shown`` figures) is what the part's recipe gives from
    the student's own earlier answers, every one right at its own part, one of them a probability
    over 0.9 that keeps fewer than 4 figures of its difference from 1 (``difference_kept``; so it
    lends a later part nothing, own_right.py) and the answer is not right at the figures asked;
    else "". Without it the answer is a bare ``incorrect`` where the same working from a wrong (a) earns
    ECF: this says what the answer is and what the stems ask."""
    short = [s for s in rule.sources if own.get(s.name) is not None and not difference_kept(own[s.name], s.value)]
    if not short or rule.recipe is None or not env:
        return ""
    try:
        values = reachable(rule.recipe, env, {d: (own[d],) for d in rule.recipe.depends}, levels=())
    except OWN_RECIPE_ERRORS:
        return ""
    if not any(isinstance(v, float) and explains(rule, x, v, shown) for v in values):
        return ""
    s, figures = short[0], written.get(short[0].name)
    value_only = isinstance(figures, ValueFigures)   # an expression: quoted to 6 figures, as marked_from quotes (a)
    shown = 4 if figures is None else 6 if value_only else figures
    places = shown - 1 - math.floor(math.log10(own[s.name]))   # as written: 0.9343, 4
    kept = 1 - own[s.name]
    return OWN_SHORT.format(marked=marked_from((o.label, own[o.name], written.get(o.name)) for o in rule.sources),
                            label=s.label, exact=significant(1 - s.value, 4), right=expected(rule),
                            kept=significant(kept, max(1, places + 1 + math.floor(math.log10(kept)))),
                            how="from its value" if value_only else "as you wrote it")   # an expression is kept as its value
