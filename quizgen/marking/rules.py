"""Marking one part like a careful human marker: error carried forward
(``ecf``), carried rounding, rounded too early, traps with partial credit.

A ``PartRule`` holds everything a part is marked against (its value, tolerance, traps, recipe and
the carried-rounding intervals; made from the key by grading/careful.py, or from an instance by paper.py);
``mark_part`` marks one answer given the student's final answers to the earlier parts. Both are pure."""

from __future__ import annotations

import math
from dataclasses import replace

from quizgen.maths.numbers import key_answer, significant
from quizgen.maths.tolerance import half_width, matches
from quizgen.marking.carry import LEVELS, inside, reachable
from quizgen.marking.carried_words import CARRIED_ACCEPTED, unrounded_clause
from quizgen.marking.hull import given_reach
from quizgen.marking.coherence import beyond_range, sensible
from quizgen.marking.forms import BLANK, INFINITE, NUMBER, REVIEW, Reading, read_number
from quizgen.marking.quotes import marked_from, quoted, those_values, with_slip
from quizgen.marking.early_carry import any_wrong as _any_wrong, carried_early, cut_or_near_one, tie_told
from quizgen.marking.early import (PADDED_END, ZEROS_ACCEPTED, count_rounded, cut_early, expected, precise, short_slip,
                                   shown_too_few, stated, zeros_left_off)
from quizgen.marking.carried_short import carried_short
from quizgen.marking.ecf_verdict import ecf_given, no_ecf_marks as _no_ecf_marks, share as _share
from quizgen.marking.own_right import right_from_own, short_own_told
from quizgen.marking.own_step_early import own_tie
from quizgen.marking.expression_value import judged, told_value
from quizgen.marking.early_sources import early_credits, early_sources, from_own_and_exact, kept_figures, \
    rounding_alone, worked_from_early
from quizgen.marking.slips import cut_to, rounded_twice, rounds_to, not_whole, same, trap_matched, trap_rounded_or_cut
from quizgen.marking.sources import (OWN_RECIPE_ERRORS, as_counted, figures_asked, trap_carried_on,
                                     unrounded_fits, unrounded_given, whole_numbers)
from quizgen.marking.rule_model import (CARRIED, CARRIED_LIMIT, CORRECT, ECF, EARLY, IMPRECISE, INCORRECT,
                                        INVALID, NEEDS_REVIEW, OVERRIDE, Credits, PartRule, Source,
                                        TrapRule, Verdict, near_plain, tolerance_kind)
from quizgen.marking.words import mark_words, said_trap
from quizgen.marking.percent import STRAY_PERCENT, percent_unread, scale_slip, stray_percent
from quizgen.marking.as_asked import (at_asked, carried_accepts, ecf_as_asked, matched_as_asked, named_as_asked,
                                     rounds_as_asked, rounds_otherwise)

__all__ = ["source_of", "mark_part", "mark_value", "figures_asked", "mark_words", "said_trap",
           # the records and statuses of rule_model.py, which callers import from here
           "CARRIED", "CARRIED_LIMIT", "CORRECT", "ECF", "EARLY", "IMPRECISE", "INCORRECT", "INVALID",
           "NEEDS_REVIEW", "OVERRIDE", "Credits", "PartRule", "Source", "TrapRule", "Verdict"]


def source_of(rule: PartRule) -> Source:
    """``rule`` as an earlier part a later part's recipe reads."""
    traps = tuple(t for t in rule.traps if t.value is not None)
    return Source(rule.name, rule.label, rule.value, rule.carried, tuple(t.value for t in traps), rule.spec,
                  tolerance_kind(rule), tuple(t.code for t in traps), rule.bounds)


def mark_part(rule: PartRule, text, earlier: dict, env: dict, credits: Credits = Credits(),
              decimal_comma: bool = False, written: dict | None = None) -> Verdict:
    """Mark the answer ``text`` of one part (module docstring); ``written``: the figures earlier answers show."""
    if rule.value is None:
        return mark_words(rule, text, credits)
    reading = read_number(text, rule.percent, decimal_comma, rule.kind == "integer", units=rule.units)
    if reading.status == BLANK and not reading.reason:
        return Verdict(BLANK)
    if reading.status != NUMBER:   # BLANK with a reason: "n/a", which may also say a trap's "undefined"
        said = said_trap(rule, text, credits)
        if said is not None:
            return said
        status = {REVIEW: NEEDS_REVIEW, BLANK: BLANK, INFINITE: INCORRECT}.get(reading.status, INVALID)
        return Verdict(status, feedback=reading.reason)
    value, figures = judged(reading.figures, reading.value, rule.value, figures_asked(rule.kind, rule.spec))
    return mark_value(rule, replace(reading, value=value, figures=figures), earlier, env, credits, written=written)


def mark_value(rule: PartRule, reading: Reading, earlier: dict, env: dict, credits: Credits = Credits(),
               carried: dict | None = None, written: dict | None = None) -> Verdict:
    """Mark a number already read (``_mark_value``); an answer rounded too early that the policy gives part marks
    says how many, as ECF's part marks do, and one wrong only by a stray % sign, or read as hundredths on a part
    whose answer is no share, goes to a person (percent.py); ECF is checked for sense (coherence.py: a
    misconception carried on, ranges); an expression near the answer that nothing names is told its value."""
    unread = percent_unread(reading, rule.value, rule.spec, tolerance_kind(rule), rule.bounds)
    if unread:   # a % on a part whose answer is no share (a loss, a count): hundredths are no reading of it
        return Verdict(NEEDS_REVIEW, value=reading.value, feedback=unread)
    verdict = sensible(rule, reading, earlier, env, credits, carried, written, _mark_value, ecf_given)
    if verdict.status == INCORRECT and not verdict.misconception \
            and stray_percent(reading, rule.value, rule.spec, tolerance_kind(rule)):
        return Verdict(NEEDS_REVIEW, value=reading.value, feedback=STRAY_PERCENT)
    slip = scale_slip(reading, rule.value, rule.spec, tolerance_kind(rule), rule.percent, rule.bounds) \
        if verdict.status == INCORRECT and not verdict.misconception and not verdict.feedback else None
    if slip:   # 23.3 for a probability of 0.2327: told what was asked (percent.py)
        return Verdict(NEEDS_REVIEW, value=reading.value, feedback=slip[1]) if slip[0] else replace(verdict, feedback=slip[1])
    if verdict.status == INCORRECT and rule.kind == "integer" \
            and math.isfinite(reading.value) and reading.value != round(reading.value):
        own = "" if reading.hundredths else _fraction_from_own(rule, reading.value, earlier, env, written or {})
        if own:   # their own wrong earlier answer's count, unrounded: that, not a trap named again
            return replace(verdict, misconception="", score=0.0, feedback=own)
        return verdict if verdict.feedback else replace(verdict, feedback=not_whole(rule, reading))
    if verdict.status == IMPRECISE and verdict.note == EARLY and credits.zeros_optional \
            and zeros_left_off(rule, reading.value, reading.figures):
        return Verdict(CORRECT, score=1.0, value=reading.value, feedback=(credits.zeros_said or ZEROS_ACCEPTED).format(
            right=expected(rule), asked=figures_asked(rule.kind, rule.spec)))
    if verdict.status == IMPRECISE and 0 < verdict.score < 1 and "in this course" not in verdict.feedback:
        joint = "; this answer earns" if verdict.feedback.endswith(PADDED_END) else ", which earns"   # not the zero's
        return replace(verdict, feedback=f"{verdict.feedback}{joint} {_share(verdict.score)} of the marks "
                                         "in this course")
    return beyond_range(told_value(short_own_told(verdict, rule, reading, earlier, env, written or {}), reading, rule,
                                   lambda: expected(rule)), rule, reading)   # -ln(0.0663): 2.71357 is 2.71; p = 1.07: beyond the range


FRACTION_FROM_OWN = ("{}: {} is what {} give{}, but a count is a whole number, so round it: {} is correct given "
                     "{} (error carried forward). A count that comes out as a fraction is a sign to check the "
                     "earlier answer it was worked from")
"""The feedback on a fraction that is exactly the count worked from the
student's own earlier answers (one wrong): a whole-number count (the stem's
counts are whole) can come out fractional only from a wrong earlier answer."""


def _fraction_from_own(rule: PartRule, x: float, earlier: dict, env: dict, written: dict) -> str:
    """``FRACTION_FROM_OWN`` when the count ``x``, no whole number, is exactly
    what the part's recipe gives from the student's own earlier answers (some
    of them wrong: C6 (a) one sequence's 45, then (c) 10% of it, 4.5), else
    "": the fraction came from their earlier answer, and its neighbours (4 or
    5) are what ECF accepts."""
    own = _own_wrong(rule, earlier, env, written)
    if own is None:
        return ""
    try:
        plain = reachable(rule.recipe, env, {d: (v,) for d, v in own.items()}, levels=())
    except OWN_RECIPE_ERRORS:
        return ""
    value = next((v for v in plain if same(x, v)), None)
    if value is None:
        return ""
    counts = " or ".join(quoted(v) for v in whole_numbers((value,)))
    mine, those = _from_own(rule, own, written)
    return FRACTION_FROM_OWN.format(mine, quoted(x), those, "" if len(rule.sources) > 1 else "s", counts, those)


def _from_own(rule: PartRule, own: dict, written: dict) -> tuple:
    """``(marked from your (a) = ..., "that value")``: how feedback names the own earlier answers worked from."""
    return marked_from((s.label, own[s.name], written.get(s.name)) for s in rule.sources), those_values(rule.sources)


def _mark_value(rule: PartRule, reading: Reading, earlier: dict, env: dict, credits: Credits = Credits(),
                carried: dict | None = None, written: dict | None = None) -> Verdict:
    """Mark a number already read: correct, ECF, trap, carried rounding (from the
    key's values, then from the student's own right ones: own_right.py), rounded
    too early, or incorrect, in that order (a trap beats carried rounding; a
    correct consequence of the student's own earlier answer is ECF even when it
    equals a trap: one mistake is named once). ``carried``, when given, keeps the
    carried-rounding sets worked out from the earlier answers (one dict per
    question instance: many students share them). ``written``: the significant
    figures each earlier answer showed, so feedback quotes it as written (0.0100)."""
    x, kind, written = reading.value, tolerance_kind(rule), written or {}
    carried = {} if carried is None else carried
    key, shown = stated(rule), reading.figures   # more figures than asked: right at those asked (as_asked.py)
    if matches(x, rule.value, rule.spec, kind) and not rounds_otherwise(x, key, rule.kind, rule.spec, shown) \
            or rounds_as_asked(x, key, rule.kind, rule.spec, shown, (t.value for t in rule.traps)):
        return precise(rule, reading, Verdict(CORRECT, score=1.0, value=x), credits)
    ecf, target, alone = _ecf(rule, reading, earlier, env, carried, credits.levels, written)
    early, short = early_sources(rule, earlier, written) if ecf else (), shown_too_few(rule, reading)
    if not ecf or early or (short and not same(x, target)):
        # the unrounded trap their (a) stands for, carried on, is no early rounding: (a) 0.0498 for e^-3, then 3
        unrounded = trap_carried_on(rule, reading, earlier, env, written)
        if ecf and (short or not early) and (unrounded is None or not same(x, unrounded[1])):
            unrounded = None   # right given their (a) as written, only shown short: told below
        if unrounded is not None:
            ecf, target, early, alone = *unrounded, (), False
    if ecf:   # from (a) as written, rounded too early there (no other mistake: full marks): named once, at (a)
        return ecf_given(rule, reading, ecf, target, early_credits(rule, earlier, written, credits, early), early,
                            alone)
    trap, feedback = trap_matched(rule.traps, x, rule.spec, kind)   # a count's also at a fraction's roundings
    if trap is not None:
        return Verdict(INCORRECT, misconception=trap.code, score=credits.traps.get(trap.code, trap.credit),
                       feedback=feedback, value=x)
    traps = tuple(t.value for t in rule.traps)   # more figures than asked: carried at those asked (as_asked.py)
    if carried_accepts(x, shown, rule.carried, rule.kind, rule.spec, traps):
        feedback = CARRIED_ACCEPTED + unrounded_clause(rule.written or key_answer(stated(rule), 'numeric', 0))
        verdict = precise(rule, reading, Verdict(CORRECT, CARRIED, score=1.0, value=x, feedback=feedback), credits)
        own = worked_from_early(rule, reading, earlier, env, written) if earlier else None
        if own is not None:   # their own (a) as written, rounded early and marked there: ECF's words, same marks
            ecf = ecf_given(rule, reading, *own[:2], replace(credits, ecf=1.0), own[2])
            verdict = ecf if (ecf.status, ecf.score) == (verdict.status, verdict.score) else verdict
        return verdict
    own = right_from_own(rule, x, shown, earlier, env, written, lambda g, near: _carried(
        carried, rule, env, g, credits.levels, (near, None)), credits.carried_figures)
    if own:   # right given their own right (a) as written, not the key's exact (a): no mistake anywhere
        return Verdict(CORRECT, CARRIED, score=1.0, value=x, feedback=own)
    early_note = cut_or_near_one(rule, x, reading.figures, earlier, written)   # cut off, or 1 + e^(-s) kept short
    # an answer written to fewer figures than asked is that, whatever carrying also reaches it
    short = "" if early_note and shown_too_few(rule, reading) else \
        carried_short(rule, x, earlier, env, credits, written, reading.figures)
    if short or early_note:
        return Verdict(IMPRECISE, EARLY, score=credits.imprecise, feedback=short or early_note, value=x)
    slip = _slip(rule, x, reading.figures, credits, lambda: _own_early(rule, reading, earlier, env, carried, credits,
                                                                        written),   # 0.6348: 0.635's trap, if any
                 lambda: own_tie(rule, x, earlier, env, credits, written, reading.figures),
                 lambda: _cut_from_own(rule, reading, earlier, env, credits, written))
    return named_as_asked(rule, reading, slip, lambda r: _mark_value(rule, r, earlier, env, credits, carried, written))


def _own_early(rule: PartRule, reading: Reading, earlier: dict, env: dict, carried: dict, credits: Credits,
               written: dict) -> tuple:
    """``_early_given_own``, else ``early_carry.carried_early`` (an earlier answer or a step rounded to 2
    figures, written so or not); no earlier answer counts wrong that is only rounded early, marked there."""
    found = _early_given_own(rule, reading, earlier, env, carried, credits.levels, written)
    early, wrong = found if found[0] else carried_early(rule, reading.value, earlier, env, credits, written, reading.figures)
    return early, wrong and not rounding_alone(rule, earlier, written)


def _slip(rule: PartRule, x: float, shown: int | None, credits: Credits, own, own_tie=lambda: "",
          cut_from_own=lambda: None) -> Verdict:
    """An incorrect answer, told why when it is the answer rounded twice, or a misconception's value rounded
    too early or cut off (named: its credit times the imprecise credit); else, when ``own()`` (``_early_given_own``,
    worked out only then) says so, rounded too early or cut off from the student's own earlier answers (both
    credits when one of them is wrong): a trap's value stays the trap; or worked from an intermediate rounded to 2
    figures (``carried_early``); or the value cut off at 2 figures or more, fewer than asked (``cut_early``); or,
    last, a value the working (one step kept short too) reaches at a tie, rounded half towards zero (``tie_told``;
    ``own_tie()``: from the student's own earlier answers, own_step_early.own_tie). ECF's value cut off
    (``cut_from_own()``) is rounded too early from the student's answers, before any trap of this part cut off."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None:   # a count: told when it is the count rounded
        return Verdict(INCORRECT, value=x, feedback=count_rounded(rule, x))
    found = trap_rounded_or_cut(rule.traps, asked, x, shown, rule.value)
    cut = cut_from_own() if found is not None and found[1] is None and not inside(x, found[0].carried) else None
    if cut is not None:   # one mistake named once: the trap at (a), not a trap here again
        return cut
    if found is None:
        early, wrong = own()
        if not early and (cut := cut_from_own()) is not None:   # the exact trap behind (a) carried on, cut off
            return cut
        early, wrong = (early, wrong) if early else (cut_early(rule, x, shown), False)   # cut off at 2 or more
        if early:
            return Verdict(IMPRECISE, EARLY, score=credits.imprecise * (credits.ecf if wrong else 1.0),
                           feedback=_no_ecf_marks(early, credits) if wrong else early, value=x)
        told = rounded_twice(stated(rule), asked, x) or short_slip(rule, x, shown) or tie_told(rule, x, credits, shown) \
            or own_tie()
        return Verdict(INCORRECT, value=x, feedback=told)
    trap, figures = found
    if figures is None and inside(x, trap.carried):   # the trap carried to 3 figures or more: no slip on it
        return Verdict(INCORRECT, misconception=trap.code, score=credits.traps.get(trap.code, trap.credit),
                       feedback=trap.feedback, value=x)
    how = (f"cut off instead of rounded: {significant(trap.value, asked + 1)} rounds to "
           f"{significant(trap.value, asked)}" if figures is None else
           f"rounded to {figures} significant figure{'s' * (figures > 1)}: give at least {asked}")
    return Verdict(INCORRECT, misconception=trap.code, value=x,
                   score=credits.traps.get(trap.code, trap.credit) * credits.imprecise,
                   feedback=with_slip(trap.feedback, how))


def _cut_from_own(rule: PartRule, reading: Reading, earlier: dict, env: dict, credits: Credits,
                  written: dict) -> Verdict | None:
    """ECF's verdict, cut off (ecf_verdict.cut_given), when the answer read, written to the figures asked or
    more, is the value worked from the student's own earlier answers (one wrong: as written, or the exact trap
    one stands for) cut off there instead of rounded (C7: (a) 0.0660, the sign error, then (b) 2.71 for
    -ln(0.0660) = 2.7181, not this part's trap cut off again); else None."""
    asked, x, own = figures_asked(rule.kind, rule.spec), reading.value, _own_wrong(rule, earlier, env, written)
    if own is None or asked is None or reading.figures is not None and reading.figures < asked:
        return None
    for given, ecf in filter(None, (({d: (v,) for d, v in own.items()}, _from_own(rule, own, written)[0]),
                                    unrounded_given(rule, own, written))):
        try:
            values = reachable(rule.recipe, env, given, levels=())
        except OWN_RECIPE_ERRORS:
            continue
        cut = [v for v in values if cut_to(x, v, asked) and not matches(x, v, rule.spec, tolerance_kind(rule))]
        if cut:
            return ecf_given(rule, reading, ecf, cut[0], credits, cut=True)
    return None


def _early_given_own(rule: PartRule, reading: Reading, earlier: dict, env: dict, carried: dict, levels,
                     written: dict) -> tuple:
    """``(feedback, whether an earlier answer read is wrong)`` when the answer
    read, written to fewer figures than asked, is right to those figures given
    the student's own earlier answers as written (C2: (a) 0.0235 for p = 0.02352,
    then (b) 3.8 from -ln(0.0235) = 3.7506, though -ln(p) = 3.7496 is 3.7 to 2
    figures), or is their value cut off at the figures asked (C8: (a) 0.0209,
    then (b) 3.86 from -ln(0.0209) = 3.8680), else ``("", False)``: rounded too
    early, not wrong. Their answers may be right; ECF (``_ecf``) covers wrong
    ones rounded."""
    asked, shown = figures_asked(rule.kind, rule.spec), reading.figures
    if rule.recipe is None or not env or asked is None:
        return "", False
    own = {d: earlier.get(d) for d in rule.recipe.depends}
    if any(v is None for v in own.values()):
        return "", False
    try:
        given = {d: (v,) for d, v in own.items()}
        plain = reachable(rule.recipe, env, given, levels=())
        if shown is None or shown >= asked:
            return _cut_given_own(rule, reading.value, plain, own, written)
        values = (*plain, *_carried(carried, rule, env, given, levels, (reading.value, shown)))
    except OWN_RECIPE_ERRORS:
        return "", False
    if not any(rounds_to(reading.value, v, shown) for v in values):
        return "", False
    (mine, those), wrong = _from_own(rule, own, written), _any_wrong(own, rule, written)
    target = min(plain or values, key=lambda v: abs(reading.value - v))   # the value from their own answers
    return (f"{mine}: right to {shown} significant figure{'s' * (shown > 1)} given {those} as written, but "
            f"rounded too early: this paper asks for at least {asked} "
            f"({_expected_given(rule, mine, target, wrong)})"), wrong


def _cut_given_own(rule: PartRule, x: float, plain: tuple, own: dict, written: dict) -> tuple:
    """``_early_given_own``'s verdict on an answer showing enough figures: one of
    the ``plain`` values worked from the student's own answers, cut off at the
    figures asked instead of rounded."""
    asked, kind = figures_asked(rule.kind, rule.spec), tolerance_kind(rule)
    cut = next((v for v in plain if cut_to(x, v, asked) and not matches(x, v, rule.spec, kind)), None)
    if cut is None:
        return "", False
    (mine, those), wrong = _from_own(rule, own, written), _any_wrong(own, rule, written)
    return (f"{mine}: cut off instead of rounded: {significant(cut, asked + 1)}, worked from {those}, rounds to "
            f"{significant(cut, asked)} ({_expected_given(rule, mine, cut, wrong)})"), wrong


def _expected_given(rule: PartRule, mine: str, target: float, wrong: bool) -> str:
    """The end of a note on an answer worked from the student's own earlier
    answers (``mine``: ``marked from your (a) = 0.770``): the key's value,
    "expected", and when one of those answers is wrong (ECF) the value
    ``target`` worked from them too, in the words of early_sources' ECF."""
    return from_own_and_exact(rule, mine, target) if wrong else f"expected {expected(rule)}"


def _ecf(rule: PartRule, reading: Reading, earlier: dict, env: dict, carried: dict, levels=LEVELS,
         written: dict | None = None):
    """``(feedback, the plain recomputation nearest the answer, whether only values their answers round reach
    it)`` when the answer read is right given the student's own earlier answers (some of them
    wrong), or is such a value (carried rounding included) rounded to fewer
    figures than asked, else ``("", None, False)``. The plain value is what the figures
    are judged against, as the key's value is without ECF. The carried-rounding
    set of those answers is looked up in ``carried`` first."""
    x, kind, rk, shown = reading.value, tolerance_kind(rule), (rule.kind, rule.spec), reading.figures
    own = _own_wrong(rule, earlier, env, written)
    if own is None or (kind == "integer" and not float(x).is_integer()):
        return "", None, False   # a count is never a fraction (as_counted): _fraction_from_own works it out
    try:
        given = {d: (v,) for d, v in own.items()}
        plain = as_counted(rule, x, reachable(rule.recipe, env, given, levels=()))   # a count: 67 or 68
        if not any(near_plain(x, v, rule.spec, kind) for v in plain):
            return "", None, False   # far from the plain recomputation: no rounding on the way reaches it
        # more figures than asked: judged at those asked (2.532 for their 2.5257 is 2.53), as without ECF
        traps = tuple(t.value for t in rule.traps)
        hit = any(matched_as_asked(x, v, *rk, shown, traps) for v in plain)
        short, y = shown if shown_too_few(rule, reading) else None, at_asked(x, shown, *rk)
        values = plain if hit or kind == "integer" else \
            _carried(carried, rule, env, given, levels, (x, short)) or \
            y != x and _carried(carried, rule, env, given, levels, (y, short)) or ()
        target, fits = min(values, key=lambda v: abs(x - v), default=None), ecf_as_asked(x, shown, values, *rk)
        fits = target is not None and abs(x - target) <= half_width(target, rule.spec, kind) \
            if fits is None else fits or hit
        alone = not fits and not hit and not _rounded_early_from(rule, reading, (*plain, *values))
        if alone and not unrounded_fits(rule, y, env, own, kept_figures(rule.sources, own, written), (x, shown)):
            return "", None, False
    except OWN_RECIPE_ERRORS:
        return "", None, False
    written = written or {}
    return (marked_from((s.label, own[s.name], written.get(s.name)) for s in rule.sources),
            min(plain, key=lambda v: abs(x - v)), alone)


def _own_wrong(rule: PartRule, earlier: dict, env: dict, written: dict | None) -> dict | None:
    """``{name: the student's own answer}`` of every earlier part the recipe reads, each answered and
    some not right at its own part (what ECF and ``_fraction_from_own`` work from), else None."""
    if rule.recipe is None or not env:
        return None
    own = {d: earlier.get(d) for d in rule.recipe.depends}
    return None if any(v is None for v in own.values()) or not _any_wrong(own, rule, written) else own


def _rounded_early_from(rule: PartRule, reading: Reading, values) -> bool:
    """True when the answer read is one of ``values`` (those right given the
    student's own earlier answers) rounded to the fewer figures it shows than
    the part asks (2.2 from -ln(0.114) = 2.1716: right given their own (a), but
    rounded too early). An answer in a trap's window is that trap: only an
    answer right given (a) beats one."""
    if not shown_too_few(rule, reading):
        return False
    kind = tolerance_kind(rule)
    if any(t.value is not None and matches(reading.value, t.value, rule.spec, kind) for t in rule.traps):
        return False
    return any(rounds_to(reading.value, v, reading.figures) for v in values)


def _carried(carried: dict, rule: PartRule, env: dict, given: dict, levels, near: tuple) -> tuple:
    """Every value ``rule``'s recipe reaches from the ``given`` earlier
    answers with rounded intermediates, kept in ``carried`` (bounded).
    ``near`` (answer, figures or None): only values within tolerance of the
    answer, or rounding to it at those figures, matter to the caller, so ()
    when the recipe's hull shows none can be, without working out the sets."""
    token = (rule.name, *(v for (v,) in given.values()))
    values = carried.get(token)
    if values is None:
        reach = given_reach(rule.recipe, env, given, rule.spec, tolerance_kind(rule), near[1], levels)
        if reach is not None and not reach[0] <= near[0] <= reach[1]:
            return ()
        if len(carried) >= CARRIED_LIMIT:
            carried.clear()
        values = carried[token] = reachable(rule.recipe, env, given, levels)
    return values
