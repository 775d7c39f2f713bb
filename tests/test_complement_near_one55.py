"""C7's (c) at s < 0 through the complement X/(1 + X) with 1 - p-hat near 1 (review 55a F6). At s = -3.4
(y = 1: (a) 0.032295, (c) 0.032828), e^3.4 = 29.964 over 1 + e^3.4 = 30.964 kept as 31.0 gives
1 - p-hat = 0.96658 (0.967), (c) 0.0340 (0.0336): 3 figures of the sum are 2 of 1 - p-hat's difference from
1, where the stems ask 4. They were ``correct``, ``carried_rounding``, full marks (0.0336 is 2.4% off) while
0.0329 was wrong; so was (a)'s value typed at (c) (s = -3.5: 0.0293). Now such a keeping is what its s > 0
mirror is, a value kept to too few figures of its difference from 1: ``imprecise``, named. The sum kept to
the 4 figures the stems ask (30.96, (c) 0.0327) is carried rounding (review 55c N1,
tests/test_complement_four_figures56.py)."""

import pytest

from quizgen.marking.complement_route import complement_routes
from tests.paper_support import mark_paper
from test_near_one52 import _draw

NAMED = "your answer is what the working gives with a value kept to too few figures of its difference from 1 (1 - σ(s) as"


@pytest.mark.parametrize("s, answer, kept", [
    (-3.4, "0.0336", "0.967 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 30.9641 as 31.0, where it is 0.96770"),
    (-3.4, "0.0340", "0.96658 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 30.9641 as 31.0, where it is 0.96770"),
    (-3.5, "0.0291", "0.97130 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 34.1155 as 34.1, where it is 0.97069"),
    (-3.5, "0.0293", "0.97113 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 34.1155 as 34.1, where it is 0.97069")])
def test_the_sum_kept_short_through_the_complement_is_rounded_too_early(s, answer, kept):
    marked = mark_paper(_draw(s, 1), {"loss_y0": answer})["loss_y0"]
    assert (marked.status, marked.note, marked.score) == ("imprecise", "rounded_too_early", 0.0), marked
    assert marked.feedback.startswith(f"{NAMED} {kept})"), marked.feedback


@pytest.mark.parametrize("s, answers", [(-3.4, ("0.0328", "0.03283", "0.0325")), (-3.5, ("0.0298", "0.0297", "0.0294"))])
def test_what_the_recipe_carried_reaches_stays_right(s, answers):
    """The key's value, and 1 - p-hat carried to 3 figures or more as at s > 0 (-ln 0.968 = 0.0325)."""
    for answer in answers:
        marked = mark_paper(_draw(s, 1), {"loss_y0": answer})["loss_y0"]
        assert marked.status == "correct", (answer, marked)


def test_b_is_not_named_through_the_complement():
    """(b) -ln p-hat takes no complement: 3.41 at s = -3.4 (key 3.43) stays as it was, a bare incorrect."""
    marked = mark_paper(_draw(-3.4, 1), {"loss_y1": "3.41"})["loss_y1"]
    assert (marked.status, marked.note) == ("incorrect", ""), marked


def test_where_1_minus_p_hat_is_near_1_the_route_keeps_it_and_its_sum_to_4_figures_of_their_difference():
    """Review 55c N1: the route is taken there too (it was not, after F6), its sum and quotient each kept to
    4 figures of their difference from 1 or more (``floors``), as the stems ask."""
    from fractions import Fraction

    from quizgen.bank.loader import load_bank
    from quizgen.marking.recipes import part_paths

    paths = part_paths(next(t for t in load_bank() if t.cls == "C7"))
    for s, routes, floors in ((-1.75, 1, 0), (-2.15, 1, 0), (-2.25, 0, 0), (-3.4, 1, 2)):   # 1 + e^2.2 = 10.03
        env = {**_draw(-1.75, 0).params, "s": Fraction(str(s))}
        found = complement_routes(paths, "loss_y0", env)
        assert len(found) == routes and sum(len(route.floors) for route in found) == floors, s
