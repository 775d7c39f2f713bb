"""The recompute check: every displayed ``=`` of a worked solution must hold
for the numbers as shown, to the precision shown.

A solution's math (``$...$`` in Markdown, LaTeX inside) is read by a small
whitelist parser of its own into ``quizgen.maths`` trees and evaluated by
``quizgen.maths.answer_floats.answer_value`` (never ``eval``; latex_reader.py). Each math span is
split at relations: ``=`` and ``\\approx`` join the segments of a chain,
``< > \\leq \\geq \\neq`` end one. In a chain, a segment that is just a number
(``0.6265``) is a *displayed value*; every other segment that can be evaluated
is a *computation* and must round to its displayed value:

    |computed - shown| <= 0.5 * 10^-d * (1 + 1e-9) + units * 10^-d

where ``d`` is the number of decimals shown and ``units`` (default 0) an
allowance in units of the last shown digit. A computation is held against the
nearest displayed value to its right (else to its left); two displayed values
side by side must agree to the coarser precision; a chain with no displayed
value claims exact equality (relative 1e-9) of neighbouring computations, and a
sum of decimals set ``=`` (not ``\\approx``) to a whole number claims it exactly
(``0.9340 + 0.06599 = 1`` fails: half a unit of a whole number would pass it).
A computation of plain arithmetic on decimals that lands exactly on a tie must
show it rounded away from zero, as students round (``1/128 = 0.007812`` fails).
A number followed by ``\\%`` is its hundredth (``15\\% \\cdot 200 = 30``).
A relation inside brackets or braces (``P(|M| = 0)``, ``L_{y=0}``) splits nothing.
Segments with symbols (``L``, ``p``, ``\\sum_j``, ``\\text``) cannot be evaluated:
they are skipped and counted. An ``=`` the check could not read though both its sides
are arithmetic (``\\sum_{i=1}^{3} i = 6``: step_symbols.py), and a computation with
no value shown beside it in its span (``$\\sigma = \\sqrt{2.297}$``, its value in
the next span), are listed as ``unread``: validate warns about them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.tree import Bin, Neg, Num
from quizgen.validation.latex_reader import READ_COMMANDS, TOKEN, Unreadable, latex_tree, latex_value
from quizgen.validation.step_symbols import is_arithmetic

MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.DOTALL)
CHAIN = {"=", r"\approx"}
BREAK = {"<", ">", r"\le", r"\leq", r"\ge", r"\geq", r"\neq", r"\ne", r"\lt", r"\gt", r"\leqslant",
         r"\geqslant", ",", ";"}
FLOAT_NOISE = 1e-9
SUM_OF_DECIMALS = re.compile(r"-?\s*\d+(?:\.\d+)?(?:\s*[+-]\s*\d+(?:\.\d+)?)+")


@dataclass(frozen=True)
class Step:
    """One displayed claim: ``computation = shown`` (or two displayed values,
    or two computations); ``ok`` says whether it recomputes."""

    math: str
    left: str
    right: str
    computed: float
    shown: float
    decimals: int | None
    ok: bool

    def __str__(self) -> str:
        verdict = "ok" if self.ok else "FAILS"
        return f"{self.left} = {self.right}: recomputed {self.computed:.6g} [{verdict}] in ${self.math}$"


@dataclass
class Recomputed:
    """The steps checked in some text, how many segments were skipped, and the arithmetic
    ``=`` left unchecked (``unread``: ``(math, claim, reason)``)."""

    steps: list = field(default_factory=list)
    skipped: int = 0
    unread: list = field(default_factory=list)

    @property
    def failures(self) -> list:
        return [s for s in self.steps if not s.ok]

    def add(self, other: "Recomputed") -> None:
        self.steps += other.steps
        self.skipped += other.skipped
        self.unread += other.unread


# ------------------------------------------------------------------ checking

def linked_chains(math: str) -> list:
    """The chains of one math span, each a list of ``(segment, relation)``
    pairs: the relation (``=`` or ``\\approx``) joining a segment to the one
    before it, ``""`` for the first."""
    found, segments, current, relation, depth = [], [], [], "", 0
    for token in TOKEN.findall(math):
        depth += (token in "({[") - (token in ")}]") if len(token) == 1 else 0
        if depth <= 0 and (token in CHAIN or token in BREAK):
            segments.append((" ".join(current), relation))
            current, relation = [], token
            if token in BREAK:
                found.append(segments)
                segments, relation = [], ""
        else:
            current.append(token)
    segments.append((" ".join(current), relation))
    found.append(segments)
    return [[(s, r) for s, r in chain if s.strip()] for chain in found if len(chain) > 1]


def displayed(segment: str):
    """``(value, decimals)`` when a segment is just a number, else None; a number
    in scientific form (``1.583 \\times 10^{6}``) counts its decimals in units of
    1 (-3 there: it is shown to the thousand)."""
    match = re.fullmatch(r"(-?)\s*(\d+(?:\.(\d+))?)(?:\s*\\times\s*10\s*\^\s*\{\s*(-?\d+)\s*\})?", segment.strip())
    if not match:
        return None
    power = int(match.group(4) or 0)
    return float(match.group(1) + match.group(2)) * 10.0 ** power, len(match.group(3) or "") - power


def recompute_math(math: str, units: float = 0.0) -> Recomputed:
    """Check every chain of one math span (without its ``$``)."""
    result = Recomputed()
    for links in linked_chains(math):
        result.add(_check_chain(math, links, units))
    return result


def _whole_sum(left: str, right: str, relation: str):
    """``(sum, whole)`` when ``left`` is a sum of decimal numbers claimed ``=``
    (not ``\\approx``) to the whole number ``right`` (``0.9340 + 0.06599 = 1``):
    such a claim is exact, as rounding to a whole number would pass any sum
    within 0.5 of it; else None."""
    if relation != "=" or not SUM_OF_DECIMALS.fullmatch(left) or "." not in left:
        return None
    if not re.fullmatch(r"-?\s*\d+", right):
        return None
    total = exact_value(left)
    return None if total is None else (total, Fraction(right.replace(" ", "")))


def _check_chain(math: str, links: list, units: float) -> Recomputed:
    result, values = Recomputed(), []
    chain = [segment for segment, _ in links]
    for segment in chain:
        try:
            values.append(latex_value(segment))
        except (Unreadable, ExpressionError):
            values.append(None)
            result.skipped += 1
    shown = [displayed(s) for s in chain]
    for i, segment in enumerate(chain):
        if values[i] is None:
            continue
        if shown[i] is None:
            j = _nearest_shown(shown, i)
            whole = _whole_sum(segment, chain[j], links[j][1]) if j == i + 1 else None
            if whole is not None:
                ok = whole[0] == whole[1]
                result.steps.append(Step(math.strip(), segment, chain[j], float(whole[0]), float(whole[1]), 0, ok))
            elif j is not None:
                result.steps.append(_tie_checked(_step(math, segment, chain[j], values[i], shown[j], units)))
            elif i + 1 < len(chain) and values[i + 1] is not None:
                result.steps.append(_exact_step(math, segment, chain[i + 1], values[i], values[i + 1]))
            elif i == 0 or values[i - 1] is None:   # no neighbour computed either: nothing to hold it to
                _unshown(result, math, links, i)
        elif i + 1 < len(chain) and shown[i + 1] is not None:
            coarser = min((shown[i], shown[i + 1]), key=lambda s: s[1])
            finer = shown[i] if coarser is shown[i + 1] else shown[i + 1]
            result.steps.append(_step(math, chain[i], chain[i + 1], finer[0], coarser, units))
    result.unread += [(math.strip(), f"{chain[i - 1]} {links[i][1]} {chain[i]}", f"it cannot read {chain[k]}")
                      for i in range(1, len(chain)) for k in (i - 1, i)
                      if values[k] is None and _arithmetic(chain[i - 1]) and _arithmetic(chain[i])][:1]
    return result


def _arithmetic(segment: str) -> bool:
    return is_arithmetic(TOKEN.findall(segment), READ_COMMANDS)


def _unshown(result: Recomputed, math: str, links: list, i: int) -> None:
    """Note the computation ``links[i]``, with no value shown or computed beside it in its chain, as
    unread: its value is shown elsewhere, if at all (``$\\sigma = \\sqrt{2.297}$, so $\\sigma = 2.297$``). A
    fraction of whole numbers (``\\frac{52}{107}``) is a value written exactly, and checks nothing."""
    segment = links[i][0]
    if re.fullmatch(r"-?\s*(\\[dt]?frac\s*\{\s*\d+\s*\}\s*\{\s*\d+\s*\}|\d+\s*/\s*\d+)", segment.strip()):
        return
    relation = links[i][1] or (links[i + 1][1] if i + 1 < len(links) else "")
    if relation:
        result.unread.append((math.strip(), segment, "no value is shown beside it in the same $...$ (a chain "
                                                     "split across two spans is not checked: write it in one)"))


def exact_value(segment: str):
    """The exact rational value of a segment of plain arithmetic on decimals
    (``2.6251 - 0.07515``, ``1/128``), else None."""
    try:
        return _exact(latex_tree(segment))
    except (Unreadable, ZeroDivisionError):
        return None


def _exact(node):
    if isinstance(node, Num):
        return node.value
    if isinstance(node, Neg):
        inner = _exact(node.operand)
        return None if inner is None else -inner
    if isinstance(node, Bin) and node.op in ("+", "-", "*", "/"):
        a, b = _exact(node.left), _exact(node.right)
        if a is None or b is None:
            return None
        return {"+": a + b, "-": a - b, "*": a * b, "/": a / b if b else None}[node.op]
    return None


def _tie_checked(step: Step) -> Step:
    """``step``, failed when its computation is plain arithmetic landing exactly
    halfway between two shown values and the shown one is not the tie rounded
    away from zero, as students round (``1/128 = 0.007812`` fails: 0.0078125 to
    4 s.f. is 0.007813)."""
    exact = exact_value(step.left)
    if not step.ok or exact is None or step.decimals is None:
        return step
    scaled = abs(exact) * Fraction(10) ** step.decimals
    if scaled.denominator != 2:
        return step
    rounded = (scaled + Fraction(1, 2)) / Fraction(10) ** step.decimals * (1 if exact >= 0 else -1)
    ok = Fraction(str(step.shown)) == rounded
    return Step(step.math, step.left, step.right, step.computed, step.shown, step.decimals, ok)


def _nearest_shown(shown: list, i: int):
    right = [j for j in range(i + 1, len(shown)) if shown[j] is not None]
    left = [j for j in range(i - 1, -1, -1) if shown[j] is not None]
    return (right or left or [None])[0]


def _step(math, left, right, computed, shown, units) -> Step:
    value, decimals = shown
    unit = 10.0 ** -decimals
    ok = abs(computed - value) <= 0.5 * unit * (1 + FLOAT_NOISE) + units * unit
    return Step(math.strip(), left, right, computed, value, decimals, ok)


def _exact_step(math, left, right, a, b) -> Step:
    ok = abs(a - b) <= FLOAT_NOISE * max(abs(a), abs(b), 1e-300)
    return Step(math.strip(), left, right, a, b, None, ok)


def recompute_text(text: str, units: float = 0.0) -> Recomputed:
    """Check every math span (``$...$``, ``$$...$$``) of Markdown text."""
    result = Recomputed()
    for match in MATH.finditer(text):
        result.add(recompute_math(match.group(1) or match.group(2), units))
    return result


def solution_texts(view: dict) -> list:
    """The worked solution of a question view as ``(where, text)``: forecast,
    each step's title, reason and work, and the check."""
    texts = [("forecast", view["forecast"])]
    for n, step in enumerate(view["steps"], start=1):
        texts.append((f"step {n}", " ".join([step["title"], step["why"], step["work"]])))
    texts.append(("check", view["verify"]))
    return texts


def recompute_view(view: dict, units: float = 0.0) -> dict:
    """``{where: Recomputed}`` for the worked solution of one question view (md)."""
    return {where: recompute_text(text, units) for where, text in solution_texts(view)}
