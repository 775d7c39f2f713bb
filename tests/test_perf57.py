"""The fifty-seventh round's cut in ECF (docs/performance.md): an incorrect answer nothing was said
of is looked at for an earlier answer carried at 1 figure (``early_carry.coarse_carry``) only after
the recipe's hull over the instance's parameters reaches it (``coarse_beyond``), before asking whether
the instance's recipes evaluate (``QuestionRules.usable``, which works every part's set): 911 of the
944 such answers of the per-student workload are far off. What it says is unchanged."""

import pytest

from quizgen.generation.run import generate
from quizgen.grading import careful
from quizgen.grading.ecf_at_once import _coarse_told
from quizgen.grading.part_checker import question_checkers
from quizgen.key.load import load_key_file
from quizgen.key.status import Status
from quizgen.marking.early_carry import coarse_beyond, coarse_carry


@pytest.fixture(scope="module")
def questions(tmp_path_factory):
    folder = tmp_path_factory.mktemp("perf57")
    generate(folder / "seed11", count=1, seed=11)
    generate(folder / "seed3", count=2, seed=3)
    return [*load_key_file(folder / "seed11" / "key.json").questions,
            *load_key_file(folder / "seed3" / "key.json").questions]


def _numeric_with_sources(questions):
    """(checker, its rule, the question's rules) of each numeric part whose recipe reads earlier parts."""
    for question in questions:
        for letter, checker in question_checkers(question).items():
            rule = checker.rule
            if checker.kind == "numeric" and rule is not None and rule.recipe is not None and rule.sources:
                yield checker, rule, checker.question_rules()


def _own(rule, scale: float) -> dict:
    """Earlier answers: each source part's key value times ``scale``."""
    return {s.name: s.value * scale for s in rule.sources if s.value is not None}


def test_beyond_means_nothing_said(questions):
    """Wherever coarse_beyond says no 1-figure rounding reaches the answer, coarse_carry says nothing:
    over every class's parts with earlier inputs, earlier answers right and off, answers near and far."""
    looked = beyond = 0
    for checker, rule, rules in _numeric_with_sources(questions):
        for scale in (1.0, 0.97, 1.04, 1.3):
            own = _own(rule, scale)
            if len(own) != len(rule.sources):
                continue
            for factor in (0.5, 0.9, 0.97, 0.99, 1.0, 1.01, 1.03, 1.1, 2.0, -1.0):
                x = (rule.value or 1.0) * factor
                far = coarse_beyond(rule, x, 3, own, rules.parameters, rules.credits)
                looked, beyond = looked + 1, beyond + far
                if far:
                    assert coarse_carry(rule, x, 3, own, rules.env, {n: 3 for n in own}, rules.credits) == ""
    assert looked > 200 and beyond > looked // 2, (looked, beyond)


def test_a_coarse_a_is_still_said(questions):
    """Seed 11's Q8 (b) 3.51 = -ln 0.03 after (a) 0.0285: the hull reaches it, so it is said as before."""
    q8 = next(q for q in questions if q.id == "Q8" and q.seed.startswith("11/"))
    checker = question_checkers(q8)["b"]
    rules = checker.question_rules()
    assert not coarse_beyond(checker.rule, 3.51, 3, {"p": 0.0285}, rules.parameters, rules.credits)
    assert coarse_carry(checker.rule, 3.51, 3, {"p": 0.0285}, rules.env, {"p": 3}, rules.credits)


def test_ecf_asks_no_usable_of_a_far_off_answer(questions, monkeypatch):
    """ECF's look for a coarse (a) at a far-off (b) (9.99 where 3.56 is right) settles it by the hull,
    without asking whether the instance's recipes evaluate."""
    q8 = next(q for q in questions if q.id == "Q8" and q.seed.startswith("11/"))
    checker = question_checkers(q8)["b"]
    asked = []
    monkeypatch.setattr(careful.QuestionRules, "usable", lambda self: asked.append(self) or True)
    outcome = checker("9.99")
    assert outcome.status == Status.INCORRECT
    sources = (("p", "a", Status.INCORRECT, 0.0285, 3),)
    assert _coarse_told(checker, outcome, sources) is None and asked == []
    near = checker("3.51")
    _coarse_told(checker, near, sources)
    assert asked, "an answer the hull reaches asks as before"
