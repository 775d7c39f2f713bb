"""The shortcuts generation takes for speed give exactly what the plain forms
give: rational arithmetic, shared whole numbers, draws from the random
stream, and a key part's shared spec."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.key.entries import _same_texts, part_spec, template_specs, trap_feedback
from quizgen.maths import rationals
from quizgen.maths.exact import whole


def _fractions(seed: int, count: int) -> list:
    rng = random.Random(seed)
    denominators = [1, 1, 2, 3, 20, 100, 7, 10 ** 9 + 7, 2 ** 70]
    values = [Fraction(rng.randint(-10 ** 6, 10 ** 6), rng.choice(denominators)) for _ in range(count)]
    return values + [Fraction(0), Fraction(1), Fraction(-1), Fraction(3 ** 200, 2 ** 90)]


@pytest.mark.parametrize("name, plain", [("add", lambda a, b: a + b), ("sub", lambda a, b: a - b),
                                         ("mul", lambda a, b: a * b), ("div", lambda a, b: a / b)])
@pytest.mark.slow
def test_rational_operations_equal_fractions(name, plain):
    operation = getattr(rationals, name)
    values = _fractions(1, 60)
    for a in values:
        for b in values:
            if name == "div" and b == 0:
                continue
            got, want = operation(a, b), plain(a, b)
            assert type(got) is Fraction
            assert (got.numerator, got.denominator) == (want.numerator, want.denominator)
            assert hash(got) == hash(want) and str(got) == str(want)


def test_shared_whole_numbers_equal_new_ones():
    for n in list(range(-1030, 1030)) + [10 ** 30, -10 ** 30]:
        value = whole(n)
        assert type(value) is Fraction and value == Fraction(n) and value.denominator == 1


def test_choice_draws_what_randint_drew():
    """Vector and decimal parameters are drawn with ``rng.choice(values)``, once
    ``values[rng.randint(0, len(values) - 1)]``: the same draws from the stream."""
    grid = tuple(Fraction(k, 20) for k in range(1, 20))
    for seed in range(50):
        chosen, indexed = random.Random(f"s{seed}"), random.Random(f"s{seed}")
        assert [chosen.choice(grid) for _ in range(40)] == [grid[indexed.randint(0, len(grid) - 1)]
                                                            for _ in range(40)]


@pytest.mark.slow
def test_same_texts_is_spec_equality():
    """A key part takes its template's shared spec exactly when building its
    own spec would have given one equal to it."""
    seen = {True: 0, False: 0}
    for template in load_bank():
        shared = template_specs(template)[1]
        points = template.part_points()
        for k in range(12):
            inst = sample_instance(template, f"invariants/{template.id}/{k}")
            for i, (pv, texts) in enumerate(zip(inst.parts, trap_feedback(inst, inst.parts))):
                same = _same_texts(pv, texts, shared[i])
                assert same == (part_spec(pv, points[i], texts) == shared[i])
                seen[same] += 1
    assert seen[True] and seen[False]
