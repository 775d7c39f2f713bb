"""Marking by words: a word part's answer matched on meaning against its
accepted words and traps (forms.read_words), and a number part's answer that
is no number but says one of its traps' words (C5 (a) ``undefined``)."""

from __future__ import annotations

from quizgen.marking.forms import BLANK, read_words
from quizgen.marking.rule_model import CORRECT, INCORRECT, NEEDS_REVIEW, Credits, PartRule, TrapRule, Verdict


def said_trap(rule: PartRule, text, credits: Credits) -> Verdict | None:
    """The verdict on a number part's answer that is no number but says a
    trap's words (C5 (a) ``undefined``: the empty sum taken for the empty
    mean), matched on meaning as a word part's traps are; needs_review when
    it only nearly says one (a misspelling); None when it says none."""
    traps = {t.code: t.words for t in rule.traps if t.words}
    if not traps:
        return None
    reading = read_words(text, (), traps)
    if reading.status == "trap":
        return _trap_verdict(next(t for t in rule.traps if t.code == reading.code), credits)
    return Verdict(NEEDS_REVIEW) if reading.status == NEEDS_REVIEW else None


def _trap_verdict(trap: TrapRule, credits: Credits) -> Verdict:
    return Verdict(INCORRECT, misconception=trap.code, score=credits.traps.get(trap.code, trap.credit),
                   feedback=trap.feedback)


def mark_words(rule: PartRule, text, credits: Credits) -> Verdict:
    """Mark a word answer by meaning (synonyms, negations; forms.read_words)."""
    traps = {t.code: t.words for t in rule.traps if t.words}
    reading = read_words(text, rule.accept, traps)
    if reading.status == "accept":
        return Verdict(CORRECT, score=1.0)
    if reading.status == "trap":
        return _trap_verdict(next(t for t in rule.traps if t.code == reading.code), credits)
    if reading.status in (BLANK, NEEDS_REVIEW):
        return Verdict(reading.status)
    return Verdict(INCORRECT)
