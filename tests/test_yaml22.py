"""Hostile numbers in a user's YAML (a policy file, a bank template): an integer
too long for Python to read or print, a YAML 1.1 base-60 number, and points
beyond what key.json may hold are each refused with one line naming the file
and line, exit 2 (validate: 1), quickly and without a traceback."""

import re
from pathlib import Path

import pytest

from quizgen.safe_yaml import MAX_INT_DIGITS, safe_load
from run_support import cpu_seconds

EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "bert_bank" / "c11_attention.yaml"
ANSWERS = "student_id,name,question_id,part,answer\ns1,Ada,Q1,a,0.6999\n"


def one_line(result) -> str:
    """The one error line a refused command printed (no traceback)."""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def bank_with(tmp_path, pattern, replacement) -> Path:
    """A copy of the example bank template with ``pattern`` replaced (once), in its own folder."""
    bank = tmp_path / "bank"
    bank.mkdir()
    text, count = re.subn(pattern, lambda _: replacement, EXAMPLE.read_text(encoding="utf-8"), count=1, flags=re.M)
    assert count == 1
    (bank / "c11.yaml").write_text(text, encoding="utf-8")
    return bank


@pytest.mark.parametrize("value", ["9" * 5000, "0x" + "f" * 5000, "!!int " + "1" * 5000])
@pytest.mark.slow
def test_a_policy_integer_of_thousands_of_digits_is_one_line(invoke, tmp_path, seed3_key, value):
    (tmp_path / "a.csv").write_text(ANSWERS, encoding="utf-8")
    policy = tmp_path / "p.yaml"
    policy.write_text(f"carried_figures: {value}\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", seed3_key, "--policy", policy)
    assert result.exit_code == 2
    assert f"p.yaml:1: not valid YAML (an integer of 5,000 digits; at most {MAX_INT_DIGITS} digits" in one_line(result)


@pytest.mark.slow
def test_a_bank_integer_of_thousands_of_digits_is_refused_with_its_line(invoke, tmp_path):
    bank = bank_with(tmp_path, r"^points: 6$", "points: " + "9" * 5000)
    validated = invoke("validate", bank)
    assert validated.exit_code == 1
    assert "c11.yaml:4: invalid YAML: an integer of 5,000 digits" in validated.output + validated.stderr
    listed = invoke("list", "--bank", bank)
    assert listed.exit_code == 2
    assert "c11.yaml:4: invalid YAML: an integer of 5,000 digits" in one_line(listed)


@pytest.mark.parametrize("line, expected", [("points: ", "points must be a positive whole number"),
                                            ("points: 6\nunknown_key: ", "unknown_key")])
@pytest.mark.slow
def test_a_long_base_60_number_is_text_read_at_once(invoke, tmp_path, line, expected):
    """``1:59:59:...`` (nearly 1 MiB) took PyYAML ~20 s as a base-60 integer, then overflowed."""
    bank = bank_with(tmp_path, r"^points: 6$", line + "1" + ":59" * 330_000)
    start = cpu_seconds()
    result = invoke("validate", bank)
    assert cpu_seconds() - start < 10   # the bug took ~20 s on a quiet machine; validate alone ~2 s
    assert result.exit_code == 1
    assert expected in result.output + result.stderr


def test_base_60_numbers_are_not_read():
    assert safe_load("t: 12:30\nf: 1:30.5\n") == {"t": "12:30", "f": "1:30.5"}
    assert safe_load("x: 90\nz: 1.5\nw: 5e-1\n", exponent_floats=True) == {"x": 90, "z": 1.5, "w": 0.5}
    import yaml
    with pytest.raises(yaml.YAMLError, match="base-60"):
        safe_load("t: !!int 1:30\n")


def test_integers_up_to_the_digit_limit_are_read():
    assert safe_load(f"n: {'9' * MAX_INT_DIGITS}") == {"n": int("9" * MAX_INT_DIGITS)}
    assert safe_load(f"n: -{'1' * MAX_INT_DIGITS}") == {"n": -int("1" * MAX_INT_DIGITS)}
    import yaml
    with pytest.raises(yaml.YAMLError, match="101 digits"):
        safe_load(f"n: {'9' * (MAX_INT_DIGITS + 1)}")


@pytest.mark.slow
def test_question_points_beyond_what_key_json_holds_are_refused(invoke, tmp_path):
    """1e20 points once generated a paper whose key.json grade then refused."""
    bank = bank_with(tmp_path, r"^points: 6$", "points: 100000000000000000000")
    result = invoke("validate", bank)
    assert result.exit_code == 1
    assert "c11.yaml:4: points: points of 100,000,000,000,000,000,000 exceed the limit of 1,000,000" in result.output + result.stderr
    generated = invoke("generate", "--bank", bank, "--classes", "C11", "--out", tmp_path / "quiz")
    assert generated.exit_code == 2
    assert "exceed the limit of 1,000,000" in one_line(generated)
    assert not (tmp_path / "quiz" / "key.json").exists()


@pytest.mark.slow
def test_part_points_beyond_what_key_json_holds_are_refused(invoke, tmp_path):
    bank = bank_with(tmp_path, r"^points: 6$", "points: 1000000")
    template = bank / "c11.yaml"
    text = template.read_text(encoding="utf-8").replace("  - name: score\n", "  - name: score\n    points: 2000000\n", 1)
    template.write_text(text, encoding="utf-8")
    result = invoke("validate", bank)
    assert result.exit_code == 1
    assert "parts.0.points: points of 2,000,000 exceed the limit of 1,000,000" in result.output + result.stderr
