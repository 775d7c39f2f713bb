"""The recompute check's reader of a worked step's LaTeX: a small whitelist parser of
its own that turns one segment (``-\\ln 0.0474``, ``\\frac{1}{1 + e^{-0.3}}``, ``15\\% \\cdot
200``) into a ``quizgen.maths`` tree, evaluated by ``quizgen.maths.answer_floats.answer_value`` (never
``eval``); anything outside the whitelist raises ``Unreadable``."""

from __future__ import annotations

import re
from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.answer_floats import answer_value
from quizgen.maths.functions import LATEX_COMMANDS, LATEX_SUBSCRIPTED, function_named
from quizgen.maths.tree import Bin, Call, Const, Neg, Num

TOKEN = re.compile(r"\d+\.\d+|\d+|\.\d+|\\[A-Za-z]+|\\.|\S")
SPACING = {r"\,", r"\;", r"\:", r"\!", r"\ ", r"\quad", r"\qquad", r"\left", r"\right", r"\displaystyle"}
FUNCTIONS = {"\\" + command: name for command, name in LATEX_COMMANDS.items()}
"""The functions by their LaTeX commands, as the table of functions spells them (``\\ln``, ``\\exp``)."""
SUBSCRIPTED = {("\\" + command, subscript): name for (command, subscript), name in LATEX_SUBSCRIPTED.items()}
"""The functions the table spells with a subscript, by command and subscript (``\\log_{10}``)."""
COMMANDS = frozenset(FUNCTIONS) | {command for command, _ in SUBSCRIPTED}
FRACTIONS = {r"\frac", r"\tfrac", r"\dfrac"}
READ_COMMANDS = COMMANDS | FRACTIONS | {r"\sqrt"}
"""Every command a segment of arithmetic may hold (step_symbols.py)."""
PRODUCTS = {r"\cdot", r"\times", "*"}


class Unreadable(Exception):
    """A segment holding something the whitelist does not evaluate."""


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
