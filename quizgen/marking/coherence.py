"""Sense checks on error carried forward (ECF), from the key alone: no
template has code of its own here.

- **A misconception carried on.** When an earlier answer a part's recipe
  reads stands for a trap of code X (``sources.trap_behind``), and the part
  has a trap of code X too, that trap's value is what the student's method
  gives here (C10: (a) 4, counting only the masked positions, then (b) the
  mean over those 4 positions). When it differs from the recipe worked from
  the trap's value (the sum over every position over 4), the trap's value is
  the coherent consequence: ECF, the misconception named once, at (a). The
  recipe worked from the student's (a) stays ECF too: it is the later part's
  formula applied to their own earlier answer, which is what error carried
  forward credits (issue 12), whatever led to that answer. An answer written
  to more figures than asked is judged at those asked, as ECF's are
  (as_asked.py): (a) 4, then (b) 1.1440 for their 1.1482 is 1.14, no ECF.
- **A fixed sum over the student's count.** A recipe that divides what the
  paper fixes by an earlier count alone, or by it less a whole number (C10's
  ``sum(-log(p))/part:targets``: (a) counts the predictions of [BOS] w1 ... wT
  [EOS], (b) averages their T + 1 losses) is no method worked from a wrong count:
  a student whose count gives 4 positions sums 4 terms, not the paper's 7. ECF
  there comes only from a misconception carried on (above: (a) 3, the masked
  positions, then their mean; (a) 6, [EOS] left out, then the words' losses
  over 6; (a) 8, the first token counted, then the sum over 8), never from the
  recipe (``uncounted``).
  Where the recipe worked from the trap's value is the misconception's method
  (the sum over 8), its carried rounding counts as the right method's does
  (``_carried_route``), and ``uncounted`` is not asked.
- **Ranges.** A part may say where every correct answer lies (key.json's
  ``"range"``, a template's ``range:``). ECF is withheld when an earlier
  answer it would be worked from lies outside its part's range (a
  probability of 12.18) or the value worked from it lies outside this part's
  range (a negative cross-entropy); the answer is then marked as it would be
  without ECF, and the feedback says why in one sentence. An earlier answer
  that is a named trap is exempt from the first check (a known mistake, marked
  where it was made), never from the second: C3's (a) 54.6, then (b)
  ln(1/54.6) = -4.00, is no ECF.

``sensible`` applies both around rules.py's marking (whose functions it is
given, so that this module imports nothing of rules.py's); a key without
ranges or shared trap codes marks as before."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from quizgen.maths.evaluate import ground
from quizgen.maths.tolerance import matches
from quizgen.maths.tree import Call, Neg
from quizgen.marking.as_asked import at_asked, carried_accepts, ecf_as_asked, matched_as_asked
from quizgen.marking.carry import inside, reachable
from quizgen.marking.hull import given_reach
from quizgen.marking.recipes import fixed_over_part, part_divisor
from quizgen.marking.quotes import MARKED_FROM, from_own_answers, marked_from, quoted
from quizgen.marking.rule_model import EARLY, ECF, INCORRECT, NEAR, tolerance_kind
from quizgen.marking.slips import cut_to, rounded_or_cut
from quizgen.marking.sources import OWN_RECIPE_ERRORS, as_counted, figures_asked, trap_behind

WITHHELD = "(no error carried forward)"
"""How the feedback of an answer ECF was withheld from ends: what ``withheld`` looks for."""


def outside(value, bounds) -> bool:
    """True when ``value`` lies outside ``bounds`` (``(low, high)``, None for an open side; None: no range)."""
    if bounds is None or value is None:
        return False
    low, high = bounds
    return (low is not None and value < low) or (high is not None and value > high)


def plain_bounds(bounds) -> tuple:
    """The bounds a range of no negative values implies that a student sees without the template: 0, and 1
    for a range within 0 and 1 (a probability, a share); any other range as it is."""
    low, high = bounds
    if low is None or low < 0:
        return bounds
    return 0, (1 if high is not None and high <= 1 else None)


def told_bounds(bounds, value) -> tuple:
    """The bounds to tell a student ``value`` lies outside: the plain ones (``plain_bounds``) when it lies
    outside those too, else the part's range (C7's p-hat of 1.07 was told "every answer
    to (a) lies between 0.01 and 0.99", the range of its draws, which read as a property of the sigmoid)."""
    plain = plain_bounds(bounds)
    return plain if outside(value, plain) else bounds


def beyond_range(verdict, rule, reading):
    """``verdict`` on an answer nothing explains that lies outside its part's plain bounds (a probability
    of 1.07, a negative loss) told why it cannot be right, at its own part (told only at
    the next part, when ECF from it was withheld); any other verdict as it is."""
    if verdict.status != INCORRECT or verdict.misconception or verdict.feedback or rule.bounds is None \
            or not outside(reading.value, plain_bounds(rule.bounds)):
        return verdict
    said = quoted(reading.value, reading.figures)
    return replace(verdict, feedback=f"a value of {said}{RANGE_TOLD}{rule.label} {span(plain_bounds(rule.bounds))}")


RANGE_TOLD = " cannot be right, as every answer to "
"""What ``beyond_range`` says after the value: ``range_told`` looks for it."""


def range_told(verdict) -> bool:
    """Whether ``verdict``'s feedback is ``beyond_range``'s alone: a bare incorrect but for that, which a more
    particular word may replace (other_part.py: a probability of 3.5586 that is (b)'s loss)."""
    return verdict.feedback.startswith("a value of ") and RANGE_TOLD in verdict.feedback


def span(bounds) -> str:
    """``bounds`` in words, with a verb: "lies between 0 and 1", "is at least 0", "is at most 1"."""
    low, high = bounds
    if high is None:
        return f"is at least {low:g}"
    if low is None:
        return f"is at most {high:g}"
    return f"lies between {low:g} and {high:g}"


def withheld(feedback: str) -> bool:
    """True when ``feedback`` says ECF was withheld (``sensible``)."""
    return WITHHELD in feedback


class Carried(NamedTuple):
    """A misconception carried on from earlier answers: its code, its value in
    this part, the labels of the earlier parts whose answers stand for it, and
    ``given`` ({name: (value,)}, the traps' exact values and the right answers)
    when the recipe worked from them gives that value (the recipe is then the
    misconception's method, and its carried rounding that method's), else None."""

    code: str
    value: float
    labels: tuple
    given: dict | None = None


def sensible(rule, reading, earlier: dict, env: dict, credits, carried, written, mark, ecf_verdict):
    """``mark(rule, reading, earlier, env, credits, carried, written)`` (rules.py's
    ``_mark_value``) with the checks of this module: a misconception carried
    on is ECF (``ecf_verdict``, ecf_verdict.py's ``ecf_given``), and ECF worked
    from or to a value outside its part's range is withheld: the answer as
    marked without earlier answers, its feedback saying why."""
    if not rule.sources or not env or rule.recipe is None:   # the pass (no earlier answers yet): as before
        return mark(rule, reading, earlier, env, credits, carried, written)
    written = written or {}
    behind = traps_behind(rule, earlier, written)
    named = from_named_traps(rule, behind)   # a misconception named at (a): ECF from it stands
    reason = "" if named else impossible_source(rule, earlier, written)
    method = None if reason else carried_misconception(rule, earlier, env, behind)
    if method is not None and (_reaches(rule, reading, method)
                               or _carried_route(rule, reading, env, method, credits.levels)):
        return ecf_verdict(rule, reading, _carried_on(rule, earlier, written, method), method.value, credits)
    if method is not None and _cut_off(rule, reading, method):   # rounded too early, the misconception named once
        return ecf_verdict(rule, reading, _carried_on(rule, earlier, written, method), method.value, credits,
                           cut=True)
    verdict = mark(rule, reading, earlier, env, credits, carried, written)
    # worked from their answers (ECF, rounded too early, or a tie's words): withheld as ECF is, words and all
    if verdict.note != ECF and not from_own_answers(verdict.feedback):
        return verdict
    # the recipe is the misconception's own method there (C10's (a) 8, then the sum over 8): never "not from (a)"
    counted = "" if method is not None and method.given is not None else uncounted(rule, earlier, env, written)
    reason = reason or counted \
        or impossible_result(rule, reading.value, earlier, env, written)   # a trap's too: -ln 54.6
    if not reason:
        return verdict
    alone = mark(rule, reading, {}, {}, credits, carried, written)
    if verdict.note not in (ECF, EARLY):   # a tie told from their answers: the key's words only, if any
        return alone
    return replace(alone, feedback=_joined(alone.feedback, reason))


def _joined(feedback: str, reason: str) -> str:
    """``reason`` after the ``feedback`` of the answer marked without ECF: a
    sentence of its own after a trap's feedback (which ends in a full stop, or in
    a slip note's ".)"), else as grade's feedback is written (lower case, no full stop)."""
    if feedback.endswith((".", ".)")):
        return f"{feedback} {reason[:1].upper()}{reason[1:]}."
    return f"{feedback}; {reason}" if feedback else reason


def traps_behind(rule, earlier: dict, written: dict) -> dict:
    """``{source name: the exact trap value its answer stands for, or None}``
    (``sources.trap_behind``) for each earlier part the recipe reads that the
    student answered and whose traps all carry a code; looked up once for both
    checks below."""
    return {s.name: trap_behind(earlier[s.name], written.get(s.name), s.value, s.traps, s.spec, s.kind)
            for s in rule.sources if earlier.get(s.name) is not None and len(s.codes) == len(s.traps)}


def from_named_traps(rule, behind: dict) -> bool:
    """True when every earlier answer the recipe reads stands for one of its
    part's traps (C3's (a) e^z = 12.18, the weight not normalised): that
    misconception is marked where it was made, and the parts worked correctly
    from it are ECF whatever range its value lies in (issue 12: "one who errs
    in (a) by a named trap and then works correctly gets every dependent later
    part accepted"), unless what they give lies outside the later part's own
    range (a negative loss can never be right: ``impossible_result``)."""
    return bool(rule.sources) and all(behind.get(s.name) is not None for s in rule.sources)


def impossible_source(rule, earlier: dict, written: dict) -> str:
    """Why ECF is withheld when an earlier answer the recipe reads lies outside
    its part's range, else ""."""
    for s in rule.sources:
        value = earlier.get(s.name)
        if outside(value, s.bounds):
            return (f"your {s.label} = {quoted(value, written.get(s.name))} cannot be right, as every answer to "
                    f"{s.label} {span(told_bounds(s.bounds, value))}, so {rule.label} was not marked from it "
                    f"{WITHHELD}")
    return ""


def counted_by(rule):
    """The earlier count (a ``Source`` of kind integer) ``rule``'s recipe divides
    a quantity the paper fixes by (``recipes.fixed_over_part``), else None."""
    name = fixed_over_part(rule.recipe.expression) if rule.recipe is not None else None
    return next((s for s in rule.sources if s.name == name and s.kind == "integer"), None)


def over_wrong_count(expression, parts: dict, answers: dict) -> bool:
    """Whether a trap recipe divides a quantity the paper fixes by an earlier
    count (``parts``: {name: (kind, value)}) the student got wrong (C10's
    ``-(sum(-log(p))/part:targets)``): no slip worked from their count (``uncounted``)."""
    name = fixed_over_part(expression)
    kind, value = parts.get(name, (None, None))
    return kind == "integer" and answers.get(name) != value


def uncounted(rule, earlier: dict, env: dict, written: dict) -> str:
    """Why ECF is withheld from a recipe that divides the paper's fixed sum by
    the student's own count (``counted_by``): that count sums no other terms, so
    the recipe worked from it is no method of theirs; else "". Only an answer
    marked ECF (or rounded early) from that recipe asks, so the sentence shows
    the sum and the division the answer came from, in numbers."""
    count = counted_by(rule)
    if count is None or earlier.get(count.name) is None:
        return ""
    own, total = earlier[count.name], rule.recipe.expression
    total = (total.operand if total.__class__ is Neg else total).left
    try:
        listed = ground(total.args[0], env) if total.__class__ is Call and total.func.name == "sum" else None
    except OWN_RECIPE_ERRORS:
        listed = None
    yours = f"your {count.label} = {quoted(own, written.get(count.name))}"
    offset = part_divisor(rule.recipe.expression)[1]
    divisor = own + float(offset)
    if listed is None or divisor == 0:
        return f"what {rule.label} divides is fixed by the paper whatever {count.label} says, so {rule.label} was " \
               f"not marked from {yours} {WITHHELD}"
    if offset:
        yours += f" {'plus' if offset > 0 else 'less'} {quoted(float(abs(offset)))}"
    terms, whole = len(listed), quoted(float(sum(float(t) for t in listed)), 5)
    return (f"{rule.label} is the mean of {terms} terms, their sum ({whole}) divided by {terms}; your answer comes "
            f"from dividing that sum by {yours} ({whole} / {quoted(divisor)} = {quoted(float(whole) / divisor, 3)}), "
            f"as if there were {quoted(divisor)} terms, so {rule.label} was not marked from your {count.label} {WITHHELD}")


def impossible_result(rule, x: float, earlier: dict, env: dict, written: dict) -> str:
    """Why ECF is withheld when the value worked from the student's earlier
    answers (the one nearest the answer ``x``) lies outside this part's range, else ""."""
    if rule.bounds is None:
        return ""
    own = {s.name: earlier.get(s.name) for s in rule.sources}
    try:
        values = reachable(rule.recipe, env, {name: (v,) for name, v in own.items()}, levels=())
    except OWN_RECIPE_ERRORS:
        return ""
    target = min(values, key=lambda v: abs(x - v), default=None)
    if target is None or not outside(target, rule.bounds):
        return ""
    them = "them" if len(rule.sources) > 1 else "it"
    shown = marked_from((s.label, own[s.name], written.get(s.name)) for s in rule.sources)
    return (f"worked from your {shown[len(MARKED_FROM):]}, {rule.label} would be {quoted(target)}, which "
            f"cannot be right, as every answer to {rule.label} {span(told_bounds(rule.bounds, target))}, "
            f"so it was not marked from {them} {WITHHELD}")


def carried_misconception(rule, earlier: dict, env: dict, behind: dict) -> Carried | None:
    """The misconception the student's earlier answers carry into this part
    (each one the recipe reads right, or standing for a trap of one code X
    that this part has too), when this part's trap X differs from the recipe
    worked from those traps' exact values; else None (no trap carried on, or
    one whose consequence the recipe gives anyway: C8's sigmoid, ECF as before)."""
    here = {t.code: t.value for t in rule.traps if t.value is not None}
    code, exact, labels = None, {}, []
    for s in rule.sources:
        if s.name not in behind:   # unanswered, or traps without codes
            return None
        value, trap = earlier[s.name], behind[s.name]
        if trap is None:
            if matches(value, s.value, s.spec, s.kind) or inside(value, s.carried):
                continue
            return None
        own = s.codes[s.traps.index(trap)]
        if own not in here or code not in (None, own):
            return None
        code, exact[s.name] = own, trap
        labels.append(s.label)
    if code is None:
        return None
    given = {s.name: (exact.get(s.name, earlier[s.name]),) for s in rule.sources}
    try:
        plain = reachable(rule.recipe, env, given, levels=())
    except OWN_RECIPE_ERRORS:   # no value from the traps' (a recipe over (a) - 2 of a masked count of 2 is 0):
        plain = ()              # the misconception's own value here is still its consequence
    # a count's trap that is a fraction (10% of one sequence's 45, 4.5) is no answer to credit: the recipe's
    # anyway, unless the recipe is no method from a count (``uncounted``): then the misconception is the route
    same = any(matches(here[code], v, rule.spec, tolerance_kind(rule)) for v in (*as_counted(rule, here[code], plain),
                                                                              *plain))
    if same and counted_by(rule) is None:
        return None
    return Carried(code, here[code], tuple(labels), given if same else None)


def _reaches(rule, reading, method: Carried) -> bool:
    """True when the answer read is the misconception's value here, judged as
    ECF judges a recomputation (``as_asked.matched_as_asked``: written to more
    figures than asked, at those asked), or it rounded to fewer figures than
    asked (then ``ecf_verdict`` calls it rounded too early)."""
    x, shown, value = reading.value, reading.figures, method.value
    others = tuple(t.value for t in rule.traps if t.code != method.code)
    if matched_as_asked(x, value, rule.kind, rule.spec, shown, others):
        return True
    asked = figures_asked(rule.kind, rule.spec)
    return asked is not None and shown is not None and shown < asked and rounded_or_cut(x, value, asked, shown)


def _cut_off(rule, reading, method: Carried) -> bool:
    """True when the answer read, written to the figures asked or more, is the misconception's value here
    cut off at those figures instead of rounded (C10: (a) 6, [EOS] left out, then (b) 1.71 for the words'
    mean loss 1.7161), and no other trap's value: rounded too early from the method carried on."""
    x, shown, kind = reading.value, reading.figures, tolerance_kind(rule)
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or shown is not None and shown < asked or not cut_to(x, method.value, asked):
        return False
    return not any(matches(x, t.value, rule.spec, kind) for t in rule.traps if t.value is not None)


def _carried_route(rule, reading, env: dict, method: Carried, levels) -> bool:
    """True when the answer read is what the misconception's method gives with
    its intermediates carried rounded (to ``levels`` figures or unrounded), as
    the right method's carried rounding is accepted: C10's (a) 8 (the first token
    counted), then the 7 losses each carried to 3 figures, summed and divided by
    8, where the recipe is that
    method (``Carried.given``; no carried set is worked out for an answer the
    recipe's hull does not reach); else the carried rounding of the part's trap
    of that code (its working kept with the recipes: C10's (a) 3, the masked
    positions, then their losses carried to 3 figures over 3). An answer written
    to more figures than asked is judged at those asked, as ECF's carried values
    (``as_asked.ecf_as_asked``) and the key's (``as_asked.carried_accepts``) are."""
    x, shown, kind = reading.value, reading.figures, tolerance_kind(rule)
    if method.given is None:   # the misconception's own working, when the key keeps it (key/recipes.py)
        return any(carried_accepts(x, shown, t.carried, rule.kind, rule.spec)
                   for t in rule.traps if t.code == method.code)
    try:
        reach = given_reach(rule.recipe, env, method.given, rule.spec, kind, None, levels)
        if reach is not None and not any(reach[0] <= v <= reach[1] for v in (x, at_asked(x, shown, rule.kind,
                                                                                         rule.spec))):
            return False
        values = reachable(rule.recipe, env, method.given, levels)
    except OWN_RECIPE_ERRORS:
        return False
    fits = ecf_as_asked(x, shown, values, rule.kind, rule.spec)
    return any(matches(x, v, rule.spec, kind) for v in values) if fits is None else fits


def _carried_on(rule, earlier: dict, written: dict, method: Carried) -> str:
    """The start of the ECF feedback on a misconception carried on (``ecf_verdict`` adds the rest)."""
    shown = marked_from((s.label, earlier[s.name], written.get(s.name)) for s in rule.sources)
    return f"{shown} and the method behind it (the misconception named at {' and '.join(method.labels)}, " \
           "not counted again)"


def may_carry(parts, part, value: float, earlier: dict) -> bool:
    """A quick look over key parts (for ``PartChecker.remark``, before any rule is
    made): True when ``value`` is near (within NEAR) a trap of ``part`` whose
    code a trap of an earlier part has, with that part's answer in ``earlier``
    (part name -> value) near that trap's value: a misconception carried on."""
    codes = {t.code for t, v in zip(part.traps, part.trap_values) if v is not None and _close(value, v)}
    if not codes:
        return False
    return any(t.code in codes and v is not None and _close(earlier.get(before.name), v)
               for before in parts if before.name in earlier for t, v in zip(before.traps, before.trap_values))


def _close(x, v: float) -> bool:
    return x is not None and abs(x - v) <= NEAR * abs(v) + 1e-12
