"""One early rounding carried into two later parts is named once (issue 12):
a student who wrote (a) in full but worked both (b) and (c) from it rounded to
2 figures made that one rounding once. The first such part in part order keeps
its mark (rounded too early, early_carry.py, or another slip its answer also
is, such as 2.21 for 2.2155 cut off); each later part right given that same
earlier answer rounded the same way is error carried forward from the rounded
value, saying where the rounding is marked. So is one value near 1 kept short
(near_one.py: σ(s) as 1/1.05) carried into two later parts with the earlier
part blank or showing another value (review 53b F8: C7 (a) blank, (b) and (c)
both from 1/1.05 were each charged, where a written (a) of 1/1.05 was charged
once): the first such part keeps its verdict, each later one right given the
same kept value is ECF from it. Pure helpers of grading/ecf_at_once.py, which
gives them the student's answers."""

from __future__ import annotations

import re
from dataclasses import replace

from quizgen.marking.roundings import sig_roundings
from quizgen.marking.early_carry import EARLY_FIGURES
from quizgen.marking.forms import NUMBER, Reading
from quizgen.marking.coherence import withheld
from quizgen.marking.near_one import kept_sources
from quizgen.marking.quotes import WORKED_WITH, from_own_answers, marked_from, own_numbers, quoted
from quizgen.marking.rule_model import EARLY, ECF, PartRule, Verdict
from quizgen.marking.rules import mark_value
from quizgen.marking.sources import figures_asked
from quizgen.marking.slips import same

_MARKED_THERE = re.compile(r"; [^;]*?early rounding is marked at .*? only(?=[;)])")
"""early_sources' words for an earlier answer written short: here it was written in full."""


def named_once(rule: PartRule, reading: Reading, before: list, values: dict, written: dict, question) -> Verdict | None:
    """The ECF verdict on ``reading`` (``rule``'s answer, marked rounded too
    early) when it is right given an earlier answer it reads rounded to
    ``EARLY_FIGURES`` figures, or given a value near 1 kept short in its place
    (``_kept_near_one``), and a part in ``before`` (``(rule, reading)`` of
    the parts before it) is marked rounded too early and right given the same
    value; else None. ``values``, ``written``: every answer of the question
    and the figures it showed (None for a blank); ``question``: its env, credits and carried sets."""
    for source in rule.sources:
        for rounded, figures, how in (*((r, EARLY_FIGURES, None) for r in _roundings(source, values.get(source.name))),
                                      *_kept_near_one(rule, reading, source)):
            changed = ({**values, source.name: rounded}, {**written, source.name: figures})
            mine = _marked(rule, reading, changed, question)
            if mine.note != ECF:
                continue
            for other, theirs in before:
                if source in other.sources and _early_there(other, theirs, (values, written), question, how) \
                        and _marked(other, theirs, changed, question).note == ECF:
                    if how is None:
                        shown = marked_from((s.label, values[s.name], written.get(s.name)) for s in rule.sources)
                        how = f"{source.label} rounded to {EARLY_FIGURES} significant figures " \
                              f"({quoted(rounded, EARLY_FIGURES)})"
                        return _worded(mine, f"{shown}: ", how, "early rounding", other.label)
                    return _worded(mine, "", f"a value kept to too few figures of its difference from 1 ({how})",
                                   "value kept short", other.label)
    return None


def _roundings(source, value) -> tuple:
    """``value``, an earlier decimal answer, rounded to ``EARLY_FIGURES`` figures when its part asks for more."""
    asked = figures_asked(source.kind, source.spec)
    if value is None or source.kind == "integer" or asked is None or asked <= EARLY_FIGURES or not value:
        return ()
    return tuple(v for v in sig_roundings(value, EARLY_FIGURES) if not same(v, value))


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
