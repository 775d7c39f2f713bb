"""A later answer computed from earlier answers shown to fewer figures than
their part asks, or themselves rounded too early or cut off: rounded too early
too (docs/marking.md, "Rounded too early"), and error carried forward as well
when one of those earlier answers is wrong. Then the feedback names both
values: the one worked from the student's own earlier answers, which their
answer matches, and the right one, "expected" (``from your (a) = 0.95 the
answer is 3.00; from the exact (a), expected 2.72``). Pure helpers of rules.py."""

from __future__ import annotations

from typing import NamedTuple

from quizgen.maths.tolerance import matches
from quizgen.marking.carry import inside
from quizgen.marking.early import answer_as_asked, expected, too_early
from quizgen.marking.quotes import COMPUTED_FROM, MARKED_FROM, quoted
from quizgen.marking.rule_model import EARLY, IMPRECISE, Credits, PartRule, Source, Verdict
from quizgen.marking.slips import rounds_to
from quizgen.marking.sources import carried_rounded, figures_asked, rounded_from, shown_short


class EarlySources(NamedTuple):
    """The earlier answers a part's recipe reads that were rounded too early
    (``items``: how each is quoted), and whether one of them is wrong."""

    items: tuple
    wrong: bool


NO_EARLY_SOURCES = EarlySources((), False)


def early_sources(rule: PartRule, earlier: dict, written: dict) -> EarlySources:
    """``(items, wrong)``: the earlier answers the recipe reads that were shown
    to fewer significant figures than their part asks (right, a trap or wrong:
    ``"(a) = 0.96, shown to only 2 significant figures where this paper asks
    for at least 3"``), or are the right value rounded too early or cut off, and
    whether an earlier answer it reads is wrong (then what follows is ECF too);
    ``((), False)`` when none: what follows from them is not precise either."""
    items, wrong = [], False
    for s in rule.sources:
        value, figures = earlier[s.name], written.get(s.name)
        asked = shown_short(s, value, figures)
        # the right value rounded early, padded or not (0.100 for 0.0996, from 0.10): at 2 figures or more if padded
        right = not inside(value, s.carried) and (too_early(_as_rule(s), value, figures) or figures is not None and
                                                  (rounded_from(value, (s.value,), figures, 1 if asked else 2)
                                                   or asked is not None and carried_rounded(value, s.carried, figures))) \
            and not any(matches(value, t, {}, "numeric") for t in s.traps)
        wrong = wrong or not (right or inside(value, s.carried) or matches(value, s.value, {}, "numeric"))
        if asked is None and not right:
            continue
        said = f"{s.label} = {quoted(value, figures)}"
        items.append(f"{said}, itself rounded too early" if asked is None else
                     f"{said}, shown to only {figures} significant figure{'s' * (figures > 1)} where this paper "
                     f"asks for at least {asked}")
    return EarlySources(tuple(items), wrong)


def computed_early(rule: PartRule, x: float, early: EarlySources, credits: Credits, own: str = "",
                   target: float | None = None, shown: int | None = None) -> Verdict:
    """An answer computed from earlier answers shown to too few figures
    (``early_sources``): rounded too early too, scored as imprecise (and as
    ECF when one of them is wrong: (a) 0.96, a trap, then (b) -ln 0.96).
    ``own``: ECF's ``marked from your (a) = 0.96``; ``target``: the value
    worked from those answers, which the feedback of ECF names beside the
    right one, "expected" (the key's, worked from the exact earlier answers);
    ``shown``: the figures the answer shows, when fewer than asked and right
    given that value, said too (``_short_given``)."""
    items, wrong = early
    if wrong and own and target is not None:
        ecf = f", though right given that value ({from_own_and_exact(rule, own, target)})"
    else:
        ecf = ", though right given that value (error carried forward; " if wrong else \
            _short_given(rule, x, own, target, shown) or " ("
        ecf += f"expected {expected(rule)})"
    return Verdict(IMPRECISE, EARLY, score=credits.imprecise * (credits.ecf if wrong else 1.0), value=x,
                   feedback=f"{COMPUTED_FROM}{' and your '.join(items)}, so this one carries that early rounding{ecf}")


def _short_given(rule: PartRule, x: float, own: str, target: float | None, shown: int | None) -> str:
    """``; right to 2 significant figures given that value (from your (a) = 0.7
    the answer is 1.20), give at least 3 (`` when ``x`` is ``target``, the value
    worked from the student's own earlier answers, rounded to the ``shown``
    figures, fewer than asked: it is short itself too, else ""."""
    asked = figures_asked(rule.kind, rule.spec)
    if not own or target is None or shown is None or asked is None or shown >= asked \
            or not rounds_to(x, target, shown):
        return ""
    return (f"; right to {shown} significant figure{'s' * (shown > 1)} given that value (from your "
            f"{own.removeprefix(MARKED_FROM)} the answer is {answer_as_asked(rule, target)}), give at least {asked} (")


def from_own_and_exact(rule: PartRule, own: str, target: float) -> str:
    """The words of ECF that name both values of a part worked from the
    student's own earlier answers (``own``: ``marked from your (a) = 0.95``),
    one of them wrong: ``target``, the value worked from those answers, and
    the key's, worked from the exact ones: ``error carried forward: from your
    (a) = 0.95 the answer is 3.00; from the exact (a), expected 2.72``. One
    wording for every ECF note of early rounding (here, and rules.py's
    answers short or cut off given those answers as written)."""
    exact = " and ".join(s.label for s in rule.sources)
    return (f"error carried forward: from your {own.removeprefix(MARKED_FROM)} the answer is "
            f"{answer_as_asked(rule, target)}; from the exact {exact}, expected {expected(rule)}")


def _as_rule(source: Source) -> PartRule:
    """The earlier part as a rule of its own kind and tolerance (a count is never rounded too early)."""
    return PartRule(source.name, source.label, source.kind, source.value, source.spec)
