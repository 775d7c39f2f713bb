"""Printing exact values: in SymPy syntax (``-log(exp(2)/(exp(2) + E + 1))``),
as LaTeX, and as SymPy objects on demand. A function prints as its table row
says. Nodes never change, so each printer keeps a bounded memo of the nodes it
printed: subtrees shared between an answer and its traps, or between
instances, are printed once."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from quizgen.errors import ExpressionError
from quizgen.maths.exact import as_node
from quizgen.maths.rationals import decimal_places
from quizgen.maths.tree import Bin, Call, Const, Neg, Node, Num

_PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "**": 4}


class Printer:
    """One printed form of trees, with a memo of at most ``keep`` printed
    nodes (keyed by node: nodes never change; cleared when full). ``show``
    prints a node; it is a closure over the memo because it runs once per
    node printed, the hottest call of writing a key."""

    def __init__(self, form, keep: int = 32768):
        printed: dict = {}

        def show(node: Node) -> str:
            text = printed.get(node)
            if text is None:
                if len(printed) >= keep:
                    printed.clear()
                text = printed[node] = form(node, show)
            return text

        self.show, self._printed = show, printed

    def forget(self) -> None:
        """Empty the memo (the printed texts come out the same; only their reuse is lost)."""
        self._printed.clear()


def to_text(value) -> str:
    """The exact value in SymPy syntax, e.g. ``-log(exp(2)/(exp(2) + E + 1))``."""
    return _text(as_node(value) if not isinstance(value, Node) else value)


def _fraction_text(f: Fraction) -> str:
    return _fraction_text_of(f.numerator, f.denominator)


@lru_cache(maxsize=65536)
def _fraction_text_of(numerator: int, denominator: int) -> str:
    if denominator == 1:
        return str(numerator)
    decimal = _decimal_of(numerator, denominator, 8)
    return decimal if decimal is not None else f"{numerator}/{denominator}"


def terminating_decimal(f: Fraction, max_places: int = 8) -> str | None:
    """``f`` written as a finite decimal, or None when it has none (1/3)."""
    return _decimal_of(f.numerator, f.denominator, max_places)


@lru_cache(maxsize=65536)
def _decimal_of(numerator: int, denominator: int, max_places: int) -> str | None:
    """Cached by numerator and denominator: hashing a Fraction costs more than the work."""
    places = decimal_places(denominator)
    if places is None or places > max_places:
        return None
    scaled = abs(numerator) * 10 ** places // denominator
    digits = str(scaled).rjust(places + 1, "0")
    sign = "-" if numerator < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


def _prec(node: Node) -> int:
    cls = node.__class__
    if cls is Bin:
        return _PREC[node.op]
    if cls is Neg:
        return _PREC["neg"]
    if cls is Num:
        numerator, denominator = node.value.numerator, node.value.denominator
        if numerator < 0 or denominator != 1:
            return 2 if numerator < 0 or _decimal_of(numerator, denominator, 8) is None else 5
    return 5


def _wrap(node: Node, minimum: int, printer) -> str:
    text = printer(node)
    return f"({text})" if _prec(node) < minimum else text


def _text_form(node: Node, show) -> str:
    cls = node.__class__
    if cls is Num:
        return _fraction_text(node.value)
    if cls is Const:
        return node.name
    if cls is Neg:
        return "-" + _wrap(node.operand, 4, show)
    if cls is Bin:
        p = _PREC[node.op]
        right_min = p + 1 if node.op in "-/" else p
        if node.op == "**":
            return f"{_wrap(node.left, 5, show)}**{_wrap(node.right, 5, show)}"
        sep = f" {node.op} " if node.op in "+-" else node.op
        right = _wrap(node.right, right_min, show)
        return f"{_wrap(node.left, p, show)}{sep}{f'({right})' if right.startswith('-') else right}"
    if cls is Call:
        return node.func.text(node.args, show)
    raise ExpressionError("cannot print this expression")


_TEXT = Printer(_text_form)
_text = _TEXT.show


LATEX_DECIMAL_PLACES = 24   # 0.79^8 reads better as 0.1517108809906561 than as a fraction over 10^16


def to_latex(value) -> str:
    """The exact value as LaTeX math (without surrounding dollars)."""
    return _latex(as_node(value) if not isinstance(value, Node) else value)


def _latex_form(node: Node, show) -> str:
    if isinstance(node, Num):
        f = node.value
        decimal = terminating_decimal(f, LATEX_DECIMAL_PLACES)
        if decimal is not None:
            return decimal
        sign = "-" if f < 0 else ""
        return f"{sign}\\frac{{{abs(f.numerator)}}}{{{f.denominator}}}"
    if isinstance(node, Const):
        return "e" if node.name == "E" else "\\pi"
    if isinstance(node, Neg):
        return "-" + _wrap(node.operand, 3, show)
    if isinstance(node, Bin):
        return _latex_bin(node)
    if isinstance(node, Call):
        return node.func.latex(node.args, show)
    raise ExpressionError("cannot print this expression")


_LATEX = Printer(_latex_form)
_latex = _LATEX.show


def forget_printed() -> None:
    """Empty both printers' memos. A memo keyed by node keeps its nodes, and every
    draw makes new ones, so a worker of generate empties them after each chunk of
    questions: filled until cleared, they held about 10 MB per worker for no
    measured gain in time."""
    _TEXT.forget()
    _LATEX.forget()


def _wrap_tex(node: Node, minimum: int) -> str:
    text = _latex(node)
    return f"\\left({text}\\right)" if _prec(node) < minimum else text


_LATEX_OPS = {"*": "\\cdot"}


def _latex_bin(node: Bin) -> str:
    """A binary operation in LaTeX; a right operand that starts with a minus is bracketed."""
    if node.op == "/":
        return f"\\frac{{{_latex(node.left)}}}{{{_latex(node.right)}}}"
    if node.op == "**":
        return f"{_wrap_tex(node.left, 5)}^{{{_latex(node.right)}}}"
    p = _PREC[node.op]
    right = _wrap_tex(node.right, 3 if node.op == "*" else p + 1 if node.op == "-" else p)
    if right.startswith("-"):   # "- -\ln 3" and "0.8 \cdot -\ln 3" read as slips
        right = f"\\left({right}\\right)"
    return f"{_wrap_tex(node.left, p)} {_LATEX_OPS.get(node.op, node.op)} {right}"


def to_sympy(value):
    """The exact value as a SymPy expression (imports SymPy on first use)."""
    import sympy

    return _sympy(as_node(value) if not isinstance(value, Node) else value, sympy)


def _sympy(node: Node, sp):
    if isinstance(node, Num):
        return sp.Rational(node.value.numerator, node.value.denominator)
    if isinstance(node, Const):
        return sp.E if node.name == "E" else sp.pi
    if isinstance(node, Neg):
        return -_sympy(node.operand, sp)
    if isinstance(node, Bin):
        a, b = _sympy(node.left, sp), _sympy(node.right, sp)
        return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                "/": lambda: a / b, "**": lambda: a ** b}[node.op]()
    if isinstance(node, Call) and node.func.sympy is not None:
        return node.func.sympy(sp, *(_sympy(a, sp) for a in node.args))
    raise ExpressionError("cannot convert this expression")
