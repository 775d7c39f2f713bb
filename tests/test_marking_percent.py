"""Percentages (issue 12, item 4) and trap credit written in a template
(item 5), with a user bank template: a part that asks for a percentage
reads ``50.7%`` as 50.7, any other part reads it as 0.507; a trap's
``credit`` reaches the key and the grader."""

import json
from pathlib import Path

import pytest
import yaml

from quizgen.bank.loader import load_template
from quizgen.errors import TemplateError
from quizgen.generation.quiz import Question
from quizgen.generation.sampling import canonical_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.key.model import Key
from quizgen.marking.percent import asks_percent
from tests.paper_support import part_rules

USER_TEMPLATE = Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml"


def percent_template(tmp_path, credit=0.5):
    """The user template with a second part asking for p as a percentage; its
    temperature_ignored trap earns ``credit``."""
    data = yaml.safe_load(USER_TEMPLATE.read_text(encoding="utf-8"))
    data["parts"][0]["traps"][0]["credit"] = credit
    data["parts"][0]["range"] = [0, 1]   # a probability: 50.6% may be read as 0.506 (percent.reads_hundredths)
    data["parts"].append({"name": "pct", "ask": "Give that probability as a percentage.", "answer": "100 * p",
                          "tolerance": {"sigfigs": 3}})
    data.pop("tests", None)
    path = tmp_path / "pct.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return load_template(path)


@pytest.mark.parametrize("ask, percent", [
    ("Give it as a percentage.", True), ("What percentage of the tokens are masked?", True),
    ("The masking rate (in %)?", True), ("How many percent are left unchanged?", True),
    ("15% of the positions are picked: how many is that?", False), ("What is the probability p?", False)])
def test_a_part_is_a_percentage_when_its_question_asks_for_one(ask, percent):
    assert asks_percent(ask) is percent


def test_percent_sign_by_what_the_question_asks(tmp_path):
    template = percent_template(tmp_path)
    inst = canonical_instance(template)           # p = 0.50648
    checkers = question_checkers(key_entry(Question("Q1", inst)))
    p, pct = checkers["a"], checkers["b"]
    assert pct.part.spec.percent and not p.part.spec.percent
    assert [pct(t).status for t in ("50.6%", "50.6", "50.6 %", "0.506")] == ["correct"] * 3 + ["incorrect"]
    assert [p(t).status for t in ("50.6%", "0.506", "50.6")] == ["correct", "correct", "incorrect"]
    rules = part_rules(inst)
    assert rules["pct"].percent and not rules["p"].percent


def test_trap_credit_and_the_percent_flag_reach_the_key_and_only_when_set(tmp_path):
    inst = canonical_instance(percent_template(tmp_path))
    entry = key_entry(Question("Q1", inst))
    data = Key((entry,), seed=1).to_json()
    text = json.dumps(data)
    assert text.count('"credit": 0.5') == 1 and text.count('"percent": true') == 1
    again = Key.from_json(data).questions[0]
    assert again.parts[0].traps[0].credit == 0.5 and again.parts[1].spec.percent
    verdict = question_checkers(again)["a"]("0.665")     # the temperature ignored: half the part's points
    assert (verdict.status, verdict.misconception, verdict.score) == ("incorrect", "temperature_ignored", 0.5)
    plain = Key((key_entry(Question("Q1", canonical_instance(load_template(USER_TEMPLATE)))),), seed=1)
    assert '"credit"' not in json.dumps(plain.to_json()) and '"percent"' not in json.dumps(plain.to_json())


@pytest.mark.parametrize("credit", [2, -0.5, "half", True])
def test_a_trap_credit_must_be_a_share_from_0_to_1(tmp_path, credit):
    with pytest.raises(TemplateError, match="credit"):
        percent_template(tmp_path, credit)
