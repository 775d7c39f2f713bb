"""key.json is untrusted input to grade (key21): a version-3 template's choice options are
checked as its instances' other fields are, a version-2 key with choices is refused as
inconsistent, and a hand-edited ECF recipe that cannot be used is refused when grade loads
the key, where ECF used to be switched off for that part without a word."""

import copy
import csv
import json
import re

import pytest

import quizgen
from quizgen.generation.make import make_quiz
from quizgen.key.model import Key
from key_support import key_data

TEMPLATE = "nsp-sigmoid-loss"   # C7: a sentence pair chosen by place; recipes p -> loss_y1, loss_y0


@pytest.fixture(scope="module")
def key_json(bank):
    """The data of a one-paper key over every class (version 3)."""
    return key_data(make_quiz(bank, seed=5))


def _deep(levels: int):
    value = 0
    for _ in range(levels):
        value = [value]
    return value


def _refused(data, pattern: str) -> str:
    """The one-line message reading ``data`` gives; it must match ``pattern``."""
    with pytest.raises(quizgen.errors.InputFileError, match=pattern) as caught:
        Key.from_json(data, "key.json")
    assert "\n" not in str(caught.value)
    return str(caught.value)


# ------------------------------------------------------------------ 1. choice options

@pytest.mark.parametrize("edit, expected", [
    (lambda pair: pair.__setitem__(1, _deep(300)), r"pair\[1\]: lists or objects nested more than 16 deep"),
    (lambda pair: pair[2].__setitem__("a", _deep(40)), r"pair\[2\]: lists or objects nested more than 16 deep"),
    (lambda pair: pair[0].__setitem__("next", "x" * 200_000), r"pair\[0\]\.next: expected text of at most 100,000"),
    (lambda pair: pair.__setitem__(3, "a sentence"), r"pair\[3\]: expected an object as the parameter's option 0"),
    (lambda pair: pair.__setitem__(1, [1, 2]), r"pair\[1\]: expected an object as the parameter's option 0"),
    (lambda pair: pair[1].__setitem__("a", float("nan")), r"pair\[1\]\.a: expected a number, got nan"),
    (lambda pair: pair[0].__setitem__("a", list(range(20_000))), r"pair\[0\]: an option of more than 10,000 values"),
    (lambda pair: pair[0].__setitem__("a", "\ud800"), r"pair\[0\]\.a: text holds a lone surrogate"),
], ids=["a list 300 deep", "nested in a field", "a huge text", "text among objects", "a list among objects",
        "NaN", "20,000 values", "a lone surrogate"])
@pytest.mark.slow
def test_a_choice_option_is_checked_naming_the_template_and_its_place(key_json, edit, expected):
    data = copy.deepcopy(key_json)
    edit(data["templates"][TEMPLATE]["choices"]["pair"])
    message = _refused(data, rf"templates\[\"{TEMPLATE}\"\]\.choices\.{expected}")
    assert message.startswith("key.json: ")


def test_every_option_of_a_generated_key_passes(key_json):
    """The bank's options (objects of texts and lists, two levels deep) are read as before."""
    key = Key.from_json(copy.deepcopy(key_json), "key.json")
    question = next(q for q in key.questions if q.template == TEMPLATE)
    assert set(question.params["pair"]) == {"a", "next", "random"}


def test_an_option_read_through_grade_is_one_line(invoke, tmp_path, key_json):
    data = copy.deepcopy(key_json)
    data["templates"][TEMPLATE]["choices"]["pair"][0] = _deep(300)
    (tmp_path / "key.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question,part,answer\ns1,Q1,a,1\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json", "--out", tmp_path / "o")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1
    assert f'templates["{TEMPLATE}"].choices.pair[0]: lists or objects nested' in result.stderr


# ------------------------------------------------------------------ 2. version 2 has no choices

def test_a_version_2_key_with_choices_is_refused_as_inconsistent(key_json):
    data = copy.deepcopy(key_json)
    data["version"] = 2
    message = _refused(data, r"templates\[\"[a-z-]+\"\]\.choices: a version-2 key has no choices")
    assert "inconsistent" in message and "regenerate it with quizgen generate" in message


def test_a_version_2_instance_naming_a_choice_by_place_is_refused(key_json):
    """Without the templates' choices, an instance's pick by place says the same."""
    data = copy.deepcopy(key_json)
    data["version"] = 2
    for record in data["templates"].values():
        record.pop("choices", None)
        for part in record["parts"]:
            part.pop("variants", None)   # version 4's, refused in a version-2 key too
    _refused(data, r"questions\[\d+\]\.choices\.\w+: a version-2 key has no choices")


def test_a_version_2_key_without_choices_still_reads(key_json):
    """A version-2 key as quizgen wrote them (every pick whole under params) reads as before."""
    data = copy.deepcopy(Key.from_json(copy.deepcopy(key_json), "key.json").to_json())
    data["version"] = 2
    for record in data["templates"].values():
        record.pop("choices", None)
    for question in data["questions"]:
        question.pop("choices", None)
    key = Key.from_json(data, "key.json")
    assert key.version == 2 and all(q.params for q in key.questions)


# ------------------------------------------------------------------ 3. recipes that cannot be used

def _params(data) -> dict:
    """The parameters of the key's one question of ``TEMPLATE``."""
    return next(q for q in data["questions"] if q["template"] == TEMPLATE)["params"]


def _recipe(data, part: str) -> dict:
    return data["templates"][TEMPLATE]["recipes"][part]


@pytest.mark.parametrize("edit, expected", [
    (lambda d: _recipe(d, "loss_y1").update(recipe="-log(part:zz)"),
     r"recipes\.loss_y1\.recipe: reads part 'zz', which question Q\d+ has not"),
    (lambda d: _recipe(d, "loss_y0").update(steps=[["q", "1 - part:zz"]]),
     r"recipes\.loss_y0\.steps\.q: reads part 'zz', which question Q\d+ has not"),
    (lambda d: _recipe(d, "loss_y1").update(recipe="-log(part:p) + pair"),
     r"recipes\.loss_y1\.recipe: reads parameter 'pair', which question Q\d+ gives as an object, not a number"),
    (lambda d: _recipe(d, "loss_y1").update(recipe="-log(part:p) + 1/(s - s)"),
     r"recipes\.loss_y1\.recipe: does not evaluate for question Q\d+ \(division by zero\)"),
    (lambda d: _recipe(d, "p").update(recipe="log(-1 - s*s)"),
     r"recipes\.p\.recipe: does not evaluate for question Q\d+ \(logarithm of a non-positive number\)"),
    (lambda d: (_params(d).update(k="1/0"), _recipe(d, "loss_y1").update(recipe="-log(part:p) + k")),
     r"recipes\.loss_y1\.recipe: reads parameter 'k', which question Q\d+ gives as the text '1/0', not a number"),
    (lambda d: _recipe(d, "loss_y1").update(recipe="-log(part:p) +"),
     r"recipes\.loss_y1\.recipe: not a valid expression: '-log\(part:p\) \+'$"),
], ids=["an unknown part", "an unknown part in a step", "a parameter that is no number",
        "a division by zero", "a logarithm of a negative number", "a text that is no exact value",
        "a bad expression, quoted as written"])
def test_a_recipe_that_does_not_evaluate_is_refused_when_grade_loads_the_key(invoke, tmp_path, key_json,
                                                                             edit, expected):
    data = copy.deepcopy(key_json)
    edit(data)
    (tmp_path / "key.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question,part,answer\ns1,Q1,a,1\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json", "--out", tmp_path / "o")
    assert result.exit_code == 2 and result.stderr.count("\n") == 1, result.output
    assert f"key.json: templates.{TEMPLATE}." in result.stderr
    assert re.search(expected, result.stderr), result.stderr


@pytest.mark.slow
def test_a_worked_examples_key_is_read_and_marked_with_carried_rounding(invoke, tmp_path):
    """Its canonical parameters hold exact texts (``exp(2)/(exp(2) + E + 1)``), now read
    back by the whitelist parser: the key is not refused, and C9's total loss (a), whose
    probabilities are such texts, accepts a value reached only by carrying 3-figure
    intermediates (2.02; C4's 1.744, 1.74 at the 3 figures asked, is reached by no carrying:
    review 47b F12). Until review 52b F1 the case was C10's 1.11 for 1.1047; C10's worked
    example, now 1.1910, has no value carrying reaches that is not 1.19 at 3 figures."""
    assert invoke("generate", "--seed", 1, "--worked-examples", "--no-solutions",
                  "--out", tmp_path / "q").exit_code == 0
    (tmp_path / "a.csv").write_text("student_id,question,part,answer\ns1,Q9,a,2.02\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "o.csv")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "o.csv", encoding="utf-8-sig", newline="") as handle:
        row = next(csv.DictReader(handle))
    assert (row["status"], row["note"]) == ("correct", "carried_rounding"), row
