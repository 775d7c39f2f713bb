"""Exact answers: substitutes parameter values into an expression tree, folding
rational arithmetic exactly and keeping irrational parts (exp, log, sqrt) as a
tree with its float value alongside. They are printed by ``quizgen.maths.printing``
(SymPy syntax, LaTeX, and SymPy itself on demand: building every key value
through SymPy costs ~1 ms a value)."""

from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

from quizgen.maths.answers import answer_value
from quizgen.errors import ExpressionError
from quizgen.maths.parser import Bin, Call, Compare, Const, Index, Logic, Name, Neg, Node, Num

LIMIT = 1e300
ZERO = Fraction(0)
MAX_POWER_BITS = 4096


class Exact:
    """An irrational exact value: its expression tree and its float value, and
    its negation once made (values never change, so -log(p) of a shared log(p)
    is shared too)."""

    __slots__ = ("node", "value", "negated")

    def __init__(self, node: Node, value: float):
        if not math.isfinite(value) or abs(value) > LIMIT:
            raise ExpressionError("value out of range")
        self.node, self.value, self.negated = node, value, None

    def __float__(self) -> float:
        return self.value

    def __repr__(self) -> str:
        from quizgen.maths.printing import to_text

        return f"Exact({to_text(self)})"


def as_node(value) -> Node:
    """The tree of an exact number."""
    if value.__class__ is Exact:
        return value.node
    if value.__class__ is Fraction:
        return Num(value)
    if isinstance(value, (Fraction, int)):
        return Num(Fraction(value))
    raise ExpressionError(f"{_kind(value)} used where a number was expected")


def _num(value):
    cls = value.__class__
    if cls is Fraction or cls is Exact:
        return value
    if cls is int:
        return Fraction(value)
    raise ExpressionError(f"{_kind(value)} used where a number was expected")


def _kind(value) -> str:
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, str):
        return f"the word {value!r}"
    if isinstance(value, dict):
        return "a record"
    if isinstance(value, bool):
        return "a true/false value"
    return type(value).__name__


_LISTS = (list, tuple)


def _broadcast2(func, a, b):
    a_list, b_list = a.__class__ in _LISTS, b.__class__ in _LISTS
    if not (a_list or b_list):
        return func(_num(a), _num(b))
    if a_list and b_list:
        if len(a) != len(b):
            raise ExpressionError("lists of different lengths combined")
        return tuple(_broadcast2(func, x, y) for x, y in zip(a, b))
    if a_list:
        return tuple(_broadcast2(func, x, b) for x in a)
    if b_list:
        return tuple(_broadcast2(func, a, y) for y in b)
    return func(_num(a), _num(b))


def _broadcast1(func, a):
    if a.__class__ in _LISTS:
        return tuple(_broadcast1(func, x) for x in a)
    return func(_num(a))


def add(a, b):
    if a.__class__ is Fraction and b.__class__ is Fraction:
        return a + b
    if a == 0:
        return b
    if b == 0:
        return a
    if isinstance(b, Exact) and isinstance(b.node, Neg):
        return Exact(Bin("-", as_node(a), b.node.operand), float(a) + b.value)
    if isinstance(b, Fraction) and b < 0:
        return Exact(Bin("-", as_node(a), Num(-b)), float(a) + float(b))
    return Exact(Bin("+", as_node(a), as_node(b)), float(a) + float(b))


def sub(a, b):
    if a.__class__ is Fraction and b.__class__ is Fraction:
        return a - b
    if b == 0:
        return a
    if a == 0:
        return neg(b)
    return Exact(Bin("-", as_node(a), as_node(b)), float(a) - float(b))


def mul(a, b):
    if a.__class__ is Fraction and b.__class__ is Fraction:
        return a * b
    if a == 0 or b == 0:
        return Fraction(0)
    if a == 1:
        return b
    if b == 1:
        return a
    if a == -1:
        return neg(b)
    if b == -1:
        return neg(a)
    return Exact(Bin("*", as_node(a), as_node(b)), _checked(lambda: float(a) * float(b)))


def div(a, b):
    if b == 0:
        raise ExpressionError("division by zero")
    if a.__class__ is Fraction and b.__class__ is Fraction:
        return a / b
    if b == 1:
        return a
    if a == 0:
        return Fraction(0)
    return Exact(Bin("/", as_node(a), as_node(b)), _checked(lambda: float(a) / float(b)))


def power(a, b):
    if isinstance(b, Fraction) and b.denominator == 1:
        if b == 0:
            return Fraction(1)
        if b == 1:
            return a
        if isinstance(a, Fraction) and _small_power(a, b):
            if a == 0 and b < 0:
                raise ExpressionError("division by zero")
            return a ** int(b)
    if float(a) < 0 and not (isinstance(b, Fraction) and b.denominator == 1):
        raise ExpressionError("fractional power of a negative number")
    if float(a) == 0 and float(b) <= 0:
        raise ExpressionError("zero to a non-positive power")
    return Exact(Bin("**", as_node(a), as_node(b)), _checked(lambda: math.pow(float(a), float(b))))


def _small_power(base: Fraction, exponent: Fraction) -> bool:
    size = max(base.numerator.bit_length(), base.denominator.bit_length(), 1)
    return size * abs(int(exponent)) <= MAX_POWER_BITS


def neg(a):
    if a.__class__ is Fraction:
        return -a
    negated = a.negated
    if negated is None:
        node = a.node
        negated = a.negated = Exact(node.operand if node.__class__ is Neg else Neg(node), -a.value)
    return negated


def _checked(compute) -> float:
    try:
        value = compute()
    except (OverflowError, ZeroDivisionError, ValueError) as exc:
        raise ExpressionError("value out of range") from exc
    if not math.isfinite(value) or abs(value) > LIMIT:
        raise ExpressionError("value out of range")
    return value


_SHARED_CALLS: dict = {}
SHARED_CALLS_LIMIT = 65536


def _call_node(func: str, a) -> Exact:
    """``func(a)`` as an exact value. For a rational ``a`` the value is shared
    between every expression that needs it (values never change): parameters
    drawn from a grid repeat, and a shared value is printed only once."""
    if a.__class__ is not Fraction:
        return Exact(Call(func, (as_node(a),)), _FLOAT_FUNCS[func](float(a)))
    key = (func, a.numerator, a.denominator)
    value = _SHARED_CALLS.get(key)
    if value is None:
        if len(_SHARED_CALLS) >= SHARED_CALLS_LIMIT:
            _SHARED_CALLS.clear()
        value = _SHARED_CALLS[key] = Exact(Call(func, (Num(a),)), _FLOAT_FUNCS[func](float(a)))
    return value


def _exp(a):
    if a == 0:
        return Fraction(1)
    if isinstance(a, Exact) and isinstance(a.node, Call) and a.node.func == "log" and len(a.node.args) == 1:
        return _from_node_arg(a.node.args[0])
    return _call_node("exp", a)


def _log(a, base=None):
    if float(a) <= 0:
        raise ExpressionError("logarithm of a non-positive number")
    if base is not None:
        return div(_log(a), _log(base))
    if a == 1:
        return Fraction(0)
    if isinstance(a, Exact) and isinstance(a.node, Call) and a.node.func == "exp":
        return _from_node_arg(a.node.args[0])
    if isinstance(a, Exact) and isinstance(a.node, Bin) and a.node.op == "/" \
            and isinstance(a.node.left, Num) and a.node.left.value == 1:
        return neg(_log(_from_node_arg(a.node.right)))
    if isinstance(a, Exact) and isinstance(a.node, Const) and a.node.name == "E":
        return Fraction(1)
    return _call_node("log", a)


def _log_base(func: str, a):
    if float(a) <= 0:
        raise ExpressionError("logarithm of a non-positive number")
    if a == 1:
        return Fraction(0)
    return _call_node(func, a)


def _sqrt(a):
    if float(a) < 0:
        raise ExpressionError("square root of a negative number")
    if isinstance(a, Fraction):
        num, den = math.isqrt(a.numerator), math.isqrt(a.denominator)
        if num * num == a.numerator and den * den == a.denominator:
            return Fraction(num, den)
    return _call_node("sqrt", a)


def _from_node_arg(node: Node):
    """Rebuild a ground value from a subtree (used when exp and log cancel)."""
    if isinstance(node, Num):
        return node.value
    return Exact(node, answer_value(node))


_FLOAT_FUNCS = {
    "exp": lambda x: _checked(lambda: math.exp(x)),
    "log": lambda x: _checked(lambda: math.log(x)),
    "log10": lambda x: _checked(lambda: math.log10(x)),
    "log2": lambda x: _checked(lambda: math.log2(x)),
    "sqrt": lambda x: _checked(lambda: math.sqrt(x)),
}


def _abs(a):
    if isinstance(a, Fraction):
        return abs(a)
    return neg(a) if a.value < 0 else a


_UNARY = {
    "exp": _exp, "sqrt": _sqrt, "abs": _abs,
    "ln": _log, "log10": lambda a: _log_base("log10", a), "log2": lambda a: _log_base("log2", a),
    "floor": lambda a: Fraction(math.floor(a if isinstance(a, Fraction) else a.value)),
    "ceil": lambda a: Fraction(math.ceil(a if isinstance(a, Fraction) else a.value)),
    "round": lambda a: Fraction(round(a if isinstance(a, Fraction) else a.value)),
}


def _as_list(value, func: str):
    if not isinstance(value, (list, tuple)):
        raise ExpressionError(f"{func}() needs a list")
    if not value:
        raise ExpressionError(f"{func}() of an empty list")
    return value


def _sum(items):
    """A sum with its rational terms gathered into one number at the end:
    ``1 + exp(3) + 1`` becomes ``exp(3) + 2``."""
    items = _as_list(items, "sum")
    if all(item.__class__ is Fraction and item.denominator == 1 for item in items):
        return Fraction(sum(item.numerator for item in items))
    rational = total = ZERO
    for item in items:
        term = _num(item) if not isinstance(item, (list, tuple)) else _sum(item)
        if isinstance(term, Fraction):
            rational += term
        else:
            total = add(total, term)
    return add(total, rational)


def _mean(items):
    return div(_sum(items), Fraction(len(items)))


def _argext(items, func, pick):
    values = [float(_num(x)) for x in _as_list(items, func)]
    best = pick(values)
    return Fraction(values.index(best))


def _count(items, target):
    return Fraction(sum(1 for x in _as_list(items, "count") if equal(x, target)))


_LIST = {
    "sum": _sum,
    "mean": _mean,
    "len": lambda items: Fraction(len(items)) if isinstance(items, (list, tuple)) else _as_list(items, "len"),
    "max": lambda items: max(_as_list(items, "max"), key=lambda x: float(_num(x))),
    "min": lambda items: min(_as_list(items, "min"), key=lambda x: float(_num(x))),
    "argmax": lambda items: _argext(items, "argmax", max),
    "argmin": lambda items: _argext(items, "argmin", min),
}


def equal(a, b) -> bool:
    """Exact equality for rationals, a 1e-12 relative match otherwise."""
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a == b
    return math.isclose(float(_num(a)), float(_num(b)), rel_tol=1e-12, abs_tol=1e-15)


def _compare(op: str, a, b) -> bool:
    if op == "==":
        return equal(a, b)
    if op == "!=":
        return not equal(a, b)
    x, y = float(_num(a)), float(_num(b))
    return {"<": x < y, "<=": x <= y or equal(a, b), ">": x > y, ">=": x >= y or equal(a, b)}[op]


def lookup(env: dict, dotted: str):
    """A parameter's value, following dots into records (``scene.answer``)."""
    head, *rest = dotted.split(".")
    if head not in env:
        raise ExpressionError(f"unknown parameter {head!r}")
    value = env[head]
    for key in rest:
        if not isinstance(value, dict) or key not in value:
            raise ExpressionError(f"{dotted!r}: no field {key!r}")
        value = value[key]
    return value


def ground(node: Node, env: dict):
    """Evaluate ``node`` exactly with the parameter values in ``env``."""
    return _compiled(node)(env)


def _compile(node: Node):
    """``node`` as a function of the parameter values, made once per node
    (template expressions are evaluated for every instance): each node calls
    its children's functions directly instead of dispatching on their class."""
    cls = node.__class__
    if cls is Num:
        value = node.value
        return lambda env: value
    if cls is Name:
        return _compile_name(node.name)
    if cls is Const:
        constant = Exact(node, math.e if node.name == "E" else math.pi)
        return lambda env: constant
    if cls is Neg:
        operand = _compiled(node.operand)
        return lambda env: _broadcast1(neg, operand(env))
    if cls is Bin:
        op, left, right = _BIN[node.op], _compiled(node.left), _compiled(node.right)
        return lambda env: _broadcast2(op, left(env), right(env))
    if cls is Call:
        return _compile_call(node.func, [_compiled(a) for a in node.args])
    handler = _GROUND.get(cls)
    if handler is None:
        raise ExpressionError("cannot evaluate this expression")
    return lambda env: handler(node, env)


def _compiled(node: Node):
    """``node``'s evaluating function, made on first use and kept on the node."""
    evaluate = getattr(node, "_fn", None)
    if evaluate is None:
        evaluate = node._fn = _compile(node)
    return evaluate


def _compile_name(dotted: str):
    if "." in dotted:
        return lambda env: _whole_to_fraction(lookup(env, dotted))

    def name(env):
        try:
            return _whole_to_fraction(env[dotted])
        except KeyError:
            raise ExpressionError(f"unknown parameter {dotted!r}") from None

    return name


def _whole_to_fraction(value):
    return Fraction(value) if value.__class__ is int else value


def _compile_call(func: str, args: list):
    if len(args) == 1 and (func in _UNARY or func in _LIST or func == "log"):
        arg = args[0]
        if func in _LIST:
            apply = _LIST[func]
            return lambda env: apply(arg(env))
        unary = _log if func == "log" else _UNARY[func]
        return lambda env: _broadcast1(unary, arg(env))
    return lambda env: _apply_call(func, [a(env) for a in args])


def _ground_compare(node: Compare, env: dict) -> bool:
    values = [ground(o, env) for o in node.operands]
    return all(_compare(op, values[i], values[i + 1]) for i, op in enumerate(node.ops))


_BIN = {"+": add, "-": sub, "*": mul, "/": div, "**": power}


def _apply_call(func: str, args: list):
    if func == "log":
        if len(args) == 2:
            return _broadcast2(_log, args[0], args[1])
        return _broadcast1(_log, _one_arg(func, args))
    if func == "count":
        if len(args) != 2:
            raise ExpressionError("count() takes a list and a value")
        return _count(args[0], args[1])
    if func == "isint":
        value = _one_arg(func, args)
        return isinstance(value, Fraction) and value.denominator == 1
    if func == "range":
        return _range(args)
    if func in _LIST:
        return _LIST[func](_one_arg(func, args))
    return _broadcast1(_UNARY[func], _one_arg(func, args))


_GROUND = {
    Index: lambda node, env: _ground_index(node, env),
    Compare: _ground_compare,
    Logic: lambda node, env: _ground_logic(node, env),
}


def _range(args: list) -> tuple:
    bounds = [a for a in args]
    if not 1 <= len(bounds) <= 2 or not all(isinstance(b, Fraction) and b.denominator == 1 for b in bounds):
        raise ExpressionError("range() takes one or two whole numbers")
    low, high = (Fraction(0), bounds[0]) if len(bounds) == 1 else bounds
    if high - low > 100000:
        raise ExpressionError("range() too long")
    return _whole_numbers(int(low), int(high))


@lru_cache(maxsize=1024)
def _whole_numbers(low: int, high: int) -> tuple:
    """``range(low, high)`` as exact numbers (made once: fractions never change)."""
    return tuple(Fraction(k) for k in range(low, high))


def _one_arg(func: str, args: list):
    if len(args) != 1:
        raise ExpressionError(f"{func}() takes one argument")
    return args[0]


def _ground_index(node: Index, env: dict):
    base, index = ground(node.base, env), ground(node.index, env)
    if not isinstance(base, (list, tuple)):
        raise ExpressionError("only lists can be indexed")
    if not (isinstance(index, Fraction) and index.denominator == 1):
        raise ExpressionError("a list index must be a whole number")
    if not -len(base) <= index < len(base):
        raise ExpressionError(f"index {index} outside a list of {len(base)}")
    item = base[int(index)]
    return Fraction(item) if isinstance(item, int) and not isinstance(item, bool) else item


def _ground_logic(node: Logic, env: dict) -> bool:
    if node.op == "not":
        return not _truth(ground(node.operands[0], env))
    if node.op == "and":
        return all(_truth(ground(o, env)) for o in node.operands)
    return any(_truth(ground(o, env)) for o in node.operands)


def _truth(value) -> bool:
    if isinstance(value, bool):
        return value
    raise ExpressionError("a condition must be a comparison")


def to_float(value) -> float:
    """The float value of an exact number."""
    return float(_num(value))
