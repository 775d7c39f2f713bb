"""Issue 11: ``quizgen validate`` re-evaluates every exact value of every
sampled draw through SymPy. It used to referee the first 20 of the 200 draws
unless --samples was typed, so ``validate`` and ``validate --samples 200``
sampled the same draws and refereed 20 against 200. Now every sampled draw is
refereed, typed or not; SymPy reads a repeated printed text once and its names
are made once (referee.py), which pays for part of it."""

import re
from pathlib import Path

import pytest

from quizgen.validation import paper, referee

TEMPLATE = Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml"


@pytest.fixture
def refereed(monkeypatch):
    """The seed labels of the draws the referee is given, as validate gives them."""
    seen = []
    real = paper.referee_instance

    def counted(inst):
        seen.append(inst.seed_label)
        return real(inst)

    monkeypatch.setattr(paper, "referee_instance", counted)
    return seen


def _samples(output: str) -> int:
    return int(re.search(r": (\d+) samples ", output).group(1))


@pytest.mark.parametrize("typed", [pytest.param((), marks=pytest.mark.slow),   # 200 draws a template: seconds
                                   pytest.param(("--samples", "200"), marks=pytest.mark.slow), ("--samples", "37")])
def test_every_sampled_draw_is_refereed_whether_or_not_samples_is_typed(invoke, refereed, typed):
    result = invoke("validate", TEMPLATE, *typed)
    assert result.exit_code == 0, result.output
    assert _samples(result.output) == (int(typed[1]) if typed else 200)
    assert len(refereed) == len(set(refereed)) == _samples(result.output)


def test_no_samples_referees_nothing(invoke, refereed):
    result = invoke("validate", TEMPLATE, "--samples", "0")
    assert result.exit_code == 0, result.output
    assert refereed == []


def test_each_distinct_text_is_read_by_sympy_once(monkeypatch):
    """Two draws' values that print alike are one SymPy reading; the values still
    each get their own comparison (a wrong float is caught at both)."""
    from fractions import Fraction

    referee.sympy_value.cache_clear()
    values = [("let a", Fraction(3, 8)), ("let b", Fraction(3, 8)), ("let c", Fraction(5, 8))]
    assert referee.disagreements(values) == []
    assert referee.sympy_value.cache_info().misses == 2
    monkeypatch.setattr(referee, "to_float", lambda value: 0.5)
    assert len(referee.disagreements(values)) == 3
