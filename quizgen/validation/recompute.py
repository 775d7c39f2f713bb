"""The recompute check: every displayed ``=`` of a worked solution must hold
for the numbers as shown, to the precision shown.

A solution's math (``$...$`` in Markdown, LaTeX inside) is read by a small
whitelist parser of its own into ``quizgen.maths`` trees and evaluated by
``quizgen.maths.evaluate.answer_value`` (never ``eval``). Each math span is
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
Segments with symbols (``L``, ``p``, ``\\sum``, ``\\text``) cannot be evaluated:
they are skipped and counted."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import answer_value
from quizgen.maths.functions import LATEX_COMMANDS, LATEX_SUBSCRIPTED, function_named
from quizgen.maths.tree import Bin, Call, Const, Neg, Num

MATH = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.DOTALL)
TOKEN = re.compile(r"\d+\.\d+|\d+|\.\d+|\\[A-Za-z]+|\\.|\S")
CHAIN = {"=", r"\approx"}
BREAK = {"<", ">", r"\le", r"\leq", r"\ge", r"\geq", r"\neq", r"\ne", r"\lt", r"\gt", r"\leqslant",
         r"\geqslant", ",", ";"}
SPACING = {r"\,", r"\;", r"\:", r"\!", r"\ ", r"\quad", r"\qquad", r"\left", r"\right", r"\displaystyle"}
FUNCTIONS = {"\\" + command: name for command, name in LATEX_COMMANDS.items()}
"""The functions by their LaTeX commands, as the table of functions spells them (``\\ln``, ``\\exp``)."""
SUBSCRIPTED = {("\\" + command, subscript): name for (command, subscript), name in LATEX_SUBSCRIPTED.items()}
"""The functions the table spells with a subscript, by command and subscript (``\\log_{10}``)."""
COMMANDS = frozenset(FUNCTIONS) | {command for command, _ in SUBSCRIPTED}
FRACTIONS = {r"\frac", r"\tfrac", r"\dfrac"}
PRODUCTS = {r"\cdot", r"\times", "*"}
FLOAT_NOISE = 1e-9
SUM_OF_DECIMALS = re.compile(r"-?\s*\d+(?:\.\d+)?(?:\s*[+-]\s*\d+(?:\.\d+)?)+")


class Unreadable(Exception):
    """A segment holding something the whitelist does not evaluate."""


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
    """The steps checked in some text and how many segments were skipped."""

    steps: list = field(default_factory=list)
    skipped: int = 0

    @property
    def failures(self) -> list:
        return [s for s in self.steps if not s.ok]

    def add(self, other: "Recomputed") -> None:
        self.steps += other.steps
        self.skipped += other.skipped


# ------------------------------------------------------------------ parsing

class _Reader:
    """A recursive-descent reader of one segment's tokens into a tree."""

    def __init__(self, tokens: list):
        self.tokens, self.at = [t for t in tokens if t not in SPACING], 0

    def peek(self):
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, expected=None):
        token = self.peek()
        if token is None or (expected is not None and token != expected):
            raise Unreadable(f"expected {expected or 'more'}, found {token}")
        self.at += 1
        return token

    def whole(self):
        node = self.expression()
        if self.peek() is not None:
            raise Unreadable(f"cannot read {self.peek()!r}")
        return node

    def expression(self):
        node = self.term()
        while self.peek() in ("+", "-"):
            node = Bin(self.take(), node, self.term())
        return node

    def term(self):
        node = self.unary()
        while True:
            token = self.peek()
            if token in PRODUCTS or token == "/":
                self.take()
                node = Bin("/" if token == "/" else "*", node, self.unary())
            elif _starts_primary(token):
                node = Bin("*", node, self.power())
            else:
                return node

    def unary(self):
        if self.peek() == "-":
            self.take()
            return Neg(self.unary())
        if self.peek() == "+":
            self.take()
            return self.unary()
        return self.power()

    def power(self):
        base = self.primary()
        if self.peek() != "^":
            return base
        self.take()
        exponent = self.group() if self.peek() == "{" else self.primary()
        if isinstance(base, Const) and base.name == "E":
            return Call(function_named("exp"), (exponent,))
        return Bin("**", base, exponent)

    def group(self):
        opening = self.take()
        closing = {"{": "}", "(": ")", "[": "]"}.get(opening)
        if closing is None:
            raise Unreadable(f"expected a bracket, found {opening}")
        node = self.expression()
        self.take(closing)
        return node

    def primary(self):
        token = self.peek()
        if token is None:
            raise Unreadable("nothing to evaluate")
        if re.fullmatch(r"\d+\.\d+|\d+|\.\d+", token):
            self.take()
            if self.peek() == r"\%":   # 15\% is 0.15, so 15\% \cdot 200 = 40 is checked
                self.take()
                return Num(Fraction(token) / 100)
            return Num(Fraction(token))
        if token == "e":
            self.take()
            return Const("E")
        if token in ("(", "{", "["):
            return self.group()
        if token in FRACTIONS:
            self.take()
            return Bin("/", self.group(), self.group())
        if token == r"\sqrt":
            self.take()
            return Call(function_named("sqrt"), (self.group(),))
        if token in COMMANDS:
            self.take()
            name = self.function_name(token)
            argument = self.group() if self.peek() in ("(", "{") else self.unary()
            return Call(function_named(name), (argument,))
        if token == r"\sigma" and self.tokens[self.at + 1:self.at + 2] == ["("]:
            self.take()
            return _sigmoid(self.group())
        raise Unreadable(f"symbol {token}")

    def function_name(self, command: str) -> str:
        """The table's name of the function ``command`` writes, with its subscript if any (``\\log_{10}``)."""
        if self.peek() != "_":
            if command not in FUNCTIONS:
                raise Unreadable(f"symbol {command}")
            return FUNCTIONS[command]
        self.take()
        if self.peek() == "{":
            self.take()
            subscript = self.take()
            self.take("}")
        else:
            subscript = self.take()
        if (command, subscript) not in SUBSCRIPTED:
            raise Unreadable(f"symbol {command}_{subscript}")
        return SUBSCRIPTED[(command, subscript)]


def _starts_primary(token) -> bool:
    return token is not None and (token[0].isdigit() or token in ("e", "(", "{") or token in FRACTIONS
                                  or token in COMMANDS or token == r"\sqrt")


def _sigmoid(x):
    """sigma(x) = 1 / (1 + e^-x), the logistic function."""
    return Bin("/", Num(Fraction(1)), Bin("+", Num(Fraction(1)), Call(function_named("exp"), (Neg(x),))))


def latex_tree(segment: str):
    """The tree of a LaTeX segment (``-\\ln 0.0474``, ``\\frac{1}{1 + e^{-0.3}}``);
    raises Unreadable for anything outside the whitelist."""
    return _Reader(TOKEN.findall(segment)).whole()


def latex_value(segment: str) -> float:
    """The value of a LaTeX segment; Unreadable when it holds a symbol or fails."""
    try:
        return answer_value(latex_tree(segment))
    except ExpressionError as exc:
        raise Unreadable(str(exc)) from exc


# ------------------------------------------------------------------ checking

def linked_chains(math: str) -> list:
    """The chains of one math span, each a list of ``(segment, relation)``
    pairs: the relation (``=`` or ``\\approx``) joining a segment to the one
    before it, ``""`` for the first."""
    found, segments, current, relation = [], [], [], ""
    for token in TOKEN.findall(math):
        if token in CHAIN or token in BREAK:
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
        elif i + 1 < len(chain) and shown[i + 1] is not None:
            coarser = min((shown[i], shown[i + 1]), key=lambda s: s[1])
            finer = shown[i] if coarser is shown[i + 1] else shown[i + 1]
            result.steps.append(_step(math, chain[i], chain[i + 1], finer[0], coarser, units))
    return result


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
