"""One exit-code table (docs/errors.md), enforced: every error class has the
code the table gives it, and the CLI exits 0 when done, 1 on findings and 2 on
bad input, with one line and no traceback."""

import inspect
import re
from pathlib import Path

import pytest

from quizgen import errors

DOC = Path(__file__).resolve().parent.parent / "docs" / "errors.md"
ROW = re.compile(r"^\| `(\w+)` \| (\d) \|", re.M)


def documented() -> dict:
    return {name: int(code) for name, code in ROW.findall(DOC.read_text(encoding="utf-8"))}


def test_every_error_class_has_the_code_the_docs_give_it():
    classes = {name: cls for name, cls in vars(errors).items()
               if inspect.isclass(cls) and issubclass(cls, errors.QuizgenError)}
    assert documented() == {name: cls.exit_code for name, cls in classes.items()}


def one_line(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


@pytest.mark.slow
def test_done_is_0(invoke, tmp_path):
    assert invoke("generate", "--classes", "C1", "--seed", 3, "--out", tmp_path / "q").exit_code == 0


@pytest.mark.parametrize("args, words", [
    (["grade", "no-such-answers.csv"], "no-such-answers.csv"),
    (["generate", "--count", "0", "--out", "q"], "--count"),
    (["generate", "--classes", "C99", "--out", "q"], "C99"),
    (["validate", "no-such-template.yaml"], "no-such-template.yaml"),
])
def test_bad_input_is_2_with_one_line(invoke, tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    result = invoke(*args)
    assert result.exit_code == 2
    assert words in one_line(result)


def test_a_bad_key_is_2(invoke, tmp_path):
    (tmp_path / "key.json").write_text('{"questions": [{"id": "Q1", "parts": [{"part": "a", "points": "lots"}]}]}')
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.4\n")
    result = invoke("grade", tmp_path / "answers.csv")
    assert result.exit_code == 2 and "points" in one_line(result)


@pytest.mark.slow
def test_validate_findings_are_1(invoke, tmp_path):
    bank = Path(__file__).parent / "data" / "bad_bank"
    result = invoke("validate", bank, "--samples", 2)
    assert result.exit_code == 1 and "Traceback" not in result.output
