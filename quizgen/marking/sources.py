"""The student's earlier answers as a later part reads them: which trap's
exact value one stands for (0.96, the sign-error trap 0.96267 rounded to 2
figures: a student who carried 0.96267 on is right given their own (a)), the
unrounded values a written answer stands for, and the earlier answers a trap
is worked from (those its part's recipe reads: ``own_trap_read``). Pure
helpers of rules.py's error carried forward and of the grader's traps worked
from own answers."""

from __future__ import annotations

import math
from functools import lru_cache

from quizgen.errors import ExpressionError, QuizgenError
from quizgen.maths.tolerance import half_width, matches
from quizgen.marking.as_asked import matched_as_asked
from quizgen.marking.carry import reachable
from quizgen.marking.quotes import marked_from, quoted
from quizgen.marking.recipes import recipe_parts
from quizgen.marking.rule_model import figures_asked, tolerance_kind   # figures_asked: many modules read it here
from quizgen.marking.slips import right_rounded_or_cut, rounded_or_cut, same, whole_neighbour

OWN_RECIPE_ERRORS = (ExpressionError, ArithmeticError, ValueError, KeyError, IndexError, TypeError)
"""What a recipe worked from a student's own earlier answers may raise: then it says nothing."""
RECIPE_FAILURES = (QuizgenError, *OWN_RECIPE_ERRORS)
"""What a stored recipe or route, read from a key or made from a template, may raise when it is read or
worked: a quizgen error too (grade's key checks, the ECF routes, validate's checks). Then it gives no value."""


def trap_behind(value: float, figures: int | None, right: float, traps, spec: dict, kind: str) -> float | None:
    """The exact value of the trap an earlier answer ``value`` (written to
    ``figures``) stands for: within the part's tolerance of it, or it rounded
    to the figures shown or cut off at the figures asked (``rounded_or_cut``);
    None when none is, or when ``value`` is as well the part's ``right`` value
    so rounded or cut off, or cut off at the 2 or more figures shown
    (``right_rounded_or_cut``) (the first trap, in key order). A count's answer
    stands for a trap that is no whole number at the whole numbers either side,
    where the checker names that trap (``slips.whole_neighbour``: C6's 398 for
    397.5): a part worked from it, carried unrounded, is that trap's consequence."""
    asked = figures_asked(kind, spec)
    if asked is not None and right_rounded_or_cut(value, right, asked, figures) \
            or kind == "integer" and same(value, right):
        return None
    return next((trap for trap in traps if trap is not None and (
        matches(value, trap, spec, kind) or (asked is not None and rounded_or_cut(value, trap, asked, figures))
        or kind == "integer" and whole_neighbour(value, trap))), None)


def trap_carried_on(rule, reading, earlier: dict, env: dict, written: dict):
    """``(feedback, target)`` when the answer read is right given the exact
    value of the trap an earlier answer stands for (``trap_behind``: (a) 0.96
    for the sign-error trap 0.96267, then (b) -ln 0.96267 = 0.0380): the
    student carried their own unrounded value on, as a careful student does;
    else None."""
    if rule.recipe is None or not env:   # the pass, before ECF: no earlier answers yet
        return None
    own = {s.name: earlier.get(s.name) for s in rule.sources}
    if any(v is None for v in own.values()):
        return None
    found = unrounded_given(rule, own, written)
    if found is None:
        return None
    given, words = found
    try:
        values = as_counted(rule, reading.value, reachable(rule.recipe, env, given, levels=()))
        traps = tuple(t.value for t in rule.traps)   # more figures than asked: judged at those asked, as ECF is
        hits = [v for v in values if matched_as_asked(reading.value, v, rule.kind, rule.spec, reading.figures, traps)]
    except OWN_RECIPE_ERRORS:
        return None
    if not hits:
        return None
    return words, min(hits, key=lambda v: abs(reading.value - v))


def unrounded_given(rule, own: dict, written: dict) -> tuple | None:
    """``(given, words)`` when some of the student's earlier answers ``own`` stand for a trap
    (``trap_behind``): ``given`` ({name: (value,)}) with those answers' exact trap values, and how ECF
    names them (``marked from your (a) = 0.96, carried unrounded as 0.962673``); else None."""
    behind = {s.name: trap_behind(own[s.name], written.get(s.name), s.value, s.traps, s.spec, s.kind)
              for s in rule.sources}
    behind = {name: v for name, v in behind.items() if v is not None}
    if not behind:
        return None
    named = len(rule.sources) > 1
    carried = " and ".join(f"{s.label} = {quoted(behind[s.name])}" if named else quoted(behind[s.name])
                           for s in rule.sources if s.name in behind)
    return ({name: (behind.get(name, v),) for name, v in own.items()},
            f"{marked_from((s.label, own[s.name], written.get(s.name)) for s in rule.sources)}, "
            f"carried unrounded as {carried}")


def as_counted(rule, x: float, values) -> tuple:
    """``values`` worked from a student's own earlier answers, as the part
    takes them: a count's as the whole numbers a careful student writes
    (``whole_numbers``), and none for an answer ``x`` that is no whole number
    (142.5 positions); any other part's as they are."""
    if tolerance_kind(rule) != "integer":
        return tuple(values)
    return whole_numbers(values) if float(x).is_integer() else ()


def whole_numbers(values) -> tuple:
    """The counts a careful student gives for values worked from their own
    earlier answers: each value's nearest whole number, or both neighbours
    of a half (1425 / 10 = 142.5: 142 and 143)."""
    found = []
    for v in values:
        low = math.floor(v)
        if abs(v - low - 0.5) <= 1e-9 * max(1.0, abs(v)):
            found += [float(low), float(low + 1)]
        else:
            found.append(float(low + (v - low > 0.5)))
    return tuple(found)


def unrounded_fits(rule, x: float, env: dict, own: dict, written: dict | None = None, as_written=None) -> bool:
    """True when ``x`` is right (within tolerance) for some unrounded earlier
    values that the student's written ones are roundings of: a student who
    writes (a) 0.153 but carries 0.1535 on to (b) = -ln(0.1535) = 1.87 is
    right given their own (a), though -ln(0.153) = 1.877 misses 1.87. Each
    earlier answer stands for the values within its part's tolerance of it
    (none for a whole number), or, written to more figures (``written``: the
    figures each showed), within half a unit of its last one: 0.8808 stands for
    0.88075 to 0.88085, not 0.8803 to 0.8813; the recipe is evaluated at the
    corners of that box (it is monotone over so small a box). ``as_written``,
    ``(answer, figures)`` for an answer written to more figures than asked (``x``
    is then it at those asked): also True when a value so worked rounds to that
    answer at the figures it shows. C7 (c) 1.835 after (a) 0.8403, both the
    calculator's 1/1.19 = 0.840336 carried on (-ln(1 - 0.840336) = 1.83468), is
    what that (a) gives, as after (a) 0.840 (so not named again at (c))."""
    if len(rule.sources) > 4:
        return False
    corners = [{}]
    for s in rule.sources:
        v, spread = own[s.name], half_width(own[s.name], s.spec, s.kind)
        shown = (written or {}).get(s.name)
        if shown and v and math.isfinite(v):   # the tolerance rule at the figures written
            spread = min(spread, half_width(v, {"sigfigs": shown}))
        corners = [{**c, s.name: (v + d,)} for c in corners for d in (-spread, spread)]
    values = [w for c in corners for w in reachable(rule.recipe, env, c, levels=())]
    low, high = min(values), max(values)
    kind = tolerance_kind(rule)
    if as_written is not None and as_written[1] and as_written[0] != x and math.isfinite(as_written[0]):
        answer, figures = as_written
        unit = half_width(answer, {"sigfigs": figures})   # the values written as ``answer`` at its figures
        if low <= answer + unit and answer - unit <= high:
            return True
    return low - half_width(low, rule.spec, kind) <= x <= high + half_width(high, rule.spec, kind)


def own_trap_read(question, letter: str, value: float, answers: dict, spec: dict, kind: str):
    """``question.own_trap`` (a grading ``QuestionRules``) worked from the
    student's own answers to the parts that part ``letter``'s recipe reads: an
    earlier part it does not read is taken as its own recipe gives it from
    those answers, and the trap is said to be worked from them (C7 (c)'s
    ``wrong_label_branch``, stored as ``part:loss_y1``, is -ln of their own
    (a), whatever their (b)). Else, as the trap recipe is stored, from the
    answers as given: C6 (e) a copy of their own wrong (b)."""
    if not question.reads_beyond_recipe(letter):   # most parts: every trap reads what the recipe reads
        return question.own_trap(letter, value, answers, spec, kind)
    worked, behind, order = _through_reads(question, letter, answers)
    found = question.own_trap(letter, value, worked, spec, kind) if behind else None
    if found is None:
        return question.own_trap(letter, value, answers, spec, kind)
    trap, reads = found
    read = {pair for label, name in reads for pair in behind.get(name, ((label, name),))}
    return trap, tuple(sorted(read, key=lambda pair: order.index(pair[1])))


def own_trap_inputs(question, letter: str) -> tuple:
    """The names of the earlier parts whose answers ``own_trap_read`` reads for
    part ``letter``: those its recipe reads (``_through_reads`` works any other
    from them) and those its stored trap recipes read. Its result is a
    function of the answer and of these alone (grade's ECF pass keeps it by them)."""
    recipe = question.ecf_recipe(letter)
    part = {p.letter: p for p in question.question.parts}.get(letter)
    stored = question.question.recipes.get(part.name) if part is not None and part.name else None
    names = set(recipe.depends) if recipe is not None else set()
    for _, text in stored.traps if stored is not None else ():
        names.update(recipe_parts(text))
    return tuple(sorted(names))


def traps_read_beyond(key_question, letter: str) -> bool:
    """Whether a stored trap recipe of part ``letter`` of ``key_question``
    reads an earlier part that the part's own recipe does not (C7 (c)'s
    ``part:loss_y1``): only then are answers worked through other parts'
    recipes (``_through_reads``)."""
    part = next((p for p in key_question.parts if p.letter == letter), None)
    stored = key_question.recipes.get(part.name) if part is not None and part.name else None
    return stored is not None and bool(stored.traps) and _beyond(stored.text, tuple(t for _, t in stored.traps))


@lru_cache(maxsize=1024)
def _beyond(recipe_text: str, trap_texts: tuple) -> bool:
    """Whether one of ``trap_texts`` reads a part ``recipe_text`` does not (stored per template: few)."""
    reads = set(recipe_parts(recipe_text))
    return any(not set(recipe_parts(text)) <= reads for text in trap_texts)


def _through_reads(question, letter: str, answers: dict) -> tuple:
    """``(answers, behind, names)``: ``answers`` with each earlier part that
    part ``letter``'s recipe does not read, but whose own recipe reads
    (through such parts) only parts it does, recomputed from the student's
    answers to those; ``behind`` maps each part so recomputed to the
    ``(label, name)`` of the read parts it was worked from ({} when none is);
    ``names``: the earlier part names in part order."""
    recipe = question.ecf_recipe(letter)
    parts = question.question.parts
    position = next((i for i, p in enumerate(parts) if p.letter == letter), None)
    if recipe is None or position is None:
        return answers, {}, ()
    letters = {}
    for part in parts[:position]:
        if part.name:
            letters.setdefault(part.name, part.letter)   # the first part so named, as recipes read it
    from_ = {name: ((f"({letters[name]})", name),) for name in recipe.depends if name in letters}
    worked, behind = dict(answers), {}
    for name, earlier_letter in letters.items():
        own = question.ecf_recipe(earlier_letter) if name not in from_ else None
        if own is None or not all(d in from_ for d in own.depends):
            continue
        given = {d: worked.get(d) for d in own.depends}
        v = question.plain(name, own, given) if None not in given.values() else None
        if v is not None and math.isfinite(v):
            worked[name] = v
            from_[name] = behind[name] = tuple(dict.fromkeys(pair for d in own.depends for pair in from_[d]))
    return (worked if behind else answers), behind, tuple(letters)
