"""Outputs synced to the disk: each file is fsynced before any rename puts it
in place and each folder after the renames, so a power cut just after a run
"succeeds" leaves the old output or the new one, never an empty or partial
file (the rename alone could reach the disk before the data). A sync that
fails is one line naming the output, and every earlier output stays."""

import errno
import os
import stat

import pytest

from quizgen import commit
from quizgen.errors import OutputError
from quizgen.files import write_files


def syncs(monkeypatch, fail=None):
    """The fsyncs made from now on, as ``(kind, what the output holds then)``:
    kind "file" or "folder", the output ``out.txt`` read at that moment (None
    before it exists). ``fail``: an errno raised for that kind, the sync not done."""
    made = []
    folder_of = {}

    def fsync(fd):
        kind = "folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file"
        target = folder_of["out"] / "out.txt"
        made.append((kind, target.read_text() if target.exists() else None))
        if fail and fail[0] == kind:
            raise OSError(fail[1], os.strerror(fail[1]))

    monkeypatch.setattr(os, "fsync", fsync)
    return made, folder_of


def test_each_file_is_synced_before_the_renames_and_its_folder_after(tmp_path, monkeypatch):
    (tmp_path / "out.txt").write_text("old")
    made, folder_of = syncs(monkeypatch)
    folder_of["out"] = tmp_path
    write_files(tmp_path, {"out.txt": "new", "other.txt": "more"})
    assert made == [("file", "old"), ("file", "old"), ("folder", "new")]


def test_the_folders_a_run_makes_are_synced_in_their_parents_too(tmp_path, monkeypatch):
    synced = []
    monkeypatch.setattr(os, "fsync", lambda fd: synced.append(os.fstat(fd).st_ino))
    write_files(tmp_path / "a" / "b", {"c.txt": "x"})
    assert synced == [os.stat(tmp_path / name).st_ino for name in ("a/b/c.txt", "a/b", "a", ".")]


@pytest.mark.parametrize("kind", ["file", "folder"])
def test_a_failed_sync_is_one_line_naming_the_output_and_the_old_output_stays(tmp_path, monkeypatch, kind):
    (tmp_path / "out.txt").write_text("old")
    made, folder_of = syncs(monkeypatch, fail=(kind, errno.EIO))
    folder_of["out"] = tmp_path
    with pytest.raises(OutputError) as raised:
        write_files(tmp_path, {"out.txt": "new"})
    named = tmp_path / "out.txt" if kind == "file" else tmp_path
    assert str(raised.value) == (f"cannot save {named} to the disk (fsync): Input/output error; "
                                 "no output was replaced")
    assert (tmp_path / "out.txt").read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["out.txt"]   # no temporary file, no kept copy


def test_a_file_system_that_cannot_sync_is_written_unsynced(tmp_path, monkeypatch):
    """EINVAL: fsync is not supported there; the outputs are put in place as before syncing existed."""
    made, folder_of = syncs(monkeypatch, fail=("file", errno.EINVAL))
    folder_of["out"] = tmp_path
    write_files(tmp_path, {"out.txt": "new"})
    assert (tmp_path / "out.txt").read_text() == "new"


def test_a_grade_whose_sync_fails_says_so_in_one_line_and_keeps_the_earlier_outputs(one_answer_folder, invoke,
                                                                                     monkeypatch):
    folder = one_answer_folder
    out = folder / "res" / "g.csv"
    assert invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", out).exit_code == 0
    before = {name: (folder / "res" / name).read_bytes() for name in os.listdir(folder / "res")}
    (folder / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")

    def fsync(fd):
        if stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", fsync)
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", out)
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"quizgen: error: cannot save {out} to the disk (fsync): Input/output error; no output was replaced"]
    assert {name: (folder / "res" / name).read_bytes() for name in os.listdir(folder / "res")} == before


def test_the_sync_error_is_carried_apart_from_a_failed_rename(tmp_path, monkeypatch):
    """A failed sync is not reported as a rename onto a locked file (write_errors' hint for Excel)."""
    def fsync(fd):
        raise OSError(errno.EACCES, os.strerror(errno.EACCES))

    (tmp_path / "t").write_text("x")
    monkeypatch.setattr(os, "fsync", fsync)
    with pytest.raises(OSError) as raised:
        commit.put_in_place([(tmp_path / "t", tmp_path / "out.txt")], [])
    assert raised.value.unsynced == tmp_path / "out.txt" and not hasattr(raised.value, "failed_target")
    assert not (tmp_path / "out.txt").exists()
