"""The sums 1 + X in a part's working that near_one.py names kept short (the sigmoid's
1 + e^(-s), between 1 and 2, or at s < 0 the sum near 1 of 1 - p-hat, ``mirror_sum``), their
keepings to too few figures of X, the working with one so kept (``kept_as``), and whether an earlier
probability near 1 keeps what the stems ask of it (``difference_kept``), and whether an answer's written
figures agree with a value so reached (``agrees``, ``unpadded``). Apart from
near_one.py, the rule and its words, so that each stays within the modules' size."""

from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from functools import partial

from quizgen.maths.numbers import significant
from quizgen.maths.tree import Bin, Call, Index, Neg, Num
from quizgen.marking.complement_route import NEAR_ONE, one_plus
from quizgen.marking.recipes import replaced, shape
from quizgen.marking.roundings import sig_roundings
from quizgen.marking.slips import cut_to, rounds_to, same

KEPT = (3, 4)   # the figures such a value may have been kept to (to 2 it is early_carry's)


def difference_half_unit(difference: float) -> float:
    """Half a unit of the 4th significant figure of ``difference``, a value's distance from 1:
    what C7's and C9's stems ask to keep of 1 + e^(-s) and of a probability near 1."""
    return 5 * 10.0 ** (math.floor(math.log10(difference)) - 4)


def difference_kept(own: float, value: float) -> bool:
    """Whether ``own``, an earlier answer, keeps what the stems ask of a probability
    near 1 (over 0.9; text/conventions.NEAR_ONE_RULE): 4 significant figures of its difference from 1 (0.9337 for 0.93398
    keeps 0.0663 of 0.066020, and -ln of it is 0.0686 beside 0.0683: near_one names it
    rounded too early, with or without the (a) written out). At 0.9 or
    below, 4 figures of a probability are 4 of its difference from 1 (1 - p is at least 0.1),
    so a right answer of 4 figures keeps what the stems ask: any value keeps it there."""
    if not NEAR_ONE < value < 1:
        return True
    return abs(own - value) <= difference_half_unit(1 - value) * (1 + 1e-9)


def short_keepings(value: float) -> list:
    """``[(kept, figures)]``: ``value``, a sum 1 + X between 1 and 2, kept to ``KEPT`` figures where
    that keeps fewer than 4 of X."""
    half = difference_half_unit(value - 1)
    return [(kept, figures) for figures in KEPT for kept in sig_roundings(value, figures)
            if not (same(kept, value) or abs(kept - value) <= half)]


def first_kept(value: float) -> list:
    """``[(kept, figures, X kept, its figures)]``: ``value``, a sum 1 + X between 1 and 2, worked from X
    first kept to ``KEPT`` figures, as carried rounding keeps a step, then kept to ``KEPT`` figures where
    that keeps fewer than 4 of X and ``short_keepings`` has no such keeping: a C9 student who
    kept e^(-2.1) = 0.122456 as 0.1225, then 1.1225 as 1.123 (a tie, the paper's way), where the sum
    itself to 4 figures is 1.122, is then told no cut-off, for it is none."""
    half, direct = difference_half_unit(value - 1), short_keepings(value)
    found = []
    for x_figures in KEPT:
        for first in sig_roundings(value - 1, x_figures):
            for figures in KEPT:
                for kept in sig_roundings(1 + first, figures):
                    if not (same(kept, value) or abs(kept - value) <= half
                            or any(same(kept, k) for k, _ in direct) or any(same(kept, k[0]) for k in found)):
                        found.append((kept, figures, first, x_figures))
    return found


def named_keepings(value: float, text: str, plain: str, x_text: str) -> list:
    """``[(kept, how it is named)]``: ``short_keepings`` of ``value``, the sum ``text`` (``1 + e^(-s)``,
    ``plain`` as the stems ask it kept), ``1 + e^(-s) = 1.1225 as 1.12``, then ``first_kept``'s, its X
    (``x_text``) named first: ``e^(-s) = 0.12246 as 0.1225, then 1 + e^(-s) = 1.1225 as 1.123``."""
    named = [(kept, f"{text} = {plain} as {significant(kept, figures)}") for kept, figures in short_keepings(value)]
    for kept, figures, first, x_figures in first_kept(value):
        whole = significant(1 + first, x_figures - math.floor(math.log10(first)))
        named.append((kept, f"{x_text} = {significant(value - 1, x_figures + 1)} as {significant(first, x_figures)}, "
                            f"then {text} = {whole} as {significant(kept, figures)}"))
    return named


def rounds_as(value: float, key: float, asked: int) -> bool:
    """Whether ``value`` rounds at the ``asked`` figures to the ``key``'s answer so rounded, as a student
    rounds it (a tie on its decimal, by either rule: C9 seed 6's Q29 2.335, whose float lies just below,
    is the key's 2.34, not 2.33, its half-towards-zero neighbour)."""
    return any(significant(r, asked) == significant(key, asked) for r in sig_roundings(value, asked))


def kept_as(recipe, node, value):
    """``recipe`` with the sum ``node`` worked as ``value`` wherever it is written, in its steps too, so
    that the steps it does not hold are rounded where they occur (the masked-LM mean beside C9's
    NSP term) and those it does are rounded as what they then are (p-hat = 1/1.08 to 4 figures)."""
    key = shape(node)
    swap = partial(replaced, change=lambda n: Num(Fraction(value)) if shape(n) == key else None)
    return replace(recipe, expression=swap(recipe.expression),
                   intermediates=tuple((name, swap(step)) for name, step in recipe.intermediates))


def mirror_sum(node):
    """``1 + exp(y)`` for ``node``, a sum ``1 + exp(-y)``, else None: at s < 0, 1 + e^(-s) is over 2 and
    1 - sigma(s) = 1/(1 + e^(s)), the probability near 1 the stems ask to keep to 4 figures of its
    difference from 1, whose sum is near 1 (C7 (c) ln(1.02) with 1 + e^(3.9) kept short,
    C9's total worked from 1/(1.08), were a bare ``incorrect``). Worked in the recipe as 1 + e^(-s) =
    kept/(kept - 1), which gives 1 - sigma(s) = 1/kept."""
    other = node.right if node.left.__class__ is Num and node.left.value == 1 else node.left
    if other.__class__ is not Call or other.func.name != "exp" or len(other.args) != 1 \
            or other.args[0].__class__ is not Neg:
        return None
    return Bin("+", Num(1), Call(other.func, (other.args[0].operand,)))


def sums_with_one(node) -> list:
    """Every ``1 + X`` (or ``X + 1``) in ``node``."""
    found = []
    if node.__class__ is Bin:
        if one_plus(node):
            found.append(node)
        found += sums_with_one(node.left) + sums_with_one(node.right)
    elif node.__class__ is Neg:
        found += sums_with_one(node.operand)
    elif node.__class__ is Call:
        for a in node.args:
            found += sums_with_one(a)
    elif node.__class__ is Index:
        found += sums_with_one(node.base)
    return found


def unpadded(x: float, shown: int | None) -> int | None:
    """The figures of ``x`` written to ``shown`` less the zeros at its end, but not fewer than
    ``KEPT``'s 3 (or ``shown``): (a) 0.8550 is 0.855 = 1/1.17 as written, and 0.9350 is 0.935 =
    1/1.07, the same value kept short, named so whatever zeros follow it (0.8550 was
    named e^(-s) kept to 2 figures, and (b), (c) from it earned full marks; 0.9350 was a bare incorrect)."""
    if shown is None or "e" in (text := significant(x, shown)):
        return shown
    zeros = len(text) - len(text.rstrip("0")) if "." in text else 0
    return max(min(shown, KEPT[0]), shown - zeros)


def agrees(x: float, value: float, shown: int | None) -> bool:
    """Whether ``x``, written to ``shown`` significant figures, is ``value`` rounded or cut off at
    them (2.7135 is -ln 0.0663 = 2.71357 cut off; 0.93349 is no 0.93371, 1/1.071, nor 2.7135 the 2.7181
    of 0.9340). Unknown figures (an expression) say nothing against it."""
    return shown is None or rounds_to(x, value, shown) or cut_to(x, value, shown)
