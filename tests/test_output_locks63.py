"""Grade's output locks at their edges: ``--feedback`` naming the ``--out``
folder holds that folder whole (it was held shared, as the --out's hold took it
first, so a second run could write sheets into it at once); the earlier
outputs a run does not write again are removed while it still holds its lock
(they were removed after it let go, so a second run's fresh report could be
taken for a stale one); a killed run's empty lock file is taken over and
removed by the next run. Every wait is bounded: a test fails, never hangs."""

import fcntl
import os
import signal
import subprocess
import sys
from contextlib import suppress

import pytest

from quizgen import locks
from quizgen.commit import one_commit
from test_output_folder_lock import ENV, PAUSED_GRADE, REFUSED, first_line, release, whole_refused

SHARED_HOLDER = ("import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDONLY)\n"
                 "try:\n    fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)\nexcept BlockingIOError:\n"
                 "    print('busy', flush=True); sys.exit(1)\n"
                 "print('held', flush=True); sys.stdin.read()")
"""A process holding ``argv[1]`` shared, as a grade writing other outputs into that folder does."""
PAUSED_REMOVAL = ("import sys; from quizgen.grading import run; from quizgen.cli import main\n"
                  "remove = run.remove_stale_outputs\n"
                  "def paused(*args, **kwargs):\n"
                  "    print('held', flush=True); sys.stdin.readline(); return remove(*args, **kwargs)\n"
                  "run.remove_stale_outputs = paused\n"
                  "main(sys.argv[1:])")
"""A real ``quizgen grade ARGS`` that stops just before it removes an earlier run's outputs, until a line comes."""


@pytest.fixture
def folder(one_answer_folder):
    """The key and answers of one right answer (conftest)."""
    return one_answer_folder


def is_held(path, shared: bool) -> bool:
    """Whether a lock on the folder ``path`` (shared, or exclusive) is refused now, through a descriptor of its own."""
    fd = os.open(path, os.O_RDONLY)
    try:
        fcntl.flock(fd, (fcntl.LOCK_SH if shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        return False
    except BlockingIOError:
        return True
    finally:
        os.close(fd)


def test_feedback_in_the_out_folder_holds_that_folder_whole(tmp_path):
    res = tmp_path / "res"
    with one_commit() as commit:
        locks.hold_folders(commit, ((res, "--out", "g.csv", f"--out {res / 'g.csv'}"), (res, "--feedback")))
        assert is_held(res, shared=True)   # whole: not even a shared hold of another run gets in
        assert os.listdir(res) == [".g.quizgen-lock"]
    assert not is_held(res, shared=False) and not locks._HELD
    assert os.listdir(res) == []   # the lock file removed at the end


def test_a_grade_with_feedback_into_a_folder_another_run_writes_into_is_refused_and_one_without_runs(folder,
                                                                                                     invoke):
    res = folder / "res"
    res.mkdir()
    holder = subprocess.Popen([sys.executable, "-c", SHARED_HOLDER, str(res)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    try:
        assert first_line(holder) == "held\n"
        refused = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", res / "g.csv",
                         "--feedback", res)
        listed = os.listdir(res)
        alone = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", res / "g.csv")
    finally:
        release(holder)
    assert refused.exit_code == 2 and refused.stderr.strip().splitlines() == whole_refused("--feedback", res)
    assert listed == []
    assert alone.exit_code == 0, alone.output   # other outputs into a folder held shared: no wrong refusal
    assert (res / "g.csv").is_file()


@pytest.mark.slow
def test_a_killed_grade_leaves_its_empty_lock_file_and_the_next_grade_takes_it_and_removes_it(folder, invoke):
    out = folder / "res" / "g.csv"
    killed = subprocess.Popen([sys.executable, "-c", PAUSED_GRADE, "grade", str(folder / "answers.csv"), "--key",
                               str(folder / "key.json"), "--out", str(out)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=ENV)
    try:
        assert first_line(killed) == "held\n"   # its outputs locked
    finally:
        killed.send_signal(signal.SIGKILL)
        with suppress(BrokenPipeError):
            killed.stdin.close()
        killed.wait(timeout=60)
    lock = folder / "res" / ".g.quizgen-lock"
    assert lock.is_file() and lock.stat().st_size == 0   # what docs/grading.md says a killed run leaves
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.is_file() and not lock.exists()


@pytest.mark.slow
def test_earlier_outputs_are_removed_under_the_lock_so_a_second_run_cannot_lose_its_report(folder, invoke):
    """Before, the first run let go of its lock and then removed what it took for an earlier run's page:
    a second run in between wrote a fresh one, which the first then removed."""
    out = folder / "res" / "g.csv"
    assert invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", out).exit_code == 0
    page = folder / "res" / "g-report.html"
    assert page.is_file()
    first = subprocess.Popen([sys.executable, "-c", PAUSED_REMOVAL, "grade", str(folder / "answers.csv"), "--key",
                              str(folder / "key.json"), "--out", str(out), "--no-html"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        assert first_line(first) == "held\n"   # its files in place, the earlier page not yet removed
        second = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", out)
    finally:
        with suppress(BrokenPipeError):
            first.stdin.write("\n")
            first.stdin.flush()
        printed, said = first.communicate(timeout=120)
    assert first.returncode == 0, said
    assert f"Note: removed g-report.html in {folder / 'res'}/: written by an earlier run" in printed
    assert second.exit_code == 2, second.output   # refused: the first still held the outputs of g.csv
    assert second.stderr.strip().splitlines() == [
        f"quizgen: error: --out {out}: another quizgen is writing {out} and its reports now; {REFUSED}"]
    assert not page.exists() and not (folder / "res" / ".g.quizgen-lock").exists()
