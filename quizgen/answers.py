"""Parsing student input: turns an answer's text into a number (through the
whitelist parser, never eval) or a normalised word."""

from __future__ import annotations

import math
import re

from .errors import ExpressionError
from .exact import ground
from .expr import parse_answer

_PLAIN_NUMBER = re.compile(r"^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$")
_DECIMAL_COMMA = re.compile(r"^[+-]?\d*,\d+$")


def normalise_word(text: str) -> str:
    """Words compared ignoring case, spaces, dashes and a final full stop."""
    return " ".join(str(text).lower().replace("-", " ").replace("_", " ").split()).rstrip(".")


def to_number(text: str, decimal_comma: bool = False) -> float:
    """The value of an answer: a plain decimal fast, anything else through the
    whitelist parser. Raises ExpressionError with a reason when it is not a number."""
    text = text.strip()
    if decimal_comma or _DECIMAL_COMMA.match(text):
        text = text.replace(",", ".") if text.count(",") == 1 and "." not in text else text
    if _PLAIN_NUMBER.match(text):
        value = float(text)
    else:
        value = float(ground(parse_answer(text), {}))
    if not math.isfinite(value):
        raise ExpressionError("number out of range")
    return value
