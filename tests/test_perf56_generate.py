"""The fifty-sixth round's generate changes keep every result: a part's trap words
found apart are remembered (separation._check_words), words that clash never are."""

from types import SimpleNamespace

import pytest

from quizgen.generation import separation
from quizgen.generation.separation import Rejected


def _part(accept, *traps):
    """A stand-in for sampling.PartValue: what _check_words reads."""
    return SimpleNamespace(part=SimpleNamespace(name="loss"), accept=tuple(accept),
                           traps=[SimpleNamespace(code=code, words=tuple(words)) for code, words in traps])


def test_words_that_clash_fail_every_time():
    clash = _part(["yes"], ("flip", ["Yes."]))
    for _ in range(3):
        with pytest.raises(Rejected, match="trap flip word 'yes' is also accepted"):
            separation._check_words(clash)
    twice = _part(["yes"], ("a", ["no"]), ("b", ["No"]))
    for _ in range(3):
        with pytest.raises(Rejected, match="word 'no' is in two traps"):
            separation._check_words(twice)


def test_words_apart_are_remembered_and_others_still_checked():
    separation._WORDS_APART.clear()
    apart = _part(["yes"], ("a", ["no"]), ("b", ["maybe"]))
    separation._check_words(apart)
    assert len(separation._WORDS_APART) == 1
    separation._check_words(apart)
    assert len(separation._WORDS_APART) == 1
    with pytest.raises(Rejected):   # the same words with one more trap word: checked, not taken as seen
        separation._check_words(_part(["yes"], ("a", ["no"]), ("b", ["maybe", "yes"])))


def test_remembered_sets_are_bounded(monkeypatch):
    monkeypatch.setattr(separation, "WORDS_APART_LIMIT", 3)
    separation._WORDS_APART.clear()
    for n in range(10):
        separation._check_words(_part(["yes"], ("a", [f"no{n}"])))
    assert len(separation._WORDS_APART) <= 3


def test_a_grids_values_are_checked_once_and_a_draw_from_it_is_the_same(tmp_path):
    """plan.small_grids: the grids listed whole whose values are all within the budget's
    sizes; draw_params skips its check of a value drawn from one, and draws the same."""
    import random

    from bank_support import bank_with
    from quizgen.bank.loader import load_template
    from quizgen.generation.param_draws import draw_params
    from quizgen.generation.plan import plan_for

    template = load_template(bank_with(tmp_path) / "c14.yaml")
    assert plan_for(template).small_grids == {"z", "eps"}
    draws = [draw_params(template, random.Random(f"1/c14/{k}")) for k in range(20)]
    assert all(len(d["z"]) == d["V"] and all(v.denominator in (1, 2) for v in d["z"]) for d in draws)


def test_a_grid_over_the_budget_is_not_taken_as_checked(tmp_path, monkeypatch):
    from bank_support import bank_with
    from quizgen.bank import budget
    from quizgen.bank.loader import load_template
    from quizgen.generation.plan import _fixed_grids, _small_grids

    template = load_template(bank_with(tmp_path) / "c14.yaml")
    grids = _fixed_grids(template)
    monkeypatch.setattr(budget, "MAX_BITS", 1)   # 5/2 and 0.05 are then too big: each draw is checked as before
    assert _small_grids(template, grids) == frozenset()
