"""Round 27's speed-ups of grade's pass keep each verdict and do less: a
refused answer text is read once for every paper (``part_checker._reading``)."""

from quizgen.grading import part_checker
from quizgen.grading.part_checker import KEPT_READING, PartChecker
from quizgen.key.model import KeyPart
from quizgen.key.status import Status


def _numeric(value: float) -> KeyPart:
    return KeyPart.from_json({"part": "a", "name": "a", "type": "numeric", "points": 1.0, "value": value,
                              "exact": repr(value), "answer": repr(value), "tolerance": {"sigfigs": 3}})


def test_a_refused_short_text_is_read_once_for_every_paper(monkeypatch):
    read, calls = part_checker.read_number, []
    monkeypatch.setattr(part_checker, "read_number", lambda *args: calls.append(args) or read(*args))
    part_checker._reading.cache_clear()
    papers = [PartChecker(_numeric(value)) for value in (0.716, 0.0523, 12.5)]
    verdicts = [checker("((1+2)") for checker in papers]
    assert len(calls) == 1   # the reading is the text's, whatever the instance
    assert {(v.status, v.reason) for v in verdicts} == {(Status.INVALID, verdicts[0].reason)} and verdicts[0].reason
    assert [v.expected for v in verdicts] == ["0.716", "0.0523", "12.5"]


def test_a_long_refused_text_is_read_each_time_and_alike(monkeypatch):
    read, calls = part_checker.read_number, []
    monkeypatch.setattr(part_checker, "read_number", lambda *args: calls.append(args) or read(*args))
    part_checker._reading.cache_clear()
    text = "I worked it out from the mean of the losses, " * 2
    assert KEPT_READING < len(text)
    checker = PartChecker(_numeric(0.716))
    assert checker(text) == checker(text) and len(calls) == 2
