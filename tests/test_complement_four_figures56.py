"""C7's (c) at s < 0 through the complement X/(1 + X), 1 - p-hat over 0.9, with the sum 1 + e^(-s) kept
to 4 significant figures (review 55c N1). Every C7 stem says "keep at least 4 significant figures in
intermediate steps; keep 1 + e^{-s}, and a probability near 1, to at least 4 significant figures of their
difference from 1". At s = -3.5, 1 + e^3.5 = 34.11545 kept as 34.12 (its difference from 1, 33.12, to 4
figures too), then 33.11545/34.12 = 0.97056 carried on as the stem says, gives (c) -ln 0.97056 = 0.0299 for
0.0298: the student did what the paper asked. Fix fc49fad6 (review 55a F6) made it ``imprecise``, 0 marks,
told to keep the sum to 4 figures; it is ``correct``, ``carried_rounding`` again. The sum kept to 3 figures
(34.1, 31.0: F6's target) stays rounded too early, named."""

from fractions import Fraction

import pytest

from quizgen.marking.complement_route import complement_routes
from tests.paper_support import mark_paper
from test_near_one52 import _draw

NAMED = "your answer is what the working gives with a value kept to too few figures of its difference from 1 (1 - σ(s)"


@pytest.mark.parametrize("s, answer", [
    (-3.5, "0.0299"),    # seed 11's Q20: 33.11545/34.12 = 0.970558, -ln = 0.029884
    (-3.4, "0.0327"),    # 29.9641/30.96 = 0.967833, -ln = 0.032696
    (-2.55, "0.0754"),   # 12.80710/13.81 = 0.927379, -ln = 0.075406
    (-3.55, "0.0282"),   # 34.81332/35.81 = 0.972167, -ln = 0.028228
    (-2.5, "0.0787"),    # 12.18249/13.18 = 0.924317, -ln = 0.078703
    (-2.8, "0.0591"),    # 16.44465/17.445 (5 figures) = 0.942657, -ln = 0.059053 (review 55c N4)
    (-2.8, "0.0593"),    # 16.445/17.45 (1 + 16.445 to 4 figures) = 0.942407, -ln = 0.059318 (N4)
    (-2.8, "0.0588")])   # 16.44465/17.44 = 0.942927, -ln = 0.058766
def test_the_sum_kept_to_4_figures_through_the_complement_is_carried_rounding(s, answer):
    marked = mark_paper(_draw(s, 1), {"loss_y0": answer})["loss_y0"]
    assert (marked.status, marked.note, marked.score) == ("correct", "carried_rounding", 1.0), marked


@pytest.mark.parametrize("s, answer, kept", [
    (-3.4, "0.0336", "as 0.967 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 30.9641 as 31.0, where it is 0.96770"),
    (-3.5, "0.0293", "as 0.97113 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 34.1155 as 34.1, where it is 0.97069")])
def test_the_sum_kept_to_3_figures_is_still_rounded_too_early(s, answer, kept):
    marked = mark_paper(_draw(s, 1), {"loss_y0": answer})["loss_y0"]
    assert (marked.status, marked.note, marked.score) == ("imprecise", "rounded_too_early", 0.0), marked
    assert marked.feedback.startswith(f"{NAMED} {kept})"), marked.feedback


@pytest.mark.parametrize("s, answer", [(-2.8, "0.0589"), (-3.4, "0.0329")])
def test_what_no_keeping_reaches_stays_wrong(s, answer):
    """No rounding of the steps to 3 figures or more, the near-1 ones to 4 of their difference from 1, gives these."""
    marked = mark_paper(_draw(s, 1), {"loss_y0": answer})["loss_y0"]
    assert marked.status == "incorrect", marked


def test_a_quotient_kept_short_after_a_4_figure_sum_names_the_quotient_not_the_sum():
    """s = -2.4: 11.02318/12.02 = 0.91707 kept as 0.9171 (4 figures of itself, 3 of its difference from 1) gives
    (c) 0.0865 for 0.0868: rounded too early, the value named the quotient, not the sum, which the stem's 4
    figures keep."""
    marked = mark_paper(_draw(-2.4, 1), {"loss_y0": "0.0865"})["loss_y0"]
    assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), marked
    assert marked.feedback.startswith(
        f"{NAMED} = 0.91707 as 0.9171 from e^(-s)/(1 + e^(-s)) with 1 + e^(-s) = 12.02, where it is 0.91683)"), \
        marked.feedback


def test_the_route_keeps_its_sum_and_quotient_near_1_to_4_figures_of_their_difference():
    from quizgen.bank.loader import load_bank
    from quizgen.marking.complement_route import difference_figures
    from quizgen.marking.recipes import part_paths

    paths = part_paths(next(t for t in load_bank() if t.cls == "C7"))
    env = {**_draw(-1.75, 0).params, "s": Fraction(-17, 5)}
    (route,) = complement_routes(paths, "loss_y0", env)
    assert sorted(least for _, least in route.floors) == [4, 5]   # 30.96 (of 29.96), 0.96770 (of 0.03230)
    env["s"] = Fraction(-7, 4)   # 1 + e^1.75 = 6.75: the quotient 0.85, no floor
    assert complement_routes(paths, "loss_y0", env)[0].floors == ()
    assert [difference_figures(v) for v in (34.1155, 0.970688, 1.04736, 0.93401)] == [4, 5, 6, 5]


def test_0_0598_at_s_minus_2_8_is_reached_with_every_step_to_3_figures():
    """Review 55c N4 asked what reaches p7c Q34's (c) 0.0598 (key 0.059033, 1.3% off): e^2.8 = 16.4446 as 16.44,
    1 + e^2.8 = 17.44 as 17.4, 1/17.4 = 0.057471 as 0.0575, 1 - 0.0575 = 0.9425, a tie, as 0.942 (half to even):
    -ln 0.942 = 0.059750. Every step kept to 3 figures or more, so it is carried rounding, and stays so."""
    import math

    from quizgen.marking.roundings import sig_roundings
    assert sig_roundings(1 - sig_roundings(1 / sig_roundings(1 + 16.44, 3)[0], 3)[0], 3) == (0.942, 0.943)
    assert f"{-math.log(0.942):.3g}" == "0.0598"
    marked = mark_paper(_draw(-2.8, 0), {"loss_y0": "0.0598"})["loss_y0"]
    assert (marked.status, marked.note) == ("correct", "carried_rounding"), marked
