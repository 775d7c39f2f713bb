"""A value near 1 kept to too few figures of its difference from 1: the
sigmoid's 1 + e^(-s) (C7, C9), or a probability near 1 worked from it. With
p-hat over 0.9 a loss is about 1 - p-hat, so 4 significant figures of
1 + e^(-s) = 1.0707 (1.071) or of p-hat = 0.93371 (0.9337) carry only 1 or 2
of the loss. Every stem that can meet such a value says so
(text/conventions.NEAR_ONE_RULE, "keep a value near 1 (...) to at least 4
significant figures of its difference from 1"; C7's and C9's list 1 + e^{-s}
and 1 + e^{s} among them); an answer reached only by keeping such a value
shorter is rounded too early, and this says which value, truthfully: its
value, as the solutions write it, and as kept; only a keeping whose result
the answer's written figures are (rounded or cut off), and from the key's
values alone, so an earlier part left blank changes nothing.
Asked last, of an answer no other rule explains (early_carry.carried_early,
where it is named before a 2-figure step of the key's working that reaches
the answer too), so it turns only a bare ``incorrect`` into ``imprecise``, or
words another early rounding: a cut-off that gives the same answer
(``early_carry.cut_or_near_one``), or intermediates carried shorter than the
policy's ``carried_figures`` (carried_short.py: 4 figures of 1 + e^(-s) are
not "fewer than 4"). An earlier answer it explains is another value, not
the right one rounded: the parts worked from it are ECF at ECF's credit.
One rule at every p-hat: 1 + e^(-s) between 1 and 2 is short
whatever p-hat is (1.17 for 1.1653 at p-hat 0.858), and so are the parts worked
from p-hat so reached, also through 1 - p-hat = e^(-s)/(1 + e^(-s)) as the solutions
write it, and at s < 0 the sum near 1 is 1 + e^(s), of 1 - p-hat = 1/(1 + e^(s))
(``mirror_sum``); a probability kept to 4 figures of itself is short over
0.9 alone, where they are fewer than 4 of its difference from 1."""

from __future__ import annotations

import math
from dataclasses import replace
from functools import lru_cache

from quizgen.maths.numbers import significant
from quizgen.maths.tolerance import matches
from quizgen.maths.tree import Name, Num
from quizgen.marking.as_asked import rounds_otherwise
from quizgen.marking.carry import reachable
from quizgen.marking.complement_route import NEAR_ONE, difference_figures, takes_complement
from quizgen.marking.quotes import marked_from
from quizgen.marking.early import expected
from quizgen.marking.hull import given_reach, spans_reach
from quizgen.marking.near_one_sums import (KEPT, agrees, difference_kept, kept_as, mirror_sum, named_keepings,
                                            rounds_as, short_keepings, sums_with_one, unpadded)
from quizgen.marking.recipes import PART_PREFIX, recipe_text, replaced, shape, with_value
from quizgen.marking.roundings import sig_roundings
from quizgen.marking.rule_model import figures_asked, tolerance_kind
from quizgen.marking.slips import rounds_to, same
from quizgen.marking.sources import OWN_RECIPE_ERRORS
from quizgen.marking.step_words import as_solutions_write

def near_one(rule, x: float, own: dict | None = None, written: dict | None = None, shown: int | None = None) -> str:
    """The feedback when ``x`` (written to ``shown`` figures) is what the part's
    working gives from the key's parameters with a sum ``1 + X`` of it near 1
    (``1 + e^(-s)``) kept to 3 or 4 significant figures, or, for a part reading
    an earlier probability near 1, with that probability worked so (or from the
    exact one) and kept to 4; else "". It reads the key's values alone, so it
    says the same whether the earlier parts are answered or blank.
    ``own`` (and the figures ``written``): the student's earlier answers,
    named first ("marked from your (a) = 0.9337: ...") only when the value
    named is the one written there, which is then named before any other
    keeping that reaches ``x``: no answer that played no part. An answer beyond the reach of
    every such working (``_beyond``) is told "" before any is worked out."""
    if _beyond(rule, x):
        return ""
    found = [c for c in kept_short(rule) if explains(rule, x, c[0], shown)]
    if not found and any(abs(x - c[0]) <= CARRIED_NEAR * abs(c[0]) for c in kept_short(rule)) \
            and _carried_reach(rule, x):
        found = [c for c in kept_short(rule, carried=True) if explains(rule, x, c[0], shown)]
    if not found:
        return ""
    mine = [c for c in found if _is_own(c, own or {}, written or {})]
    found = (mine or found)[0]   # the student's own (a), when it is a value kept so: 0.933707 for 1/1.071
    said = _said(rule, found[1:3])
    if not mine:
        return said
    return f"{marked_from((s.label, own[s.name], (written or {}).get(s.name)) for s in rule.sources)}: {said}"


def kept_sources(rule, x: float, shown: int | None = None) -> list:
    """``[(earlier part's name, the value kept, the figures it is named with, how it was kept)]``: each
    earlier probability kept short (``kept_short``'s naming an earlier part) from which the part's
    working gives ``x``, written to ``shown`` figures, in the order they are named. early_once.py
    re-marks a later part from them, so that one keeping carried into two parts is charged at the
    first alone, as after that value written."""
    return [(c[3], c[4], c[5], c[1]) for c in kept_short(rule) if c[3] is not None and explains(rule, x, c[0], shown)]


def _is_own(found: tuple, own: dict, written: dict) -> bool:
    """Whether the earlier answer ``found`` (``kept_short``'s) names as kept is the student's own as
    written: the same number, or it to the figures written, at least those it is named with."""
    name, kept, figures = found[3:]
    mine, shown = own.get(name), written.get(name)
    return name is not None and mine is not None and (
        same(mine, kept) or shown is not None and shown >= figures and rounds_to(mine, kept, shown))


CARRIED_NEAR = 0.02
"""How near (relative) ``x`` must be to a value the working gives with the sum kept short and every
other step exact before the same working with the other steps carried is tried: carrying them to
3 figures or more moves a value by far less, and working them out for every wrong answer's part
cost the per-student grade 3.3 s -> 7.5 s (docs/performance.md, fifty-third round)."""


def kept_short(rule, carried: bool = False) -> tuple:
    """``((value, how it was kept, the step as the solutions write it or None,
    the earlier part kept or None, the value kept, the figures it is named with), ...)``: what the part's
    working gives with a value near 1 kept short, in the order they are named;
    worked out once per part and kept with its carried spans (they depend on
    the key alone). ``carried``: with the working's other steps carried as carried
    rounding carries them, which ``near_one`` asks only near the first."""
    spans = rule.carried
    paths, env = getattr(spans, "paths", None), getattr(spans, "env", None)
    if not paths or not env or figures_asked(rule.kind, rule.spec) is None:
        return ()
    kept = spans.near = spans.near or {}
    read = bool(rule.sources)   # a part as an earlier part (early_sources._as_rule) reads none
    carried = carried and not read
    if (read, carried) not in kept:
        kept[read, carried] = ()   # if the values cannot be worked out, none the next time either
        try:
            kept[read, carried] = tuple(_from_probability(rule, paths, env)) if read else tuple(
                (v, how, text, None, v, 0) for how, v, text in _ones(paths.get(spans.name), env, {}, _number,
                                                                     spans.levels if carried else ()))
        except OWN_RECIPE_ERRORS:
            pass
    return kept[read, carried]


def _number(value) -> bool:
    """Whether a value the working gives is one number (a list part's is none an answer is near)."""
    return isinstance(value, float)


def _from_probability(rule, paths: dict, env: dict):
    """``kept_short`` for a part whose recipe reads earlier parts: its working from each earlier
    probability as ``_kept_probabilities`` keeps it, the others at the key's values."""
    key = {o.name: (float(o.value),) for o in rule.sources}
    for s, kept, how, text, name, figures in _kept_probabilities(rule, paths, env):
        for v in reachable(rule.recipe, env, {**key, s.name: (kept,)}, levels=()):
            if isinstance(v, float):
                yield v, how, text, name, kept, figures


def _kept_probabilities(rule, paths: dict, env: dict):
    """``(earlier part, its probability as kept, how it was kept, step's text, that part's name or
    None, the figures it is named with)``: one of the earlier parts a probability worked with
    ``1 + e^(-s)`` kept short, whatever the probability
    (1/1.17 for 1/1.1653 is as short as 1/1.050 for 1/1.04979), or,
    near 1 (over 0.9), worked exactly; then kept to 4 significant figures (or, worked
    from a sum kept short, unrounded or carried to 3, as grade accepts of any value, unless
    that is the right probability's 3 figures, carried rounding's own). The
    probability itself kept to 4 figures is short only near 1: below 0.9, 4 of it are 4 of
    its difference from 1."""
    for s in rule.sources:
        source = paths.get(s.name)
        if source is None or s.kind == "integer" or not 0 < s.value < 1:
            continue
        exact, name = [(None, s.value, None)] if NEAR_ONE < s.value else [], _name_of(s, source)
        for step, p, text in [*exact, *_ones(source, env, {}, _number)]:
            for kept, figures in (*((k, 4) for k in sig_roundings(p, 4)), *(() if step is None else (
                    (p, 6), *((k, 3) for k in sig_roundings(p, 3))))):   # then carried to 3, as grade accepts
                if same(kept, s.value) or same(kept, 1 - float(significant(1 - s.value, 4))) \
                        or figures == 3 and any(same(kept, r) for r in sig_roundings(s.value, 3)):
                    continue   # the exact value, kept as the paper asks, or its 3 figures: carried rounding's
                shown = significant(kept, figures)
                how = f"{name} = {_plain(s.value)} as {shown}" if step is None else \
                    f"{name} as {shown} from {step}, where it is {_plain(s.value)}"
                yield s, kept, how, text, s.name, figures
        for how, p, text in _complements(s, source, env, takes_complement(rule.recipe.expression, s.name)):
            yield s, p, how, text, None, 6


def _complements(s, source, env: dict, near_one_too: bool = False) -> list:
    """``[(how it was kept, p-hat, step's text)]``: p-hat = 1/(1 + X) worked through its complement
    as the solutions write it, 1 - p-hat = X/(1 + X), with X unrounded or to 4 figures and the sum
    kept short as ``_ones`` keeps it, 1 - p-hat then unrounded or to 4 figures (C7
    (c) -ln(0.704688/1.70) = 0.881 was a bare ``incorrect`` where -ln(1 - 1/1.70) = 0.887 is named);
    and, ``near_one_too`` (a part taking 1 - p-hat), with 1 - p-hat near 1 (``_near_complements``)."""
    found = []
    for node in sums_with_one(source.expression):
        other = node.right if node.left.__class__ is Num and node.left.value == 1 else node.left
        plain = reachable(replace(source, expression=node, intermediates=()), env, {}, levels=())
        part = reachable(replace(source, expression=other, intermediates=()), env, {}, levels=())
        if len(plain) != 1 or len(part) != 1 or not all(isinstance(v, float) for v in (*plain, *part)):
            continue
        total, x = plain[0], part[0]
        if not ((1 < total < 2 or near_one_too and x / total > NEAR_ONE) and same(s.value, 1 / total)):
            continue
        step, name = _written(node), f"1 - {_name_of(s, source)}"
        working = f"from {_written(other)}/({step}) with {step} ="
        if total > 2:   # 1 - p-hat near 1
            found += [(how, 1 - q, step) for how, q in _near_complements(x, total, name, working, 1 - s.value)]
            continue
        for kept, figures in short_keepings(total):
            for top in {x, *sig_roundings(x, 4)}:
                for q in {top / kept, *sig_roundings(top / kept, 4)}:
                    how = (f"{name} as {_plain(q)} {working} {_plain(total)} as {significant(kept, figures)}, "
                           f"where it is {_plain(1 - s.value)}")
                    found.append((how, 1 - q, step))
    return found


def _near_complements(x: float, total: float, name: str, working: str, right: float) -> list:
    """``[(how it was kept, 1 - p-hat so kept)]`` of ``_complements`` where 1 - p-hat = X/(1 + X) is itself
    near 1 (the sum 1 + X over 10, s < 0): the sum kept short of 4 figures of its difference from 1 (to 3),
    1 - p-hat then unrounded, to 4 figures or carried on to 3 (e^3.4/31.0 = 0.96658 as 0.967,
    (c) 0.0336 for 0.0328); or the sum kept to the 4 the stems ask, which carried rounding takes as they
    do (complement_route.py: 34.12, (c) 0.0299), and 1 - p-hat then kept short, to 4
    figures of itself or 3, fewer than 4 of its difference from 1 (11.023/12.02 = 0.91707 as 0.9171, (c)
    0.0865 for 0.0868): named as that value, the sum as it was kept. Each named only where it keeps fewer
    than 4 figures of 1 - p-hat's difference from 1, and a 3-figure 1 - p-hat only where it is not the right
    one's 3 figures (carried rounding's: -ln 0.968 = 0.0325)."""
    found, exact = [], x / total
    for figures in KEPT:
        asked = figures >= difference_figures(total)
        for kept in sig_roundings(total, figures):
            if not asked and difference_kept(x / kept, exact):
                continue   # 3 figures of a sum that happen to keep 4 of the difference: right
            sum_kept = significant(kept, figures)
            for top in {x, *sig_roundings(x, 4)}:
                worked = {top / kept, *sig_roundings(top / kept, 4)}   # carried on to 3 figures too
                for q in (*worked, *(k for k in sig_roundings(top / kept, 3) if k not in worked
                                     and not any(same(k, r) for r in sig_roundings(exact, 3)))):
                    if difference_kept(q, exact) or asked and q == top / kept:
                        continue   # 4 figures of 1 - p-hat's difference from 1 kept: right
                    shown = significant(q, 3) if q not in worked else significant(q, 4) if asked else _plain(q)
                    how = (f"{name} = {_plain(top / kept)} as {shown} {working} {sum_kept}" if asked else
                           f"{name} as {shown} {working} {significant(total, 6)} as {sum_kept}")
                    found.append((f"{how}, where it is {_plain(right)}", q))
    return found


def _plain(v: float) -> str:
    """``v`` as a student writes it (0.0451037 was quoted): to 4 significant figures, or near 1
    (a sum 1 + X below 2, a probability over 0.9) to 4 of its difference from 1, as the stems ask it kept."""
    if NEAR_ONE < v < 2 and v != 1:   # 0.954783 is 0.95478, 1.04736 stays: 4 figures of 0.04522, of 0.04736
        return significant(v, difference_figures(v))
    return significant(v, 4)


@lru_cache(maxsize=4096)
def _written(node) -> str:
    """``node``, a step of a part's recipe, as the solutions write it (``σ(s)``, ``1 + e^(-s)``): the
    grader parses a template's recipes once, so every instance asks for the same nodes' words."""
    return as_solutions_write(recipe_text(node))


def _name_of(s, source) -> str:
    """The earlier part's value named by its working as the solutions write it (``σ(s)``), not its label:
    the student's (a) may be blank or another value; the label when that is long."""
    text = _written(source.expression)
    return text if len(text) <= 12 else s.label


def _ones(recipe, env: dict, given: dict, keep, levels=()) -> list:
    """``[(named step, value, step's text)]``: for each sum ``1 + X`` in ``recipe`` with X
    between 0 and 1, its value kept to ``KEPT`` figures where that keeps fewer
    than 4 of X, and the value the recipe then gives, when ``keep(value)``; with
    ``levels``, the recipe's other steps carried as carried rounding carries them
    (C9's masked-LM mean to 4 figures beside 1 + e^(-s) kept as 1.08,
    0.2681 + ln 1.08 = 0.3451, was a bare ``incorrect`` where 0.3450 was named)."""
    found, worked_out = [], {}
    for how, text, worked, alike, *_ in _workings(recipe, env, given, levels):
        if alike not in worked_out:   # a sum written twice, kept short at both uses (kept_as), is worked once
            worked_out[alike] = reachable(worked, env, given, levels=levels)
        found.extend((how, v, text) for v in worked_out[alike] if keep(v))
    return found


def _workings(recipe, env: dict, given: dict, levels=()) -> list:
    """``[(named step, step's text, the recipe so worked, what it is the same working as, the sum, the
    value it is worked as)]`` of ``_ones``."""
    if recipe is None:
        return []
    found = []
    for node in sums_with_one(recipe.expression):
        plain = reachable(replace(recipe, expression=node, intermediates=()), env, given, levels=())
        if len(plain) != 1 or not isinstance(plain[0], float):
            continue
        value, mirror = plain[0], mirror_sum(node)
        if 1 < value < 2:   # X in (0, 1): 4 figures of 1 + X are fewer of X (at 1 + X = 15.15, as many)
            text, x = _written(node), node.right if node.left.__class__ is Num and node.left.value == 1 else node.left
            sums = [(how, kept) for kept, how in named_keepings(value, text, _plain(value), _written(x))]
        elif value > 2 and mirror is not None:   # 1/(1 + e^(-s)) = 1 - 1/(1 + e^(s)), that sum near 1
            other, text = value / (value - 1), as_solutions_write(recipe_text(mirror))
            sums = [(how, kept / (kept - 1)) for kept, how in
                    named_keepings(other, text, _plain(other), as_solutions_write(recipe_text(mirror.right)))]
        else:
            continue
        for how, worked_as in sums:   # 4 figures of X kept: the paper's rule
            worked = kept_as(recipe, node, worked_as) if levels else \
                replace(recipe, expression=with_value(recipe.expression, node, worked_as), intermediates=())
            found.append((how, text, worked, (shape(node), worked_as) if levels else len(found), node, worked_as))
    return found


def _carried_reach(rule, x: float) -> bool:
    """Whether ``x`` may be within the part's tolerance of a value of ``kept_short(rule, carried=True)``
    (a part reading no earlier part): not beyond the hull (hull.given_reach) of every such working, which
    bounds what it reaches, so those values (C9's carried masked-LM mean: tens of milliseconds) are worked
    out only for an answer they may explain. The hulls are kept with the part's near-1 values."""
    spans = rule.carried
    if rule.sources:   # its carried values are its plain ones (kept_short), which explain nothing here
        return False
    if "reach" not in spans.near:
        try:
            spans.near["reach"] = [given_reach(worked, spans.env, {}, rule.spec, tolerance_kind(rule), None,
                                               spans.levels) for _, _, worked, *_ in
                                   _workings(spans.paths.get(spans.name), spans.env, {}, spans.levels)]
        except OWN_RECIPE_ERRORS:
            spans.near["reach"] = [None]   # no hull: the values decide
    return any(bound is None or bound[0] <= x <= bound[1] for bound in spans.near["reach"])


def _beyond(rule, x: float) -> bool:
    """Whether ``x`` lies beyond every value ``kept_short(rule)`` gives by more than its tolerance and
    ``CARRIED_NEAR``, so that ``near_one`` says "" (the values themselves decide once worked out): by
    the hull (hull.spans_reach) of the part's working over the span of each keeping, of each sum
    1 + X (``_workings``) or each earlier probability (``_kept_probabilities``); kept with the near-1
    values. Most wrong answers are far off, and working out every keeping of C9's total or C7's losses
    cost about 0.5 ms an answer (docs/performance.md, fifty-eighth round)."""
    spans, read = rule.carried, bool(rule.sources)
    paths, env = getattr(spans, "paths", None), getattr(spans, "env", None)
    if not paths or not env or figures_asked(rule.kind, rule.spec) is None:
        return False   # kept_short gives nothing: near_one says "" as it is
    kept = spans.near = spans.near or {}
    if (read, False) in kept:
        return False
    if ("bounds", read) not in kept:
        try:
            kept["bounds", read] = _probabilities_reach(rule, paths, env) if read else \
                _sums_reach(rule, paths.get(spans.name), env)
        except OWN_RECIPE_ERRORS:   # as kept_short takes them: the values decide
            kept["bounds", read] = [None]
    return all(bound is not None and not bound[0] <= x <= bound[1] for bound in kept["bounds", read])


_KEPT_SUM = "~kept"   # the name a sum kept short is read by in ``_sums_reach`` (no part's: not an identifier)


def _sums_reach(rule, recipe, env: dict) -> list:
    """``_beyond``'s bounds of a part reading no earlier part: its working with each sum over every value it is kept as."""
    kept = {}
    for *_, node, worked_as in _workings(recipe, env, {}):
        kept.setdefault(id(node), (node, []))[1].append(worked_as)
    return [spans_reach(replace(recipe, expression=replaced(recipe.expression, lambda n, node=node: Name(
        PART_PREFIX + _KEPT_SUM) if n is node else None), intermediates=()), env, {_KEPT_SUM: _span(values)},
        rule.spec, tolerance_kind(rule), CARRIED_NEAR) for node, values in kept.values()]


def _probabilities_reach(rule, paths: dict, env: dict) -> list:
    """``_beyond``'s bounds of a part reading earlier parts: its working from each over every value it is kept as."""
    kept = {}
    for s, value, *_ in _kept_probabilities(rule, paths, env):
        kept.setdefault(s.name, []).append(value)
    key = {o.name: (float(o.value),) * 2 for o in rule.sources}
    return [spans_reach(rule.recipe, env, {**key, name: _span(values)}, rule.spec, tolerance_kind(rule), CARRIED_NEAR)
            for name, values in kept.items()]


def _span(values: list) -> tuple:
    """``(least, greatest)`` of ``values``; a NaN's, infinite, so that no hull is finite."""
    return (min(values), max(values)) if all(map(math.isfinite, values)) else (-math.inf, math.inf)


def _hits(rule, x: float, value: float) -> bool:
    """Whether ``x`` is within the part's tolerance of ``value``."""
    return matches(x, value, rule.spec, tolerance_kind(rule))


def explains(rule, x: float, value: float, shown: int | None = None) -> bool:
    """Whether ``value``, what a value kept short gives, explains ``x`` (written to ``shown`` figures):
    ``x`` lies within the part's tolerance of it, its written figures agree with it (``agrees``), and
    it does not round at the figures asked to the key's answer (-ln(1 - 0.9526) = 3.0491 is 3.05, the key's: a
    student who kept 0.9526 would have been right, so it explains no 3.0445), unless ``x``,
    written to more figures than asked, reads otherwise there: C7's (c) 1.835 = -ln(1 - 1/1.19), 1.83468, is
    1.84 at the 3 asked, where the key is 1.83: the one who kept 1.19 and wrote 4 figures wrote it (note 51)."""
    if not (_hits(rule, x, value) and (agrees(x, value, shown) or agrees(x, value, unpadded(x, shown)))):
        return False   # the cheap tests first: most values kept short are nowhere near x
    asked = figures_asked(rule.kind, rule.spec)
    return not (rule.value is not None and rounds_as(value, rule.value, asked)
                and not rounds_otherwise(x, rule.value, rule.kind, rule.spec, shown))


def _said(rule, named) -> str:
    """The feedback naming the value kept short (``named``: (text, step) or (text, value), the step as the
    solutions write it, ``1 + e^(-s)``, or None), and the rule in the stems' words (text/conventions.NEAR_ONE_RULE;
    C7's and C9's list $1 + e^{\\pm s}$ among the values near 1, so 1.7408 is kept so too)."""
    text, step = named
    here = step if isinstance(step, str) else "a probability over 0.9"
    return (f"your answer is what the working gives with a value kept to too few figures of its difference from 1 ({text}): "
            f"keep a value near 1 (here {here}) to at least 4 significant figures of its difference from 1 "
            f"(expected {expected(rule)})")
