"""Round 28's speed-up of grade's pass keeps each verdict and does less: a
short answer text that is no plain decimal is valued (or refused) once for
every paper (``kept_values``), not parsed again on each student's paper."""

from quizgen.errors import ExpressionError
from quizgen.grading import kept_values
from quizgen.grading.kept_values import KEPT_TEXT, number_or_error
from quizgen.grading.part_checker import PartChecker
from quizgen.key.model import KeyPart
from quizgen.key.status import Status


def _numeric(value: float) -> KeyPart:
    return KeyPart.from_json({"part": "a", "name": "a", "type": "numeric", "points": 1.0, "value": value,
                              "exact": repr(value), "answer": repr(value), "tolerance": {"sigfigs": 3}})


def _counted(monkeypatch) -> list:
    """The texts ``to_number`` is asked for from here on (the kept values forgotten first)."""
    real, calls = kept_values.to_number, []
    monkeypatch.setattr(kept_values, "to_number", lambda text, comma: calls.append(text) or real(text, comma))
    kept_values._kept.cache_clear()
    return calls


def test_a_refused_short_text_is_parsed_once_for_every_paper(monkeypatch):
    calls = _counted(monkeypatch)
    papers = [PartChecker(_numeric(value)) for value in (0.716, 0.0523, 12.5)]
    verdicts = [checker("9**9**9**9") for checker in papers]
    assert calls == ["9**9**9**9"]   # the value is the text's, whatever the instance
    assert {(v.status, v.reason) for v in verdicts} == {(Status.INVALID, verdicts[0].reason)}
    assert verdicts[0].reason == "not a number: number out of range"


def test_a_formula_is_valued_once_and_marked_on_each_paper(monkeypatch):
    calls = _counted(monkeypatch)
    right, wrong = PartChecker(_numeric(0.5)), PartChecker(_numeric(0.25))
    assert right("1/2").status is Status.CORRECT and wrong("1/2").status is not Status.CORRECT
    assert calls == ["1/2"]


def test_a_kept_refusal_says_what_the_first_said(monkeypatch):
    _counted(monkeypatch)
    first, again = number_or_error("((1+2)", False), number_or_error("((1+2)", False)
    assert isinstance(first, ExpressionError) and str(first) == str(again)
    assert first.__traceback__ is None   # no frames held for the run


def test_a_long_text_is_valued_each_time_and_alike(monkeypatch):
    calls = _counted(monkeypatch)
    text = "(" * 40 + "1" + ")" * 40
    assert KEPT_TEXT < len(text)
    assert number_or_error(text, False) == number_or_error(text, False) == 1.0 and len(calls) == 2


def test_each_reading_of_commas_is_kept_apart(monkeypatch):
    calls = _counted(monkeypatch)
    assert number_or_error("1,5", True) == number_or_error("1,5", False) == 1.5
    assert calls == ["1,5", "1,5"]   # --decimal-comma is part of what is kept, never assumed the same
