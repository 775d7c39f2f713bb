"""One step of a part's working kept to 2 significant figures, the others
carried as carried rounding carries them (carry.py): the values that working
reaches, step by step, and each step named as the solutions write it. An
answer is rounded too early through its own working (early_carry.py) only when
one such step gives it: two or more kept short at once reach most answers a few
units off the key, and are no one early rounding a marker can point to
(seed 101's C1 0.759 for 0.756 needs e^2.5 and e^4 both kept to 2
figures, and was told only "a value on the way").

A step is an intermediate let (``the sum of e^(z)``, ``e^(-s)``), one element
of a list let (``e^(4)``: a term of the softmax's sum and, the same way, its
numerator, as carry.py rounds a shared use) or the sum inside a mean (the
solutions add before they divide); never a number the paper prints or its
negative (``-s``: step_words.given_only), which no student keeps short on the
way and feedback never names so. Equal elements of a list let, the same
expression over the same value (-ln 0.55 for two tokens of p = 0.55, e^0.5 for
two logits of 0.5), are one step: a number a student works out and writes once,
then uses at both places, kept short at either or both (both kept
short were two steps, and one was named twice)."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import lru_cache

from quizgen.maths.functions import function_named
from quizgen.maths.numbers import significant
from quizgen.maths.rounding import figure_places
from quizgen.maths.tree import Call, Name
from quizgen.marking.carry import Vec, _Sets, reach, reachable
from quizgen.marking.list_steps import element_at, list_length
from quizgen.marking.quotes import OWN_STEP_FIGURES, quoted
from quizgen.marking.recipes import recipe_text, shape
from quizgen.marking.roundings import each_rounding, roundings, sig_roundings, thin
from quizgen.marking.slips import rounds_to, same
from quizgen.marking.step_words import as_solutions_write, given_only, selected

SHORT = OWN_STEP_FIGURES   # the figures the one step is kept to (early_carry.EARLY_FIGURES)
MEAN_SUM = "sum"           # a step key's first item for the sum inside a mean
_SUM = function_named("sum")
_ELEMENT = re.compile(r"\b([A-Za-z_]\w*)\[(\d+)\]")


def one_step_values(recipe, env: dict, given: dict, levels) -> dict:
    """``{step key: (its tree, the sorted values reached)}``: for each step of
    ``recipe`` (the module's docstring) the values with that step alone kept to
    ``SHORT`` figures or unrounded, every other rounded to ``levels`` or
    unrounded, the earlier parts at ``given`` (name -> values). A step key is
    ``(shape, None)`` for a let, ``(the list let's shape, index)`` for one
    element (the first of equal ones: ``_copies``), ``(MEAN_SUM, shape of the
    mean)``. Raises as carry.reachable does."""
    steps = _OneShort(recipe, env, given, levels)
    reach(steps)   # which steps there are
    return {key: (node, step_reach(recipe, env, given, levels, key))
            for key, node in steps.seen.items() if not given_only(node)}


def step_reach(recipe, env: dict, given: dict, levels, key, own=None) -> tuple:
    """The sorted values ``recipe`` reaches with the step ``key`` (``one_step_values``) alone kept
    to ``SHORT`` figures or unrounded (carried to ``own`` first, perhaps: ``levels`` unless given),
    every other rounded to ``levels`` or unrounded."""
    return reach(_OneShort(recipe, env, given, levels, key, own=own))


def step_named(recipe, key, node, env: dict, given: dict, asked: int, reaches=None):
    """``(the step as the solutions write it, its value quoted, kept to ``SHORT``)``,
    ``("e^(4)", "54.6", "55")``, for the step ``key`` (``node``: its tree in
    ``one_step_values``), its value worked from ``given``; None when keeping it to ``SHORT``
    figures changes nothing or it is no one number. A term a label selects is written as this
    draw has it (step_words.selected: C9's -ln of the true label's probability is ``-ln(σ(s))``
    or ``-ln(1 - σ(s))``, never a bare value). ``reaches(kept)``: ``(whether the
    working with the step at ``kept`` gives the answer, the values the step is carried as there
    before it is kept)``; the value named is then one that does (the mean 0.924165
    carried as 0.925 and kept as 0.93 gave C9's 1.37, and "0.924 as 0.92" was named, which gives
    1.36), quoted as ``value_shown`` says."""
    tree = _tree(recipe, key, node, env)
    if tree is None:
        return None
    values = reachable(replace(recipe, expression=tree, intermediates=()), env, given, levels=())
    if len(values) != 1 or not isinstance(values[0], float):
        return None
    value = values[0]
    if all(same(v, value) for v in sig_roundings(value, SHORT)):
        return None
    text = _ELEMENT.sub(lambda m: _element_value(env, m), recipe_text(selected(tree, env)))
    kept = max(sig_roundings(value, SHORT), key=abs)   # a tie away from zero, as the paper rounds
    hit, before = (True, ()) if reaches is None else reaches(kept)
    for other in () if hit else _neighbours(value):
        hit, carried = reaches(other)
        if hit:
            kept, before = other, carried
            break
    return as_solutions_write(text), value_shown(value, kept, asked, before), quoted(kept, SHORT)


def value_shown(value: float, kept: float, asked: int, before=()) -> str:
    """``value`` quoted before "as ``kept``": to ``asked`` figures, or to as many more as read as kept so
    (e^0.5 = 1.6487 is "1.649 as 1.6": "1.65 as 1.6" reads as a 5 rounded down). Where
    ``kept`` is no rounding of ``value`` (the step carried to 3 figures first), the value it was kept
    from is said too, the nearest of ``before`` (the step's values in that working) that so rounds (by
    the paper's rule first, else at a tie), and a comma, ``value`` then quoted to as many figures as read
    as NOT so kept, nor as the carried value: "0.924, carried as 0.925,"; "1.3496, carried as 1.35,"
    ("0.924 as 0.93" recomputes from nothing); "0.1051, carried as 0.105," where
    0.105 is kept as 0.10 to even."""
    more = [significant(value, figures) for figures in range(asked, asked + 4)]
    if rounds_to(kept, value, SHORT):
        return next((text for text in more if _kept_as(float(text), kept)), more[0])
    carried = [v for v in before if rounds_to(kept, v, SHORT)]
    if not carried:
        return more[0]
    source = min(carried, key=lambda v: (not _kept_as(v, kept), abs(v - value)))
    said = _carried_text(source, kept, asked)   # and value to as many figures as read otherwise than it
    shown = next((text for text in more if not _kept_as(float(text), kept) and text != said), more[0])
    return f"{shown}, carried as {said},"


def _carried_text(source: float, kept: float, asked: int) -> str:
    """``source`` quoted to the fewest figures, from ``asked``, that still give ``kept`` at ``SHORT``
    figures (by the paper's rule, else at a tie): a sum of terms kept to 3 and 4 figures, 8.25029,
    is "carried as 8.25", not to six figures no step of the working shows."""
    texts = [significant(source, figures) for figures in range(asked, asked + 4)]
    return next((text for text in texts if _kept_as(float(text), kept)),
                next((text for text in texts if rounds_to(kept, float(text), SHORT)),
                     quoted(source)))


def _kept_as(value: float, kept: float) -> bool:
    """Whether ``value`` is ``kept`` at ``SHORT`` figures by the paper's rule (a tie away from zero)."""
    return same(max(sig_roundings(value, SHORT), key=abs), kept)


def _neighbours(value: float) -> tuple:
    """The two values of ``SHORT`` significant figures either side of ``value`` (0.92 and 0.93 for
    0.924): what a step carried to 3 figures or more first may be kept as."""
    if value == 0 or not math.isfinite(value):
        return ()
    unit = 10.0 ** -figure_places(value, SHORT)
    low = math.floor(value / unit) * unit
    return tuple(float(significant(v, SHORT)) for v in (low, low + unit))


def reaches_with(recipe, env: dict, given: dict, levels, key, hits, own=None):
    """``reaches`` for ``step_named``: whether the working with step ``key`` at a value, the others
    rounded to ``levels`` or unrounded, gives a value ``hits`` accepts, and the values step ``key``
    is carried as there (to ``own`` figures: ``step_reach``) before it is kept at that value."""
    def reached(kept: float) -> tuple:
        working = _OneShort(recipe, env, given, levels, key, kept, own)
        return hits(reach(working)), tuple(working.before)
    return reached


def _tree(recipe, key, node, env: dict):
    """The step ``key`` as one tree: the let, its element with the index as a number, the sum inside
    the mean; None when it cannot be written."""
    if key[0] == MEAN_SUM:
        return Call(_SUM, node.args)
    if key[1] is None:
        return node
    whole = next((step for _, step in recipe.intermediates if shape(step) == key[0]), None)
    return None if whole is None else element_at(whole, key[1], env)


def _copies(recipe, env: dict, list_shape) -> tuple:
    """For each element of the list let of shape ``list_shape``, the index of the first element
    that is the same expression over the same values (``-log(p[0])`` and ``-log(p[3])`` with p[0] =
    p[3]): the step both are. () when the let cannot be written element by element."""
    whole = next((step for _, step in recipe.intermediates if shape(step) == list_shape), None)
    written = [] if whole is None else [element_at(whole, i, env) for i in range(list_length(whole, env) or 0)]
    texts = [None if tree is None else _ELEMENT.sub(lambda m: _element_exact(env, m), recipe_text(tree))
             for tree in written]
    return tuple(i if text is None else texts.index(text) for i, text in enumerate(texts))


def _element_exact(env: dict, found) -> str:
    """``z[3]`` in an element's text as its value in full, ``4.0``, so that equal texts are equal values."""
    items = env.get(found[1])
    index = int(found[2])
    return repr(float(items[index])) if isinstance(items, (tuple, list)) and index < len(items) else found[0]


def _element_value(env: dict, found) -> str:
    """``z[3]`` in a step's text as the paper prints that element, ``4``; as written when it is no such element."""
    items = env.get(found[1])
    index = int(found[2])
    return quoted(float(items[index])) if isinstance(items, (tuple, list)) and index < len(items) else found[0]


def short_kept(values: tuple, levels, several: bool = False) -> tuple:
    """The short step's ``values``, unrounded or kept to ``SHORT`` figures, straight or after being
    carried to ``levels`` first (``several``: a step used more than once, its other copies also as
    the other steps are): at a carried tie both the paper's and the even neighbour, as carried
    rounding rounds (roundings.each_rounding). C9 seed 5's Q8: -ln(σ(s)) = 0.105083 carried as
    0.105 and kept as 0.10, half to even, gives `0.735`; kept straight it is 0.11 alone, and
    `0.735` was a bare ``incorrect``. Only ties add a value: a rounding to 2
    figures of a rounding to 3 or more is the value's own rounding elsewhere."""
    values, levels = tuple(values), tuple(levels)
    if 0.0 in values or set(map(type, values)) != _FLOAT:   # -0.0 == 0.0 and 2 == 2.0: not one key
        return _short_kept(values, levels, several)
    return _kept_short(values, levels, several)


_FLOAT = {float}


def _short_kept(values: tuple, levels: tuple, several: bool) -> tuple:
    carried = roundings(values, levels)
    return thin((*(carried if several else values), *(v for c in carried for v in each_rounding(c, (SHORT,)))))


_kept_short = lru_cache(maxsize=512)(_short_kept)   # a step's sets come again for each choice of a shared step


class _OneShort(_Sets):
    """carry.py's evaluation over sets with the step ``short`` (a key of
    ``one_step_values``) kept to ``SHORT`` figures or unrounded, the others to
    ``levels`` or unrounded (the short step carried to ``own`` first, perhaps: ``levels`` unless
    given); ``seen``: every step met, with its tree."""

    def __init__(self, recipe, env: dict, parts: dict, levels, short=None, at=None, own=None):
        super().__init__(recipe, env, parts, levels)
        self.short, self.at, self.seen, self.copies, self.before = short, at, {}, {}, set()
        self.own = self.levels if own is None else tuple(own)

    def kept(self, values: tuple, key, node) -> tuple:
        """The step ``key``'s ``values``, unrounded or rounded as it may be here (the short
        step at ``at`` alone, when given: its ``values`` then kept in ``before``). Each copy of a step that occurs more than once (equal
        elements) is kept on its own: short, or as the other steps are, at ``at`` its first one."""
        key, first, several = self.step_of(key)
        self.seen.setdefault(key, node)
        if key != self.short:
            return roundings(values, self.levels)
        if self.at is not None:
            self.before.update(roundings(values, self.own))   # carried first, perhaps, then kept
            return (self.at,) if first else (self.at, *roundings(values, self.own))
        return short_kept(values, self.own, several)

    def step_of(self, key) -> tuple:
        """``(the step, whether key is its first copy, whether it has several)`` of the step key
        ``key``: an element of a list let equal to an earlier one (``_copies``) is that one's step."""
        if key[1] is None or key[0] == MEAN_SUM:
            return key, True, False
        copies = self.copies.get(key[0])
        if copies is None:
            copies = self.copies[key[0]] = _copies(self.recipe, self.env, key[0])
        first = copies[key[1]] if key[1] < len(copies) else key[1]
        return (key[0], first), first == key[1], copies.count(first) > 1

    def key_of(self, node):
        """The step key of a step that is no list: a let, or one element of a list let (C1's numerator)."""
        return (shape(node), None) if shape(node) in self.steps else self.element_at(node)

    def choices(self, node) -> tuple:
        return self.kept(self.compute(node), self.key_of(node), node)

    def value(self, node):
        if node.__class__ is Name or id(node) in self.pinned or not self.dynamic(node) or not self.is_step(node):
            return super().value(node)
        computed = self.compute(node)
        if not isinstance(computed, Vec):
            return self.kept(computed, self.key_of(node), node)
        values = Vec(self.kept(v, (shape(node), i), node) for i, v in enumerate(computed))
        at = self.pinned_at.get(id(node))
        return Vec(at.get(i, v) for i, v in enumerate(values)) if at else values

    def compute(self, node):
        if node.__class__ is Call and node.func.name == "mean" and len(node.args) == 1:
            items = self.value(node.args[0])
            if isinstance(items, Vec) and items:   # the solutions' "sum / n": the sum a step of its own
                total = self.kept(self.call(_SUM, [items]), (MEAN_SUM, shape(node)), node)
                return tuple(v / len(items) for v in total)
        return super().compute(node)
