"""Hand-edited keys that graded wrongly (rev-hostile30): two student ids that
are one student by the id rule, refused naming both and the JSON path."""

import copy
import json

import pytest
from fixtures_papers import per_student_key


@pytest.fixture(scope="module")
def student_key(tmp_path_factory):
    """A per-student key of s001 and s002 as generate writes it."""
    return per_student_key(tmp_path_factory.mktemp("students"), "s001,Ada\ns002,Bob\n", 5, "p")


def test_two_student_ids_of_one_student_are_refused(student_key, tmp_path, invoke):
    key = copy.deepcopy(student_key)
    key["students"]["S 001"] = copy.deepcopy(key["students"]["s002"])
    (tmp_path / "dup.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns001,Q1,a,0.7\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "dup.json")
    assert result.exit_code == 2
    assert result.stderr == (
        f"quizgen: error: {tmp_path / 'dup.json'}: students[\"S 001\"]: the student ids \"s001\" and \"S 001\" are "
        "one student (ids are compared ignoring case and spaces); expected one paper a student: rename or remove "
        "one\n")
    assert not (tmp_path / "a-graded.csv").exists()


@pytest.mark.parametrize("exact, why", [("1/0", "; division by zero; "), ("foo(1)", "function 'foo' is not allowed"),
                                        ("1e999", "; its value is not a finite number; "),
                                        ("9**9**9**9", "; its value is out of range; "),   # not Python's "math range error"
                                        ("__import__('os').system('x')", "; it is not an expression quizgen reads: brackets straight after")])
def test_an_exact_form_that_cannot_be_valued_is_refused(student_key, tmp_path, invoke, exact, why):
    key = copy.deepcopy(student_key)
    key["questions"][0]["parts"][0].update(exact=exact, value=0.5)
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json")
    assert result.exit_code == 2
    assert result.stderr.startswith(f"quizgen: error: {tmp_path / 'key.json'}: questions[0].parts[0].exact: the exact "
                                    f"form \"{exact}\" cannot be valued; ")
    assert why in result.stderr and result.stderr.count("\n") == 1
    assert not (tmp_path / "a-graded.csv").exists()
