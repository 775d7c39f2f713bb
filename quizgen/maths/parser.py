"""The one whitelist parser: turns math text (template expressions and student
answers alike) into a small expression tree, using Python's ``ast`` and never
eval, exec, sympify or parse_expr."""

from __future__ import annotations

import ast
import re
import warnings
from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.wording import did_you_mean
from quizgen.maths.functions import ANSWER_FUNCTIONS, TABLE, TEMPLATE_FUNCTIONS
from quizgen.maths.numerals import DECIMAL_DIGITS, normalise_numerals
from quizgen.maths.tree import Bin, Call, Compare, Const, Index, Logic, Name, Neg, Node, Num

__all__ = ["ANSWER_FUNCTIONS", "ANSWER_POLICY", "TEMPLATE_FUNCTIONS", "Bin", "Call", "Compare", "Const",
           "Index", "Logic", "Name", "Neg", "Node", "Num", "Policy", "normalise_answer_text", "parse",
           "parse_answer", "reserved_name_reason", "template_policy"]

MAX_LENGTH = 400
MAX_DEPTH = 60
MAX_INT_DIGITS = 30

CONSTANTS = {"e": "E", "E": "E", "pi": "pi", "π": "pi"}
RESERVED_NAMES = frozenset(CONSTANTS) | TEMPLATE_FUNCTIONS
"""The names an expression reads as a constant or a function: a parameter or let
named so would be shadowed (``e`` is Euler's number whatever ``e`` was drawn as)."""
PART_NAME_TEXT = r"[A-Za-z_][A-Za-z0-9_]*"
"""A part's name: what an ECF recipe reads after ``part:`` (marking/recipes.py) and what a template and
a key must name a part (key/checks.PART_NAME_PATTERN), one rule kept here, which both may import."""

_BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}
_CMPOPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
_DECIMAL_LITERAL = re.compile(r"(" + DECIMAL_DIGITS + r")([eE][-+]?\d+)?", re.ASCII)   # digits whole: linear
_MAYBE_PYTHON_ONLY = re.compile(r"\d[_xXoObBjJ]|_\d")


_ALIASES = {"average": "mean(...)", "avg": "mean(...)", "total": "sum(...)", "length": "len(...)",
            "size": "len(...)", "power": "x ** y", "pow": "x ** y", "sqr": "x ** 2", "square": "x ** 2"}
"""What a template means by a function name other languages know, where no
spelling of it is near (``average`` is ``mean``)."""
FUNCTION_LIST = "see the function list in docs/templates.md, \"Expressions\""


def _function_hint(name: str, functions) -> str:
    """The function a common alias means (``average``: ``mean``, which no
    spelling is near), else `` (did you mean 'sqrt'?)`` for a near spelling of
    a function the template language has (``did_you_mean``, as an unknown name
    gets), else where the list of them is."""
    alias = _ALIASES.get(name.casefold())
    if alias:
        return f" (for {name!r} write {alias}; {FUNCTION_LIST})"
    return did_you_mean(name, functions) or f" ({FUNCTION_LIST})"


class Policy:
    """What a piece of text may contain: students get numbers, operators and a
    fixed set of functions; templates may also name parameters and compare."""

    def __init__(self, functions, names=None, subscripts=False, logic=False):
        self.functions = functions
        self.names = names
        self.subscripts = subscripts
        self.logic = logic


ANSWER_POLICY = Policy(ANSWER_FUNCTIONS)


def template_policy(names) -> Policy:
    """The policy for a template's expressions over the given parameter names."""
    return Policy(TEMPLATE_FUNCTIONS, names=frozenset(names), subscripts=True, logic=True)


def reserved_name_reason(name: str) -> str | None:
    """Why a template may not name a parameter or let ``name``, or None when it may."""
    if name in CONSTANTS:
        meaning = "Euler's number e" if CONSTANTS[name] == "E" else "the constant pi"
        return f"{name!r} is reserved: expressions read it as {meaning}, not as this value; choose another name"
    if name in TEMPLATE_FUNCTIONS:
        return f"{name!r} is reserved: it is a function of the expression language; choose another name"
    return None


def one_number_spellings(names) -> list[str]:
    """The answer functions a student may write before a bare number (``ln 4``), from
    the function table, each spelt so a longer name is not read as a shorter one: a
    name that is another name plus digits (``log10``) needs a space after it, and
    that other name may not be followed by those digits (``log102`` is refused, as it
    could be log10(2) or log(102))."""
    names = sorted(names, key=lambda n: (-len(n), n))
    spelt = []
    for name in names:
        digits = [other[len(name):] for other in names if other != name and other.startswith(name)
                  and other[len(name):].isdigit()]
        if any(name.startswith(other) and name[len(other):].isdigit() for other in names if other != name):
            spelt.append(rf"{name}(?=\s)")
        elif digits:
            spelt.append(f"{name}(?!{'|'.join(digits)})")
        else:
            spelt.append(name)
    return spelt


_ONE_NUMBER_FUNCTIONS = frozenset(name for name in ANSWER_FUNCTIONS if TABLE[name].arity[0] == 1)
# ``ln 4``, ``ln4``, ``-ln0.7891``, ``log0.7891``, ``log10 2``: a function of one number without brackets
_CALCULATOR_CASE = re.compile(rf"\b(?:{'|'.join(sorted(ANSWER_FUNCTIONS, key=lambda n: (-len(n), n)))})"
                              r"(?=[\s(0-9.]|$)", re.IGNORECASE)
_NUMBER = r"(?:[0-9.]+(?:[eE][-+]?[0-9]+)?|e|pi)\b"
_LN_SPACE = re.compile(rf"\b({'|'.join(one_number_spellings(_ONE_NUMBER_FUNCTIONS))})\s*"
                       rf"({_NUMBER}(?:\s*\*\*\s*(?:[-+]?{_NUMBER}|\([^()]*\)))?)")
"""A function of one number without brackets, a power of it included, as maths reads
``ln x^2`` and LaTeX ``\\ln e^{-3}``: ``ln 10^3`` is ln(1000), not (ln 10)^3."""


def normalise_answer_text(text: str) -> str:
    """Rewrite the ways people type maths into Python syntax: Unicode numbers
    and signs (``quizgen.maths.numerals``), ``^`` for powers, ``ln 4`` and ``ln4``,
    function names in capitals (``LN``, ``Log``) as calculators show them."""
    text = normalise_numerals(text).strip().replace("^", "**")
    text = _CALCULATOR_CASE.sub(lambda m: m.group(0).lower(), text)   # LN, Ln, LOG as calculators print them
    return _LN_SPACE.sub(r"\1(\2)", text)


def parse_answer(text: str) -> Node:
    """Parse a student's answer under the strict answer policy."""
    return parse(normalise_answer_text(text), ANSWER_POLICY)


def parse(text: str, policy: Policy) -> Node:
    """Parse ``text`` into a tree, rejecting anything outside ``policy``."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"expression longer than {MAX_LENGTH} characters")
    if not text.strip():
        raise ExpressionError("empty expression")
    try:
        with warnings.catch_warnings():   # "3in" would print Python's SyntaxWarning on the user's terminal,
            warnings.simplefilter("ignore")   # '"\e"' its DeprecationWarning (SyntaxWarning from Python 3.12)
            tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        raise ExpressionError(f"not a valid expression: {text.strip()!r}{_unmatched(text)}{_points(text)}") from exc
    return _Converter(policy, text.strip()).convert(tree.body, 0)


def _unmatched(text: str) -> str:
    """``; a bracket is not closed`` (or a closing one has no opening one) when
    the round brackets of ``text`` do not pair up: the likeliest slip in ``ln(1386``."""
    opened = text.count("(") - text.count(")")
    if opened == 0 or "'" in text or '"' in text:   # a bracket inside quotes is no bracket
        return ""
    count = abs(opened)
    if opened > 0:
        return "; a bracket is not closed" if count == 1 else f"; {count} brackets are not closed"
    return "; a closing bracket has no opening one" if count == 1 else f"; {count} closing brackets have no opening ones"


_POINTED = re.compile(r"[0-9.]*[0-9][0-9.]*")   # a run of digits and points, as a number is written


def _points(text: str) -> str:
    """``; a number has two decimal points`` when a run of digits in ``text`` has more than one
    point (``0..0453``, ``1.2.3``; a point after it, ``0.45.``, may be a full stop): the likeliest slip
    in a number that cannot be read."""
    most = max((run.rstrip(".").count(".") for run in _POINTED.findall(text)), default=0)
    if most < 2 or "'" in text or '"' in text:
        return ""
    return "; a number has two decimal points" if most == 2 else f"; a number has {most} decimal points"


_DECIMAL = re.compile(r"([0-9]*)\.?([0-9]*)(?:[eE]([-+]?[0-9]{1,3}))?")


def _decimal_literal(written: str, value: float) -> Fraction:
    """A decimal as written, exactly (``1.4142135623730950488`` is 14142135623730950488/10**19, not
    its float's 17 digits): the exact engine would otherwise work on a number the text never
    said. One whose exponent lies past a float's range is its float (0, so ``1e-999`` makes no
    number of a thousand digits). Built from its digits, as ``Fraction(written)`` takes twice as long."""
    found = _DECIMAL.fullmatch(written)
    if found is None or not found.group(0) or (found.group(3) is not None and abs(int(found.group(3))) > 330):
        return Fraction(repr(value))
    whole, places, exponent = found.groups()
    digits, shift = int(whole + places), int(exponent or 0) - len(places)
    return Fraction(digits * 10 ** shift) if shift >= 0 else Fraction(digits, 10 ** -shift)


class _Converter:
    """Walks a Python AST and builds our tree, allowing only whitelisted nodes."""

    def __init__(self, policy: Policy, source: str):
        self.policy, self.source = policy, source
        self.check_literals = _MAYBE_PYTHON_ONLY.search(source) is not None

    def convert(self, node: ast.AST, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise ExpressionError(f"expression nested deeper than {MAX_DEPTH} levels")
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise ExpressionError(self._for_reader(f"{_describe(node)} is not allowed{_instead(node)}",
                                                   _STUDENT_NODE.get(type(node).__name__, _NOT_MATHS)))
        return method(node, depth + 1)

    def _for_reader(self, for_author: str, for_student: str) -> str:
        """The refusal in the words of whoever wrote the text: a bank's author
        (the template language's terms), or a student (what to write instead)."""
        return for_student if self.policy is ANSWER_POLICY else for_author

    def _operator(self, op: ast.AST) -> str:
        sign = _OPERATOR_SIGNS.get(type(op).__name__, type(op).__name__)
        return self._for_reader(_AUTHOR_OPERATOR.get(sign, f"operator {sign!r} is not allowed (use + - * / **)"),
                                f"{sign!r} is not an operator quizgen reads: use + - * / and ^")

    def _Constant(self, node, depth):
        value = node.value
        if self.check_literals or isinstance(value, complex):
            _refuse_python_only_literal(ast.get_source_segment(self.source, node))
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ExpressionError(_not_a_number(value, ast.get_source_segment(self.source, node)))
        if isinstance(value, int):
            if (digits := len(str(abs(value)))) > MAX_INT_DIGITS:
                raise ExpressionError(self._for_reader(
                    f"a whole number of {digits} digits exceeds the limit of {MAX_INT_DIGITS} digits in an "
                    "expression (see docs/authoring.md)", "number too large"))
            return Num(Fraction(value))
        if value != value or value in (float("inf"), float("-inf")):
            raise ExpressionError("number out of range")
        return Num(_decimal_literal(self._literal_text(node), value))

    def _literal_text(self, node) -> str:
        """A literal's text as written, sliced straight from a one-line source (col offsets count
        UTF-8 bytes): ``ast.get_source_segment`` splits the whole text into lines at every call."""
        if node.lineno == node.end_lineno == 1:
            return self.source.encode()[node.col_offset:node.end_col_offset].decode()
        return ast.get_source_segment(self.source, node) or ""

    def _Name(self, node, depth):
        if node.id in CONSTANTS:
            return Const(CONSTANTS[node.id])
        if self.policy.names is not None and node.id in self.policy.names:
            return Name(node.id)
        error = ExpressionError(f"unknown name {node.id!r}{did_you_mean(node.id, self.policy.names or ())}")
        error.unknown_name = node.id   # the schema tells a let used before its definition from a typo
        raise error

    def _Attribute(self, node, depth):
        dotted = _dotted_name(node)
        if self.policy.names is None or dotted is None or dotted.split(".")[0] not in self.policy.names:
            raise ExpressionError(self._for_reader("attribute access is not allowed", _NOT_MATHS))
        return Name(dotted)

    def _Subscript(self, node, depth):
        if not self.policy.subscripts:
            raise ExpressionError(self._for_reader("subscripts are not allowed",
                                                   "square brackets are not read: use round brackets ( )"))
        return Index(self.convert(node.value, depth), self.convert(node.slice, depth))

    def _UnaryOp(self, node, depth):
        operand = self.convert(node.operand, depth)
        if isinstance(node.op, ast.USub):
            return Neg(operand)
        if isinstance(node.op, ast.UAdd):
            return operand
        if isinstance(node.op, ast.Not) and self.policy.logic:
            return Logic("not", (operand,))
        raise ExpressionError(self._operator(node.op))

    def _BinOp(self, node, depth):
        op = _BINOPS.get(type(node.op))
        if op is None:
            raise ExpressionError(self._operator(node.op))
        return Bin(op, self.convert(node.left, depth), self.convert(node.right, depth))

    def _Call(self, node, depth):
        if not isinstance(node.func, ast.Name) or node.func.id not in self.policy.functions:
            if not isinstance(node.func, ast.Name):
                raise ExpressionError("brackets straight after a number or bracket are not allowed "
                                      "(write * to multiply)")
            if self.policy is ANSWER_POLICY:   # a student's: what it reads (no hint worked out for a row of junk)
                raise ExpressionError(f"{node.func.id!r} is not a function quizgen reads "
                                      f"(it reads {', '.join(sorted(ANSWER_FUNCTIONS))})")
            raise ExpressionError(f"function {node.func.id!r} is not allowed"
                                  f"{_function_hint(node.func.id, self.policy.functions)}")
        func = TABLE[node.func.id]
        low, high = func.arity
        if node.keywords or not low <= len(node.args) <= high:
            raise ExpressionError(f"{func.name}() takes {func.arity_text()}")
        args = tuple(self.convert(arg, depth) for arg in node.args)
        return Call(func, args)

    def _Compare(self, node, depth):
        if not self.policy.logic:
            raise ExpressionError(self._for_reader("comparisons are not allowed",
                                                   "a comparison (<, >, ==) is no answer: give the value alone"))
        ops = []
        for op in node.ops:
            if type(op) not in _CMPOPS:
                raise ExpressionError(f"comparison {type(op).__name__} is not allowed")
            ops.append(_CMPOPS[type(op)])
        operands = [node.left, *node.comparators]
        return Compare(tuple(ops), tuple(self.convert(o, depth) for o in operands))

    def _BoolOp(self, node, depth):
        if not self.policy.logic:
            raise ExpressionError("'and'/'or' are not allowed")
        op = "and" if isinstance(node.op, ast.And) else "or"
        return Logic(op, tuple(self.convert(v, depth) for v in node.values))


def _not_a_number(value, written: str | None) -> str:
    """Why a constant that is no number is refused, saying what was written
    (never Python's name for it, ``Ellipsis`` or ``b'1'``): ``...`` for an
    ellipsis, the text with its quotes for a string, then what to write."""
    if value is Ellipsis:
        return "'...' (an ellipsis) is not a number: write the whole value, not dots in place of its end"
    if isinstance(value, (str, bytes)):
        prefix = "a b prefix and quotes" if isinstance(value, bytes) else "quotes"
        return f"{written or value!s} is not a number: {prefix} around it; write the number alone"
    return f"{written or value!s} is not a number"


def _refuse_python_only_literal(literal: str | None) -> None:
    """Numbers are written in decimal: Python's other literal forms are refused
    with a reason instead of being read as something the writer did not mean."""
    if literal is None or _DECIMAL_LITERAL.fullmatch(literal):
        return
    lowered = literal.lower()
    if lowered.endswith("j"):
        raise ExpressionError(f"{literal}: imaginary numbers are not read")
    if lowered[:2] in ("0x", "0o", "0b"):
        raise ExpressionError(f"{literal}: hexadecimal, octal and binary numbers are not read; write it in decimal")
    if "_" in literal:
        raise ExpressionError(f"{literal}: '_' inside a number is not read; write the digits alone")


def _dotted_name(node: ast.AST) -> str | None:
    """``a.b.c`` as a string, or None when the node is not a plain dotted name."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted_name(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


_NOT_MATHS = "quizgen reads no such maths: give a number, or an expression such as -ln(0.3)"
_ONE_VALUE = "one value is asked for: give a single number, not a list or set of values"
_STUDENT_NODE = {"Set": _ONE_VALUE, "List": _ONE_VALUE, "Tuple": _ONE_VALUE, "Dict": _ONE_VALUE}
_OPERATOR_SIGNS = {"FloorDiv": "//", "Mod": "%", "MatMult": "@", "BitXor": "^", "BitAnd": "&", "BitOr": "|",
                   "LShift": "<<", "RShift": ">>", "Invert": "~", "Not": "not"}
"""How a refused operator is explained: by what was typed, never Python's names for it."""
_AUTHOR_OPERATOR = {"^": "'^' is not a power in a template's expression (it is only in a student's answer): "
                         "write ** for a power, as in x ** 2"}
"""An author's likeliest slip told plainly: ``^`` would be Python's exclusive or."""


def _instead(node: ast.AST) -> str:
    """What to write instead, where the language has it: a list of values is built with list()."""
    return " (build a list of values with list(a, b, ...))" if isinstance(node, (ast.List, ast.Tuple)) else ""


def _describe(node: ast.AST) -> str:
    names = {"Lambda": "lambda", "List": "a list", "Tuple": "a tuple", "Dict": "a dict",
             "ListComp": "a comprehension", "GeneratorExp": "a generator", "IfExp": "if/else",
             "JoinedStr": "an f-string", "Starred": "*args", "NamedExpr": ":="}
    kind = type(node).__name__
    return names.get(kind, kind)
