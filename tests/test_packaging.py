"""pyproject.toml names every package by hand: a subpackage left out of that list
passes every test run from the checkout (the tests import the source tree) and is
missing from every `pip install .` (rev43d F14)."""

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_of_quizgen_is_listed_for_the_wheel():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    found = {".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "quizgen").rglob("__init__.py")}
    assert found <= listed, sorted(found - listed)
    data = set(config["package-dir"])   # the bank, the templates and the example bank, from folders of their own
    assert data == {"quizgen.question_bank", "quizgen.templates", "quizgen.examples"} and data <= listed
    assert all((ROOT / folder).is_dir() for folder in config["package-dir"].values())


def test_list_paths_names_the_built_in_and_the_example_bank_a_lecturer_copies_from(invoke):
    """rev43d F4: README and authoring.md told a lecturer to copy docs/examples/bert_bank, which
    a pip install did not have; the wheel ships it and ``quizgen list --paths`` says where."""
    result = invoke("list", "--paths")
    assert result.exit_code == 0, result.output
    built_in, example = (line.split(": ", 1)[1] for line in result.output.splitlines())
    assert Path(built_in) == ROOT / "question_bank"   # in a checkout: its own folders
    assert sorted(p.name for p in Path(example).glob("*.yaml")) == [
        "c11_attention.yaml", "c12_layer_norm.yaml", "c13_perplexity.yaml"]
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert ROOT / config["package-dir"]["quizgen.examples"] == Path(example)


def test_list_paths_checks_and_names_a_bank_given_with_it(invoke, tmp_path):
    """rev43e F7: --bank was ignored by --paths (a folder that does not exist passed, exit 0)."""
    assert invoke("list", "--paths", "--bank", tmp_path / "missing").exit_code != 0
    result = invoke("list", "--paths", "--bank", ROOT / "docs" / "examples" / "bert_bank")
    assert result.exit_code == 0 and result.output.splitlines()[-1] == f"--bank: {ROOT / 'docs/examples/bert_bank'}"


def test_the_repository_top_level_holds_only_the_project_layout():
    """The brief's layout, nothing else committed at the top: round 49 committed a
    benchmark's log and a timing there by mistake (bm-ps-new.log, t-ps-new.txt)."""
    git = shutil.which("git")
    if git is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout (or no git): the tracked files cannot be listed")
    tracked = subprocess.run([git, "-C", str(ROOT), "ls-files"], capture_output=True, text=True, check=True).stdout
    top = {name.split("/", 1)[0] for name in tracked.splitlines()}
    assert top <= {".ci", ".gitignore", "README.md", "pyproject.toml", "quizgen", "question_bank", "templates",
                   "tests", "docs", "benchmarks"}, sorted(top)
