"""key.json is read without a Python call per integer, and an over-long
integer is still named by its line (key/load.py, twenty-ninth round)."""

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
