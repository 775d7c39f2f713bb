"""Two grades writing the same outputs at the same time: the second is refused
at once in one line (those outputs locked from the check of the earlier ones to
the last rename), where both once succeeded and the later replaced the
earlier's outputs unseen; so are two generates into one folder (locked from the look at the
earlier key to the last file written). Only what can clash is locked: the outputs named
after one graded file, and the --feedback folder whole, so two grades of
different answers files into one folder both run. The drill's progress lock
is the same helper; where there is no fcntl, grade runs unlocked."""

import os
import select
import subprocess
import sys
from contextlib import suppress
from pathlib import Path

import pytest

from quizgen import locks

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}   # this tree's quizgen in the other process
HOLDER = ("import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDONLY)\n"
          "try:\n    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\nexcept BlockingIOError:\n"
          "    print('busy', flush=True); sys.exit(1)\n"
          "print('held', flush=True); sys.stdin.read()")
PAUSED_GRADE = ("import sys; from quizgen.grading import run; from quizgen.cli import main\n"
                "checked = run.check_made_from\n"
                "def paused(*args, **kwargs):\n"
                "    print('held', flush=True); sys.stdin.readline(); return checked(*args, **kwargs)\n"
                "run.check_made_from = paused\n"
                "main(sys.argv[1:])")
"""A real ``quizgen grade ARGS`` that stops, its outputs locked, until a line comes on its stdin."""
REFUSED = "wait for it to finish and run this again, or give this run another output folder (--out)"


def whole_refused(option: str, folder) -> list:
    """The lines of a run refused as ``option folder`` is held whole by another."""
    return [f"quizgen: error: {option} {folder}: another quizgen is writing {folder} now; wait for it to finish and "
            "run this again, or give this run another folder"]


@pytest.fixture
def folder(one_answer_folder):
    """The key and answers of one right answer (conftest)."""
    return one_answer_folder


def first_line(process, seconds: float = 60) -> str:
    """The first line ``process`` prints, or '' when none comes within ``seconds`` (never a hang)."""
    ready, _, _ = select.select([process.stdout], [], [], seconds)
    return process.stdout.readline() if ready else ""


def held_by_another_process(path):
    """A process holding an exclusive flock on ``path`` until its stdin is
    closed; it takes the lock without waiting, and the test fails if it cannot."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    taken = first_line(holder)
    if taken != "held\n":
        release(holder)
        pytest.fail(f"the other process could not take the lock on {path}: {taken!r} (a lock left held?)")
    return holder


def release(holder):
    with suppress(BrokenPipeError):   # a holder that has already ended
        holder.stdin.close()
    return holder.wait(timeout=60)


@pytest.mark.parametrize("locked", ["res", "fb"])
def test_a_second_grade_into_a_folder_being_written_is_refused_at_once(folder, invoke, locked):
    (folder / locked).mkdir()
    holder = held_by_another_process(folder / locked)   # as a run holding the folder whole
    try:
        result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json",
                        "--out", folder / "res" / "g.csv", "--feedback", folder / "fb")
    finally:
        release(holder)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    if locked == "res":
        assert lines == [f"quizgen: error: --out {folder / 'res' / 'g.csv'}: another quizgen is writing into "
                         f"{folder / 'res'} now; {REFUSED}"]
    else:
        assert lines == whole_refused("--feedback", folder / "fb")
    assert not os.listdir(folder / locked)   # nothing written, and the other folder made for the run removed
    assert sorted(os.listdir(folder)) == sorted(["answers.csv", "key.json", locked])


@pytest.mark.slow
def test_two_grades_of_different_answers_into_one_folder_both_run(folder, invoke):
    """No --out: week1-graded.* and week2-graded.* go beside the answers and never clash."""
    (folder / "answers.csv").rename(folder / "week1.csv")
    (folder / "week2.csv").write_bytes((folder / "week1.csv").read_bytes())
    first = subprocess.Popen([sys.executable, "-c", PAUSED_GRADE, "grade", str(folder / "week1.csv"), "--key",
                              str(folder / "key.json")], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env=ENV)
    try:
        assert first_line(first) == "held\n"   # week1's grade stopped, its outputs locked
        second = invoke("grade", folder / "week2.csv", "--key", folder / "key.json")
        again = invoke("grade", folder / "week1.csv", "--key", folder / "key.json")
    finally:
        with suppress(BrokenPipeError):
            first.stdin.write("\n")
        assert release(first) == 0
    assert second.exit_code == 0, second.output
    assert (folder / "week2-graded.csv").is_file() and (folder / "week1-graded.csv").is_file()
    assert again.exit_code == 2
    assert again.stderr.strip().splitlines() == [
        f"quizgen: error: the outputs named after week1.csv: another quizgen is writing {folder / 'week1-graded.csv'} "
        f"and its reports now; {REFUSED}"]
    assert not [name for name in os.listdir(folder) if name.endswith(".quizgen-lock")]   # each removed at its end


def test_the_lock_is_released_at_the_end_and_one_folder_twice_is_one_lock(folder, invoke):
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json",
                    "--out", folder / "res" / "g.csv", "--feedback", folder / "res")
    assert result.exit_code == 0, result.output
    assert (folder / "res" / "g.csv").is_file() and (folder / "res" / "s1.md").is_file()
    release(held_by_another_process(folder / "res"))   # fails, not hangs, were the lock still held
    assert not locks._HELD
    assert not [name for name in os.listdir(folder / "res") if name.endswith(".quizgen-lock")]   # no lock file left


def test_a_failed_run_leaves_neither_its_lock_file_nor_the_folder_it_made(tmp_path):
    with pytest.raises(RuntimeError), locks.writing_folder(tmp_path / "new", "--out", "g.csv"):
        assert os.listdir(tmp_path / "new") == [".g.quizgen-lock"]
        raise RuntimeError
    assert not (tmp_path / "new").exists()


def test_lock_within_gives_up_after_its_wait(tmp_path):
    (tmp_path / "f").touch()
    holder = held_by_another_process(tmp_path / "f")
    try:
        with open(tmp_path / "f", "rb") as handle:
            assert locks.lock_within(handle.fileno(), 0.1) is False
    finally:
        release(holder)
    with open(tmp_path / "f", "rb") as handle:
        assert locks.lock_within(handle.fileno(), 0) is True


def test_a_second_generate_into_a_folder_being_written_is_refused_at_once(tmp_path, invoke):
    """generate took no lock: two runs into one folder at once could interleave their papers and keys."""
    quiz = tmp_path / "quiz"
    quiz.mkdir()
    holder = held_by_another_process(quiz)
    try:
        result = invoke("generate", "--seed", "1", "--classes", "C1", "--out", quiz)
    finally:
        release(holder)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == whole_refused("--out", quiz)
    assert not os.listdir(quiz)


def test_generate_releases_its_lock_and_a_failed_run_leaves_no_folder(tmp_path, invoke):
    quiz = tmp_path / "new" / "quiz"
    assert invoke("generate", "--seed", "1", "--classes", "C1", "--out", quiz).exit_code == 0
    assert (quiz / "key.json").is_file() and not locks._HELD
    release(held_by_another_process(quiz))   # fails the test were the lock still held
    other = tmp_path / "other" / "quiz"
    (tmp_path / "roster.csv").write_text("student_id\ns1\n", encoding="utf-8")
    result = invoke("generate", "--seed", "1", "--classes", "C1", "--students", tmp_path / "roster.csv", "--split",
                    "--only", "s1", "--out", other)   # refused once the folder is locked: no key.json there
    assert result.exit_code == 2 and "holds no key.json" in result.stderr
    assert not (tmp_path / "other").exists()   # the folders the lock made, removed with the failed run


@pytest.mark.slow
def test_with_no_fcntl_grade_starts_and_runs_unlocked(folder, invoke, monkeypatch):
    """A platform with no fcntl (Windows): grade imports and runs, its outputs unlocked."""
    blocked = ("import sys; sys.modules['fcntl'] = None; from quizgen.cli import main; "
               "main(['grade', sys.argv[1], '--key', sys.argv[2], '--out', sys.argv[3]])")
    done = subprocess.run([sys.executable, "-c", blocked, str(folder / "answers.csv"), str(folder / "key.json"),
                           str(folder / "a" / "g.csv")], capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 0, done.stderr
    assert (folder / "a" / "g.csv").is_file()
    monkeypatch.setattr(locks, "fcntl", None)
    (folder / "b").mkdir()
    holder = held_by_another_process(folder / "b")
    try:
        with open(folder / "g.txt", "w") as handle:
            assert locks.lock_within(handle.fileno(), 0) is True   # no lock, and no error
        result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", folder / "b" / "g.csv",
                        "--feedback", folder / "b")
    finally:
        release(holder)
    assert result.exit_code == 0, result.output   # the folder held by another process: not locked here
    assert (folder / "b" / "g.csv").is_file() and (folder / "b" / "s1.md").is_file()
    assert not [name for name in os.listdir(folder / "b") if name.endswith(".quizgen-lock")]   # no lock file made
