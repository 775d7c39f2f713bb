"""The progress file a learner names with --state (or $QUIZGEN_PROGRESS) when it
is not a plain file: a FIFO or device is left alone (never read, renamed or
replaced; the drill once moved /dev/null aside), a symbolic link is followed."""

import json
import os
import subprocess
import sys

import pytest

from quizgen.drill import record as learner


def drill(state, answers="0.5\nq\n"):
    return subprocess.run([sys.executable, "-m", "quizgen", "drill", "--seed", "1", "--classes", "C1",
                           "--state", str(state)], input=answers, capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_a_fifo_is_left_alone_and_the_drill_runs_without_saving(tmp_path):
    fifo = tmp_path / "progress.json"
    os.mkfifo(fifo)
    run = drill(fifo)   # reading it used to wait for a writer for ever
    assert run.returncode == 0
    assert "is not a regular file; it is left alone and progress will not be saved" in run.stderr
    assert "Practice run: progress is not saved." in run.stdout
    assert sorted(p.name for p in tmp_path.iterdir()) == ["progress.json"]   # no .bad, no .lock
    assert learner.load(fifo, read_only=True).writable is False


@pytest.mark.slow
def test_a_symbolic_link_is_followed_and_kept(tmp_path):
    target, link = tmp_path / "synced" / "progress.json", tmp_path / "progress.json"
    target.parent.mkdir()
    link.symlink_to(target)
    for _ in range(2):
        assert drill(link).returncode == 0
    assert link.is_symlink()
    assert learner.parse(target.read_text()).sessions == 2


@pytest.mark.slow
def test_a_file_from_a_newer_quizgen_is_kept_and_not_written(tmp_path):
    from quizgen.cli import main
    from click.testing import CliRunner

    state = tmp_path / "progress.json"
    newer = '{"format": "quizgen-progress", "version": 2, "clock": 40, "sessions": 9, "more": {}}\n'
    state.write_text(newer)
    result = CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C1", "--state", str(state)],
                                input="0.5\n0.5\nq\n")
    assert result.exit_code == 0
    warnings = result.stderr.strip().splitlines()
    assert len(warnings) == 1 and "written by a newer quizgen (version 2" in warnings[0]
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
def test_a_record_with_a_name_that_cannot_be_shown_is_set_aside_with_one_warning(invoke, tmp_path, name, shown):
    """Half of a UTF-16 pair (JSON's "\\ud800") in a misconception's name crashed
    --stats and a drill's summary with a UnicodeEncodeError; a U+202E was printed
    raw, mirroring the terminal's line (rev-hostile19). Such a file is not a
    record, as docs/drill.md says: --stats says so and leaves it, a drill moves it
    aside and starts afresh."""
    state = tmp_path / "p.json"
    text = json.dumps({"format": "quizgen-progress", "version": 1, "clock": 3, "sessions": 1, "classes": {},
                       "misconceptions": {name: {"box": 1, "due": 3, "seen": 1, "right": 0}}})
    state.write_text(text, encoding="utf-8")
    reason = f"(misconceptions: the name '{shown}' holds a control or direction character, or half of a UTF-16 pair)"
    stats = invoke("drill", "--stats", "--state", state)
    assert stats.exit_code == 0 and stats.stderr.strip().splitlines() == [
        f"quizgen: warning: progress file {state} is not a quizgen progress file {reason}; left as it is "
        "(a drill would move it aside)"]
    assert "could not be read" in stats.stdout and name not in stats.output
    session = invoke("drill", "--seed", "1", "--classes", "C1", "--state", state, input="0.5\nq\n")
    assert session.exit_code == 0 and session.stderr.strip().splitlines() == [
        f"quizgen: warning: progress file {state} is not a quizgen progress file {reason}; moved it to p.json.bad "
        "and started a fresh record"]
    assert (tmp_path / "p.json.bad").read_text(encoding="utf-8") == text
    assert name not in session.output and learner.parse(state.read_text(encoding="utf-8")).misconceptions == {}
