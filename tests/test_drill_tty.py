"""The drill in a real terminal (a pseudo-terminal): the learner's own keys,
Ctrl-C in the middle of a question and Ctrl-D at the prompt."""

import json
import os
import select
import sys
import time

import pytest

pty = pytest.importorskip("pty")


def in_terminal(args, keys, env, timeout=30.0):
    """Run ``python -m quizgen ARGS`` on a pseudo-terminal, sending each of
    ``keys`` at the next prompt; (everything shown, exit code)."""
    pid, fd = pty.fork()
    if pid == 0:   # the child: the drill itself
        os.execve(sys.executable, [sys.executable, "-m", "quizgen", *args], env)
    shown, deadline = b"", time.monotonic() + timeout
    for key in [*keys, None]:
        while time.monotonic() < deadline and (key is None or not shown.rstrip().endswith(b">")):
            if not select.select([fd], [], [], 0.1)[0]:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:   # the drill ended and closed the terminal
                key = None
                break
            if not data:
                break
            shown += data
        if key is None:
            break
        os.write(fd, key)
        shown += b"\x00"   # so the next wait is for a new prompt
    _, status = os.waitpid(pid, 0)
    os.close(fd)
    return shown.replace(b"\x00", b"").decode(errors="replace"), os.waitstatus_to_exitcode(status)


@pytest.mark.slow
def test_ctrl_c_mid_question_then_ctrl_d_next_time_keep_the_record(tmp_path):
    state = tmp_path / "progress.json"
    env = {**os.environ, "QUIZGEN_PROGRESS": str(state), "TERM": "dumb"}
    args = ["drill", "--seed", "1", "--classes", "C1"]
    shown, code = in_terminal(args, [b"0.5\r", b"\x03"], env)
    assert code == 0 and "Traceback" not in shown
    assert "Incorrect: the answer is 0.7101" in shown and "stopped: quit" in shown
    assert shown.count("0.5") >= 1 and "> 0.5\r\n> 0.5" not in shown   # the terminal echoes once
    record = json.loads(state.read_text())
    assert record["classes"]["C1"]["box"] == 1 and record["clock"] == 1   # the miss was kept
    shown, code = in_terminal(args, [b"\x04"], env)
    assert code == 0 and "stopped: end of input" in shown and "Traceback" not in shown
    assert json.loads(state.read_text()) == record   # nothing answered: nothing changed
