"""key.json fields checked as every other: a parameter of 4,000 digits was refused
in Python's words ("integer division result too large for a float"); a hand-edited
question id (``=HYPERLINK(...)``) was graded."""

import json

import pytest

from test_key_work_caps44 import _grade, _refusal


@pytest.fixture
def key(c1_key) -> dict:
    """Seed 1's C1 key (fixtures_course.py) as JSON data."""
    return json.loads(c1_key.read_text(encoding="utf-8"))


@pytest.mark.parametrize("value, path", [(10 ** 3999, "z"), ([0.5, -10 ** 150], "z[1]"),
                                         ([[1], [2, 10 ** 100]], "z[1][1]")])
def test_a_parameter_of_too_many_digits_is_refused_naming_its_path(invoke, tmp_path, key, value, path):
    key["questions"][0]["params"]["z"] = value
    result, _ = _grade(invoke, tmp_path, key)
    digits = len(str(abs(value if isinstance(value, int) else max(map(abs, sum(value, []) if path.count("[") > 1
                                                                       else value)))))
    assert _refusal(result, tmp_path) == (f"questions[0].params.{path}: a whole number of {digits:,} digits, more "
                                          "than the 100 a parameter may have (see docs/key.md, Limits)")


def test_a_parameter_of_100_digits_is_read(invoke, tmp_path, key):
    key["questions"][0]["params"]["spare"] = 10 ** 100 - 1
    result, _ = _grade(invoke, tmp_path, key)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("qid", ['=HYPERLINK("x")<script>', "Q0", "1", "Q1 ", "question 1"])
def test_a_question_id_not_of_the_q_form_is_refused_naming_its_path(invoke, tmp_path, key, qid):
    key["questions"][0]["id"] = qid
    result, _ = _grade(invoke, tmp_path, key)
    shown = json.dumps(qid) if isinstance(qid, str) else qid
    assert _refusal(result, tmp_path) == (f"questions[0].id: expected a question id Q1, Q2, ..., as generate "
                                          f"writes them, got {shown}")
