"""generate --out D where D/key.json or D/problems.md is a folder: the message said
the file "is there already ... pass --force", and only --force told that it is a
folder; now the folder is named at once, with or without --force."""

import pytest


@pytest.mark.parametrize("name", ["key.json", "problems.md"])
@pytest.mark.parametrize("force", [(), ("--force",)])
def test_a_folder_where_a_paper_file_goes_is_named_at_once(invoke, tmp_path, name, force):
    (tmp_path / "quiz" / name).mkdir(parents=True)
    result = invoke("generate", "--classes", "C7", "--seed", "1", "--out", tmp_path / "quiz", *force)
    assert result.exit_code == 2
    assert result.stderr == (f"quizgen: error: {tmp_path / 'quiz' / name}: is a folder, not a regular file; quizgen "
                             "writes its outputs only to regular files: choose another output path\n")
    assert sorted(p.name for p in (tmp_path / "quiz").iterdir()) == [name]
