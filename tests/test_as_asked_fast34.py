"""The thirty-fourth round's fast path for a correct answer written to more
figures than asked (marking/as_asked.plainly_as_asked, worked in floats)
agrees with the exact rule (``rounds_otherwise``): whenever it says plainly
so, the exact rounding at the figures asked is the key's, so no answer the
exact rule marks wrong is let through. Keys and answers are drawn (seeded)
where floats are likeliest to mislead: at a span's ends and ties, at a power
of ten, with the key's float a little off its exact form (as a hand-edited
key may be, key/exact_check.py)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from quizgen.marking import as_asked
from quizgen.marking.as_asked import as_asked_span, far, plainly_as_asked, rounds_as_asked, rounds_otherwise, shown_right
from quizgen.maths.rounding import to_figures


def _key(draw: random.Random) -> Fraction:
    """An exact key: a decimal of a few more figures than asked, often a tie
    or next to one, or at a power of ten, at any decade, either sign."""
    decade = draw.randint(-12, 12)
    shape = draw.random()
    if shape < 0.2:
        digits = Fraction(draw.choice([1, 9999, 99995, 1000, 10001, 9995]), 1000)   # by a power of ten
    elif shape < 0.45:
        digits = Fraction(draw.randint(100, 999) * 10 + 5, 1000)   # a tie at 3 figures
    else:
        digits = Fraction(draw.randint(10 ** 7, 10 ** 8 - 1), 10 ** 7)
    key = digits * Fraction(10) ** decade
    if draw.random() < 0.1:
        key += Fraction(draw.choice([-1, 1]), 10 ** 15) * Fraction(10) ** decade   # a hair off a tie
    return -key if draw.random() < 0.3 else key


def _answers(draw: random.Random, key: Fraction, asked: int) -> list:
    """Floats near the ends of the span that rounds to the key at ``asked``
    figures (a unit's half either side of it, and the floats beside those),
    inside it, beyond it, and the key's own digits."""
    rounded = to_figures(key, asked)
    if rounded == 0:
        return [float(key)]
    unit = Fraction(10) ** (math.floor(math.log10(abs(float(rounded)))) - asked + 1)
    found = [float(key), float(rounded)]
    for end in (rounded - unit / 2, rounded + unit / 2, rounded - unit / 20, rounded + unit / 20):
        x = float(end)
        found += [x, math.nextafter(x, math.inf), math.nextafter(x, -math.inf)]
        found += [float(end + unit * Fraction(draw.choice([-1, 1]), 10 ** draw.randint(6, 12)))]
    found += [float(rounded + unit * Fraction(draw.randint(-600, 600), 1000)) for _ in range(6)]
    return found


def _figures(x: float) -> int:
    digits = repr(abs(x)).split("e")[0].replace(".", "").lstrip("0")
    return max(len(digits), 1)


def _seeds(count: int, quick: int = 1) -> list:
    """Seeds 0 to ``count - 1``: the first ``quick`` in the quick run, the others ``slow``
    (the same draws, more of them; CI runs all)."""
    return [seed if seed < quick else pytest.param(seed, marks=pytest.mark.slow) for seed in range(count)]


@pytest.mark.parametrize("seed", _seeds(4))
def test_the_fast_path_never_passes_what_the_exact_rule_marks_wrong(seed):
    draw, plainly, checked = random.Random(34_000 + seed), 0, 0
    for _ in range(1500):
        key, asked = _key(draw), draw.choice([2, 3, 3, 3, 4, 5])
        drift = draw.choice([0.0, 0.0, 1e-6, -1e-6, 3e-7])
        stored = float(key) * (1 + drift)   # a key's float, at most exact_check's RTOL off its exact form
        for x in _answers(draw, key, asked):
            figures = max(_figures(x), asked + 1)
            if plainly_as_asked(x, stored, asked):
                plainly += 1
                assert to_figures(Fraction(repr(x)), asked) == to_figures(key, asked), (x, key, asked, stored)
                assert not rounds_otherwise(x, key, "numeric", {"sigfigs": asked}, figures), (x, key, asked)
            checked += 1
    assert plainly > checked // 10   # the fast path is taken, not only refused


def test_it_is_plain_only_well_inside_the_span():
    """0.715664 (0.716 to 3 figures): 0.7162 plainly rounds to it; 0.7165, the
    span's upper end (a tie rounds away from zero), 0.71550, its lower end,
    and 0.7168 are left to the exact rule; so is an answer of the other sign,
    a key at a power of ten (0.100: the span below is narrower) and 0."""
    low, high = as_asked_span(0.715664, "numeric", {"sigfigs": 3})
    assert plainly_as_asked(0.7162, 0.715664, 3) and plainly_as_asked(-0.7162, -0.715664, 3)
    assert plainly_as_asked(low + 1e-9, 0.715664, 3) and not plainly_as_asked(low + 1e-12, 0.715664, 3)
    for x in (low, high, 0.7165, 0.7155, 0.7168, -0.7162, math.inf, math.nan, 0.0):
        assert not plainly_as_asked(x, 0.715664, 3), x
    assert not plainly_as_asked(0.1002, 0.10002, 3) and not plainly_as_asked(1.0, 0.0, 3)
    assert not plainly_as_asked(0.7162, 0.7165, 3)   # the key itself at a tie


class _Part:
    def __init__(self, rational, value):
        self.rational, self.value = rational, value


@pytest.mark.parametrize("count", [150, pytest.param(600, marks=pytest.mark.slow)])
def test_shown_right_is_the_exact_rule_with_or_without_the_fast_path(monkeypatch, count):
    """``shown_right`` gives what the exact rule gives on the drawn keys and
    answers, the fast path on or off (seed 1's Q8 (b), 1.0239: 1.0285 is wrong
    at 3 figures though inside the window, 1.0241 right)."""
    draw, cases = random.Random(3434), []
    for _ in range(count):
        key, asked = _key(draw), draw.choice([3, 3, 4])
        cases += [(_Part(key, float(key)), x, max(_figures(x), asked + 1), asked) for x in _answers(draw, key, asked)]
    cases += [(_Part(Fraction("1.0239"), 1.0239), x, 5, 3) for x in (1.0285, 1.0241)]
    fast = [shown_right(part, x, figures, asked, "numeric", {"sigfigs": asked}) for part, x, figures, asked in cases]
    monkeypatch.setattr(as_asked, "plainly_as_asked", lambda *_: False)
    exact = [shown_right(part, x, figures, asked, "numeric", {"sigfigs": asked}) for part, x, figures, asked in cases]
    assert fast == exact
    assert fast[-2:] == [False, True]


@pytest.mark.parametrize("seed", _seeds(3))
def test_an_answer_called_far_never_rounds_to_the_key(seed):
    """``far``, the careful marker's quick look: an answer it calls far off
    rounds at the figures asked to another number than the key, drawn around
    its threshold (a 10**(2 - asked) share of the key) and near the span."""
    draw, called, checked = random.Random(3400 + seed), 0, 0
    for _ in range(1500):
        key, asked = _key(draw), draw.choice([1, 2, 3, 3, 4, 5])
        share = Fraction(10) ** (2 - asked)
        near = [float(key * (1 + sign * share * (1 + Fraction(draw.randint(-10 ** 6, 10 ** 6), 10 ** 8))))
                for sign in (-1, 1)]
        for x in _answers(draw, key, asked) + near:
            checked += 1
            if far(x, key, asked):
                called += 1
                assert to_figures(Fraction(repr(x)), asked) != to_figures(key, asked), (x, key, asked)
                assert not rounds_as_asked(x, key, "numeric", {"sigfigs": asked}, asked + 1)
    assert called > checked // 40
    assert far(1.2, Fraction(1), 3) and not far(1.05, Fraction(1), 3) and not far(0.0, 0, 3)
