"""Parsing student input: turns an answer's text into a number (through the
whitelist parser, never eval) or a normalised word. An answer's value is worked
out in floating point: grading compares within a tolerance, and floats bound
every intermediate result, so no input can build a huge exact number."""

from __future__ import annotations

import math
import re
from functools import lru_cache

from quizgen.errors import ExpressionError
from quizgen.maths.parser import MAX_LENGTH, Bin, Call, Const, Neg, Node, Num, parse_answer

_PLAIN_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")


@lru_cache(maxsize=16384)
def normalise_word(text: str) -> str:
    """Words compared ignoring case, spaces, dashes and a final full stop."""
    return " ".join(str(text).lower().replace("-", " ").replace("_", " ").split()).rstrip(".")


def to_number(text: str, decimal_comma: bool = False) -> float:
    """The value of an answer: a plain decimal fast, anything else through the
    whitelist parser. Raises ExpressionError with a reason when it is not a number."""
    text = text.strip()
    if len(text) > MAX_LENGTH:
        raise ExpressionError(f"expression longer than {MAX_LENGTH} characters")
    if decimal_comma or _DECIMAL_COMMA.match(text):
        text = text.replace(",", ".") if text.count(",") == 1 and "." not in text else text
    if _PLAIN_NUMBER.match(text):
        value = float(text)
    else:
        value = answer_value(parse_answer(text))
    if not math.isfinite(value):
        raise ExpressionError("number out of range")
    return value


_FUNCTIONS = {"exp": math.exp, "log": math.log, "ln": math.log, "log10": math.log10,
              "log2": math.log2, "sqrt": math.sqrt, "abs": abs}


def answer_value(node: Node) -> float:
    """The float value of a parsed answer; raises ExpressionError with a reason
    (division by zero, log of a non-positive number, out of range, ...)."""
    try:
        value = _value(node)
    except (OverflowError, MemoryError, RecursionError) as exc:
        raise ExpressionError("number out of range") from exc
    if not math.isfinite(value):
        raise ExpressionError("number out of range")
    return value


def _value(node: Node) -> float:
    if isinstance(node, Num):
        return float(node.value)
    if isinstance(node, Const):
        return math.e if node.name == "E" else math.pi
    if isinstance(node, Neg):
        return -_value(node.operand)
    if isinstance(node, Bin):
        return _binary(node.op, _value(node.left), _value(node.right))
    if isinstance(node, Call):
        return _call(node.func, [_value(arg) for arg in node.args])
    raise ExpressionError("not a number")


def _binary(op: str, a: float, b: float) -> float:
    if op == "+":
        value = a + b
    elif op == "-":
        value = a - b
    elif op == "*":
        value = a * b
    elif op == "/":
        if b == 0:
            raise ExpressionError("division by zero")
        value = a / b
    else:
        if a < 0 and b != int(b):
            raise ExpressionError("fractional power of a negative number")
        if a == 0 and b < 0:
            raise ExpressionError("division by zero")
        value = math.pow(a, b)
    if not math.isfinite(value):
        raise ExpressionError("number out of range")
    return value


def _call(func: str, args: list) -> float:
    if func == "log" and len(args) == 2:
        return _binary("/", _call("log", args[:1]), _call("log", args[1:]))
    if len(args) != 1:
        raise ExpressionError(f"{func}() takes one argument")
    x = args[0]
    if func in ("log", "ln", "log10", "log2") and x <= 0:
        raise ExpressionError("logarithm of a non-positive number")
    if func == "sqrt" and x < 0:
        raise ExpressionError("square root of a negative number")
    return _FUNCTIONS[func](x)
