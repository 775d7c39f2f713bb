"""Review 56a F7: C9 seed 5 Q18 (p = [0.9, 0.55], s = -1.2, y = 0; L = 0.351599 + 0.263282 = 0.614881,
key 0.615) accepts `0.616` as `carried_rounding`, and the reviewer's brute force (each step at 3, 4, 5
figures or unrounded, ties either way) reached at most 0.615315. The route it missed keeps every step to
3 figures or more: sigma(s) = 0.231475 kept as 0.2315 (4 figures), 1 - sigma(s) = 0.7685 written down
and kept to 3 figures, a tie the paper rounds up (0.769) and half to even rounds down (0.768, the other
neighbour carried rounding takes at a tie: docs/marking.md), L_NSP = -ln 0.768 = 0.263966, L_MLM =
0.352 (or 0.3516): L = 0.615966 (0.615566), 0.616. These tests pin the route as reachable, and that it
is that tie's lower neighbour alone which reaches 0.616 (by the paper's rule alone it is `imprecise`)."""

import math

import pytest

import quizgen.marking.roundings as roundings
from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.marking.carry import carried_set
from quizgen.marking.recipes import part_paths
from quizgen.marking.roundings import sig_roundings
from tests.paper_support import mark_paper

Q18 = "5/bert-total-loss-twist/17"   # generate --classes C9 --count 30 --seed 5: Q18


def _q18():
    template = next(t for t in load_bank() if t.cls == "C9")
    instance = sample_instance(template, Q18)
    assert (list(map(float, instance.params["p"])), float(instance.params["s"]), int(instance.params["y"])) \
        == ([0.9, 0.55], -1.2, 0)
    return template, instance


def test_the_route_keeps_every_step_to_3_figures_or_more():
    sigma = 1 / (1 + math.exp(1.2))
    assert sig_roundings(sigma, 4) == (0.2315,)
    assert sig_roundings(1 - 0.2315, 3) == (0.768, 0.769)   # a tie: half to even, then the paper's half up
    mlm = (-math.log(0.9) - math.log(0.55)) / 2
    assert sig_roundings(mlm, 3) == (0.352,) and sig_roundings(mlm, 4) == (0.3516,)
    for kept in (0.352, 0.3516):
        assert f"{kept - math.log(0.768):.3g}" == "0.616"
    assert f"{0.352 - math.log(0.769):.3g}" == "0.615"   # the paper's neighbour: the key's value


def test_the_carried_set_holds_the_route():
    template, instance = _q18()
    values = carried_set(part_paths(template), instance.env, "total", {})
    for kept in (0.352, 0.3516):
        assert any(abs(v - (kept - math.log(0.768))) < 1e-9 for v in values), kept


def test_0_616_is_carried_rounding():
    marked = mark_paper(_q18()[1], {"total": "0.616"})["total"]
    assert (marked.status, marked.note, marked.score) == ("correct", "carried_rounding", 1.0), marked


@pytest.fixture
def paper_rule_at_the_tie(monkeypatch):
    """Rounding 0.7685 by the paper's rule alone (0.769), every other value as before."""
    each = roundings.each_rounding

    def without_lower(x, levels):
        found = each(x, levels)
        return [v for v in found if v != 0.768] if abs(x - 0.7685) < 1e-12 else found

    roundings._kept_roundings.cache_clear()
    monkeypatch.setattr(roundings, "each_rounding", without_lower)
    yield
    roundings._kept_roundings.cache_clear()


def test_only_that_tie_rounded_down_reaches_0_616(paper_rule_at_the_tie):
    template, instance = _q18()
    values = carried_set(part_paths(template), instance.env, "total", {})
    assert max(values) < 0.6155, max(values)   # the reviewer's 0.615315
    marked = mark_paper(instance, {"total": "0.616"})["total"]
    assert marked.status != "correct", marked
