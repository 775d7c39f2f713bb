"""Review 58a F14: standard input or output closed at start, or standard output that cannot be written
(/dev/full), ends every command in one line on stderr and a non-zero exit, never a traceback. Run as
subprocesses: only a real process can be started with a descriptor closed."""

import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")


def run(args, *, close=(), stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, unbuffered="1"):
    """``python -m quizgen ARGS`` with the descriptors ``close`` closed before it starts."""
    env = {**os.environ, "PYTHONUNBUFFERED": unbuffered}
    if not unbuffered:
        env.pop("PYTHONUNBUFFERED")
    return subprocess.run([sys.executable, "-m", "quizgen", *args], stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120, env=env,
                          preexec_fn=lambda: [os.close(fd) for fd in close])


def one_line(done, code, words):
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("quizgen: error: ") and words in lines[0], lines


def test_a_drill_with_standard_input_closed_stops_in_one_line():
    one_line(run(["drill", "--no-save", "--seed", "1"], close=[0]), 2, "standard input is closed")


@pytest.mark.parametrize("args", [["drill", "--no-save", "--seed", "1"], ["drill", "--stats"], ["list"],
                                  ["--help"], ["--version"]])   # the group's own options too (review 58c F1)
def test_standard_output_closed_is_one_line(args, tmp_path):
    args = [*args, "--state", str(tmp_path / "p.json")] if "--stats" in args else args
    one_line(run(args, close=[1], stdout=None), 1, "standard output is closed")


@pytest.mark.slow
@pytest.mark.parametrize("unbuffered", ["1", ""])
@pytest.mark.parametrize("args", [["drill", "--no-save", "--seed", "1"], ["drill", "--stats"], ["list"],
                                  ["--help"], ["list", "--help"], ["--version"]])
def test_standard_output_on_a_full_device_is_one_line(args, unbuffered, tmp_path):
    args = [*args, "--state", str(tmp_path / "p.json")] if "--stats" in args else args
    with open("/dev/full", "w") as full:
        done = run(args, stdout=full, unbuffered=unbuffered)
    one_line(done, 1, "cannot write to standard output: No space left on device")


def test_a_closed_pipe_stays_quiet():
    """``quizgen list | true``: the reader has gone before anything is written; click ends quietly (exit 1), as before."""
    with subprocess.Popen([sys.executable, "-m", "quizgen", "list"], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as proc:
        proc.stdout.close()
        err = proc.stderr.read().decode()
        proc.wait(timeout=120)
    assert "Traceback" not in err and "error" not in err


def test_a_command_run_in_a_deleted_folder_is_one_line(tmp_path):
    """Review 58c F6: the working folder deleted after the shell entered it was a traceback from
    os.path.realpath; it is one line, exit 1, and nothing is written."""
    gone = tmp_path / "gone"
    gone.mkdir()
    done = subprocess.run(["sh", "-c", 'cd "$1" && rmdir "$1" && exec "$2" -m quizgen generate --seed 1 --out gout',
                           "sh", str(gone), sys.executable], stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=120)
    one_line(done, 1, "the current folder no longer exists")
    assert not gone.exists()
