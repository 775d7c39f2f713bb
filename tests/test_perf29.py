"""The twenty-ninth round's speed-ups keep their answers: key.json is read
without a Python call per integer, and an over-long integer is still named by
its line (key/load.py); the tally counts a sparse row's answered cells alone,
each at its own part (grading/tally.py)."""

import json
from pathlib import Path

import pytest

from quizgen.errors import InputFileError
from quizgen.key import load

VERSION1 = Path(__file__).parent / "data" / "keys" / "version1.json"


def test_a_key_is_read_without_a_call_per_integer(monkeypatch):
    def refuse(digits):
        raise AssertionError("a Python call per integer")
    monkeypatch.setattr(load, "_bounded_int", refuse)
    key = load.load_key_file(VERSION1)
    assert key.questions


def test_an_integer_too_long_is_still_named_by_its_line_when_the_interpreter_refuses_it(tmp_path, monkeypatch):
    path = tmp_path / "key.json"
    data = json.loads(VERSION1.read_text(encoding="utf-8"))
    text = json.dumps(data, indent=1).replace('"questions"', '"seed": ' + "4" * 4400 + ',\n "questions"', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputFileError, match=r"key.json: line \d+: an integer of 4,400 digits \(at most 4,300"):
        load.load_key_file(path)
    monkeypatch.setattr(load.sys, "get_int_max_str_digits", lambda: 0)   # no limit: the hook alone refuses it
    with pytest.raises(InputFileError, match=r"an integer of 4,400 digits"):
        load.load_key_file(path)


def _grid(width: int, cells: dict):
    """An AnswerGrid of ``len(cells)`` students, each {slot: outcome}; the rest no answer."""
    from quizgen.grading.matrix import AnswerGrid
    grid = AnswerGrid(width)
    grid.grow(len(cells))
    for number, answered in enumerate(cells):
        for slot, outcome in answered.items():
            grid.outcomes[number * width + slot] = outcome
    return grid


def test_the_tally_of_a_few_answered_parts_of_many_is_counted_at_their_own_parts():
    """count_latest counts the answered cells of a sparse row alone (a key of many parts): each
    at its own part, as Tally.count counts one cell at a time."""
    from quizgen.grading.outcome import make_outcome
    from quizgen.grading.tally import Tally, count_latest
    from quizgen.key.status import Status

    trap = make_outcome(Status.INCORRECT, 0.25, "0.5", "sign_error", "That is the sign error.", "")
    other = make_outcome(Status.INCORRECT, 0.0, "0.7", "sum_not_mean", "That is the sum.", "")
    right = make_outcome(Status.CORRECT, 1.0, "0.5", "", "", "")
    cells = [{3: trap, 7: right}, {}, {0: right, 1: right, 2: other, 3: right, 7: trap, 9: other}, {9: trap}]
    width = 10
    counted, one_by_one = Tally(width), Tally(width)
    counted.grow(len(cells))
    one_by_one.grow(len(cells))
    count_latest(_grid(width, cells), counted)
    for number, answered in enumerate(cells):
        for slot, outcome in answered.items():
            one_by_one.count(number, slot, outcome)
    for name in ("status", "student_counts", "student_codes", "slot_counts", "slot_codes"):
        assert getattr(counted, name) == getattr(one_by_one, name), name
    assert counted.student_score == pytest.approx(one_by_one.student_score)
    assert counted.slot_score == pytest.approx(one_by_one.slot_score)
    assert counted.feedback == one_by_one.feedback
    assert counted.slot_codes[9] == {"sum_not_mean": 1, "sign_error": 1} and counted.wordings["sign_error"] == {
        3: "That is the sign error.", 7: "That is the sign error.", 9: "That is the sign error."}
