"""The one table of functions. Each row says everything about a function:
how many arguments it takes, its exact implementation (Fractions and
``Exact`` values, lists broadcast when ``broadcast``), its float
implementation (student answers), its text (SymPy syntax), LaTeX and SymPy
forms, whether student answers may use it, whether it is increasing (the
carried-rounding hull bounds it by its ends), the LaTeX commands an answer
or a solution may write it as, and its form over ``decimal.Decimal`` (the
rare value a float cannot decide: decimal_value.py). The parser's whitelist,
the evaluator, the printers, the hull (marking/hull.py), the LaTeX readers of
answers (numerals.py) and of solutions (validation/recompute.py) all read
this table: adding a function is one row.

Printed forms are functions of the argument nodes and a ``show`` function
that prints a node in the same form (so ``exp(1)`` can print as ``E``)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Callable, Optional

from quizgen.errors import ExpressionError
from quizgen.maths import list_exact, list_floats, rounding
from quizgen.maths.domains import checked_domain, float_log, non_negative, positive
from quizgen.maths.evaluate import ground
from quizgen.maths.exact import ZERO, Exact, as_node, checked, div, doubtful, made, neg, to_float, whole
from quizgen.maths.numbers import key_answer
from quizgen.maths.settle import near, order, precise, rational_log, settled
from quizgen.maths.tree import Bin, Call, Const, Num


@dataclass(frozen=True, eq=False)
class Function:
    """One row of the table (see the module's docstring)."""

    name: str
    arity: tuple
    exact: Callable
    float: Optional[Callable]
    text: Callable
    latex: Callable
    sympy: Optional[Callable]
    answers: bool = False
    broadcast: bool = True
    increasing: bool = False   # strictly increasing on its domain, in floats too
    latex_names: tuple = ()    # LaTeX commands read as it: "ln" for \ln, "log_{10}" for \log_{10}
    decimal: Optional[Callable] = None   # over decimal.Decimal, for a value a float cannot decide (settle.py)

    def __reduce__(self):
        """Pickled by name (rows hold functions): a tree sent to a worker
        process finds the same row there."""
        return function_named, (self.name,)

    def arity_text(self) -> str:
        """``"one argument"``, ``"one or two arguments"``, for error messages."""
        low, high = self.arity
        words = {1: "one", 2: "two", 3: "three"}
        plural = "s" if high > 1 else ""
        if high not in words:
            return f"{words[low]} to {high} arguments"
        return f"{words[low]} argument{plural}" if low == high else f"{words[low]} or {words[high]} arguments"


def function_named(name: str) -> Function:
    """The row of ``name``."""
    return TABLE[name]


# --- printed forms -----------------------------------------------------------

def _named_text(name: str):
    return lambda args, show: f"{name}({', '.join(show(a) for a in args)})"


def _operator_latex(name: str):
    return lambda args, show: f"\\operatorname{{{name}}}\\left({', '.join(show(a) for a in args)}\\right)"


def _is_one(node) -> bool:
    return node.__class__ is Num and node.value == 1


def _exp_text(args, show) -> str:
    return "E" if _is_one(args[0]) else f"exp({show(args[0])})"


def _exp_latex(args, show) -> str:
    return "e" if _is_one(args[0]) else f"e^{{{show(args[0])}}}"


def _log_base_text(base: int):
    return lambda args, show: f"log({show(args[0])}, {base})"


def _log_latex(subscript: str = ""):
    def latex(args, show):
        if len(args) == 2:
            return f"\\log_{{{show(args[1])}}}\\left({show(args[0])}\\right)"
        return f"{subscript or chr(92) + 'ln'}\\left({show(args[0])}\\right)"
    return latex


# --- exact implementations -----------------------------------------------------

SHARED_CALLS_LIMIT = 65536
_shared_calls: dict = {}


def _call_value(name: str, a) -> Exact:
    """``name(a)`` as an exact value. For a rational ``a`` the value is shared
    between every expression that needs it (a bounded memo owned here; values
    never change): parameters drawn from a grid repeat, and a shared value is
    printed only once."""
    row = TABLE[name]
    if a.__class__ is not Fraction:
        x = to_float(a)
        if x <= 0 and name.startswith("log") and order(a, ZERO) > 0:   # a logarithm of an underflow
            return Exact(Call(row, (as_node(a),)), _tiny_log(name, precise(a)))
        value = checked(lambda: row.float(x))
        return made(Call(row, (as_node(a),)), value, _spread(row.float, x, a.error, value))
    key = (name, a.numerator, a.denominator)
    value = _shared_calls.get(key)
    if value is None:
        if len(_shared_calls) >= SHARED_CALLS_LIMIT:
            _shared_calls.clear()
        value = _shared_calls[key] = Exact(Call(row, (Num(a),)), checked(lambda: row.float(to_float(a))))
    return value


def _spread(function, x: float, error: float, value: float) -> float:
    """How far an increasing ``function``'s value may lie from ``value``, ``function(x)``, for an
    argument within ``error`` of ``x`` (infinite where that leaves its domain or range)."""
    try:
        return max(function(x + error) - value, value - function(x - error))
    except (ExpressionError, ArithmeticError, ValueError):
        return math.inf


def _tiny_log(name: str, x: Fraction) -> float:
    """The float of the logarithm ``name`` of the positive ``x``, too small for a float itself: from
    its numerator's and denominator's logarithms (Python's math.log takes any whole number)."""
    natural = math.log(x.numerator) - math.log(x.denominator)
    return natural / {"log10": math.log(10), "log2": math.log(2)}.get(name, 1.0)


def _from_node(node):
    """Rebuild an exact value from a subtree (used when exp and log cancel), its float and
    error bound worked exactly as the subtree was (``ground``)."""
    if isinstance(node, Num):
        return node.value
    try:
        return ground(node, {})
    except RecursionError as exc:   # deeper than the compiler goes: the template's nesting limit (bank/budget.py)
        raise ExpressionError("number out of range") from exc


def _calls(value, name: str) -> bool:
    return isinstance(value, Exact) and isinstance(value.node, Call) and value.node.func.name == name \
        and len(value.node.args) == 1


def _exp(a):
    if a == 0:
        return Fraction(1)
    if _calls(a, "log"):
        return _from_node(a.node.args[0])
    return _call_value("exp", a)


def _domain_float(a):
    """The number whose sign a logarithm's or square root's domain check reads: ``a``'s own, or, for a
    tree whose float lies too near 0 to tell its side, its precise value's (``sqrt(6) - sqrt(2)*sqrt(3)``
    is 0, its float -4.4e-16: its square root is 0, not "a negative number"; ``exp(-1600)`` is positive,
its float 0)."""
    x = to_float(a)
    if a.__class__ is Exact and (near(x, 0.0) or doubtful(a)):
        return precise(a)
    return x


def _log(a, base=None):
    positive(_domain_float(a))
    if base is not None:
        exact = rational_log(a, base) if a.__class__ is Fraction and base.__class__ is Fraction else None
        return exact if exact is not None else div(_log(a), _log(base))
    if a.__class__ is Fraction:   # the common case: none of the cancellations below apply
        return Fraction(0) if a == 1 else _call_value("log", a)
    if a == 1:
        return Fraction(0)
    if _calls(a, "exp"):
        return _from_node(a.node.args[0])
    if isinstance(a, Exact) and isinstance(a.node, Bin) and a.node.op == "/" \
            and isinstance(a.node.left, Num) and a.node.left.value == 1:
        return neg(_log(_from_node(a.node.right)))
    if isinstance(a, Exact) and isinstance(a.node, Const) and a.node.name == "E":
        return Fraction(1)
    return _call_value("log", a)


def _log_base(name: str, base: int):
    """``log2`` or ``log10``: a rational's that is rational exactly (``log2(8)`` is 3, so ``3 - log2(8)``
    is 0 with no SymPy to settle it), else the call's value."""
    def log_base(a):
        positive(_domain_float(a))
        exact = rational_log(a, Fraction(base)) if a.__class__ is Fraction else None
        if exact is not None:
            return exact
        return Fraction(0) if a == 1 else _call_value(name, a)
    return log_base


def _sqrt(a):
    x = _domain_float(a)
    non_negative(x)
    if x == 0:
        return ZERO
    if isinstance(a, Fraction):
        num, den = math.isqrt(a.numerator), math.isqrt(a.denominator)
        if num * num == a.numerator and den * den == a.denominator:
            return Fraction(num, den)
    return _call_value("sqrt", a)


def _abs(a):
    """``|a|``; the sign of a tree whose float lies too near 0 to tell decided exactly (``settle.order``)."""
    if a.__class__ is Fraction:
        return abs(a)
    return neg(a) if order(a, ZERO) < 0 else a


def _whole(rounding):
    """floor or ceil, of an Exact near a whole number (or too large for its float) decided exactly."""
    def whole_of(a):
        a = settled(a)
        return whole(rounding(a if a.__class__ is Fraction else a.value))
    return whole_of


def _round(a):
    """``a`` to a whole number, a tie away from zero (``round(5/2)`` is 3, ``round(-5/2)`` is -3)."""
    return whole(rounding.units(a, 0))


MAX_FIGURES = 15   # beyond a float's precision, "significant figures" means nothing


def _significant(a, figures):
    """``a`` to ``figures`` significant figures, exactly what the long form
    ``round(a * 10**k) / 10**k`` with ``k = figures - 1 - floor(log10(abs(a)))``
    gives (a tie away from zero, as ``round``), in one call: a worked step
    starts from a value as the stem prints it."""
    return rounding.to_figures(a, _figure_count(figures))


def _significant_or_decimals(a, digits):
    """``a`` to ``digits`` decimals, or to ``digits`` significant figures where
    that shows more (a value below 0.1): how a worked step that keeps at least
    4 figures writes a loss (``-ln 0.95 = 0.05129``, ``-ln 0.05 = 2.9957``)."""
    count = _figure_count(digits)
    value = to_float(a)
    if value == 0 and rounding.unseen(a):
        return rounding.to_figures(a, count)   # refused: figures past a float's
    return ZERO if value == 0 else rounding.to_places(a, max(count, rounding.value_figure_places(a, count)))


def _float_significant(x: float, figures: float) -> float:
    count = _figure_count(figures)
    return 0.0 if x == 0 else rounding.float_to_places(x, rounding.figure_places(x, count))


def _float_significant_or_decimals(x: float, digits: float) -> float:
    count = _figure_count(digits)
    return 0.0 if x == 0 else rounding.float_to_places(x, rounding.figure_or_decimal_places(x, count))


def _key(a, decimals=4):
    """``a`` as the key, key.csv and the bold answer write it (``maths.numbers.key_answer``):
    a Check that works with the printed answers starts from these (C7's L(y=0) - L(y=1))."""
    return Fraction(key_answer(a, "numeric", _figure_count(decimals)))


def _float_key(x: float, decimals: float = 4) -> float:
    return float(key_answer(x, "numeric", _figure_count(decimals)))


def _figure_count(figures) -> int:
    """``figures`` as a whole number from 1 to MAX_FIGURES, else an ExpressionError; a whole
    Fraction (every sig and sigdec of a draw) read from its numerator, without Fraction's
    comparisons, which are Python code: three of them on each of 75,000 calls a 2,000-question run."""
    if figures.__class__ is Fraction and figures.denominator == 1 and 1 <= figures.numerator <= MAX_FIGURES:
        return figures.numerator
    if figures != int(figures) or not 1 <= figures <= MAX_FIGURES:
        raise ExpressionError(f"sig() and sigdec() take a whole number of figures from 1 to {MAX_FIGURES}")
    return int(figures)


# --- the table -------------------------------------------------------------------

def _sympy_log_base(base: int):
    return lambda sp, x: sp.log(x, base)


def _row(name, arity, exact, float_, text=None, latex=None, sympy=None, answers=False, broadcast=True,
         increasing=False, latex_names=(), decimal=None):
    return Function(name, arity, exact, float_, text or _named_text(name), latex or _operator_latex(name),
                    sympy, answers, broadcast, increasing, latex_names, decimal)


def _list_row(name, exact, float_=None, arity=(1, 1)):
    return _row(name, arity, exact, float_, broadcast=False)


ROWS = (
    _row("exp", (1, 1), _exp, math.exp, _exp_text, _exp_latex, lambda sp, x: sp.exp(x), answers=True,
         increasing=True, latex_names=("exp",), decimal=Decimal.exp),
    _row("log", (1, 2), _log, float_log, None, _log_latex(), lambda sp, *a: sp.log(*a), answers=True,
         increasing=True, latex_names=("log",),
         decimal=lambda x, base=None: x.ln() if base is None else x.ln() / base.ln()),
    _row("ln", (1, 1), _log, float_log, None, _log_latex(), lambda sp, x: sp.log(x), answers=True,
         increasing=True, latex_names=("ln",), decimal=Decimal.ln),
    _row("log10", (1, 1), _log_base("log10", 10), checked_domain(positive, math.log10), _log_base_text(10),
         _log_latex("\\log_{10}"), _sympy_log_base(10), answers=True, increasing=True, latex_names=("log_{10}",),
         decimal=Decimal.log10),
    _row("log2", (1, 1), _log_base("log2", 2), checked_domain(positive, math.log2), _log_base_text(2),
         _log_latex("\\log_{2}"), _sympy_log_base(2), answers=True, increasing=True, latex_names=("log_{2}",),
         decimal=lambda x: x.ln() / Decimal(2).ln()),
    _row("sqrt", (1, 1), _sqrt, checked_domain(non_negative, math.sqrt), None,
         lambda args, show: f"\\sqrt{{{show(args[0])}}}", lambda sp, x: sp.sqrt(x), answers=True,
         increasing=True, latex_names=("sqrt",), decimal=Decimal.sqrt),
    _row("abs", (1, 1), _abs, abs, None, lambda args, show: f"\\left|{show(args[0])}\\right|",
         lambda sp, x: sp.Abs(x), answers=True, decimal=abs),
    _row("floor", (1, 1), _whole(math.floor), math.floor, sympy=lambda sp, x: sp.floor(x)),
    _row("ceil", (1, 1), _whole(math.ceil), math.ceil, _named_text("ceiling"), sympy=lambda sp, x: sp.ceiling(x)),
    _row("round", (1, 1), _round, lambda x: rounding.units(x, 0)),
    _row("sig", (2, 2), _significant, _float_significant),
    _row("sigdec", (2, 2), _significant_or_decimals, _float_significant_or_decimals),
    _row("key", (1, 2), _key, _float_key),
    _list_row("sum", list_exact.total, list_floats.total),
    _list_row("mean", list_exact.mean, list_floats.mean),
    _list_row("len", list_exact.length, list_floats.length),
    _list_row("max", list_exact.extreme("max", 1), list_floats.largest),
    _list_row("min", list_exact.extreme("min", -1), list_floats.smallest),
    _list_row("argmax", list_exact.arg_extreme("argmax", 1), list_floats.arg_largest),
    _list_row("argmin", list_exact.arg_extreme("argmin", -1), list_floats.arg_smallest),
    _list_row("count", list_exact.counted, list_floats.counted, arity=(2, 2)),
    _list_row("isint", list_exact.is_whole, list_floats.is_whole),
    _list_row("range", list_exact.whole_numbers, list_floats.whole_numbers, arity=(1, 2)),
    _list_row("list", list_exact.listed, list_floats.listed, arity=(1, list_exact.MAX_LIST_ITEMS)),
)

TABLE = {row.name: row for row in ROWS}
ANSWER_FUNCTIONS = frozenset(row.name for row in ROWS if row.answers)
TEMPLATE_FUNCTIONS = frozenset(TABLE)
LATEX_NAMES = {spelling: row.name for row in ROWS for spelling in row.latex_names}
LATEX_COMMANDS = {spelling: name for spelling, name in LATEX_NAMES.items() if "_" not in spelling}   # \ln: ln
LATEX_SUBSCRIPTED = {(spelling.partition("_")[0], spelling.partition("_")[2].strip("{}")): name
                     for spelling, name in LATEX_NAMES.items() if "_" in spelling}   # (log, 10): log10
