"""Inputs that never end (/dev/zero, an endless pipe) given for any file
option: one error line naming the path and what it was, exit 2, in bounded
time and memory, nothing written; a pipe of a normal size is read as a file."""

import json
import os
from pathlib import Path

import pytest

import quizgen.grading.file_text as file_text
import quizgen.key.load as key_load

ZERO = Path("/dev/zero")
pytestmark = pytest.mark.skipif(not ZERO.exists(), reason="no /dev/zero on this system")

PART = {"part": "a", "type": "numeric", "points": 1.0, "value": 0.408, "answer": "0.408",
        "abs_tolerance": 0.0005, "misconceptions": []}
KEY = {"questions": [{"id": "Q1", "parts": [PART]}]}


@pytest.fixture
def folder(tmp_path, monkeypatch):
    (tmp_path / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\n", encoding="utf-8")
    monkeypatch.setattr(file_text, "MAX_PIPED_BYTES", 4 << 20)   # the same code path as 1 GiB, sooner
    monkeypatch.setattr(key_load, "MAX_KEY_BYTES", 4 << 20)
    return tmp_path


@pytest.mark.parametrize("option, what", [
    ("answers", "found binary data (NUL bytes)"),   # refused at its first block (hostile28)
    ("--key", "cannot read the key: found binary data (NUL bytes), not JSON"),   # at its first block (hostile30)
    ("--roster", "the roster file is over"),
    ("--overrides", "the overrides file is over"), ("--policy", "the policy file is over"),
])
@pytest.mark.slow
def test_an_endless_input_to_grade_is_one_line_and_nothing_written(invoke, folder, option, what):
    args = {"answers": folder / "answers.csv", "--key": folder / "key.json"}
    args["answers" if option == "answers" else option] = ZERO
    extra = [a for name, path in args.items() if name != "answers" for a in (name, path)]
    extra += [option, ZERO] if option not in args else []
    result = invoke("grade", args["answers"], *extra, "--out", folder / "out" / "g.csv")
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "/dev/zero: " in result.stderr and what in result.stderr
    assert not (folder / "out").exists() or not list((folder / "out").iterdir())


@pytest.mark.slow
def test_an_endless_roster_to_generate_is_one_line(invoke, tmp_path):
    result = invoke("generate", "--students", ZERO, "--out", tmp_path / "papers")
    assert result.exit_code == 2 and "/dev/zero: the roster file is over" in result.stderr
    assert not (tmp_path / "papers").exists()


def test_a_policy_through_a_pipe_is_read(invoke, folder):
    """``--policy <(...)`` is a pipe, not a missing file."""
    read, write = os.pipe()
    os.write(write, b"imprecise_credit: 0.5\n")
    os.close(write)
    try:
        result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--policy",
                        f"/dev/fd/{read}", "--out", folder / "out" / "g.csv")
    finally:
        os.close(read)
    assert result.exit_code == 0, result.stderr
    marked = (folder / "out" / "g-report.md").read_text(encoding="utf-8").split("Marked with: ")[1].split("\n")[0]
    assert marked.startswith(f"--policy /dev/fd/{read} (no file to digest)")   # marked with it (it said "--policy 5")


def test_a_policy_far_too_big_is_refused_at_once(invoke, folder):
    """A 1 MB YAML list took the parser minutes; a policy is a few lines."""
    (folder / "policy.yaml").write_text("ecf_credit: [" + ",".join(["1"] * 500_000) + "]\n", encoding="utf-8")
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--policy",
                    folder / "policy.yaml", "--out", folder / "out" / "g.csv")
    assert result.exit_code == 2
    assert "policy.yaml: the policy file is over 262,144 bytes, more than any policy file needs\n" in result.stderr


@pytest.mark.parametrize("value", [5e-324, 1e-301, 1e301, -1e308])
def test_a_key_value_no_float_can_round_is_the_keys_fault_not_the_answers(invoke, tmp_path, value):
    """A hand-edited value of 5e-324 made every answer 'invalid: not a number:
    OverflowError'; the key is refused in one line naming the field."""
    key = {"questions": [{"id": "Q1", "parts": [{**PART, "value": value}]}]}
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.80\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json", "--out", tmp_path / "o" / "g.csv")
    assert result.exit_code == 2
    assert "key.json: questions[0].parts[0].value: expected 0 or a number of size 1e-300 to 1e+300" in result.stderr
