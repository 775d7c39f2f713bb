"""An output that cannot be replaced at the last step (open in Excel on
Windows, ``chattr +i`` on Linux) is named in the one-line error, with the hint
that another program may hold it; nothing is replaced (rev34: the error named
the hidden record file .answers-graded.quizgen, the last one opened)."""

import errno
import os
from pathlib import Path

import pytest

import quizgen.files as files
from run_support import run_in as run
from quizgen.errors import OutputError
from test_files22 import setup


def locked(monkeypatch, name: str) -> list:
    """os.replace refusing, as for a locked file, to put a new file in place of
    a file called ``name`` or to move that file aside (a roll-back's rename back onto it works)."""
    real, tried = os.replace, []

    def replace(src, dst, *args, **kwargs):
        if (Path(dst).name == name and str(src).endswith(".tmp")) or Path(src).name == name:
            tried.append(dst)
            raise PermissionError(errno.EPERM, "Operation not permitted", str(src), None, str(dst))
        return real(src, dst, *args, **kwargs)
    monkeypatch.setattr(os, "replace", replace)
    return tried


def contents(folder: Path) -> dict:
    return {p.relative_to(folder): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_grade_names_the_locked_graded_file_and_replaces_nothing(tmp_path, monkeypatch):
    setup(tmp_path)
    assert run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--out", "X/").exit_code == 0
    (tmp_path / "answers.csv").write_text((tmp_path / "answers.csv").read_text().replace("0.5", "0.7"))
    before = contents(tmp_path)
    monkeypatch.setattr(os, "link", lambda *a, **k: (_ for _ in ()).throw(PermissionError(errno.EPERM, "no")))
    tried = locked(monkeypatch, "answers-graded.csv")
    result = run(tmp_path, "grade", "answers.csv", "--key", "key.json", "--out", "X/")
    assert tried and result.exit_code == 1, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("quizgen: error: cannot replace X/answers-graded.csv: Operation not permitted")
    assert "open in another program" in lines[0] and "Excel" in lines[0]
    assert lines[0].endswith("no output was replaced") and ".quizgen" not in lines[0]
    assert contents(tmp_path) == before


@pytest.mark.parametrize("streamed", [False, True])
def test_both_writers_name_the_file_whose_rename_failed(tmp_path, monkeypatch, streamed):
    files.write_files(tmp_path, {"a.txt": "old a", "b.txt": "old b"})
    locked(monkeypatch, "a.txt")
    names = ["a.txt", "b.txt", "c.txt"]
    with pytest.raises(OutputError) as caught:
        if streamed:
            with files.streamed_files(tmp_path, names) as handles:
                for name, handle in handles.items():
                    handle.write(f"new {name}")
        else:
            files.write_files(tmp_path, {name: f"new {name}" for name in names})
    assert str(caught.value).startswith(f"cannot replace {tmp_path / 'a.txt'}: Operation not permitted; it may be")
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.txt": "old a", "b.txt": "old b"}


def test_a_new_file_that_cannot_be_made_is_named_without_the_hint_when_not_locked(tmp_path, monkeypatch):
    real = os.replace

    def replace(src, dst, *args, **kwargs):
        if Path(dst).name == "c.txt":
            raise OSError(errno.EIO, "Input/output error")
        return real(src, dst, *args, **kwargs)
    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(OutputError, match=r"^cannot create .*c\.txt: Input/output error; no output was replaced$"):
        files.write_files(tmp_path, {"b.txt": "b", "c.txt": "c"})
    assert list(tmp_path.iterdir()) == []
