"""Review 57a F1: a later part's recipe that reads an earlier part twice (a softmax's e^(s1) above
the line and in the sum below it, from (a) = s1; tanh u's e^(2u) above and below the line, from
(a) = u) took one of (a)'s carried values at one read and another at the other, so the carried
sets held values no student reaches: C33 (b) accepted 0.9975, the softmax of the unscaled scores,
for 0.9858, and C31 (b) 0.872 but not 0.868 for 0.8661. An earlier part is now one value at every
read (shared_uses.reach, one_value_each). The templates are tests/data/part_read_twice57."""

from __future__ import annotations

import csv
from bisect import bisect_left
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from quizgen.grading.key_recipes import exact_params, key_paths, trap_recipes
from quizgen.key.load import load_key_file
from quizgen.marking.carry import LEVELS, carried_set, earlier_inputs, reachable
from quizgen.marking.complement_route import complement_routes
from quizgen.marking.hull import part_hull
from quizgen.marking.recipes import Recipe, parse_recipe, recipe_parts
from quizgen.marking.roundings import roundings

BANK = Path(__file__).parent / "data" / "part_read_twice57"
EXAMPLES = Path(__file__).parents[1] / "docs" / "examples" / "bert_bank"


def _graded(tmp_path: Path, invoke, cls: str, answers: list) -> dict:
    """``{(student, part): (status, score)}`` of ``answers`` (``(student, part, answer)``) graded
    against the worked example of the test bank's class ``cls``, through the CLI."""
    made = invoke("generate", "--bank", BANK, "--classes", cls, "--worked-examples", "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    sheet = tmp_path / "answers.csv"
    sheet.write_text("student_id,question_id,part,answer\n"
                     + "".join(f"{s},Q1,{p},{a}\n" for s, p, a in answers), encoding="utf-8")
    graded = invoke("grade", sheet, "--key", tmp_path / "q" / "key.json", "--out", tmp_path / "g" / "graded.csv")
    assert graded.exit_code == 0, graded.output
    with open(tmp_path / "g" / "graded.csv", encoding="utf-8-sig", newline="") as f:
        return {(row["student_id"], row["part"]): (row["status"], row["score"]) for row in csv.DictReader(f)}


def test_a_softmax_read_from_its_score_twice_refuses_the_unscaled_softmax(tmp_path, invoke):
    """(a) s1 = 4/sqrt(2) = 2.8284; (b) e^(s1) / (e^(s1) + e^(-1.4142)) = 0.9858. 0.9975 is
    e^4 / (e^4 + e^-2), the unscaled scores' softmax: reached only with s1 = 2.84 above the line
    and 2.8284 below it. Honest carrying of (a), 3 or 4 figures or unrounded, stays correct."""
    rows = _graded(tmp_path, invoke, "C33", [
        ("unscaled", "a", "2.83"), ("unscaled", "b", "0.9975"),
        ("three", "a", "2.83"), ("three", "b", "0.986"),
        ("four", "a", "2.828"), ("four", "b", "0.9858"),
        ("full", "a", "2.8284"), ("full", "b", "0.98583"),
        ("root", "a", "2.84"), ("root", "b", "0.986")])   # sqrt(2) kept as 1.41: 4 / 1.41 = 2.837
    assert rows["unscaled", "b"] == ("incorrect", "0")
    for student in ("three", "four", "full", "root"):
        assert rows[student, "b"] == ("correct", "2"), student


def test_a_tanh_read_from_u_twice_is_one_u_above_and_below_the_line(tmp_path, invoke):
    """u = 1.3172 at x = 1.5, tanh u = 0.8661; from (a) = 1.32, tanh 1.32 = 0.8668: 0.867 is right,
    0.872 (e^2.64 above the line, e^2.633 below) is reached by no one value of u."""
    rows = _graded(tmp_path, invoke, "C31", [
        ("far", "a", "1.32"), ("far", "b", "0.872"),
        ("near", "a", "1.32"), ("near", "b", "0.867"),
        ("four", "a", "1.317"), ("four", "b", "0.866")])
    assert rows["far", "b"] == ("incorrect", "0")
    assert rows["near", "b"] == ("correct", "2") and rows["four", "b"] == ("correct", "2")


def _reached_one_value_each(paths: dict, env: dict, name: str, sets: dict) -> list:
    """Every value part ``name``'s recipe (and its complement route) reaches with each earlier part
    it reads held at one of its carried values, every combination: what a student can reach."""
    parts = earlier_inputs(paths, name, lambda d: roundings(carried_set(paths, env, d, sets), LEVELS))
    found = []
    for values in product(*parts.values()):
        given = {d: (v,) for d, v in zip(parts, values)}
        for recipe in (paths[name], *complement_routes(paths, name, env)):
            found += reachable(recipe, env, given)
    return sorted(found)


def _near(x: float, ordered: list) -> bool:
    i = bisect_left(ordered, x)
    return any(abs(x - y) <= 1e-6 * abs(x) + 1e-12 for y in ordered[max(i - 1, 0):i + 1])


def _carried_cases(key_file: Path):
    """``(question, paths, env, name)`` for each part and each stored trap recipe that reads an
    earlier part, as the grader builds them (careful.py: a trap after every part)."""
    for question in load_key_file(key_file).every_question():
        env = exact_params(question.params)
        paths = key_paths(question, env)
        for name, recipe in paths.items():
            if recipe.depends:
                yield question, paths, env, name
            stored = question.recipes[name]
            for code, trap in trap_recipes(recipe, stored.traps or (), frozenset(env)):
                if trap.depends:
                    yield question, {**paths, f"{name}/{code}": trap}, env, f"{name}/{code}"


def _unreached(key_file: Path) -> list:
    """The carried values of ``key_file``'s parts that no one value of each earlier part reaches."""
    wrong, sets = [], {}
    for question, paths, env, name in _carried_cases(key_file):
        own = sets.setdefault(id(question), {})
        try:
            carried = carried_set(paths, env, name, own)
            ordered = _reached_one_value_each(paths, env, name, own)
        except (ArithmeticError, ValueError):
            continue
        wrong += [(question.id, name, v) for v in carried if not _near(v, ordered)][:3]
    return wrong


@pytest.mark.parametrize("bank", [None, EXAMPLES, BANK], ids=["shipped", "examples", "test"])
def test_every_carried_value_is_reached_with_each_earlier_part_at_one_value(tmp_path, invoke, bank):
    """Over a paper of every class: each value a part's (or a trap's) carried set accepts is one
    that some single carried value of each earlier part it reads gives (the shipped and example
    banks' answers read each earlier part once; C7's trap both_label_terms reads p twice)."""
    extra = () if bank is None else ("--bank", bank)
    made = invoke("generate", *extra, "--classes", "all", "--seed", 57, "--count", 2, "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    assert _unreached(tmp_path / "q" / "key.json") == []


def test_the_hull_still_bounds_a_part_read_twice(tmp_path, invoke):
    """hull.py takes each read of (a) on its own, a wider bound than the sets': still a bound."""
    made = invoke("generate", "--bank", BANK, "--classes", "C31,C33", "--seed", 57, "--count", 4,
                  "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    for question in load_key_file(tmp_path / "q" / "key.json").every_question():
        env = exact_params(question.params)
        paths = key_paths(question, env)
        name = list(paths)[1]
        low, high = part_hull(paths, env, name, {})
        assert all(low <= v <= high for v in carried_set(paths, env, name, {}))


def _recipe(text: str, names: frozenset) -> Recipe:
    return Recipe("b", parse_recipe(text, names), text, recipe_parts(text), ())


def test_a_part_a_list_broadcasts_is_one_value_in_every_element():
    """sum(z * (a)) with z = (1, 2): (a) carried as 1 or 1.1 gives 3 or 3.3, never 1 + 2.2 = 3.2;
    an earlier part as one element of list(...) is read once, and keeps its whole set."""
    env = {"z": (Fraction(1), Fraction(2))}
    names = frozenset(env)
    assert reachable(_recipe("sum(z * part:a)", names), env, {"a": (1.0, 1.1)}, ()) == pytest.approx((3.0, 3.3))
    both = reachable(_recipe("mean(list(part:a, part:c))", names), env, {"a": (1.0, 1.1), "c": (2.0, 2.2)}, ())
    assert both == pytest.approx((1.5, 1.55, 1.6, 1.65))   # every pair: two parts, each read once
