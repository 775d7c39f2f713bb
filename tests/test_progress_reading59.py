"""A drill progress file re-saved by an editor as UTF-16 or UTF-32 with a
byte-order mark is read by that mark, as key.json, templates and policies are
(it was refused as "not a quizgen progress file", though it is one); a file
naming a field twice in one object is said so, not taken by the name JSON
keeps (the second "version": "written by a newer quizgen")."""

from __future__ import annotations

import json

import pytest

RECORD = {"format": "quizgen-progress", "version": 2, "clock": 1, "sessions": 1,
          "classes": {"C1": {"box": 1, "due": 3, "seen": 1, "right": 0, "missed": 1, "last": "missed"}},
          "misconceptions": {}}


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-be", "utf-32", "utf-8-sig"])
def test_a_record_saved_with_a_byte_order_mark_is_read(invoke, tmp_path, encoding):
    state = tmp_path / "p.json"
    text = json.dumps(RECORD, indent=1)
    state.write_bytes(("\ufeff" + text).encode(encoding) if encoding == "utf-16-be" else text.encode(encoding))
    result = invoke("drill", "--stats", "--state", state)
    assert result.exit_code == 0, result.output
    assert "1 question over 1 session." in result.output and "C1     1    1" in result.output
    assert "not a quizgen progress file" not in result.output and not (tmp_path / "p.json.bad").exists()


def test_a_damaged_utf16_record_names_its_encoding(invoke, tmp_path):
    """A record in UTF-16 holding half of a pair is ours (it holds the marker) but no text: said as UTF-16's."""
    state = tmp_path / "p.json"
    state.write_bytes(json.dumps(RECORD).encode("utf-16") + b"\x00\xd8")
    result = invoke("drill", "--stats", "--state", state)
    assert "is a damaged quizgen progress record (it is not UTF-16-LE text)" in " ".join(result.output.split())


def test_a_name_given_twice_is_named_not_taken_for_a_newer_record(invoke, tmp_path):
    state = tmp_path / "p.json"
    state.write_text(json.dumps(RECORD).replace('"version": 2', '"version": 2, "version": 3'), encoding="utf-8")
    result = invoke("drill", "--stats", "--state", state)
    said = " ".join(result.output.split())
    assert ("is a damaged quizgen progress record (the name 'version' is given twice in one object, and JSON keeps "
            "the second; quizgen never writes that); left as it is") in said
    assert "newer" not in said


def test_a_name_given_twice_in_a_good_record_is_no_matter():
    """Only a record that fails its checks is read again for one (a hook on every read costs time)."""
    from drill_support import strict_parse

    text = json.dumps(RECORD).replace('"clock": 1', '"clock": 0, "clock": 1')
    assert strict_parse(text).clock == 1
