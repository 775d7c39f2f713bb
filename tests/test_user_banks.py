"""User banks: ``--bank DIR`` adds a folder of templates to the built-in ones
for list and generate (validate checks the folder's); an id clash names both files; a bad template
in a user bank is reported by file and line."""

import json
import shutil
from pathlib import Path

import pytest

from quizgen.bank.loader import builtin_bank_dir

pytestmark = pytest.mark.slow   # runs in CI; kept out of the quick `-m "not slow"` run

DATA = Path(__file__).parent / "data"
USER = DATA / "user_bank"
CLASH = DATA / "clash_bank"
BAD = DATA / "bad_bank"
BUILTIN_C1 = builtin_bank_dir() / "c1_confident_correct.yaml"


def test_list_shows_user_templates_only_with_bank(invoke):
    plain = invoke("list")
    extended = invoke("list", "--bank", USER)
    assert "softmax-temperature" not in plain.output
    assert extended.exit_code == 0
    assert extended.output.splitlines()[:-1] == plain.output.splitlines()
    assert extended.output.splitlines()[-1].split()[:2] == ["C11", "softmax-temperature"]


def test_bank_is_repeatable(invoke, tmp_path):
    second = tmp_path / "more"
    second.mkdir()
    text = (USER / "c11_softmax_temperature.yaml").read_text()
    (second / "c12.yaml").write_text(text.replace("id: softmax-temperature", "id: softmax-temperature-two")
                                     .replace("class: C11", "class: C12"))
    result = invoke("list", "--bank", USER, "--bank", second)
    assert [line.split()[:2] for line in result.output.splitlines()[-2:]] == [
        ["C11", "softmax-temperature"], ["C12", "softmax-temperature-two"]]


def test_generate_uses_a_user_template(invoke, tmp_path):
    out = tmp_path / "quiz"
    result = invoke("generate", "--bank", USER, "--classes", "C11", "--seed", "7", "--out", out)
    key = json.loads((out / "key.json").read_text())
    assert result.exit_code == 0, result.output
    assert [q["template"] for q in key["questions"]] == ["softmax-temperature"]
    assert "Softmax with a temperature" in (out / "problems.md").read_text()


def test_generate_without_the_bank_does_not_know_the_user_class(invoke, tmp_path):
    result = invoke("generate", "--classes", "C11", "--out", tmp_path / "quiz")
    assert result.exit_code == 2
    assert "unknown class C11" in result.stderr


def test_validate_with_bank_checks_the_user_templates_not_the_built_in_ones(invoke):
    result = invoke("validate", "--bank", USER, "--samples", "3")
    lines = result.stdout.splitlines()
    assert result.exit_code == 0, result.output
    assert len(lines) == 3   # the built-in bank is not re-checked (test_validate23.py)
    assert lines[0].startswith("ok C11 softmax-temperature (")
    assert "warning: neither the stem nor this part's ask says how to round its answer" in lines[1]
    assert lines[2].startswith("built-in bank not re-checked")


def test_an_id_clash_names_both_files_in_list_and_generate(invoke, tmp_path):
    for args in (["list"], ["generate", "--out", tmp_path / "quiz"]):
        result = invoke(*args, "--bank", CLASH)
        assert result.exit_code == 2
        assert result.stderr == (f"quizgen: error: {CLASH / 'c1_again.yaml'}:1: id: template id "
                                 f"'mlm-confident-correct' is also used by {BUILTIN_C1}\n")
    assert not (tmp_path / "quiz").exists()


def test_an_id_clash_is_a_validate_problem_naming_both_files(invoke, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # validate shortens paths inside the working folder; keep them whole
    result = invoke("validate", "--bank", CLASH, "--samples", "2")
    clash = [line for line in result.stdout.splitlines() if "is also used by" in line]
    assert result.exit_code == 1
    assert len(clash) == 1
    assert clash[0].startswith(f"{CLASH / 'c1_again.yaml'}:1: id: template id 'mlm-confident-correct'")
    assert clash[0].endswith(f"is also used by {BUILTIN_C1}")


def test_a_bad_user_template_is_reported_by_file_and_line(invoke, monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    where = f"{BAD / 'c12_broken.yaml'}:26: parts.0.tolerence: unknown key 'tolerence' (did you mean 'tolerance'?)"
    for args in (["list"], ["generate", "--out", tmp_path / "quiz"]):
        result = invoke(*args, "--bank", BAD)
        assert result.exit_code == 2
        assert result.stderr == f"quizgen: error: {where}\n"
    checked = invoke("validate", "--bank", BAD, "--samples", "2")
    assert checked.exit_code == 1
    assert where in checked.stdout.splitlines()
    assert not any(line.startswith("ok ") for line in checked.stdout.splitlines())   # the built-in bank is not re-checked


def test_a_bank_that_is_not_a_folder_is_an_error(invoke, tmp_path):
    result = invoke("list", "--bank", tmp_path / "missing")
    assert result.exit_code == 2
    assert result.stderr == f"quizgen: error: {tmp_path / 'missing'}: no such folder\n"


def test_files_starting_with_underscore_are_not_templates(invoke, tmp_path):
    bank = tmp_path / "bank"
    shutil.copytree(USER, bank)
    (bank / "_draft.yaml").write_text("not: [a template")
    result = invoke("list", "--bank", bank)
    assert result.exit_code == 0
    assert result.output.splitlines()[-1].split()[1] == "softmax-temperature"


@pytest.mark.parametrize("command", ["list", "generate", "validate", "drill"])
def test_commands_that_read_templates_take_bank(invoke, command):
    assert "--bank" in invoke(command, "--help").output
