"""report34b: names33 named each misconception by its name beside its code in
the class report's tables; the flag of a very hard part still said "...% fell
into sigmoid_sign_error", the code alone. It now says the name too, escaped as
every text from a key is, and the code alone for a key without names."""

import copy
import csv
import json

import pytest
from click.testing import CliRunner

import quizgen
from quizgen.cli import main

SIGN = "the wrong sign inside the sigmoid"
TEMPLATE = "nsp-sigmoid-loss"
HOSTILE = "<b>x</b> | *y*"


@pytest.fixture(scope="module")
def c7_key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("c7")
    made = CliRunner().invoke(main, ["generate", "--classes", "C7", "--seed", "1", "--out", str(folder)])
    assert made.exit_code == 0, made.output
    return json.loads((folder / "key.json").read_text(encoding="utf-8"))


def _named(data: dict, name) -> dict:
    data = copy.deepcopy(data)
    for trap in data["templates"][TEMPLATE]["parts"][0]["traps"]:
        if name is None:
            trap.pop("name", None)
        elif trap["code"] == "sigmoid_sign_error":
            trap["name"] = name
    return data


def _report(folder, data: dict) -> dict:
    """Five of six students fell into sigmoid_sign_error on Q1 (a): very hard, the trap widespread."""
    part = data["questions"][0]["parts"][0]
    folder.mkdir()
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"),
                                      *((f"s{i}", "Q1", "a", f"{part['trap_values'][0] if i else part['value']:.3g}")
                                        for i in range(6))])
    quizgen.grade(answers, key=data)
    return {kind: (folder / f"answers-graded-{kind}").read_text(encoding="utf-8-sig")
            for kind in ("report.md", "report.html", "items.csv")}


def test_the_very_hard_flag_names_the_widespread_misconception(c7_key, tmp_path):
    out = _report(tmp_path / "named", c7_key)
    assert f"83% fell into {SIGN} (sigmoid\\_sign\\_error), a widespread misconception" in out["report.md"]
    assert f"83% fell into {SIGN} (sigmoid_sign_error), a widespread misconception" in out["report.html"]
    assert f"83% fell into {SIGN} (sigmoid_sign_error), a widespread misconception" in out["items.csv"]


def test_a_key_without_names_flags_the_code_alone(c7_key, tmp_path):
    out = _report(tmp_path / "unnamed", _named(c7_key, None))
    assert "83% fell into sigmoid_sign_error, a widespread misconception" in out["report.html"]
    assert SIGN not in out["report.html"]


def test_a_hostile_name_in_the_flag_is_escaped(c7_key, tmp_path):
    out = _report(tmp_path / "hostile", _named(c7_key, HOSTILE))
    assert "fell into &lt;b&gt;x&lt;/b&gt; | *y* (sigmoid_sign_error)" in out["report.html"]
    assert "<b>x</b>" not in out["report.html"]
    assert "fell into \\<b\\>x\\</b\\> \\| \\*y\\* (sigmoid\\_sign\\_error)" in out["report.md"]
