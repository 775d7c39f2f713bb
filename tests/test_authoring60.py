"""An author's slips that validate and generate let through or misreported: a part name that
no recipe can read back, and the like (each test names the rule it pins)."""

import pytest

from bank_support import SOFTMAX, bank_with


def _lines(result, file="c14.yaml:"):
    return [line.split(file, 1)[1] for line in result.output.splitlines() if file in line]


@pytest.mark.parametrize("name", ["p true", "p_true!", "p-true", "2p"])
def test_a_part_name_that_is_no_plain_name_is_one_problem_at_its_line(tmp_path, invoke, name):
    bank = bank_with(tmp_path, SOFTMAX, ("  - name: p_true", f'  - name: "{name}"'),
                     ("part: p_true,", f'part: "{name}",'), ("expect: {p_true:", f'expect: {{"{name}":'))
    result = invoke("validate", bank, "--samples", 0)
    assert result.exit_code == 1
    assert _lines(result) == [f"49: parts.0.name: {name!r} is not a part name: a part name is a letter or _, "
                              "then letters, digits and _ (no spaces or punctuation), at most 200 characters, "
                              "e.g. mean_loss"], result.output


def test_generate_refuses_a_bank_whose_part_name_no_key_could_grade_and_writes_nothing(tmp_path, invoke, monkeypatch):
    monkeypatch.chdir(tmp_path)
    bank = bank_with(tmp_path, SOFTMAX, ("  - name: p_true", '  - name: "mean part!"'),
                     ("part: p_true,", 'part: "mean part!",'), ("expect: {p_true:", 'expect: {"mean part!":'))
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", 1, "--out", "out")
    assert result.exit_code != 0
    assert "'mean part!' is not a part name" in result.output
    assert not (tmp_path / "out").exists()
