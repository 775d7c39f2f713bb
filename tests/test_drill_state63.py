"""The drill's progress file keeps the rule every command that writes keeps: nothing is written, nor any
folder or lock file made, at or under /dev (but /dev/shm), /proc or /sys, links followed
(out_option.is_system_folder). ``--state /dev/net/newdir/p.json`` (or through a link to /dev) made the folder
and a lock file there, and ``--state /sys/kernel/p.json`` was announced as a "New progress file". Now such a
path stops the drill (and --stats) with one line, exit 2, before anything is made. No test here makes or
writes anything under /dev, /proc or /sys: a path under a link to /dev/null can hold no folder, and where a
real /sys path is named, the lock and the save are stubbed so that nothing could be made even if the refusal
failed.

And a progress file of NUL bytes only, the other shape a crash during a save leaves (the rename is not
synced), is moved aside as an empty one is, where it stopped the drill as "not a quizgen progress file"."""

import pytest

from quizgen.drill import record as learner
from quizgen.errors import UsageError

DRILL = ("drill", "--seed", "1", "--classes", "C1", "--count", "1")


def _system_folder_error(state) -> list:
    return [f"quizgen: error: progress file {state} is in a system folder (/dev, /proc, /sys), where quizgen "
            "writes no file; pass another --state FILE, or --no-save"]


@pytest.fixture
def nothing_made(monkeypatch):
    """The drill's lock and save stubbed: each call is listed, and nothing is made on disk."""
    calls = []
    monkeypatch.setattr(learner, "lock_progress", lambda path: calls.append(("lock", path)))
    monkeypatch.setattr(learner, "save", lambda progress, path: calls.append(("save", path)))
    return calls


def test_a_progress_file_under_a_link_to_dev_is_refused_before_anything_is_made(tmp_path):
    (tmp_path / "devices").symlink_to("/dev/null")   # under a device file: no folder can be made there
    with pytest.raises(UsageError, match="is in a system folder"):
        learner.load(tmp_path / "devices" / "new" / "p.json")
    assert [p.name for p in tmp_path.iterdir()] == ["devices"]


@pytest.mark.parametrize("stats", [False, True])
def test_a_drill_on_a_sys_path_is_refused_and_never_called_a_new_progress_file(invoke, nothing_made, stats):
    state = "/sys/kernel/p.json"
    result = invoke(*(("drill", "--stats") if stats else DRILL), "--state", state, input="q\n")
    assert result.exit_code == 2
    assert "New progress file" not in result.output and "No progress recorded yet" not in result.output
    assert result.stderr.strip().splitlines() == _system_folder_error(state)
    assert nothing_made == []


def test_quizgen_progress_naming_a_folder_in_proc_is_refused_alike(invoke, nothing_made, monkeypatch):
    monkeypatch.setenv(learner.ENV_PATH, "/proc/self/new/p.json")
    result = invoke(*DRILL, input="q\n")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == _system_folder_error("/proc/self/new/p.json")
    assert nothing_made == []


@pytest.mark.parametrize("content", [b"\0" * 200, b"\0\0\0\n"])
def test_a_zeroed_progress_file_is_moved_aside_as_an_empty_one_is(invoke, tmp_path, content):
    state = tmp_path / "p.json"
    state.write_bytes(content)
    result = invoke(*DRILL, "--state", state, input="0.5\ns\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.strip().splitlines() == [
        f"quizgen: warning: progress file {state} is zeroed (it holds no text, only NUL bytes); moved it to "
        "p.json.bad and started a fresh record"]
    assert (tmp_path / "p.json.bad").read_bytes() == content
    assert b'"format": "quizgen-progress"' in state.read_bytes()   # the session's record, saved in its place


def test_stats_on_a_zeroed_file_says_so_and_leaves_it(invoke, tmp_path):
    state = tmp_path / "p.json"
    state.write_bytes(b"\0" * 64)
    result = invoke("drill", "--stats", "--state", state)
    assert result.exit_code == 0
    assert result.stderr.strip().splitlines() == [
        f"quizgen: warning: progress file {state} is zeroed (it holds no text, only NUL bytes); left as it is "
        "(a drill would move it aside)"]
    assert [p.name for p in tmp_path.iterdir()] == ["p.json"]
