"""Grading one answer against one part of the key: correct within tolerance,
or the misconception whose trap value (or words) it matches. ``PartChecker``
works a part's tolerances out once so that many answers grade fast;
``check_answer`` grades a single answer. Both follow the same rule."""

from __future__ import annotations

from dataclasses import dataclass

from quizgen.maths.answers import normalise_word, to_number
from quizgen.errors import ExpressionError
from quizgen.maths.tolerance import half_width
from quizgen.key.status import Status

# Widening of a key's stated window: absorbs its 6-figure rounding in key.json
# and the float error of ``answer - value``, so 0.342 still matches 0.3425 at 3 s.f.
ROUNDING_SLACK = 1e-6


@dataclass(frozen=True)
class Verdict:
    """The grade of one answer."""

    status: Status
    score: float
    expected: str
    misconception: str = ""
    feedback: str = ""
    reason: str = ""


def tolerance_of(part: dict, value: float, override: dict | None) -> float:
    """The half-width for a key part: one from ``override`` (``{"rtol": ..}`` /
    ``{"atol": ..}``) when the user gave one, else the key's own."""
    if override:
        return half_width(value, override, part.get("type", "numeric"))
    if "abs_tolerance" in part:
        return float(part["abs_tolerance"])
    return half_width(value, part.get("tolerance") or {}, part.get("type", "numeric"))


def _trap_tolerance(part: dict, trap: dict, override) -> float:
    if override:
        return half_width(trap["value"], override, part.get("type", "numeric"))
    if trap.get("abs_tolerance"):
        return float(trap["abs_tolerance"])
    return half_width(trap["value"], part.get("tolerance") or {}, part.get("type", "numeric"))


class PartChecker:
    """One key.json part record made ready to grade many answers: windows and
    verdicts are built once, and plain decimals skip the expression parser."""

    def __init__(self, part: dict, decimal_comma: bool = False, override: dict | None = None):
        self.kind = part.get("type", "numeric")
        self.decimal_comma = decimal_comma
        expected = str(part.get("answer", ""))
        self.expected = expected
        self.correct = Verdict(Status.CORRECT, float(part.get("points", 1)), expected)
        self.incorrect = Verdict(Status.INCORRECT, 0.0, expected)
        self.blank = Verdict(Status.BLANK, 0.0, expected)
        traps = part.get("misconceptions") or ()
        self.traps = [(float(t["value"]), _trap_tolerance(part, t, override) * (1 + ROUNDING_SLACK),
                       Verdict(Status.INCORRECT, 0.0, expected, t["code"], t.get("feedback", "")))
                      for t in traps if "value" in t]
        if self.kind == "word":
            self.accept = {normalise_word(w) for w in part.get("accept", ())}
            self.trap_words = {}
            for trap in traps:
                verdict = Verdict(Status.INCORRECT, 0.0, expected, trap["code"], trap.get("feedback", ""))
                for word in trap.get("words", ()):
                    self.trap_words.setdefault(normalise_word(word), verdict)
        else:
            self.value = float(part["value"])
            self.tolerance = tolerance_of(part, self.value, override) * (1 + ROUNDING_SLACK)

    def __call__(self, text) -> Verdict:
        """The verdict for the answer ``text`` (None or empty text is blank)."""
        if text is None:
            return self.blank
        text = str(text)
        if not text.strip():
            return self.blank
        if self.kind == "word":
            return self._word(text)
        try:
            value = self._number(text)
        except ExpressionError as exc:
            return Verdict(Status.INVALID, 0.0, self.expected, reason=f"not a number: {exc}")
        if abs(value - self.value) <= self.tolerance:
            return self.correct
        return self._trap(value)

    def _number(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            return to_number(text, self.decimal_comma)
        if value - value != 0:  # nan or inf: let the parser give the reason
            return to_number(text, self.decimal_comma)
        return value

    def _trap(self, value: float) -> Verdict:
        for trap_value, width, verdict in self.traps:
            if abs(value - trap_value) <= width:
                return verdict
        return self.incorrect

    def _word(self, text: str) -> Verdict:
        word = normalise_word(text)
        if word in self.accept:
            return self.correct
        verdict = self.trap_words.get(word)
        if verdict is not None:
            return verdict
        try:
            return self._trap(self._number(text))
        except ExpressionError:
            return self.incorrect


def check_answer(part: dict, text: str, decimal_comma: bool = False,
                 override: dict | None = None) -> Verdict:
    """Grade the answer ``text`` against the key.json part record ``part``."""
    return PartChecker(part, decimal_comma, override)(text)
