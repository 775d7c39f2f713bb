"""polish38 (3): ``quizgen export moodle --out .`` stopped at click's "File '.'
is a directory", where grade and review take a folder for --out. A folder (one
that exists, or a path ending in a slash) now gets the export under its default
name, its key file beside it, and the summary names the file written."""

import pytest
from click.testing import CliRunner

from quizgen.cli import main


def export(*args):
    return CliRunner().invoke(main, ["export", *args, "--classes", "C1", "--count", "1", "--seed", "4"])


@pytest.mark.parametrize("lms, name", [("moodle", "questions"), ("canvas", "quiz")])
def test_the_working_folder_as_out_gets_the_default_name(tmp_path, monkeypatch, lms, name):
    monkeypatch.chdir(tmp_path)
    result = export(lms, "--out", ".")
    assert result.exit_code == 0, result.output
    suffix = ".xml" if lms == "moodle" else ".zip"
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{name}-key.json", f"{name}{suffix}"]
    assert f"to {name}{suffix} (seed 4, " in result.output and f" KB); keep the key file {name}-key.json" in result.output


def test_a_folder_existing_or_ending_in_a_slash_takes_the_export(tmp_path):
    (tmp_path / "there").mkdir()
    assert export("moodle", "--out", str(tmp_path / "there")).exit_code == 0
    assert (tmp_path / "there" / "questions.xml").is_file() and (tmp_path / "there" / "questions-key.json").is_file()
    result = export("canvas", "--out", str(tmp_path / "new") + "/")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "new" / "quiz.zip").is_file() and str(tmp_path / "new" / "quiz.zip") in result.output


def test_a_file_name_without_the_suffix_is_still_refused_saying_a_folder_will_do(tmp_path):
    result = export("moodle", "--out", str(tmp_path / "questions"))
    assert result.exit_code == 2 and "such as questions.xml, or a folder to write questions.xml in" in result.stderr
    assert list(tmp_path.iterdir()) == []
