"""Review 48b's drill findings on the progress file: --stats with --no-save (F2),
a JSON file that only mentions the marker (F7), and a weak class from a bank
not loaded now listed twice by --stats (F8)."""

import json

import pytest


def _record(classes: dict) -> dict:
    return {"format": "quizgen-progress", "version": 2, "clock": 1, "sessions": 1, "classes": classes,
            "misconceptions": {}}


def test_stats_with_no_save_is_refused_in_one_line(invoke, tmp_path):
    """F2: --no-save promises no progress file is read, yet --stats --no-save printed the record."""
    state = tmp_path / "p.json"
    state.write_text(json.dumps(_record({"C2": {"box": 1, "due": 3, "seen": 1, "right": 0}})), encoding="utf-8")
    result = invoke("drill", "--stats", "--no-save", "--state", state)
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.strip().splitlines() == [
        "quizgen: error: --stats shows the progress file, which --no-save reads and writes none of: leave one out"]


@pytest.mark.parametrize("content", ['["quizgen-progress"]', '{"note": "quizgen-progress"}', '"quizgen-progress"'])
def test_json_that_only_mentions_the_marker_is_not_ours_and_is_left_alone(invoke, tmp_path, content):
    """F7: it was 'not a quizgen progress file', yet moved to x.json.bad and replaced."""
    state = tmp_path / "x.json"
    state.write_text(content, encoding="utf-8")
    result = invoke("drill", "--seed", "1", "--classes", "C2", "--state", state, input="q\n")
    assert result.exit_code == 2
    assert f"{state} is not a quizgen progress file" in result.stderr and "moved" not in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["x.json"] and state.read_text(encoding="utf-8") == content


def test_a_damaged_record_of_ours_is_called_damaged_when_moved_aside(invoke, tmp_path):
    """F7: a record with the marker as its format but no version was 'not a quizgen progress file'."""
    state = tmp_path / "y.json"
    state.write_text('{"format": "quizgen-progress", "classes": []}', encoding="utf-8")
    result = invoke("drill", "--seed", "1", "--classes", "C2", "--state", state, input="q\n")
    assert result.exit_code == 0
    assert result.stderr.strip().splitlines() == [
        f"quizgen: warning: progress file {state} is a damaged quizgen progress record (version missing, "
        "expected 1 or 2); moved it to y.json.bad and started a fresh record"]


def test_stats_names_a_weak_class_of_a_bank_not_loaded_once(invoke, tmp_path):
    """F8: C99 was listed as 'missed last time ...; next review after 2 more questions' and again as
    'from a bank not loaded now'."""
    state = tmp_path / "p.json"
    state.write_text(json.dumps(_record({"C99": {"box": 1, "due": 3, "seen": 1, "right": 0, "missed": 1,
                                                 "last": "missed"},
                                         "C2": {"box": 1, "due": 3, "seen": 1, "right": 0, "missed": 1,
                                                "last": "missed"}})), encoding="utf-8")
    said = " ".join(invoke("drill", "--stats", "--state", state).stdout.split())
    assert said.count("C99") == 2   # its row of the class table, and the one advice line
    assert "- C99: from a bank not loaded now; add its --bank DIR to practise it." in said
    assert "- C2: missed last time" in said and f"try: quizgen drill --classes C2 --state {state}" in said


@pytest.mark.parametrize("typed, shown, why", [
    ("0.04\udce953", "'0.04\\xe953'", "it holds a byte that is not UTF-8 text; check the keyboard layout or the "
                                      "terminal's encoding"),
    ("\x1b[A0.716", "'\\x1b[A0.716'", "it holds a control character, such as an arrow or function key sends"),
])
def test_an_answer_with_a_character_that_cannot_be_shown_is_quoted_once_as_typed(typed, shown, why):
    """F1: a non-UTF-8 byte (read as Python's surrogate escape) was echoed '\\udce9' and quoted twice,
    and an ESC quoted once as '\\x1b' and once as a replacement character; the byte is shown as
    it was typed, once, with why it cannot be read."""
    from test_drill21 import drill
    _, said = drill("C1", typed, "q", seed=1)
    assert f"I cannot read {shown} as an answer: {why}. It was not counted" in said
    assert "\\udc" not in said and "\ufffd" not in said and said.count(shown) == 1
