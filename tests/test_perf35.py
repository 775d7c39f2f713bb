"""The thirty-fifth round's marking work kept the same verdicts: a part's ECF
recipe in floats (marking/recipe_floats.py) is folded and compiled once per
tree, each instance grounding only its own part-free pieces."""

from __future__ import annotations

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.marking import recipe_floats
from quizgen.marking.recipe_floats import float_recipe
from quizgen.marking.recipes import part_paths

BANK = {t.cls: t for t in load_bank()}


def _outcome(function, parts):
    try:
        return function(parts)
    except Exception as exc:   # the same failure either way
        return type(exc)


@pytest.mark.parametrize("cls", sorted(BANK))
def test_a_kept_plan_gives_what_folding_afresh_gives(cls):
    template = BANK[cls]
    paths = part_paths(template)
    for k in range(6):
        env = sample_instance(template, f"perf35/{cls}/{k}").env
        for name, recipe in paths.items():
            parts = {d: 0.37 * (i + 1) + k for i, d in enumerate(recipe.depends)}
            try:
                fresh = recipe_floats._float_recipe(recipe.expression, env)
            except Exception as exc:
                with pytest.raises(type(exc)):
                    float_recipe(recipe.expression, env)
                continue
            assert _outcome(float_recipe(recipe.expression, env), parts) == _outcome(fresh, parts), (cls, k, name)


def test_a_recipe_is_compiled_once_for_every_instance(monkeypatch):
    template = BANK["C10"]
    recipe = part_paths(template)["loss"]   # sum(-log(p))/part:targets: the instance's p, the student's count
    compiled = []
    original = recipe_floats.list_floats
    monkeypatch.setattr(recipe_floats, "list_floats", lambda tree: compiled.append(tree) or original(tree))
    values = [float_recipe(recipe.expression, sample_instance(template, f"perf35/once/{k}").env)({d: 0.5 for d in
                                                                                                 recipe.depends})
              for k in range(5)]
    assert len(compiled) == 1 and len(set(values)) > 1   # one compile, each instance its own parameters


def test_a_one_value_hull_is_rounded_as_two_ends_are():
    """hull._rounded rounds a hull of one value once: the same bounds as both
    ends rounded (ties both ways, zero of either sign, a value beyond 10**22)."""
    import random

    from quizgen.marking.hull import _rounded
    from quizgen.marking.roundings import LEVELS, each_rounding

    draw = random.Random(35)
    values = [0.0, -0.0, 0.8125, -0.8125, 0.9175, 1e23 + 7e8, 2.5e-30]
    values += [draw.uniform(-1, 1) * 10 ** draw.randint(-12, 12) for _ in range(400)]
    for v in values:
        for levels in (LEVELS, (2, 3, 4)):
            ends = each_rounding(v, levels)
            if levels[0] == 2:   # a step kept to 2 figures may be carried first (early_steps.short_kept)
                ends += [r for other in each_rounding(v, levels[1:]) for r in each_rounding(other, (2,))]
            both = (min(v, *ends), max(v, *ends))
            got = _rounded((v, v), levels)
            assert got == both and [str(x) for x in got] == [str(x) for x in both], v


def _key_question(cls: str, k: int):
    from quizgen.generation.quiz import Question
    from quizgen.key.entries import key_entry
    return key_entry(Question("Q1", sample_instance(BANK[cls], f"perf35/key/{cls}/{k}")))


@pytest.mark.parametrize("cls", [c for c in sorted(BANK) if c not in ("C4", "C5", "C9")])   # none reads another
def test_an_earlier_part_is_read_without_its_rule_and_as_its_rule_reads(cls):
    """A later part's ``Source`` of an earlier one is made without the earlier
    part's rule (most earlier parts are answered right), and it is what
    ``source_of`` of that rule gives, its carried spans the very same object."""
    from quizgen.grading.careful import QuestionRules
    from quizgen.marking.rules import Credits, source_of

    met = 0
    for k in range(3):
        question = _key_question(cls, k)
        rules = QuestionRules(question, Credits())
        later = [p.letter for p in question.parts if (rules.rule(p.letter) or None) and rules.rule(p.letter).sources]
        met += len(later)   # round 39's test review: C4, C5 and C9 have none, and the test checked nothing there
        fresh = QuestionRules(question, Credits())
        for letter in later:
            made = fresh.rule(letter)
            assert set(fresh._rules) == {letter}   # the earlier parts it reads: no rule made for them
            for source in made.sources:
                earlier = next(p.letter for p in question.parts if p.name == source.name)
                assert source == source_of(fresh.rule(earlier)) and source.carried is fresh.rule(earlier).carried
            fresh = QuestionRules(question, Credits())
    assert met


def test_a_templates_trap_recipes_are_made_once_for_all_its_instances():
    from quizgen.grading.careful import QuestionRules
    from quizgen.marking.rules import Credits

    spans = []
    for k in range(3):
        question = _key_question("C2", k)
        rule = QuestionRules(question, Credits()).rule("b")
        spans.append({t.code: t.carried for t in rule.traps if t.carried})
    assert spans[0] and all(s.keys() == spans[0].keys() for s in spans)
    for code in spans[0]:
        recipes = {id(s[code].paths[s[code].name]) for s in spans}
        assert len(recipes) == 1, code   # one Recipe object, the instances' own parameters beside it
