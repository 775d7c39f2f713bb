"""An answer written to fewer significant figures than its part asks, or cut
off instead of rounded: whether it is, and the feedback that says so, with
the part's right answer as "expected" (to the figures asked). Pure helpers
of rules.py."""

from __future__ import annotations

from quizgen.maths.numbers import significant
from quizgen.maths.tolerance import DEFAULT_SIGFIGS
from quizgen.marking.forms import Reading
from quizgen.marking.rule_model import EARLY, IMPRECISE, Credits, PartRule, Verdict
from quizgen.marking.slips import cut_to, rounds_to, same
from quizgen.marking.sources import figures_asked
from quizgen.text.answers import in_plain


def shown_too_few(rule: PartRule, reading: Reading) -> bool:
    """True when the answer read is written to fewer significant figures than the part asks."""
    return reading.figures is not None and reading.figures < (figures_asked(rule.kind, rule.spec) or 0)


def precise(rule: PartRule, reading: Reading, verdict: Verdict, credits: Credits, target=None) -> Verdict:
    """``verdict``, unless the answer shows fewer figures than asked and is
    not exactly ``target`` (default: the answer): then imprecise (a 2 s.f.
    answer is never correct). With ``target`` (the value worked from the
    student's own wrong earlier answers: ECF), the feedback names that value
    as theirs and gives the right answer as "expected"."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or reading.figures is None or reading.figures >= asked:
        return verdict
    if same(reading.value, rule.value if target is None else target):
        return verdict
    figures = f"{reading.figures} significant figure{'s' * (reading.figures > 1)}"
    own = "" if target is None else (
        f" given {'those values' if len(rule.sources) > 1 else 'that value'} (error carried forward; worked from "
        f"your {' and '.join(s.label for s in rule.sources)} that is {significant(target, asked)} to {asked} figures)")
    return Verdict(IMPRECISE, EARLY, score=credits.imprecise, value=reading.value,
                   feedback=f"rounded too early: right to {figures}{own}, give at least {asked} "
                            f"(expected {expected(rule)})")


def too_early(rule: PartRule, x: float, shown: int | None = None) -> str:
    """Feedback when ``x`` is the answer rounded to fewer figures than asked, or cut
    off instead of rounded, else "". ``shown``: the figures written, zeros padded
    after a rounding among them (``6.70`` for 6.719 claims 3 and is wrong at them:
    ""; ``0.00120`` for 0.001208 is cut off); the answer must be right at them (an
    answer right only to fewer figures than it shows is wrong: ``3.0`` for 2.72);
    None (an expression, ``4/8``) names the value that is rounded."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None:
        return ""
    cut = cut_to(x, rule.value, asked)   # cut off at fewer figures is wrong at those figures too
    if shown is not None and shown >= asked:   # padded zeros are figures it claims: wrong at them, unless cut off
        return _cut_off(rule, asked, expected(rule)) if cut else ""
    # right at the figures written ("3.0" for 2.72 is wrong at its 2, not right to 1); an expression
    # (4/8) shows no decimal: right to the most figures below those asked that its value rounds to
    for figures in range(asked - 1, 0, -1) if shown is None else (shown,):
        if rounds_to(x, rule.value, figures):
            said = "right" if shown is not None else f"its value, {significant(x, figures)}, is right"
            return (f"rounded too early: {said} to {figures} significant figure{'s' * (figures > 1)}, "
                    f"give at least {asked} (expected {expected(rule)})")
    return _cut_off(rule, asked, expected(rule)) if cut else ""   # the answer as expected: written only when said


def cut_short(rule: PartRule, x: float, shown: int | None) -> str:
    """Feedback when ``x``, written to fewer figures than asked, is the answer
    cut off at those figures instead of rounded (1.5 for 1.5505, which rounds to
    1.6 at 2; 0.6 for 0.6952, which rounds to 0.7 at 1), else "". Such an answer
    stays incorrect: it is wrong at the figures it shows too (docs/marking.md,
    "Rounded too early"); this only says why. One figure says it only when no
    trap's value rounds or cuts to it too (``_one_figure_is_ours``)."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or shown is None or not 1 <= shown < asked or not cut_to(x, rule.value, shown) \
            or rounds_to(x, rule.value, shown) or (shown == 1 and not _one_figure_is_ours(rule, x)):
        return ""
    figures = f"{shown} significant figure{'s' * (shown > 1)}"
    return (f"cut off instead of rounded, and to too few figures: {significant(stated(rule), asked + 1)} rounds "
            f"to {significant(stated(rule), shown)} at {figures}, and this part asks for at least {asked} "
            f"(expected {expected(rule)})")


def padded(rule: PartRule, x: float, shown: int | None) -> str:
    """Why ``x``, written to at least the figures asked, is wrong though it is the
    answer rounded to 2 figures or more with zeros written after (``6.70`` for
    6.719): the zeros are figures it claims, and at them the answer is another
    number; else "". Agreement at one figure is none worth telling (``2.00`` for 1.72)."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or shown is None or shown < asked:
        return ""
    figures = next((k for k in range(asked - 1, 1, -1) if rounds_to(x, rule.value, k)), None)
    if figures is None:
        return ""
    return (f"the zeros written after {significant(x, figures)} are figures of the answer too: {significant(x, shown)} "
            f"claims {shown} significant figures, and is wrong at them (expected {expected(rule)})")


def _one_figure_is_ours(rule: PartRule, x: float) -> bool:
    """False when ``x``, one figure, is also a trap's value rounded or cut to one
    figure: then it may be that misconception, and too coarse to say which (a
    trap's 2 figures or more are named as it, slips.trap_rounded_or_cut)."""
    return not any(t.value is not None and (rounds_to(x, t.value, 1) or cut_to(x, t.value, 1)) for t in rule.traps)


def _cut_off(rule: PartRule, asked: int, right) -> str:
    return f"cut off instead of rounded: {significant(stated(rule), asked + 1)} rounds to {right}"


def expected(rule: PartRule) -> str:
    """The answer as feedback quotes it: to the figures the part asks (3 when it asks none),
    below 0.001 in scientific form as the papers print it (3.45 × 10⁻⁵, text/answers.py)."""
    return answer_as_asked(rule, stated(rule))


def answer_as_asked(rule: PartRule, value) -> str:
    """``value``, an answer to the part of ``rule``, as feedback quotes it: as ``expected`` quotes the right one."""
    return in_plain(significant(value, figures_asked(rule.kind, rule.spec) or DEFAULT_SIGFIGS))


def stated(rule: PartRule):
    """The part's answer as feedback rounds it: exact when rational (a
    decimal tie rounds as the paper rounds it), else its float."""
    return rule.value if rule.exact is None else rule.exact
