"""Grading one answer against one part of the key: correct within tolerance,
or the misconception whose trap value (or words) it matches."""

from __future__ import annotations

from dataclasses import dataclass

from .answers import normalise_word, to_number
from .errors import ExpressionError
from .tolerance import half_width


@dataclass(frozen=True)
class Verdict:
    """The grade of one answer."""

    status: str
    score: float
    expected: str
    misconception: str = ""
    feedback: str = ""
    reason: str = ""


def tolerance_of(part: dict, value: float, override: dict | None) -> float:
    """The half-width for a key part: the key's own, or one from ``override``
    (``{"rtol": ..}`` / ``{"atol": ..}``) when the user gave one."""
    if override:
        return half_width(value, override, part["type"])
    if "abs_tolerance" in part and not override:
        return part["abs_tolerance"]
    return half_width(value, part.get("tolerance", {}), part["type"])


def check_answer(part: dict, text: str, decimal_comma: bool = False,
                 override: dict | None = None) -> Verdict:
    """Grade the answer ``text`` against the key.json part record ``part``."""
    expected = part["answer"]
    if text is None or not str(text).strip():
        return Verdict("blank", 0.0, expected)
    text = str(text)
    if part["type"] == "word":
        return _check_word(part, text, decimal_comma, override)
    try:
        value = to_number(text, decimal_comma)
    except ExpressionError as exc:
        return Verdict("invalid", 0.0, expected, reason=f"not a number: {exc}")
    if abs(value - part["value"]) <= tolerance_of(part, part["value"], override):
        return Verdict("correct", float(part["points"]), expected)
    return _trap_or_incorrect(part, value, expected, override)


def _trap_or_incorrect(part: dict, value: float, expected: str, override) -> Verdict:
    for trap in part["misconceptions"]:
        if "value" in trap and abs(value - trap["value"]) <= _trap_tolerance(part, trap, override):
            return Verdict("incorrect", 0.0, expected, trap["code"], trap["feedback"])
    return Verdict("incorrect", 0.0, expected)


def _trap_tolerance(part: dict, trap: dict, override) -> float:
    if override:
        return half_width(trap["value"], override, part["type"])
    return trap.get("abs_tolerance") or half_width(trap["value"], part.get("tolerance", {}), part["type"])


def _check_word(part: dict, text: str, decimal_comma: bool, override) -> Verdict:
    expected = part["answer"]
    word = normalise_word(text)
    if word in {normalise_word(w) for w in part["accept"]}:
        return Verdict("correct", float(part["points"]), expected)
    for trap in part["misconceptions"]:
        if word in {normalise_word(w) for w in trap.get("words", ())}:
            return Verdict("incorrect", 0.0, expected, trap["code"], trap["feedback"])
    try:
        value = to_number(text, decimal_comma)
    except ExpressionError:
        return Verdict("incorrect", 0.0, expected)
    return _trap_or_incorrect(part, value, expected, override)
