"""rev-hostile31: a run killed by SIGKILL leaves its temporary files beside the
outputs; a later run into that folder removes those provably stale (this
host's, of a process that is gone, untouched for an hour) and no other."""

import pytest
import os
import subprocess
import sys
import time
from types import SimpleNamespace

from quizgen import commit


def dead_pid() -> int:
    """The id of a process that has ended (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def leftover(folder, name, age_seconds=2 * commit.STALE_SECONDS):
    """A file ``name`` in ``folder`` whose mtime is ``age_seconds`` ago (its ctime is now)."""
    path = folder / name
    path.write_bytes(b"half a key")
    then = time.time() - age_seconds
    os.utime(path, (then, then))
    return path


@pytest.mark.slow
def test_a_killed_runs_stale_temporary_files_are_removed_and_no_others(invoke, tmp_path, monkeypatch):
    out = tmp_path / "out"
    out.mkdir()
    gone = dead_pid()
    host = commit.temp_name(out).name.split("-")[1]
    stale = leftover(out, f".quizgen-{host}-{gone}-{'ab' * 8}.tmp")
    kept = [leftover(out, f".quizgen-{host}-{os.getpid()}-{'ef' * 8}.tmp"),             # its process runs
            leftover(out, f".quizgen-{'0' * 8 if host != '0' * 8 else '1' * 8}-{gone}-{'12' * 8}.tmp"),  # another host
            leftover(out, f".quizgen-{'34' * 8}.tmp"),                                  # an older quizgen's: no pid
            leftover(out, "notes.tmp")]
    os.symlink(kept[-1], out / f".quizgen-{host}-{gone}-{'56' * 8}.tmp")
    later = time.time() + 2 * commit.STALE_SECONDS   # utime sets ctime to now: the clock moves on instead
    monkeypatch.setattr(commit, "time", SimpleNamespace(time=lambda: later))
    result = invoke("generate", "--seed", 3, "--classes", "C1", "--out", out)
    assert result.exit_code == 0, result.output
    assert not stale.exists()
    assert all(path.exists() for path in kept) and (out / f".quizgen-{host}-{gone}-{'56' * 8}.tmp").is_symlink()
    assert (out / "key.json").exists()


def test_a_temporary_name_says_its_host_and_process():
    name = commit.temp_name(".").name
    assert commit._TEMP.fullmatch(name) and name.split("-")[2] == str(os.getpid())


@pytest.mark.slow
def test_a_roll_back_backup_left_by_a_killed_run_is_never_removed_as_stale(tmp_path, monkeypatch):
    earlier = leftover(tmp_path, "key.json")      # an earlier output, unchanged for two hours
    kept = commit._keep_old(earlier)             # the hard link a commit keeps until it stands
    as_if_killed = tmp_path / os.path.basename(kept).replace(f"-{os.getpid()}-", f"-{dead_pid()}-")
    os.replace(kept, as_if_killed)
    earlier.unlink()                              # the commit had put its new file there, then SIGKILL
    later = time.time() + 2 * commit.STALE_SECONDS
    monkeypatch.setattr(commit, "time", SimpleNamespace(time=lambda: later))
    commit.remove_stale_temps(tmp_path)
    assert as_if_killed.read_bytes() == b"half a key"


@pytest.mark.slow
def test_a_temporary_file_hard_linked_just_now_is_not_stale_though_its_mtime_is_old(tmp_path):
    older = leftover(tmp_path, "old.csv")
    name = commit.temp_name(tmp_path).name.replace(f"-{os.getpid()}-", f"-{dead_pid()}-")
    os.link(older, tmp_path / name)               # a link is a change of the file: its ctime is now
    commit.remove_stale_temps(tmp_path)
    assert (tmp_path / name).exists()
