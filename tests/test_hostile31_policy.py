"""rev-hostile31: a policy (or bank) number that YAML 1.1 reads as another
number (1e-400 as 0, 0x1 as 1, 010 as 8, 1_0 as 10, 1e400 as infinity) is
refused in one line naming the file and line, nothing written."""

import pytest

from quizgen.marking.policy import read_policy
from test_yaml22 import bank_with, one_line

ANSWERS = "student_id,name,question_id,part,answer\ns1,Ada,Q1,a,0.6999\n"


def written(folder) -> list:
    """The files in ``folder``, by name."""
    return sorted(p.name for p in folder.iterdir())


@pytest.mark.parametrize("setting, line, read_as", [
    ("ecf_credit: 1e-400", 2, "would be read as 0"),
    ("ecf_credit: 1.0e-400", 2, "would be read as 0"),
    ("imprecise_credit: 0x1", 2, "reads it as 1 (hexadecimal)"),
    ("ecf_credit: 0b1", 2, "reads it as 1 (binary)"),
    ("ecf_credit: 0.5_0", 2, "reads it as 0.5 (its '_' dropped)"),
    ("ecf_credit: 1e400", 2, "would be read as infinity"),
    ("points:\n  C1: {p: 010}", 3, "reads it as 8 (octal, for its leading 0)"),
    ("points:\n  C1: {p: 1_0}", 3, "reads it as 10 (its '_' dropped)"),
    ("points:\n  C1: {p: 1e-400}", 3, "would be read as 0"),
])
def test_a_policy_number_yaml_reads_as_another_is_refused_at_its_line(invoke, tmp_path, seed3_key, setting,
                                                                       line, read_as):
    (tmp_path / "a.csv").write_text(ANSWERS, encoding="utf-8")
    (tmp_path / "p.yaml").write_text(f"# marking policy\n{setting}\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", seed3_key, "--policy", tmp_path / "p.yaml")
    assert result.exit_code == 2
    error = one_line(result)
    assert error.startswith(f"quizgen: error: {tmp_path / 'p.yaml'}:{line}: ") and read_as in error, error
    assert written(tmp_path) == ["a.csv", "p.yaml"]


def test_a_policy_zero_however_written_and_plain_numbers_are_read(tmp_path):
    path = tmp_path / "p.yaml"
    path.write_text("ecf_credit: 0.0e-999\nimprecise_credit: 25e-2\npoints:\n  C1: {p: 10, q: 0}\n", encoding="utf-8")
    policy = read_policy(path)
    assert (policy.ecf_credit, policy.imprecise_credit, policy.points) == (0.0, 0.25, {"C1": {"p": 10, "q": 0}})


@pytest.mark.slow
def test_a_bank_number_in_hexadecimal_is_refused_with_its_line(invoke, tmp_path):
    validated = invoke("validate", bank_with(tmp_path, r"^points: 6$", "points: 0x6"), "--samples", 0)
    assert validated.exit_code == 1
    assert "c11.yaml:4: invalid YAML: '0x6' is not a plain decimal number" in validated.output + validated.stderr
