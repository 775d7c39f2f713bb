"""A key.json naming a field twice in one object is refused, whatever the field,
with the line its object starts on: JSON keeps the second silently, so a
hand-edited ``"points": 2.0, "points": 0.5`` once marked a right answer 0.5."""

import json

import pytest

from quizgen.errors import InputFileError
from quizgen.json_names import line_twice
from quizgen.key.load import parse_key_text

PART = ('{"part": "a", "type": "numeric", "points": 2.0, "points": 0.5, "value": 0.408, "answer": "0.408", '
        '"abs_tolerance": 0.0005, "misconceptions": []}')


def test_a_part_with_points_twice_stops_grade_in_one_line(tmp_path, invoke):
    (tmp_path / "key.json").write_text('{"questions": [\n {"id": "Q1",\n  "parts": [\n' + PART + "]}]}\n",
                                       encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.408\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json")
    assert result.exit_code == 2
    assert result.stderr.strip() == (
        f"quizgen: error: {tmp_path / 'key.json'}: line 4: the name 'points' is given twice in one object (JSON keeps "
        "the second); quizgen generate never writes that: regenerate the key (the same --seed and options)")
    assert not (tmp_path / "a-graded.csv").exists()


def test_a_name_twice_deep_in_a_student_s_record_is_found_on_its_line():
    text = '{"students": {\n"P1": {"name": "Ann",\n "params": {"t": 2,\n "t": 3}}}}'
    with pytest.raises(InputFileError, match=r"^key\.json: line 3: the name 't' is given twice"):
        parse_key_text(text, "key.json")
    assert line_twice('{"a": 1}') is None and line_twice("[") is None


def test_the_same_name_in_two_objects_is_no_matter():
    data = parse_key_text(json.dumps({"a": {"x": 1}, "b": {"x": 2}}), "key.json")
    assert data == {"a": {"x": 1}, "b": {"x": 2}}
