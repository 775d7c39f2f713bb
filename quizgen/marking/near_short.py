"""An answer carried rounding reaches only with the sum a probability near 1 divides by kept to 3
significant figures (near_one_floors.py holds it to 4): rounded too early, naming the value kept
short, as near_one.py names C7's 1 + e^(-s) kept short. C8's p = 12.1825/12.5504 = 0.97069 with the
sum kept as 12.6 gives 0.968, and -ln 0.968 = 0.0325 for a loss of 0.0298: each keeps 1 figure of
1 - p, and was full marks."""

from __future__ import annotations

from quizgen.maths.evaluate import ground
from quizgen.maths.numbers import significant
from quizgen.marking.as_asked import carried_accepts
from quizgen.marking.early import expected
from quizgen.marking.near_one_floors import FLOOR, near, near_floors, with_parts
from quizgen.marking.recipes import PART_PREFIX, recipe_text, shape
from quizgen.marking.step_words import as_solutions_write

_FAILS = (ArithmeticError, ValueError, TypeError, LookupError)


def near_short(rule, x: float, figures, traps: tuple, named=lambda: "") -> str:
    """The feedback when ``x`` (written to ``figures``) is carried rounding only with the sum a
    probability near 1 divides by kept to 3 figures (the part's spans, so held, do not hold it, their
    ``loose`` ones do), else "". ``named()``: near_one.py's words for it, when it names the keeping;
    else the sums of the working so held, or the earlier parts near 1 worked from one."""
    spans = rule.carried
    if not hasattr(spans, "loose") or not carried_accepts(x, figures, spans.loose(), rule.kind, rule.spec, traps):
        return ""
    said = named()
    if said:
        return said
    kept = "; or ".join(_kept(rule, spans)) or "a value near 1 kept to 3 significant figures"
    return (f"your answer is what the working gives with a value kept to too few figures of its difference "
            f"from 1 ({kept}): keep a value near 1 (here a probability over 0.9) to at least 4 significant "
            f"figures of its difference from 1, and the values it is worked from to at least 4 significant "
            f"figures (expected {expected(rule)})")


def _kept(rule, spans) -> list:
    """How each value the part's working holds to ``FLOOR`` figures reads kept to 3: its own sums
    (``the sum of e^(z) = 12.5504 as 12.6``) and the earlier parts near 1 it reads, worked from one
    (``(a) = 0.970685 carried with too few figures of 1 - (a)``)."""
    recipe, env, found = spans.paths.get(spans.name), spans.env, []
    if recipe is None:
        return found
    parts = {s.name: spans.sets[s.name] for s in rule.sources if spans.sets.get(s.name)}
    floors, env = near_floors(recipe, env, parts), with_parts(env, parts)
    for _, node in recipe.intermediates:
        if floors.get(shape(node)) == FLOOR:
            try:
                value = float(ground(node, env))
            except _FAILS:
                continue
            text = as_solutions_write(recipe_text(node))
            for source in rule.sources:
                text = text.replace(PART_PREFIX + source.name, source.label)
            found.append(f"{text} = {significant(value, 6)} as {significant(value, FLOOR - 1)}")
    for source in rule.sources:
        values = spans.sets.get(source.name) or ()
        if values and near(value := values[len(values) // 2]):
            found.append(f"{source.label} = {significant(value, 6)} carried with too few figures of "
                         f"1 - {source.label}")
    return found
