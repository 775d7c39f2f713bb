"""ECF recipes derived from the let graph of every shipped template."""

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.marking.carry import reachable
from quizgen.marking.recipes import parse_recipe, part_paths, recipe_text, shape

BANK = {t.cls: t for t in load_bank()}

# What the let graph gives, pinned: part <- recipe [intermediate lets].
EXPECTED = {
    "C1": {"loss": ("-log(part:p)", ())},
    "C2": {"loss": ("-log(part:p)", ())},
    "C3": {"loss": ("log(1/part:p)", ())},   # written log(1 / p), not log(V), so that (b) reads (a)
    "C4": {},
    "C5": {},
    "C6": {"masked": ("part:chosen*8/10", ()), "randomised": ("part:chosen/10", ()),
           "unchanged": ("part:chosen/10", ()), "graded": ("part:chosen", ())},
    "C7": {"loss_y1": ("-log(part:p)", ()), "loss_y0": ("-log(1 - part:p)", ("q",))},
    "C8": {"loss": ("-log(part:p)", ())},
    "C9": {},
    # (a) counts the predictions with [BOS] and [EOS] (review 51c F10), the T + 1 losses (b) averages
    # (review 52b F1: until then (b) was the printed sentence's, its recipe over (a) - 2)
    "C10": {"loss": ("sum(-log(p))/part:targets", ("losses", "total"))},
}


def test_recipes_of_the_shipped_bank_are_pinned():
    found = {cls: {name: (r.text, tuple(n for n, _ in r.intermediates))
                   for name, r in part_paths(t).items() if r.depends} for cls, t in BANK.items()}
    for cls, recipes in sorted(found.items()):
        for name, (text, steps) in recipes.items():
            print(f"{cls} {name} <- {text}  rounding at {list(steps)}")
    assert found == EXPECTED


def test_paths_keep_intermediates_of_parts_without_recipes():
    paths = part_paths(BANK["C4"])
    assert paths["lmlm"].depends == () and [n for n, _ in paths["lmlm"].intermediates] == ["losses"]
    assert [n for n, _ in part_paths(BANK["C1"])["p"].intermediates] == ["total", "exp_z"]


@pytest.mark.parametrize("cls", sorted(BANK))
def test_recipe_text_reads_back_to_the_same_tree(cls):
    template = BANK[cls]
    names = [n for n, _ in template.lets] + [p.name for p in template.params]
    for recipe in part_paths(template).values():
        again = parse_recipe(recipe.text, names)
        assert shape(again) == shape(recipe.expression)
        assert recipe_text(again) == recipe.text


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(c for c in EXPECTED if EXPECTED[c]))
def test_recipes_give_the_key_from_the_correct_earlier_answers(cls):
    template = BANK[cls]
    recipes = {name: r for name, r in part_paths(template).items() if r.depends}
    for k in range(200):
        instance = sample_instance(template, f"recipes/{cls}/{k}")
        values = {pv.part.name: float(pv.value) for pv in instance.parts if pv.value is not None}
        for name, recipe in recipes.items():
            parts = {d: (values[d],) for d in recipe.depends}
            (got,) = reachable(recipe, instance.env, parts, levels=())
            assert got == pytest.approx(values[name], rel=1e-12, abs=1e-12), (cls, k, name)


def test_a_wrong_earlier_answer_feeds_the_recipe():
    template = BANK["C7"]
    instance = canonical_instance(template)
    recipe = part_paths(template)["loss_y0"]
    (got,) = reachable(recipe, instance.env, {"p": (0.231,)}, levels=())
    assert got == pytest.approx(0.26266, abs=1e-5)  # -ln(1 - 0.231)


@pytest.mark.parametrize("cls", sorted(BANK))
@pytest.mark.slow
def test_each_trap_recipe_worked_from_the_right_earlier_answers_is_the_keys_trap_value(cls):
    """The stored trap recipes (key/recipes.py "traps") worked from the exact
    earlier answers name every trap value of many draws as its own trap, so a
    trap worked from a student's own wrong (a) is the same slip; one that reads
    no part (a misconception's working, kept for its carried rounding) is no
    slip from an earlier answer, and gives the trap's value."""
    from quizgen.generation.quiz import Question
    from quizgen.grading.careful import QuestionRules
    from quizgen.key.entries import key_entry
    from quizgen.marking.recipes import recipe_parts, trap_recipes
    from quizgen.marking.rules import Credits

    stored = trap_recipes(BANK[cls])
    checked = 0
    for k in range(15):
        question = key_entry(Question("Q1", sample_instance(BANK[cls], f"trap-recipes/{cls}/{k}")))
        rules = QuestionRules(question, Credits())
        values = {part.name: part.value for part in question.parts}
        for part in question.parts:
            for code, text in stored.get(part.name, ()):
                trap = next(t for t in part.traps if t.code == code)
                value = part.trap_values[part.traps.index(trap)]
                if value is None:
                    continue
                found = rules.own_trap(part.letter, value, values, part.tolerance, part.kind)
                if not recipe_parts(text):
                    assert found is None or found[0].code != code, (k, part.name, code)
                    assert rules._trap_value(part.name, code, text, values) == pytest.approx(value, rel=1e-12)
                    continue
                assert found is not None and found[0].code == code, (k, part.name, code)
                checked += 1
    assert checked or not stored


def test_every_recipe_text_generate_writes_reads_back(monkeypatch):
    """generate never writes a key grade refuses: a trap text the parser could
    not read back (over 400 characters) is left out; up to that it is kept and
    read (rev-code15: a 252-character trap text was written, then refused)."""
    from quizgen.key import entries
    from quizgen.key.recipes import RECIPE_LIMIT, read_recipes
    from quizgen.key.checks import Where

    long_text = " + ".join(["part:p"] * 60)                  # 537 characters
    kept_text = " + ".join(["part:p"] * 40)                  # 357 characters
    assert len(kept_text) <= RECIPE_LIMIT < len(long_text)
    monkeypatch.setattr(entries, "trap_recipes",
                        lambda template: {"loss": (("too_long", long_text), ("kept", kept_text))})
    recipes = entries.template_recipes(BANK["C1"])
    assert recipes["loss"].traps == (("kept", kept_text),)
    record = {name: recipe.to_json() for name, recipe in recipes.items()}
    assert read_recipes(record, Where("key.json"))["loss"].traps == (("kept", kept_text),)
