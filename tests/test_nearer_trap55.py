"""Review 55a F9: an answer that is two traps' values rounded to 2 figures (3 asked) is named
after the nearer of them, not the first listed (seed 101's C9 `0.63`: `sum_instead_of_mean`,
0.63405, was named where `log2_instead_of_ln`, 0.63122, is nearer)."""

from collections import namedtuple

from quizgen.marking.slips import trap_rounded_or_cut

Trap = namedtuple("Trap", "code value")


def test_the_nearer_of_two_traps_rounded_alike_is_named():
    traps = (Trap("sum_instead_of_mean", 0.63405), Trap("log2_instead_of_ln", 0.63122))
    trap, figures = trap_rounded_or_cut(traps, 3, 0.63, 2, 1.2)
    assert (trap.code, figures) == ("log2_instead_of_ln", 2)
    trap, _ = trap_rounded_or_cut(traps[::-1], 3, 0.63, 2, 1.2)
    assert trap.code == "log2_instead_of_ln"


def test_one_trap_rounded_is_that_trap():
    traps = (Trap("a", 0.91), Trap("b", 0.63405))
    assert trap_rounded_or_cut(traps, 3, 0.63, 2, 1.2)[0].code == "b"
    assert trap_rounded_or_cut(traps, 3, 0.63, 2, 0.634) is None   # the right value so rounded: that
