"""Two grades into one output folder at the same time: the second is refused at
once in one line (its folder locked from the check of the earlier outputs to
the last rename), where both once succeeded and the later replaced the
earlier's outputs unseen; so are two generates (locked from the look at the
earlier key to the last file written); the drill's progress lock is the same helper."""

import os
import subprocess
import sys

import pytest

from quizgen import locks

HOLDER = ("import fcntl, os, sys; fd = os.open(sys.argv[1], os.O_RDONLY); fcntl.flock(fd, fcntl.LOCK_EX); "
          "print('held', flush=True); sys.stdin.read()")


@pytest.fixture
def folder(one_answer_folder):
    """The key and answers of one right answer (conftest)."""
    return one_answer_folder


def held_by_another_process(path):
    """A process holding an exclusive flock on ``path`` until its stdin is closed."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "held\n"
    return holder


def release(holder):
    holder.stdin.close()
    holder.wait(timeout=30)


@pytest.mark.parametrize("locked", ["res", "fb"])
def test_a_second_grade_into_a_folder_being_written_is_refused_at_once(folder, invoke, locked):
    (folder / locked).mkdir()
    holder = held_by_another_process(folder / locked)
    try:
        result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json",
                        "--out", folder / "res" / "g.csv", "--feedback", folder / "fb")
    finally:
        release(holder)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    option = "--out" if locked == "res" else "--feedback"
    assert lines == [f"quizgen: error: {option} {folder / locked}: another quizgen is writing {folder / locked} now; "
                     "wait for it to finish and run this again, or give this run another folder"]
    assert not os.listdir(folder / locked)   # nothing written, and the other folder made for the run removed
    assert sorted(os.listdir(folder)) == sorted(["answers.csv", "key.json", locked])


def test_the_lock_is_released_at_the_end_and_one_folder_twice_is_one_lock(folder, invoke):
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json",
                    "--out", folder / "res" / "g.csv", "--feedback", folder / "res")
    assert result.exit_code == 0, result.output
    assert (folder / "res" / "g.csv").is_file() and (folder / "res" / "s1.md").is_file()
    holder = held_by_another_process(folder / "res")   # would block forever were the lock still held
    release(holder)
    assert not locks._HELD


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
    assert result.stderr.strip().splitlines() == [
        f"quizgen: error: --out {quiz}: another quizgen is writing {quiz} now; wait for it to finish and run this "
        "again, or give this run another folder"]
    assert not os.listdir(quiz)


def test_generate_releases_its_lock_and_a_failed_run_leaves_no_folder(tmp_path, invoke):
    quiz = tmp_path / "new" / "quiz"
    assert invoke("generate", "--seed", "1", "--classes", "C1", "--out", quiz).exit_code == 0
    assert (quiz / "key.json").is_file() and not locks._HELD
    release(held_by_another_process(quiz))   # would block forever were the lock still held
    other = tmp_path / "other" / "quiz"
    (tmp_path / "roster.csv").write_text("student_id\ns1\n", encoding="utf-8")
    result = invoke("generate", "--seed", "1", "--classes", "C1", "--students", tmp_path / "roster.csv", "--split",
                    "--only", "s1", "--out", other)   # refused once the folder is locked: no key.json there
    assert result.exit_code == 2 and "holds no key.json" in result.stderr
    assert not (tmp_path / "other").exists()   # the folders the lock made, removed with the failed run
