"""A count answered with a trap that is no whole number, rounded (C6's 397.5
answered 398, which the checker names as that trap: slips.whole_neighbour),
stands for that trap to a later part worked from it (``trap_behind``), as a
decimal part's answer rounded from a trap does: a part computed from the
student's unrounded 397.5 is that slip's consequence. No shipped template has
a later part reading a count whose trap may be fractional (C6's later parts
read (a) and (b), whose traps are whole on every draw), so the helper is
tested directly."""

from quizgen.marking.sources import trap_behind


def test_a_count_rounded_from_a_fractional_trap_stands_for_it():
    traps = (None, 397.5, 4.5)
    assert trap_behind(398.0, None, 450.0, traps, {}, "integer") == 397.5
    assert trap_behind(397.0, None, 450.0, traps, {}, "integer") == 397.5
    assert trap_behind(5.0, None, 450.0, traps, {}, "integer") == 4.5
    assert trap_behind(397.5, None, 450.0, traps, {}, "integer") == 397.5   # the trap as written, as before


def test_only_the_whole_numbers_either_side_and_never_the_right_count():
    traps = (397.5,)
    assert trap_behind(399.0, None, 450.0, traps, {}, "integer") is None
    assert trap_behind(396.0, None, 450.0, traps, {}, "integer") is None
    assert trap_behind(398.0, None, 398.0, traps, {}, "integer") is None   # the answer itself: no trap behind it
    assert trap_behind(40.0, None, 45.0, (40.0,), {}, "integer") == 40.0   # a whole trap: matched as before
