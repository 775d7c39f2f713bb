"""A later answer worked from earlier answers rounded too early, shown to
fewer figures than their part asks or cut off: one mistake is named once
(issue 12). The early rounding is marked at the earlier part, where it was
made; a later answer right given those answers as the student wrote them is
error carried forward from them (``correct``, ``ecf``), its feedback saying
where their rounding was marked. Its own rounding, when it shows too few
figures itself, is told as on any ECF answer (ecf_verdict.py's ``ecf_given``).
Pure helpers of rules.py."""

from __future__ import annotations

import math
from dataclasses import replace

from quizgen.maths.tolerance import matches
from quizgen.marking.as_asked import rounds_as_asked, rounds_otherwise
from quizgen.marking.carry import inside, reachable
from quizgen.marking.early import answer_as_asked, expected, short_slip, too_early
from quizgen.marking.early_carry import rounded_alone, source_wrong
from quizgen.marking.own_step_early import own_step_rounded
from quizgen.marking.forms import Reading
from quizgen.marking.near_one import near_one
from quizgen.marking.near_one_sums import unpadded
from quizgen.marking.quotes import MARKED_FROM, marked_from
from quizgen.marking.rule_model import Credits, PartRule, Source, TrapRule, tolerance_kind
from quizgen.marking.slips import rounded_twice, same, trap_rounded_or_cut
from quizgen.marking.sources import OWN_RECIPE_ERRORS, figures_asked


def early_sources(rule: PartRule, earlier: dict, written: dict) -> tuple:
    """The labels of the earlier answers the recipe reads that their own part
    marks as rounded too early or cut off (``marked_early_there``); () when none
    is. A wrong value that is no such rounding (0.75 for 0.7392) says nothing of
    rounding, and neither does one figure that may be a trap's or the right value's."""
    return tuple(s.label for s in rule.sources if marked_early_there(s, earlier[s.name], written.get(s.name)))


def marked_early_there(s: Source, value: float, figures: int | None) -> bool:
    """Whether the earlier part ``s`` marks its answer ``value`` (written to
    ``figures``) as rounded too early or cut off, by the tests rules.py applies
    there: the right value so (0.74 or 0.7 for 0.7392, 0.768 for 0.76852, cut
    off at fewer figures, rounded twice), or a trap's value rounded to 2 figures
    or more or cut off (0.96 for the trap 0.96267); or, for a part that reads
    no earlier part, reached with one step of its own working rounded to 2
    figures (own_step_early.own_step_rounded: seed 1's C1 0.718 for 0.716, the sum
    76.29 kept as 76; C8's 1.0 for 0.982, 12 / 12, two steps so, is wrong). The right
    value shown to fewer figures than asked, within its tolerance (0.14 for
    0.1402), is marked so there too (early.precise: imprecise), so it counts."""
    asked, kind = figures_asked(s.kind, s.spec), tolerance_kind(s)
    if asked is None or not math.isfinite(value):
        return False
    if figures is not None and figures < asked and not same(value, s.value) and \
            (matches(value, s.value, s.spec, kind) or inside(value, s.carried)):
        return True   # right to the figures it shows, too few: (a) marks it rounded too early
    if not source_wrong(s, value, figures) or any(matches(value, v, s.spec, kind) for v in s.traps) \
            or matches(value, s.value, s.spec, kind) and not rounds_otherwise(value, s.value, s.kind, s.spec, figures):
        return False   # right (or carried rounding) at its own part, or a trap's value: no rounding to name
    part = _as_rule(s)
    return bool(rounded_alone(part, value, figures) or trap_rounded_or_cut(part.traps, asked, value, figures, s.value)
                or rounded_twice(s.value, asked, value) or short_slip(part, value, figures)) \
        or own_step_rounded(part, value, figures)


def worked_from_early(rule: PartRule, reading: Reading, earlier: dict, env: dict, written: dict) -> tuple | None:
    """``(marked from your (a) = 0.91, the value worked from it, the labels
    of those marked rounded too early)`` when the answer read is what the
    recipe gives, with nothing rounded on the way, from the student's own
    earlier answers as written, none of them wrong but some marked rounded
    too early at their own part (seed 11's Q1: (a) ``0.91`` for 0.90876,
    within its tolerance but shown to 2 figures, then (b) ``0.0943`` =
    -ln 0.91); else None. Carried rounding reaches such an answer too
    (0.910 is p carried to 3 figures), but what the answers show is ECF from
    (a) as written, and it is said as ECF from a wrong (a) rounded early is
    (``0.9`` then ``0.105``): "(a)'s early rounding is marked at (a) only"."""
    if rule.recipe is None or not env or any(earlier.get(d) is None for d in rule.recipe.depends):
        return None
    early = early_sources(rule, earlier, written)
    if not early or rounded_only(rule.sources, earlier, written) is None:
        return None
    x, kind, traps = reading.value, tolerance_kind(rule), tuple(t.value for t in rule.traps)
    try:
        plain = reachable(rule.recipe, env, {d: (earlier[d],) for d in rule.recipe.depends}, levels=())
    except OWN_RECIPE_ERRORS:
        return None
    hits = [v for v in plain if matches(x, v, rule.spec, kind)
            or rounds_as_asked(x, v, rule.kind, rule.spec, reading.figures, traps)]
    if not hits:
        return None
    mine = marked_from((s.label, earlier[s.name], written.get(s.name)) for s in rule.sources)
    return mine, min(hits, key=lambda v: abs(x - v)), early


def rounding_alone(rule: PartRule, earlier: dict, written: dict) -> bool:
    """Whether every wrong earlier answer the recipe reads (some is) is the
    right value rounded too early or cut off (``rounded_only`` of them: not a
    trap's value so rounded): their own part marks that rounding, and it is
    the only mistake upstream, so a part worked from them loses nothing for
    it, whatever the ECF credit ("(a)'s early rounding is marked at (a) only";
    the student who wrote (a) in full and rounded it in (b) loses as much)."""
    wrong = [s for s in rule.sources if source_wrong(s, earlier[s.name], written.get(s.name))]
    return bool(wrong) and rounded_only(wrong, earlier, written) is not None


def rounded_only(sources, earlier: dict, written: dict) -> tuple | None:
    """For a part worked from the ``earlier`` answers to the parts ``sources``:
    None when one of them is wrong other than by the right value rounded too
    early or cut off (a trap's value, a wrong value: a mistake carried forward,
    which ECF's credit scores); else the labels of those their own part marks
    so rounded (``_right_rounded``; () when none is; one within tolerance but
    shown to too few figures, 0.14 for 0.1402, is so rounded and not wrong)."""
    labels = []
    for s in sources:
        value, figures = earlier[s.name], written.get(s.name)
        if _right_rounded(s, value, figures):
            labels.append(s.label)
        elif source_wrong(s, value, figures):
            return None
    return tuple(labels)


def early_credits(rule: PartRule, earlier: dict, written: dict, credits: Credits, early: tuple) -> Credits:
    """``credits`` for ECF from earlier answers, ``early`` those marked rounded
    too early there: ECF's credit full when that rounding of the right value is
    all that is wrong upstream (``rounding_alone``), else as the policy says."""
    return replace(credits, ecf=1.0) if early and rounding_alone(rule, earlier, written) else credits


def _right_rounded(s: Source, value: float, figures: int | None) -> bool:
    """``marked_early_there``, by the right value's rounding, not a trap's: as
    the earlier part marks it, the right value rounded too early beats a trap's
    rounded or cut, and a trap's beats the right value rounded twice or cut short."""
    if not marked_early_there(s, value, figures):
        return False
    part = _as_rule(s)
    return bool(too_early(part, value, figures)) \
        or trap_rounded_or_cut(part.traps, figures_asked(s.kind, s.spec), value, figures, s.value) is None


def rounding_marked_there(labels: tuple) -> str:
    """The words ECF adds for an answer worked from earlier answers rounded
    too early (``early_sources``): their rounding is marked where it was made,
    not again here (``(a)'s early rounding is marked at (a) only``)."""
    if len(labels) == 1:
        return f"{labels[0]}'s early rounding is marked at {labels[0]} only"
    named = " and ".join(labels)
    return f"the early rounding of {named} is marked at {named} only"


def from_own_and_exact(rule: PartRule, own: str, target: float) -> str:
    """The words of ECF that name both values of a part worked from the
    student's own earlier answers (``own``: ``marked from your (a) = 0.95``),
    one of them wrong: ``target``, the value worked from those answers, and
    the key's, worked from the exact ones: ``error carried forward: from your
    (a) = 0.95 the answer is 3.00; from the exact (a), expected 2.72``. One
    wording for rules.py's answers short or cut off given those answers as
    written."""
    exact = " and ".join(s.label for s in rule.sources)
    return (f"error carried forward: from your {own.removeprefix(MARKED_FROM)} the answer is "
            f"{answer_as_asked(rule, target)}; from the exact {exact}, expected {expected(rule)}")


def kept_figures(sources, own: dict, written: dict | None) -> dict:
    """``written`` (the figures each earlier answer in ``own`` shows), with an answer that a value near 1
    kept short explains at its figures less the zeros at its end read at those: zeros after a kept value
    change nothing, for the values it stands for as at its own part (a paper's Q45: (a) 0.9350 is 0.935 =
    1/1.07, and (b) -ln(1/1.07) = 0.0677, carried on, is ECF from it as from 0.935; it was imprecise)."""
    figures = dict(written or {})
    for s in sources:
        shown = figures.get(s.name)
        fewer = unpadded(own[s.name], shown)
        if fewer != shown and near_one(_as_rule(s), own[s.name], shown=fewer):
            figures[s.name] = fewer
    return figures


def _as_rule(source: Source) -> PartRule:
    """The earlier part as a rule of its own kind, tolerance, trap values and carried rounding."""
    traps = tuple(TrapRule(code, value) for code, value in zip(source.codes, source.traps))
    return PartRule(source.name, source.label, source.kind, source.value, source.spec, traps,
                    carried=source.carried)
