"""Review 44e F2: a key.json's parameter lists and recipe steps had no cap, and grade's
recipe check no work budget: a 5 MB key (a list of 1,000,000 items) took 825 MB and
21 s, and 20,000 steps over a 10,000-item list ran for most of an hour. The key reader
now refuses, in one line naming the field and the limit, a list over the bank's 10,000
items, a recipe over 200 steps, and a question whose values times its template's recipe
texts pass 200,000 units (key/work_caps.py; the largest built-in key uses 275)."""

import json
import time

import pytest

from quizgen.key import work_caps

TEMPLATE = "mlm-confident-correct"


@pytest.fixture
def key(c1_key) -> dict:
    """Seed 1's C1 key (fixtures_course.py) as JSON data."""
    return json.loads(c1_key.read_text(encoding="utf-8"))


def _grade(invoke, tmp_path, key: dict):
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "a.csv").write_text("student_id,question_id,part,answer\ns1,Q1,a,0.7157\n", encoding="utf-8")
    started = time.monotonic()
    result = invoke("grade", tmp_path / "a.csv", "--key", tmp_path / "key.json")
    return result, time.monotonic() - started


def _edited(key: dict, items: int = 0, steps: int = 0) -> dict:
    key = json.loads(json.dumps(key))
    if items:
        key["questions"][0]["params"]["z"] = [0.5] * items
    if steps:
        key["templates"][TEMPLATE]["recipes"]["p"]["steps"] = [[f"s{i}", "exp(z)"] for i in range(steps)]
    return key


def _refusal(result, tmp_path) -> str:
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    prefix = f"quizgen: error: {tmp_path / 'key.json'}: "
    assert line.startswith(prefix), line
    return line[len(prefix):]


def test_a_parameter_list_over_the_banks_cap_is_refused(invoke, tmp_path, key):
    result, _ = _grade(invoke, tmp_path, _edited(key, items=10_001))
    assert _refusal(result, tmp_path) == ("questions[0].params.z: 10,001 items in one list, more than the 10,000 a "
                                          "key may hold (see docs/key.md, Limits)")


def test_a_recipe_of_more_than_200_steps_is_refused(invoke, tmp_path, key):
    result, _ = _grade(invoke, tmp_path, _edited(key, steps=201))
    assert _refusal(result, tmp_path) == (f'templates["{TEMPLATE}"].recipes.p.steps: 201 steps, more than the 200 '
                                          "a key may hold (see docs/key.md, Limits)")


def test_steps_over_a_long_list_are_refused_before_any_is_evaluated(invoke, tmp_path, key):
    """200 steps over 10,000 items: each within its own cap, 25.9 s of recipe check before."""
    result, took = _grade(invoke, tmp_path, _edited(key, items=10_000, steps=200))
    texts = 1 + 200 + 5   # p's recipe and its steps, loss's recipe and its four traps
    # V and t, z's 10,000, others 3, words 4 (the picked scene, an object no recipe reads, not counted)
    assert _refusal(result, tmp_path) == (f"questions[0].params: 10,009 values, each read by the template's {texts} "
                                          "recipe texts: more than the 200,000 units of work a key may ask for "
                                          "(see docs/key.md, Limits)")
    assert took < 10


def test_too_many_values_in_all_are_refused(invoke, tmp_path, key):
    key = _edited(key)
    key["questions"][0]["params"].update({f"x{i}": [1] * 10_000 for i in range(10)})
    result, _ = _grade(invoke, tmp_path, key)
    assert _refusal(result, tmp_path) == ("questions[0].params: more than 100,000 values in the question's "
                                          "parameters, the most a key may hold (see docs/key.md, Limits)")


def test_a_nested_list_is_walked_and_named(invoke, tmp_path, key):
    key = _edited(key)
    key["questions"][0]["params"]["m"] = [[1, 2], [0] * 10_001]
    result, _ = _grade(invoke, tmp_path, key)
    assert _refusal(result, tmp_path).startswith("questions[0].params.m[1]: 10,001 items in one list, more than")


@pytest.mark.slow   # over a second: the quick suite keeps the cheaper tests of this file
def test_a_key_within_the_caps_still_grades(invoke, tmp_path, key):
    result, _ = _grade(invoke, tmp_path, _edited(key, items=10_000, steps=10))
    assert result.exit_code == 0, result.output


def test_generate_refuses_a_template_whose_key_grade_would_refuse(invoke, tmp_path, monkeypatch):
    """The same cap binds generate: a bank it accepts never makes a key grade refuses."""
    monkeypatch.setattr(work_caps, "MAX_RECIPE_WORK", 20)   # C1's key: 12 to 15 values times 8 recipe texts
    result = invoke("generate", "--seed", "1", "--classes", "C1", "--out", tmp_path / "q")
    assert result.exit_code == 2 and not (tmp_path / "q").exists()
    [line] = result.stderr.strip().splitlines()
    assert "its key (draw 1/mlm-confident-correct/0): params:" in line and "more than the 20 units" in line
