"""Ctrl-C while a second drill waits for the progress file another drill holds works as ``q`` (docs/errors.md):
one line saying nothing was read or changed, exit 0, the file as it was (it printed click's ``Aborted!``, exit 1)."""

import os
import signal
import subprocess
import sys
import time

import pytest

from quizgen.drill import record
from test_drill_hints import drill

WORDS = "Stopped while waiting for progress file"


def _opened(pid: int, path) -> bool:
    """Whether process ``pid`` holds ``path`` open (it is waiting for that lock)."""
    try:
        return any(os.readlink(f"/proc/{pid}/fd/{fd}") == str(path) for fd in os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return False


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc to see the wait begin")
def test_ctrl_c_while_waiting_for_the_lock_stops_as_q_and_changes_nothing(tmp_path):
    state = tmp_path / "p.json"
    drill("0.716\n0.335\nq\n", classes="C1", seed=1, state=str(state))
    before = state.read_bytes()
    held = record.load(state)   # another drill's lock
    try:
        waiting = subprocess.Popen([sys.executable, "-m", "quizgen", "drill", "--seed", "2", "--state", str(state)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        end = time.monotonic() + 60
        while not _opened(waiting.pid, tmp_path / "p.json.lock") and time.monotonic() < end:
            time.sleep(0.02)
        waiting.send_signal(signal.SIGINT)
        out, err = waiting.communicate("q\n", timeout=60)
    finally:
        held.lock.close()
    assert waiting.returncode == 0, err
    assert out.strip().endswith(f"{WORDS} {state}, in use by another quizgen drill: nothing was read or "
                                "changed."), out
    assert "Aborted" not in err and "Traceback" not in err and "Question 1" not in out
    assert state.read_bytes() == before


def test_a_ctrl_c_in_the_wait_is_one_line_from_the_library_too(tmp_path, monkeypatch, invoke):
    state = tmp_path / "p.json"
    held = record.load(state)

    def ctrl_c(_):
        raise KeyboardInterrupt

    monkeypatch.setattr(time, "sleep", ctrl_c)
    try:
        result = invoke("drill", "--seed", "2", "--state", state, input="q\n")
    finally:
        held.lock.close()
    assert result.exit_code == 0 and WORDS in result.output and not state.exists(), result.output
