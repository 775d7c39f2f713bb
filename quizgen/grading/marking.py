"""Grading one answer against one part of the key: correct within tolerance,
or the misconception whose trap value (or words) it matches. ``PartChecker``
works a part's tolerances out once so that many answers grade fast;
``check_answer`` grades a single answer. Both follow the same rule."""

from __future__ import annotations

from dataclasses import dataclass

from quizgen.maths.answers import normalise_word, to_number
from quizgen.errors import ExpressionError
from quizgen.key.model import KeyPart
from quizgen.key.status import Status

@dataclass(frozen=True)
class Verdict:
    """The grade of one answer."""

    status: Status
    score: float
    expected: str
    misconception: str = ""
    feedback: str = ""
    reason: str = ""


class PartChecker:
    """One key part (a :class:`KeyPart`, or a whole key.json part record) made
    ready to grade many answers: verdicts are built once, when first given, and
    plain decimals skip the expression parser. Windows come from the part's tolerance rule at
    its exact value's float (quizgen/maths/tolerance.py), or from ``override``
    (``{"rtol": ..}`` / ``{"atol": ..}``) when given; the traps' windows are
    worked out at the first answer that is not correct (with per-student
    papers most parts are answered once, and most answers are right)."""

    def __init__(self, part, decimal_comma: bool = False, override: dict | None = None):
        if isinstance(part, dict):
            part = KeyPart.from_json(part)
        self.part, self.kind, self.override = part, part.kind, override
        self.decimal_comma = decimal_comma
        expected = part.answer
        self.expected = expected
        self._traps = self._correct = self._incorrect = self._blank = None
        if self.kind == "word":
            self.accept = {normalise_word(w) for w in part.accept}
            self.trap_words = {}
            for trap in part.traps:
                verdict = Verdict(Status.INCORRECT, 0.0, expected, trap.code, trap.feedback)
                for word in trap.words:
                    self.trap_words.setdefault(normalise_word(word), verdict)
        else:
            self.value = part.value
            self.tolerance = part.half_width(override)

    @property
    def correct(self) -> Verdict:
        if self._correct is None:
            self._correct = Verdict(Status.CORRECT, float(self.part.points), self.expected)
        return self._correct

    @property
    def incorrect(self) -> Verdict:
        if self._incorrect is None:
            self._incorrect = Verdict(Status.INCORRECT, 0.0, self.expected)
        return self._incorrect

    @property
    def blank(self) -> Verdict:
        if self._blank is None:
            self._blank = Verdict(Status.BLANK, 0.0, self.expected)
        return self._blank

    @property
    def traps(self) -> list:
        """``(value, window, verdict)`` for each trap with a value, in key order."""
        if self._traps is None:
            part, expected = self.part, self.expected
            self._traps = [(value, part.trap_half_width(i, self.override),
                            Verdict(Status.INCORRECT, 0.0, expected, trap.code, trap.feedback))
                           for i, (trap, value) in enumerate(zip(part.traps, part.trap_values)) if value is not None]
        return self._traps

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
        return to_number(text, self.decimal_comma)

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


def check_answer(part, text: str, decimal_comma: bool = False,
                 override: dict | None = None) -> Verdict:
    """Grade the answer ``text`` against the key part ``part`` (a KeyPart or a part record)."""
    return PartChecker(part, decimal_comma, override)(text)
