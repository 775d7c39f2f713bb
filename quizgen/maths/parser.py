"""The one whitelist parser: turns math text (template expressions and student
answers alike) into a small expression tree, using Python's ``ast`` and never
eval, exec, sympify or parse_expr."""

from __future__ import annotations

import ast
import difflib
import re
from fractions import Fraction

from quizgen.errors import ExpressionError

MAX_LENGTH = 400
MAX_DEPTH = 60
MAX_INT_DIGITS = 30

ANSWER_FUNCTIONS = frozenset({"exp", "log", "ln", "log10", "log2", "sqrt", "abs"})
TEMPLATE_FUNCTIONS = ANSWER_FUNCTIONS | frozenset({
    "sum", "mean", "max", "min", "len", "argmax", "argmin", "count", "isint",
    "floor", "ceil", "round", "range",
})
CONSTANTS = {"e": "E", "E": "E", "pi": "pi", "π": "pi"}

_BINOPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}
_CMPOPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}


class Node:
    """A node of the expression tree; subclasses are plain records. Nodes never
    change once built, so their printed forms (``_txt``, ``_tex``) and their
    evaluating function (``_fn``) are cached on them: shared subtrees of an
    answer and its traps print once, and a template's trees compile once."""

    __slots__ = ("_txt", "_tex", "_fn")

    def __getstate__(self):
        """Pickled (for worker processes started by spawn) without the compiled
        function, which does not pickle and is made again on first use."""
        slots = (slot for cls in type(self).__mro__ for slot in getattr(cls, "__slots__", ()))
        return None, {slot: getattr(self, slot) for slot in slots if slot != "_fn" and hasattr(self, slot)}


class Num(Node):
    """An exact rational number."""

    __slots__ = ("value",)

    def __init__(self, value: Fraction):
        self.value = value


class Const(Node):
    """A named mathematical constant: ``E`` or ``pi``."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


class Name(Node):
    """A reference to a template parameter, possibly dotted (``scene.answer``)."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name


class Index(Node):
    """``base[index]``: an element of a list parameter."""

    __slots__ = ("base", "index")

    def __init__(self, base: Node, index: Node):
        self.base, self.index = base, index


class Neg(Node):
    """Unary minus."""

    __slots__ = ("operand",)

    def __init__(self, operand: Node):
        self.operand = operand


class Bin(Node):
    """A binary arithmetic operation: ``+ - * / **``."""

    __slots__ = ("op", "left", "right")

    def __init__(self, op: str, left: Node, right: Node):
        self.op, self.left, self.right = op, left, right


class Call(Node):
    """A call of a whitelisted function."""

    __slots__ = ("func", "args")

    def __init__(self, func: str, args: tuple):
        self.func, self.args = func, args


class Compare(Node):
    """A chained comparison (templates' constraints only)."""

    __slots__ = ("ops", "operands")

    def __init__(self, ops: tuple, operands: tuple):
        self.ops, self.operands = ops, operands


class Logic(Node):
    """``and`` / ``or`` / ``not`` (templates' constraints only)."""

    __slots__ = ("op", "operands")

    def __init__(self, op: str, operands: tuple):
        self.op, self.operands = op, operands


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


_LN_SPACE = re.compile(r"\b(ln|log|log10|log2|exp|sqrt)\s+([0-9.]+(?:[eE][-+]?[0-9]+)?|e|pi)\b")
_UNICODE = str.maketrans({"−": "-", "–": "-", "×": "*", "·": "*", "÷": "/", "π": "pi"})


def normalise_answer_text(text: str) -> str:
    """Rewrite the ways people type maths (``^``, ``ln 4``, unicode minus) into Python syntax."""
    text = text.strip().translate(_UNICODE).replace("^", "**")
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
        tree = ast.parse(text.strip(), mode="eval")
    except (SyntaxError, ValueError, MemoryError, RecursionError) as exc:
        raise ExpressionError(f"not a valid expression: {text.strip()!r}") from exc
    return _Converter(policy).convert(tree.body, 0)


class _Converter:
    """Walks a Python AST and builds our tree, allowing only whitelisted nodes."""

    def __init__(self, policy: Policy):
        self.policy = policy

    def convert(self, node: ast.AST, depth: int) -> Node:
        if depth > MAX_DEPTH:
            raise ExpressionError(f"expression nested deeper than {MAX_DEPTH} levels")
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:
            raise ExpressionError(f"{_describe(node)} is not allowed")
        return method(node, depth + 1)

    def _Constant(self, node, depth):
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ExpressionError(f"{value!r} is not a number")
        if isinstance(value, int):
            if len(str(abs(value))) > MAX_INT_DIGITS:
                raise ExpressionError("number too large")
            return Num(Fraction(value))
        if value != value or value in (float("inf"), float("-inf")):
            raise ExpressionError("number out of range")
        return Num(Fraction(repr(value)))

    def _Name(self, node, depth):
        if node.id in CONSTANTS:
            return Const(CONSTANTS[node.id])
        if self.policy.names is not None and node.id in self.policy.names:
            return Name(node.id)
        close = difflib.get_close_matches(node.id, sorted(self.policy.names or ()), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ExpressionError(f"unknown name {node.id!r}{hint}")

    def _Attribute(self, node, depth):
        dotted = _dotted_name(node)
        if self.policy.names is None or dotted is None or dotted.split(".")[0] not in self.policy.names:
            raise ExpressionError("attribute access is not allowed")
        return Name(dotted)

    def _Subscript(self, node, depth):
        if not self.policy.subscripts:
            raise ExpressionError("subscripts are not allowed")
        return Index(self.convert(node.value, depth), self.convert(node.slice, depth))

    def _UnaryOp(self, node, depth):
        operand = self.convert(node.operand, depth)
        if isinstance(node.op, ast.USub):
            return Neg(operand)
        if isinstance(node.op, ast.UAdd):
            return operand
        if isinstance(node.op, ast.Not) and self.policy.logic:
            return Logic("not", (operand,))
        raise ExpressionError(f"operator {type(node.op).__name__} is not allowed")

    def _BinOp(self, node, depth):
        op = _BINOPS.get(type(node.op))
        if op is None:
            raise ExpressionError(f"operator {type(node.op).__name__} is not allowed")
        return Bin(op, self.convert(node.left, depth), self.convert(node.right, depth))

    def _Call(self, node, depth):
        if not isinstance(node.func, ast.Name) or node.func.id not in self.policy.functions:
            name = node.func.id if isinstance(node.func, ast.Name) else "this call"
            raise ExpressionError(f"function {name!r} is not allowed")
        if node.keywords or not node.args or len(node.args) > 3:
            raise ExpressionError(f"wrong arguments to {node.func.id}()")
        args = tuple(self.convert(arg, depth) for arg in node.args)
        return Call(node.func.id, args)

    def _Compare(self, node, depth):
        if not self.policy.logic:
            raise ExpressionError("comparisons are not allowed")
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


def _dotted_name(node: ast.AST) -> str | None:
    """``a.b.c`` as a string, or None when the node is not a plain dotted name."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted_name(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


def _describe(node: ast.AST) -> str:
    names = {"Lambda": "lambda", "List": "a list", "Tuple": "a tuple", "Dict": "a dict",
             "ListComp": "a comprehension", "GeneratorExp": "a generator", "IfExp": "if/else",
             "JoinedStr": "an f-string", "Starred": "*args", "NamedExpr": ":="}
    kind = type(node).__name__
    return names.get(kind, kind)
