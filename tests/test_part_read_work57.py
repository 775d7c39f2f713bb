"""Review 57c F1: an earlier part read twice is held to one value at a time (review 57a F1), but
the work of each such evaluation was not bounded: kl = p ln(p / (1 - p)) + L p / (L + p), with
(b) = L pinned alone, ran 180 evaluations each still combining p's 93 values pairwise at its
three reads (12.8 million pairs, 7 s for the part's carried set; base 0.25 million pairs, 0.11 s),
and validate hung. A reach now pins the parts whose pinning its work estimate keeps within about
an evaluation pinning nothing (here p and L both, 16,740 evaluations of single values), and takes
the others read by read. The template is tests/data/part_read_work57."""

from __future__ import annotations

from pathlib import Path

import pytest

from quizgen.generation.run import generate
from quizgen.grading.key_recipes import exact_params, key_paths
from quizgen.key.load import load_key_file
from quizgen.marking import carry
from quizgen.marking.carry import LEVELS, Vec, carried_set, earlier_inputs, reachable
from quizgen.marking.recipes import Recipe, parse_recipe, recipe_parts
from quizgen.marking.roundings import roundings
from quizgen.marking.shared_uses import LEAST_WORK, WORK_SHARE, _pinned, _work

BANK = Path(__file__).parent / "data" / "part_read_work57"


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("work57")
    generate(folder, classes="C35", worked_examples=True, banks=(BANK,))
    question = load_key_file(folder / "key.json").questions[0]
    env = exact_params(question.params)
    return key_paths(question, env), env


def _size(value) -> int:
    return sum(len(v) for v in value) if isinstance(value, Vec) else len(value)


def test_kl_carried_set_combines_few_pairs(key, monkeypatch):
    """kl's carried set combines under 400,000 pairs of values (the fix: 117,180; base, pinning
    nothing: 247,197; 57a's fix: 12.8 million), and every value it holds is one that a single
    value of p and of L gives."""
    paths, env = key
    sets = {}
    carried_set(paths, env, "loss", sets)
    pairs = [0]
    combine = carry._combine

    def counted(op, a, b, *rest):
        pairs[0] += _size(a) * _size(b)
        return combine(op, a, b, *rest)

    monkeypatch.setattr(carry, "_combine", counted)
    kl = carried_set(paths, env, "kl", sets)
    assert pairs[0] < 400_000, pairs[0]
    monkeypatch.setattr(carry, "_combine", combine)
    assert min(kl) <= 0.70959 <= max(kl)
    parts = earlier_inputs(paths, "kl", lambda d: roundings(sets[d], LEVELS))
    assert {len(parts["p"]), len(parts["loss"])} == {93, 180}
    one_each = {round(v, 9) for p in parts["p"] for loss in parts["loss"]
                for v in reachable(paths["kl"], env, {"p": (p,), "loss": (loss,)})}
    assert {round(v, 9) for v in kl} <= one_each


def _recipe(text: str) -> Recipe:
    return Recipe("c", parse_recipe(text, frozenset()), text, recipe_parts(text), ())


def test_pinning_only_one_of_two_parts_is_refused_for_its_cost():
    """Pinning L alone costs more than pinning nothing; pinning both costs about as much: both are
    pinned. Where even that is over budget, nothing is, and every read takes the part's whole set."""
    recipe = _recipe("part:p * log(part:p / (1 - part:p)) + part:loss * part:p / (part:loss + part:p)")
    parts = {"p": tuple(0.66 + i * 1e-5 for i in range(93)), "loss": tuple(0.4 + i * 1e-5 for i in range(180))}
    reads = {"p": 3, "loss": 2}
    budget = max(WORK_SHARE * _work(parts, reads, ()), LEAST_WORK)
    assert _work(parts, reads, ("loss",)) > budget and _work(parts, reads, ("p",)) > budget
    assert set(_pinned(parts, reads)) == {"p", "loss"}
    wide = {"p": parts["p"] * 30, "loss": parts["loss"] * 30}   # sizes only: 2,790 and 5,400 values
    assert _pinned(wide, reads) == ()
    assert len(reachable(recipe, {}, parts)) > 1


def test_one_part_read_twice_is_still_pinned():
    """A single part read twice is always pinned (one evaluation each costs less than pairing it
    with itself): 57a F1's softmax from (a) = s1."""
    parts = {"s": tuple(2.8 + i * 1e-3 for i in range(500))}
    assert _pinned(parts, {"s": 2}) == ("s",)


@pytest.mark.slow
def test_validate_of_the_template_finishes(invoke):
    """``quizgen validate --samples 5`` of the template finishes (57a's fix: not in 10 minutes)."""
    result = invoke("validate", "--samples", 5, BANK / "c35_kl.yaml")
    assert result.exit_code == 0, result.output
    assert "3 canonical numbers matched" in result.output
