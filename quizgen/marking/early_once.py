"""One early rounding carried into two later parts is named once (issue 12):
a student who wrote (a) in full but worked both (b) and (c) from it rounded to
2 figures made that one rounding once. The first such part in part order keeps
its mark (rounded too early, early_carry.py, or another slip its answer also
is, such as 2.21 for 2.2155 cut off); each later part right given that same
earlier answer rounded the same way is error carried forward from the rounded
value, saying where the rounding is marked. So is one value near 1 kept short
(near_one.py: σ(s) as 1/1.05) carried into two later parts with the earlier
part blank or showing another value (C7 (a) blank, (b) and (c)
both from 1/1.05 were each charged, where a written (a) of 1/1.05 was charged
once): the first such part keeps its verdict, each later one right given the
same kept value is ECF from it. Pure helpers of grading/ecf_at_once.py, which
gives them the student's answers. Both also when the value so carried is
right at its own part, where rules.py gives no ECF from it: C7's σ(s) kept as
1/1.071 = 0.9337, 0.934 like the key's, and, under the policy's
``carried_figures: 4``, (a) carried to 3 figures."""

from __future__ import annotations

import re
from dataclasses import replace

from quizgen.maths.tolerance import matches
from quizgen.marking.as_asked import matched_as_asked
from quizgen.marking.carry import reachable
from quizgen.marking.roundings import written_roundings
from quizgen.marking.early_carry import EARLY_FIGURES, shorter, source_wrong
from quizgen.marking.forms import NUMBER, Reading
from quizgen.marking.coherence import withheld
from quizgen.marking.near_one import kept_sources
from quizgen.marking.quotes import WORKED_WITH, from_own_answers, marked_from, own_numbers, quoted
from quizgen.marking.rule_model import EARLY, ECF, PartRule, Verdict, tolerance_kind
from quizgen.marking.ecf_verdict import ecf_given
from quizgen.marking.rules import mark_value
from quizgen.marking.sources import OWN_RECIPE_ERRORS
from quizgen.marking.slips import same

_MARKED_THERE = re.compile(r"; [^;]*?early rounding is marked at .*? only(?=[;)])")
"""early_sources' words for an earlier answer written short: here it was written in full."""


def named_once(rule: PartRule, reading: Reading, before: list, values: dict, written: dict, question) -> Verdict | None:
    """The ECF verdict on ``reading`` (``rule``'s answer, marked rounded too
    early) when it is right given an earlier answer it reads rounded to
    ``EARLY_FIGURES`` figures, or carried to fewer figures than the policy's
    ``carried_figures`` (``_carried_short``), or given a value near 1 kept short in its place
    (``_kept_near_one``), and a part in ``before`` (``(rule, reading)`` of
    the parts before it) is marked rounded too early and right given the same
    value; else None. ``values``, ``written``: every answer of the question
    and the figures it showed (None for a blank); ``question``: its env, credits and carried sets."""
    for source in rule.sources:
        value, keep = values.get(source.name), question.credits.carried_figures
        for rounded, figures, how in (*((r, EARLY_FIGURES, None) for r in shorter(source, value)),
                                      *_carried_short(source, value, written.get(source.name), keep),
                                      *_kept_near_one(rule, reading, source)):
            changed = ({**values, source.name: rounded}, {**written, source.name: figures})
            mine = _given(rule, reading, changed, question, source, how)
            if mine is None:
                continue
            near = how not in (None, CARRIED_SHORT)
            for other, theirs in before:
                if source in other.sources and _early_there(other, theirs, (values, written), question, near) \
                        and _given(other, theirs, changed, question, source, how) is not None:
                    if near:
                        return _worded(mine, "", f"a value kept to too few figures of its difference from 1 ({how})",
                                       "value kept short", other.label)
                    shown = marked_from((s.label, values[s.name], written.get(s.name)) for s in rule.sources)
                    as_written = same(rounded, value) and written.get(source.name) == figures
                    said = f"{source.label} {'carried as written, to' if as_written else 'rounded to'} {figures} " \
                           f"significant figures" + ("" if as_written else f" ({quoted(rounded, figures)})")
                    return _worded(mine, f"{shown}: ", said, "early rounding", other.label)
    return None


CARRIED_SHORT = "carried short"
"""``_carried_short``'s mark for its values, which are right at their part: ECF from them is looked for
as from a value kept short (``_given``), not only as rules.py gives it from a wrong one."""


def _given(rule: PartRule, reading: Reading, changed: tuple, question, source, how) -> Verdict | None:
    """``rule``'s ECF verdict on ``reading`` given the earlier answers ``changed`` (values, figures), or
    None. A value kept short (near 1, ``how`` a keeping; or ``CARRIED_SHORT``) may be right at its own
    part's figures (1/1.071 = 0.9337 is 0.934 like the key's; (a) 0.599 under ``carried_figures: 4``),
    where rules.py gives no ECF from it: the answer is then ECF when the part's working from that value
    gives it, as after a wrong one; after the right value carried short, at full
    ECF credit, as after it rounded to 2 figures (early_sources.early_credits)."""
    mine = _marked(rule, reading, changed, question)
    if mine.note == ECF:
        return mine
    values, written = changed
    if how is None or source_wrong(source, values[source.name], written.get(source.name)):
        return None
    credits = replace(question.credits, ecf=1.0) if how == CARRIED_SHORT else question.credits
    return _from_kept(rule, reading, values, written, question, credits)   # the right value carried short: in full


def _from_kept(rule: PartRule, reading: Reading, values: dict, written: dict, question, credits) -> Verdict | None:
    """ECF's verdict (ecf_verdict.ecf_given, at ``credits``) on ``reading`` when the part's working from the
    earlier ``values`` (plain, or carried as the policy carries) gives it at the figures asked; else None."""
    if rule.recipe is None or any(values.get(d) is None for d in rule.recipe.depends):
        return None
    given, kind = {d: (values[d],) for d in rule.recipe.depends}, tolerance_kind(rule)
    x, traps = reading.value, tuple(t.value for t in rule.traps)
    try:
        plain = [v for v in reachable(rule.recipe, question.env, given, levels=()) if isinstance(v, float)]
        if not any(matched_as_asked(x, v, kind, rule.spec, reading.figures, traps) for v in plain) and not any(
                isinstance(v, float) and matches(x, v, rule.spec, kind)
                for v in reachable(rule.recipe, question.env, given, levels=question.credits.levels)):
            return None
    except OWN_RECIPE_ERRORS:
        return None
    if not plain:
        return None
    shown = marked_from((s.label, values[s.name], written.get(s.name)) for s in rule.sources)
    return ecf_given(rule, reading, shown, min(plain, key=lambda v: abs(x - v)), credits)


def _carried_short(source, value, shown, keep: int) -> tuple:
    """``((value carried, its figures, CARRIED_SHORT), ...)``: ``value``, an earlier decimal answer, as
    carried to more figures than ``EARLY_FIGURES`` but fewer than the policy's ``carried_figures``
    (``keep``): as written (``shown`` figures), or rounded so (under ``carried_figures: 4``
    C7's (a) 0.599, carried into (b) and (c), was charged at both)."""
    if value is None or not value or source.kind == "integer" or keep <= EARLY_FIGURES + 1:
        return ()
    found = [(value, shown, CARRIED_SHORT)] if isinstance(shown, int) and EARLY_FIGURES < shown < keep else []
    return (*found, *((v, figures, CARRIED_SHORT) for figures in range(EARLY_FIGURES + 1, keep)
                      for v in written_roundings(value, figures) if not same(v, value)))


def _kept_near_one(rule: PartRule, reading: Reading, source) -> list:
    """``[(value kept, figures it is named with, how it was kept)]``: ``source``'s probability kept short
    of its difference from 1 (near_one.py) from which ``rule``'s working gives ``reading``: the student's
    own earlier answer, blank or another value, is not it, so ECF from it is looked for here."""
    if reading.value is None:
        return []
    return [(kept, figures, how) for name, kept, figures, how in kept_sources(rule, reading.value, reading.figures)
            if name == source.name]


def _marked(rule: PartRule, reading: Reading, answers: tuple, question) -> Verdict:
    """``rule``'s verdict on ``reading`` given the earlier answers (values, figures) as rules.py marks it;
    with one of them blank, as the pass marks it alone (no earlier answers, no parameters read)."""
    values, written = answers
    earlier = {d: values.get(d) for d in rule.recipe.depends} if rule.recipe is not None else {}
    if None in earlier.values():
        return mark_value(rule, reading, {}, {}, question.credits, question.carried)
    return mark_value(rule, reading, earlier, question.env, question.credits, question.carried, written)


def _early_there(rule: PartRule, reading: Reading, answers: tuple, question, kept_near_one) -> bool:
    """Whether ``rule``'s answer ``reading`` is marked rounded too early given the student's earlier
    ``answers``; for a value near 1 kept short (``kept_near_one``), also when they change nothing of its
    verdict alone (an (a) blank or wrong: the pass's verdict stands, ECF neither given nor withheld
    nor worked from them), as ``ecf_at_once.ecf_verdict`` leaves it."""
    given = _marked(rule, reading, answers, question)
    if given.note == EARLY or not kept_near_one:
        return given.note == EARLY
    if given.note == ECF or withheld(given.feedback) or from_own_answers(given.feedback):
        return False
    return _marked(rule, reading, ({}, {}), question).note == EARLY


def _worded(verdict: Verdict, shown: str, how: str, what: str, where: str) -> Verdict:
    """``verdict`` (ECF from the value ``how`` names) after ``shown`` (the answers as written, or
    nothing), saying where the ``what`` (the early rounding, the value kept short) is marked and what
    the answer matches (the working from that value), not what the student did."""
    rest = _MARKED_THERE.sub("", own_numbers(verdict.feedback)[1]).replace(
        "(error carried forward", f"(error carried forward; that {what} is marked at {where} only", 1)
    return replace(verdict, feedback=f"{shown}{WORKED_WITH}{how}, as your {where} is: {rest}")


def reading_of(value: float, figures) -> Reading:
    """A number answer as read: its value and the significant figures it showed."""
    return Reading(NUMBER, value, figures)
