"""generate --out . in a folder holding a person's own problems.md or key.csv,
and no key.json, replaced them with the paper's, exit 0 and no word (round 52's
fresh-clone review, F9). Now refused in one line unless --force, as a folder
holding another paper's key is; a folder of generate's own paper is remade."""

import pytest


@pytest.mark.parametrize("name", ["problems.md", "key.csv", "solutions.md"])
def test_a_persons_own_file_of_a_papers_name_is_never_replaced(tmp_path, invoke, name):
    mine = tmp_path / name
    mine.write_text("my own notes\n", encoding="utf-8")
    result = invoke("generate", "--seed", "1", "--out", tmp_path)
    assert result.exit_code == 2, result.output
    line = result.output.strip()
    assert "\n" not in line and line.startswith(f"quizgen: error: --out {tmp_path}: {mine} is there already")
    assert "no key.json" in line and "pass --force to replace it" in line
    assert sorted(p.name for p in tmp_path.iterdir()) == [name] and mine.read_text() == "my own notes\n"


def test_force_replaces_it_and_a_papers_own_folder_is_remade(tmp_path, invoke):
    (tmp_path / "problems.md").write_text("my own notes\n", encoding="utf-8")
    assert invoke("generate", "--seed", "1", "--out", tmp_path, "--force").exit_code == 0
    assert (tmp_path / "problems.md").read_text() != "my own notes\n"
    again = invoke("generate", "--seed", "1", "--out", tmp_path)   # its own paper, key.json beside it
    assert again.exit_code == 0, again.output


def test_other_files_in_the_folder_are_no_matter(tmp_path, invoke):
    (tmp_path / "notes.md").write_text("mine\n", encoding="utf-8")
    assert invoke("generate", "--seed", "1", "--out", tmp_path).exit_code == 0
