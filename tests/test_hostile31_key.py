"""rev-hostile31: a hand-edited key.json holding what the bank refuses (a trap
code not in lower_snake_case, two traps of a part with one code) or a student
paper with no questions is refused in one line naming the JSON path."""

import json

import pytest

from quizgen.errors import InputFileError
from test_yaml22 import one_line

ANSWERS = "student_id,name,question_id,part,answer\ns001,Ada,Q1,a,0.875\ns002,Bo,Q1,a,0.5\n"


def written(folder) -> list:
    """The files in ``folder``, by name."""
    return sorted(p.name for p in folder.iterdir())


def per_student_key(tmp_path, invoke, edit) -> None:
    """key.json of a two-student paper of C1 in ``tmp_path``, changed by ``edit(data)``."""
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns002,Bo\n", encoding="utf-8")
    made = invoke("generate", "--seed", 3, "--classes", "C1", "--students", tmp_path / "roster.csv",
                  "--out", tmp_path / "paper")
    assert made.exit_code == 0, made.output
    data = json.loads((tmp_path / "paper" / "key.json").read_text(encoding="utf-8"))
    edit(data)
    (tmp_path / "key.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "answers.csv").write_text(ANSWERS, encoding="utf-8")


def _trap(data, part):
    return data["templates"]["mlm-confident-correct"]["parts"][part]["traps"]


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["students"]["s002"].update(questions=[]),
     "students.s002.questions: expected a non-empty list of questions: a student's paper holds at least one"),
    (lambda d: _trap(d, 0)[0].update(code="Bad Code!"),
     'templates["mlm-confident-correct"].parts[0].traps[0].code: expected a misconception code in '
     'lower_snake_case (a lower-case letter, then lower-case letters, digits and _), as the bank writes them, '
     'got "Bad Code!"'),
    (lambda d: _trap(d, 0)[0].update(code="=cmd|x"), 'got "=cmd|x"'),
    (lambda d: _trap(d, 1)[1].update(code=_trap(d, 1)[0]["code"]),
     'templates["mlm-confident-correct"].parts[1].traps[1].code: the code "log10_instead_of_ln" is also that '
     "of traps[0]; expected each trap of a part its own code"),
])
@pytest.mark.slow
def test_a_hand_edited_key_the_bank_would_refuse_is_one_line(invoke, tmp_path, edit, expected):
    per_student_key(tmp_path, invoke, edit)
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json")
    assert result.exit_code == 2
    line = one_line(result)
    assert line.startswith(f"quizgen: error: {tmp_path / 'key.json'}: ") and expected in line, line
    assert written(tmp_path) == ["answers.csv", "key.json", "paper", "roster.csv"]


def test_the_bank_and_the_key_read_one_code_rule():
    from quizgen.bank import trap_schema
    from quizgen.key import checks

    assert trap_schema.CODE_PATTERN is checks.CODE_PATTERN
    where = checks.Where("key.json") / "code"
    with pytest.raises(InputFileError, match="lower_snake_case"):
        checks.code("halved\n", where)   # the bank's old ``$`` let a final line break through
