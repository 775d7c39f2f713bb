"""Printing exact values: in SymPy syntax (``-log(exp(2)/(exp(2) + E + 1))``),
as LaTeX, and as SymPy objects on demand. Nodes never change, so each node's
text and LaTeX are kept on it: subtrees shared between an answer and its traps,
or between instances, are printed once."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from quizgen.errors import ExpressionError
from quizgen.maths.exact import as_node
from quizgen.maths.parser import Bin, Call, Const, Neg, Node, Num

_PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "**": 4}


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
    den = denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    places = max(twos, fives)
    if den != 1 or places > max_places:
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


def _text(node: Node) -> str:
    """The node's text, kept on it (nodes never change)."""
    text = getattr(node, "_txt", None)
    if text is None:
        text = node._txt = _text_uncached(node)
    return text


def _text_uncached(node: Node) -> str:
    cls = node.__class__
    if cls is Num:
        return _fraction_text(node.value)
    if cls is Const:
        return node.name
    if cls is Neg:
        return "-" + _wrap(node.operand, 4, _text)
    if cls is Bin:
        p = _PREC[node.op]
        right_min = p + 1 if node.op in "-/" else p
        if node.op == "**":
            return f"{_wrap(node.left, 5, _text)}**{_wrap(node.right, 5, _text)}"
        sep = f" {node.op} " if node.op in "+-" else node.op
        return f"{_wrap(node.left, p, _text)}{sep}{_wrap(node.right, right_min, _text)}"
    if isinstance(node, Call):
        if node.func == "exp" and isinstance(node.args[0], Num) and node.args[0].value == 1:
            return "E"
        if node.func in ("log10", "log2"):
            return f"log({_text(node.args[0])}, {node.func[3:]})"
        return f"{node.func}({', '.join(_text(a) for a in node.args)})"
    raise ExpressionError("cannot print this expression")


def to_latex(value) -> str:
    """The exact value as LaTeX math (without surrounding dollars)."""
    return _latex(as_node(value) if not isinstance(value, Node) else value)


def _latex(node: Node) -> str:
    """The node's LaTeX, kept on it (nodes never change)."""
    tex = getattr(node, "_tex", None)
    if tex is None:
        tex = node._tex = _latex_uncached(node)
    return tex


def _latex_uncached(node: Node) -> str:
    if isinstance(node, Num):
        f = node.value
        if f.denominator == 1 or terminating_decimal(f) is not None:
            return _fraction_text(f)
        sign = "-" if f < 0 else ""
        return f"{sign}\\frac{{{abs(f.numerator)}}}{{{f.denominator}}}"
    if isinstance(node, Const):
        return "e" if node.name == "E" else "\\pi"
    if isinstance(node, Neg):
        return "-" + _wrap(node.operand, 3, _latex_paren)
    if isinstance(node, Bin):
        return _latex_bin(node)
    if isinstance(node, Call):
        return _latex_call(node)
    raise ExpressionError("cannot print this expression")


def _latex_paren(node: Node) -> str:
    return _latex(node)


def _wrap_tex(node: Node, minimum: int) -> str:
    text = _latex(node)
    return f"\\left({text}\\right)" if _prec(node) < minimum else text


def _latex_bin(node: Bin) -> str:
    if node.op == "/":
        return f"\\frac{{{_latex(node.left)}}}{{{_latex(node.right)}}}"
    if node.op == "**":
        return f"{_wrap_tex(node.left, 5)}^{{{_latex(node.right)}}}"
    if node.op == "*":
        return f"{_wrap_tex(node.left, 2)} \\cdot {_wrap_tex(node.right, 3)}"
    p = _PREC[node.op]
    right_min = p + 1 if node.op == "-" else p
    return f"{_wrap_tex(node.left, p)} {node.op} {_wrap_tex(node.right, right_min)}"


def _latex_call(node: Call) -> str:
    arg = node.args[0]
    if node.func == "exp":
        return "e" if isinstance(arg, Num) and arg.value == 1 else f"e^{{{_latex(arg)}}}"
    if node.func == "sqrt":
        return f"\\sqrt{{{_latex(arg)}}}"
    name = {"log": "\\ln", "ln": "\\ln", "log10": "\\log_{10}", "log2": "\\log_{2}"}.get(node.func)
    if name is None:
        return f"\\operatorname{{{node.func}}}\\left({_latex(arg)}\\right)"
    return f"{name}\\left({_latex(arg)}\\right)"


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
    if isinstance(node, Call):
        arg = _sympy(node.args[0], sp)
        funcs = {"exp": sp.exp, "log": sp.log, "ln": sp.log, "sqrt": sp.sqrt,
                 "log10": lambda x: sp.log(x, 10), "log2": lambda x: sp.log(x, 2)}
        return funcs[node.func](arg)
    raise ExpressionError("cannot convert this expression")
