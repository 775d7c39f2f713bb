"""A key validated on load: every wrong type, range, duplicate, nesting or
size problem is one InputFileError line (exit 2) naming the file and the JSON
path of the field, never a traceback."""

import copy
import json
from pathlib import Path

import pytest

from quizgen.errors import InputFileError
from quizgen.key.load import load_key_file

VERSION1 = json.loads((Path(__file__).parent / "data" / "keys" / "version1.json").read_text(encoding="utf-8"))


def version2(bank):
    from quizgen.generation.make import make_quiz
    from key_support import key_data

    return key_data(make_quiz([t for t in bank if t.cls in ("C1", "C8")], seed=2))


def set_path(data, path, value):
    """``data`` with the field at ``path`` (a tuple of keys) set to ``value``."""
    data = copy.deepcopy(data)
    node = data
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return data


V1_CASES = [
    (("questions", 0, "parts", 1, "points"), "lots", 'questions[0].parts[1].points: expected a number >= 0 and <= 1e+06, got "lots"'),
    (("questions", 0, "parts", 1, "points"), -1, "questions[0].parts[1].points: expected a number >= 0"),
    (("questions", 0, "parts", 1, "points"), 1e308, "questions[0].parts[1].points: expected a number >= 0 and <= 1e+06, got 1e+308"),
    (("questions", 0, "parts", 0, "tolerance"), [3], "questions[0].parts[0].tolerance: expected an object, got a list"),
    (("questions", 0, "parts", 0, "tolerance"), {"sigfigs": "three"}, 'tolerance.sigfigs: expected a whole number from 1 to 15, got "three"'),
    (("questions", 0, "parts", 0, "tolerance"), {"sigfigs": 40}, "tolerance.sigfigs: expected a whole number from 1 to 15, got 40"),
    (("questions", 0, "parts", 0, "tolerance"), {"rtol": -0.1}, "tolerance.rtol: expected a number > 0, got -0.1"),
    (("questions", 0, "parts", 0, "tolerance"), {"atol": 0}, "tolerance.atol: expected a number > 0, got 0"),
    (("questions", 0, "parts", 0, "misconceptions", 0, "code"), 7, "questions[0].parts[0].misconceptions[0].code: expected non-empty text, got 7"),
    (("questions", 3, "parts", 2, "accept"), {"pos": 1}, "questions[3].parts[2].accept: expected a list, got an object"),
    (("questions", 3, "parts", 2, "accept"), [], "questions[3].parts[2].accept: expected a non-empty list"),
    (("questions", 0, "parts", 0, "value"), "0.7", 'questions[0].parts[0].value: expected a number, got "0.7"'),
    (("questions", 0, "parts", 0, "value"), True, "questions[0].parts[0].value: expected a number, got true"),
    (("questions", 0, "parts", 0, "type"), "fraction", 'questions[0].parts[0].type: expected one of numeric, integer, word, got "fraction"'),
    (("questions", 0, "parts", 0, "decimals"), 2.5, "questions[0].parts[0].decimals: expected a whole number from 0 to 15"),
    (("questions", 0, "parts", 0, "misconceptions", 0, "feedback"), ["x"], "misconceptions[0].feedback: expected text, got a list"),
    (("questions", 0, "parts", 0, "misconceptions", 0, "value"), "x", "misconceptions[0].value: expected a number"),
    (("questions", 1, "id"), "Q1", 'questions[1]: question id "Q1" appears twice'),
    (("questions", 0, "parts", 1, "part"), "a", 'questions[0].parts[1]: part "a" appears twice'),
    (("questions", 0, "parts"), "ab", 'questions[0].parts: expected a list, got "ab"'),
    (("students",), [], "students: expected an object, got a list"),
    (("format",), "quizgen-key", "version: expected a whole number from 1 to 6, got null"),
]


@pytest.mark.parametrize("path, value, message", V1_CASES, ids=[c[2][:50] for c in V1_CASES])
def test_a_wrong_field_of_a_version_1_key_is_one_line_naming_its_path(tmp_path, path, value, message):
    key = tmp_path / "key.json"
    key.write_text(json.dumps(set_path(VERSION1, path, value)), encoding="utf-8")
    with pytest.raises(InputFileError) as info:
        load_key_file(key)
    text = str(info.value)
    assert text.startswith(f"{key}: ") and message in text and "\n" not in text


def test_a_version_1_abs_tolerance_without_a_rule_must_be_a_positive_number(tmp_path):
    part = {"part": "a", "value": 0.5, "abs_tolerance": "x"}
    key = tmp_path / "key.json"
    key.write_text(json.dumps({"questions": [{"id": "Q1", "parts": [part]}]}), encoding="utf-8")
    with pytest.raises(InputFileError, match=r'questions\[0\]\.parts\[0\]\.abs_tolerance: expected a number > 0, got "x"'):
        load_key_file(key)


def test_wrong_fields_of_a_version_2_key_name_the_template_or_the_instance(bank, tmp_path):
    data = version2(bank)
    template = data["questions"][0]["template"]
    cases = [
        (("templates", template, "parts", 1, "points"), "lots", f"templates[\"{template}\"]" if "-" in template
         else f"templates.{template}"),
        (("questions", 0, "parts", 0, "value"), None, "questions[0].parts[0].value: expected a number, got null"),
        (("questions", 0, "parts", 1, "trap_values"), [1.0],
         f"questions[0].parts[1].trap_values: expected {len(data['templates'][template]['parts'][1]['traps'])} values"),
        (("questions", 1, "parts"), [], "questions[1].parts: expected 3 parts"),
        (("version",), 7, "version: this key is version 7"),
        (("format",), "other", "format: expected 'quizgen-key'"),
        # rev-hostile20: an unknown template was reported as a part with no letter
        (("questions", 0, "template"), "../../etc/passwd",
         'questions[0].template: no template "../../etc/passwd" under "templates"'),
    ]
    for path, value, message in cases:
        key = tmp_path / "key.json"
        key.write_text(json.dumps(set_path(data, path, value)), encoding="utf-8")
        with pytest.raises(InputFileError) as info:
            load_key_file(key)
        assert message in str(info.value), (path, str(info.value))


def test_a_question_with_no_parts_is_refused(bank, tmp_path):
    data = version2(bank)
    template = data["questions"][0]["template"]
    emptied = set_path(set_path(data, ("templates", template, "parts"), []), ("questions", 0, "parts"), [])
    (tmp_path / "key.json").write_text(json.dumps(emptied), encoding="utf-8")
    with pytest.raises(InputFileError, match=r"questions\[0\]\.parts: expected at least one part"):
        load_key_file(tmp_path / "key.json")


@pytest.mark.parametrize("text, message", [
    ("[" * 100_000, "nested too deeply"),
    ('{"questions": [{"id": "Q1", "parts": [{"part": "a", "value": ' + "9" * 5000 + "}]}]}", "digits"),
    ('{"version": 2,\n "seed": 1' + "0" * 5000 + "}",
     "key.json: line 2: an integer of 5,001 digits (at most 4,300 are read); expected the key.json written by "
     "quizgen generate"),
    ('{"seed": -' + "7" * 4301 + "}", "key.json: line 1: an integer of 4,301 digits"),
    ('{"questions": [{"id": "Q1", "parts": [{"part": "a", "value": NaN}]}]}', "NaN is not a number"),
    ('{"questions": [{"id": "Q1", "parts": [{"part": "a", "value": 1e999}]}]}', "expected a number, got inf"),
    ("{", "line 1: the JSON ends before it is complete (the file looks cut short)"),
    ('{"version": 4, "questions": [{"id": "Q', "line 1: the JSON ends before it is complete"),
    ("", "key.json: the file is empty; expected the key.json written by quizgen generate"),
    ("  \n", "key.json: the file is empty"),
    ('{"version": 4,, "q": 1}', "line 1, column 15: not valid JSON (expected a name in double quotes)"),
    ('{"version": 4}\n{}', "line 2, column 1: not valid JSON (more text after the JSON's end)"),
])
def test_hostile_key_text_is_one_line(tmp_path, text, message):
    key = tmp_path / "key.json"
    key.write_text(text, encoding="utf-8")
    with pytest.raises(InputFileError) as info:
        load_key_file(key)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_grade_with_a_bad_key_exits_2_with_one_line(invoke, tmp_path):
    key = tmp_path / "key.json"
    key.write_text(json.dumps(set_path(VERSION1, ("questions", 0, "parts", 1, "points"), "lots")), encoding="utf-8")
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", key)
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f'quizgen: error: {key}: questions[0].parts[1].points: expected a number >= 0 and <= 1e+06, got "lots"']


@pytest.mark.parametrize("recipe, message", [
    ("__import__('os').system('id')", "recipes.loss_y1.recipe: "),
    ("-log(1 - part:loss_y1)", "recipes.loss_y1.recipe: reads part 'loss_y1', which does not come before 'loss_y1'"),
    ("-log(nosuchname * part:p)", "recipes.loss_y1.recipe: "),
])
def test_a_hand_edited_recipe_that_cannot_be_used_is_refused_naming_the_template(tmp_path, invoke, recipe, message):
    """ECF was switched off without a word for a broken recipe (rev-hostile15);
    nothing in it is ever run: the whitelist parser refuses it."""
    assert invoke("generate", "--classes", "C7", "--seed", "7", "--out", tmp_path / "k").exit_code == 0
    data = json.loads((tmp_path / "k" / "key.json").read_text(encoding="utf-8"))
    template = next(iter(data["templates"]))
    data["templates"][template]["recipes"]["loss_y1"]["recipe"] = recipe
    (tmp_path / "k" / "key.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "k" / "key.json")
    assert result.exit_code == 2, result.output
    line = result.output.strip().splitlines()[-1]
    key = tmp_path / "k" / "key.json"   # as typed, as every key error names it
    assert line.startswith(f"quizgen: error: {key}: templates.{template}.{message}"), line
    assert not (tmp_path / "answers-graded.csv").exists()


def test_answers_rounded_by_takes_canvas_alone(bank, tmp_path):
    """Any other text turned off the figures rule for a whole class (rev-code15b)."""
    data = version2(bank)
    data["answers_rounded_by"] = "no"
    key = tmp_path / "key.json"
    key.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InputFileError, match='answers_rounded_by: expected "canvas"'):
        load_key_file(key)


def test_a_lone_surrogate_anywhere_in_a_key_is_refused_naming_its_path(bank, tmp_path):
    """A hand-edited key's ``\\ud800`` (half of a UTF-16 pair) read as text
    that no report or CSV can be written with: grade failed with a
    UnicodeEncodeError traceback (rev-hostile19). Fields the fast path reads
    (an id, a word in the params) are checked too; a whole pair is a character."""
    data = version2(bank)
    template = data["questions"][0]["template"]
    where = f'templates["{template}"]' if "-" in template else f"templates.{template}"
    cases = [
        (("questions", 0, "id"), "Q\ud8001", "questions[0].id", "D800"),
        (("templates", template, "parts", 0, "traps", 0, "feedback"), "bad \udfff fb",
         f"{where}.parts[0].traps[0].feedback", "DFFF"),
        (("templates", template, "title"), "t\udc00", f"{where}.title", "DC00"),
        (("questions", 0, "params", "extra"), ["ok", "w\ud800"], "questions[0].params.extra[1]", "D800"),
        (("secret",), "ab\ud800", "secret", "D800"),
    ]
    for path, value, at, hexed in cases:
        key = tmp_path / "key.json"
        key.write_text(json.dumps(set_path(data, path, value)), encoding="utf-8")
        with pytest.raises(InputFileError) as info:
            load_key_file(key)
        assert str(info.value) == (f"{key}: {at}: text holds a lone surrogate U+{hexed} "
                                   "(half of a character), which no file can hold"), str(info.value)
    pair = set_path(data, ("templates", template, "title"), "smile \U0001F600")
    key.write_text(json.dumps(pair), encoding="utf-8")   # written as the escapes \ud83d\ude00
    assert "\\ud83d\\ude00" in key.read_text() and "\U0001F600" in load_key_file(key).questions[0].title


def test_a_key_given_as_data_refuses_a_lone_surrogate_in_a_text_field(bank):
    from quizgen.key.model import Key

    data = version2(bank)
    template = data["questions"][0]["template"]
    with pytest.raises(InputFileError, match=r"\.title: text holds a lone surrogate U\+D800"):
        Key.from_json(set_path(data, ("templates", template, "title"), "t\ud800"), "key")


def test_grade_with_a_lone_surrogate_in_the_key_exits_2_with_one_line_and_writes_nothing(invoke, tmp_path):
    assert invoke("generate", "--classes", "C1", "--seed", "7", "--out", tmp_path / "k").exit_code == 0
    key = tmp_path / "k" / "key.json"
    data = json.loads(key.read_text(encoding="utf-8"))
    data["questions"][0]["id"] = "Q\ud8001"
    key.write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", key, "--out", tmp_path / "out" / "g.csv")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert result.stderr.strip().splitlines() == [
        f"quizgen: error: {key}: questions[0].id: text holds a lone surrogate U+D800 (half of a character), "
        "which no file can hold"]
    assert not (tmp_path / "out").exists()
