"""The progress file a learner names with --state (or $QUIZGEN_PROGRESS) when it
is not a plain file: a FIFO or device is left alone (never read, renamed or
replaced; the drill once moved /dev/null aside). A symbolic link is refused:
tests/test_drill_state44.py."""

import json
import os
import subprocess
import sys

import pytest

from quizgen.drill import record as learner
from drill_support import strict_parse


def drill(state, answers="0.5\nq\n"):
    return subprocess.run([sys.executable, "-m", "quizgen", "drill", "--seed", "1", "--classes", "C1",
                           "--state", str(state)], input=answers, capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_a_fifo_is_left_alone_and_the_drill_runs_without_saving(tmp_path):
    fifo = tmp_path / "progress.json"
    os.mkfifo(fifo)
    run = drill(fifo)   # reading it used to wait for a writer for ever
    assert run.returncode == 1   # after the run, one line: the record asked for was not kept
    assert run.stderr.strip().splitlines()[-1].startswith(f"quizgen: error: progress was not saved to {fifo}")
    assert "is not a regular file; it is left alone and progress will not be saved" in run.stderr
    assert "Practice run: progress is not saved." in run.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]   # no .bad, no .lock
    assert learner.load(fifo, read_only=True).writable is False


@pytest.mark.slow
def test_a_file_from_a_newer_quizgen_is_kept_and_not_written(tmp_path):
    from quizgen.cli import main
    from click.testing import CliRunner

    state = tmp_path / "progress.json"
    newer = '{"format": "quizgen-progress", "version": 3, "clock": 40, "sessions": 9, "more": {}}\n'
    state.write_text(newer)
    result = CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C1", "--state", str(state)],
                                input="0.5\n0.5\nq\n")
    assert result.exit_code == 1   # the drill ran, but the record asked for was not kept
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 2 and "written by a newer quizgen (version 3" in warnings[0]
    assert warnings[1].startswith(f"quizgen: error: progress was not saved to {state}")
    assert state.read_text() == newer and not (tmp_path / "progress.json.bad").exists()   # it was moved aside
    assert "Practice run: progress is not saved." in result.output
    stats = CliRunner().invoke(main, ["drill", "--stats", "--state", str(state)])
    assert "newer quizgen" in stats.stderr and state.read_text() == newer


def test_drill_help_names_the_default_progress_file_where_record_py_keeps_it(tmp_path, monkeypatch):
    # the help named $QUIZGEN_PROGRESS and $XDG_DATA_HOME, which are rarely set, and not the
    # file a learner's record is in when neither is: ~/.local/share/quizgen/progress.json
    from click.testing import CliRunner

    from quizgen.cli import main

    monkeypatch.setenv("HOME", str(tmp_path))
    for name in (learner.ENV_PATH, "XDG_DATA_HOME"):
        monkeypatch.delenv(name, raising=False)
    default = "~/" + learner.default_path().relative_to(tmp_path).as_posix()
    text = " ".join(CliRunner().invoke(main, ["drill", "--help"], terminal_width=200).output.split())
    assert default == "~/.local/share/quizgen/progress.json"
    assert f"Your record is kept between drills in {default}" in text
    assert f"$QUIZGEN_PROGRESS if set, else $XDG_DATA_HOME/quizgen/progress.json, else {default}" in text


@pytest.mark.parametrize("name, shown", [("x\ud800", "x?"), ("evil\u202eedoc", "evil?edoc"), ("bell\x07", "bell?")])
@pytest.mark.slow
def test_a_name_that_cannot_be_shown_is_dropped_with_one_warning(invoke, tmp_path, name, shown):
    """Half of a UTF-16 pair (JSON's "\\ud800") in a misconception's name crashed
    --stats and a drill's summary with a UnicodeEncodeError; a U+202E was printed
    raw, mirroring the terminal's line (rev-hostile19). Such an entry makes no
    sense, as docs/drill.md says: --stats and a drill say so in one line and
    leave it out (round 33: the whole record was moved aside), the rest kept."""
    state = tmp_path / "p.json"
    kept = {"box": 2, "due": 9, "seen": 1, "right": 1}
    text = json.dumps({"format": "quizgen-progress", "version": 1, "clock": 3, "sessions": 1, "classes": {"C4": kept},
                       "misconceptions": {name: {"box": 1, "due": 3, "seen": 1, "right": 0}}})
    state.write_text(text, encoding="utf-8")
    warning = (f"quizgen: warning: progress file {state}: misconceptions: the name '{shown}' holds a control or "
               "direction character, or half of a UTF-16 pair: that misconception starts afresh")
    stats = invoke("drill", "--stats", "--state", state)
    assert stats.exit_code == 0 and stats.stderr.strip().splitlines() == [warning]
    assert "C4     2 " in stats.stdout and name not in stats.output and state.read_text(encoding="utf-8") == text
    session = invoke("drill", "--seed", "1", "--classes", "C1", "--state", state, input="0.5\nq\n")
    assert session.exit_code == 0 and session.stderr.strip().splitlines() == [warning]
    assert not (tmp_path / "p.json.bad").exists()
    saved = strict_parse(state.read_text(encoding="utf-8"))
    assert name not in session.output and name not in saved.misconceptions and saved.classes["C4"] == learner.Card(**kept)


def _good_record(**c1) -> dict:
    cards = {"C1": {"box": 2, "due": 9, "seen": 3, "right": 2, **c1}, "C2": {"box": 3, "due": 12, "seen": 4, "right": 4}}
    return {"format": "quizgen-progress", "version": 1, "clock": 7, "sessions": 2, "classes": cards,
            "misconceptions": {"log10_instead_of_ln": {"box": 1, "due": 8, "seen": 1, "right": 0}}}


@pytest.mark.parametrize("c1, said", [({"box": 7}, "classes.C1.box is 7, expected 1 to 5"),
                                      ({"right": 4}, "classes.C1.right is 4, more than its seen, 3"),
                                      ({"due": -1}, "classes.C1.due is -1, expected a whole number from 0 to "
                                                    "1,000,000,000,000,000")])
def test_one_bad_entry_starts_afresh_and_the_rest_of_the_record_is_kept(invoke, tmp_path, c1, said):
    """Round 33: a box of 7 (or right > seen) in an otherwise good record moved the whole
    record to p.json.bad with "is not a quizgen progress file": the entry is dropped, its
    class starts afresh, and one line names it."""
    state = tmp_path / "p.json"
    state.write_text(json.dumps(_good_record(**c1)), encoding="utf-8")
    session = invoke("drill", "--seed", "1", "--classes", "C1", "--count", "1", "--state", state, input="0.5\ns\n")
    assert session.stderr.strip().splitlines() == [
        f"quizgen: warning: progress file {state}: {said}: that class starts afresh"]
    assert not list(tmp_path.glob("p.json.bad*"))
    saved = strict_parse(state.read_text(encoding="utf-8"))
    assert saved.clock == 8 and saved.sessions == 3 and saved.classes["C1"].seen == 1   # C1 afresh: this question only
    assert saved.classes["C2"] == learner.Card(box=3, due=12, seen=4, right=4)
    assert saved.misconceptions["log10_instead_of_ln"].seen == 1


def test_a_cut_short_file_is_moved_aside_saying_it_is_no_json(invoke, tmp_path):
    """A record cut short was said to be "not a quizgen progress file": it is one that
    could not be read as JSON, and it is still moved aside and a fresh record started."""
    state = tmp_path / "p.json"
    text = json.dumps(_good_record(), indent=1)[:120]
    state.write_text(text, encoding="utf-8")
    session = invoke("drill", "--seed", "1", "--classes", "C1", "--state", state, input="q\n")
    [warning] = session.stderr.strip().splitlines()
    assert warning.startswith(f"quizgen: warning: progress file {state} could not be read as JSON (")
    assert warning.endswith("); moved it to p.json.bad and started a fresh record")
    assert "not a quizgen progress file" not in warning
    assert (tmp_path / "p.json.bad").read_text(encoding="utf-8") == text
