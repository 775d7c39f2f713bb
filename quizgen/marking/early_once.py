"""One early rounding carried into two later parts is named once (issue 12):
a student who wrote (a) in full but worked both (b) and (c) from it rounded to
2 figures made that one rounding once. The first such part in part order keeps
its mark (rounded too early, early_carry.py, or another slip its answer also
is, such as 2.21 for 2.2155 cut off); each later part right given that same
earlier answer rounded the same way is error carried forward from the rounded
value, saying where the rounding is marked. Pure helpers of
grading/ecf_at_once.py, which gives them the student's answers."""

from __future__ import annotations

import re
from dataclasses import replace

from quizgen.marking.roundings import sig_roundings
from quizgen.marking.early_carry import EARLY_FIGURES
from quizgen.marking.forms import NUMBER, Reading
from quizgen.marking.quotes import marked_from, own_numbers, quoted
from quizgen.marking.rule_model import EARLY, ECF, IMPRECISE, PartRule, Verdict
from quizgen.marking.rules import mark_value
from quizgen.marking.sources import figures_asked
from quizgen.marking.slips import same

_MARKED_THERE = re.compile(r"; [^;]*?early rounding is marked at .*? only(?=[;)])")
"""early_sources' words for an earlier answer written short: here it was written in full."""


def named_once(rule: PartRule, reading: Reading, before: list, values: dict, written: dict, question) -> Verdict | None:
    """The ECF verdict on ``reading`` (``rule``'s answer, marked rounded too
    early) when it is right given an earlier answer it reads rounded to
    ``EARLY_FIGURES`` figures, and a part in ``before`` (``(rule, reading)`` of
    the parts before it) is marked rounded too early and right given the same
    rounding; else None. ``values``, ``written``: every answer of the question
    and the figures it showed; ``question``: its env, credits and carried sets."""
    for source in rule.sources:
        for rounded in _roundings(source, values.get(source.name)):
            changed = ({**values, source.name: rounded}, {**written, source.name: EARLY_FIGURES})
            mine = _marked(rule, reading, changed, question)
            if mine.note != ECF:
                continue
            for other, theirs in before:
                if source in other.sources and _marked(other, theirs, (values, written), question).note == EARLY \
                        and _marked(other, theirs, changed, question).note == ECF:
                    return _worded(mine, rule, source, rounded, values, written, other.label)
    return None


def _roundings(source, value) -> tuple:
    """``value``, an earlier decimal answer, rounded to ``EARLY_FIGURES`` figures when its part asks for more."""
    asked = figures_asked(source.kind, source.spec)
    if value is None or source.kind == "integer" or asked is None or asked <= EARLY_FIGURES or not value:
        return ()
    return tuple(v for v in sig_roundings(value, EARLY_FIGURES) if not same(v, value))


def _marked(rule: PartRule, reading: Reading, answers: tuple, question) -> Verdict:
    """``rule``'s verdict on ``reading`` given the earlier answers (values, figures) as rules.py marks it."""
    values, written = answers
    earlier = {d: values.get(d) for d in rule.recipe.depends} if rule.recipe is not None else {}
    if None in earlier.values():
        return Verdict(IMPRECISE, value=reading.value)
    return mark_value(rule, reading, earlier, question.env, question.credits, question.carried, written)


def _worded(verdict: Verdict, rule: PartRule, source, rounded: float, values: dict, written: dict,
            where: str) -> Verdict:
    """``verdict`` (ECF from the rounded value) naming the answers as written and where the rounding is
    marked, saying what the answer matches (the working from the rounded value), not what the student did."""
    mine = marked_from((s.label, values[s.name], written.get(s.name)) for s in rule.sources)
    rest = _MARKED_THERE.sub("", own_numbers(verdict.feedback)[1]).replace(
        "(error carried forward", f"(error carried forward; that early rounding is marked at {where} only", 1)
    how = f"{source.label} rounded to {EARLY_FIGURES} significant figures ({quoted(rounded, EARLY_FIGURES)})"
    return replace(verdict, feedback=f"{mine}: your answer is what the working gives with {how}, as your {where} is: "
                                     f"{rest}")


def reading_of(value: float, figures) -> Reading:
    """A number answer as read: its value and the significant figures it showed."""
    return Reading(NUMBER, value, figures)
