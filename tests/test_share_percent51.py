"""Review 51a F8: round 50 wrote a share that rounds to 0 but is not 0 as ``<1%`` (0% reads as nobody),
but a share that rounds to 100 but is not all, 249 of 250, still read ``100%`` (everyone) in the trap
table, the heat map and a very hard part's reason. It is ``>99%`` now, wherever the report writes a share."""

from quizgen.report.formatting import whole_percent
from test_review50b import trapped_class


def test_whole_percent_keeps_none_and_all_for_none_and_all():
    assert [whole_percent(s) for s in (0, 1 / 280, 0.005, 0.5, 0.994, 0.9951, 279 / 280, 1)] == \
        ["0", "<1", "1", "50", "99", ">99", ">99", "100"]


def test_a_share_of_all_but_one_is_not_everyone(tmp_path):
    """Of 250 students all but s1 fall into Q1a's first trap: 249/250 is 99.6%, ">99%"."""
    md, page = trapped_class(tmp_path, lambda n: n > 1)
    trap_row = next(line for line in md.splitlines() if line.startswith("| Q1a |") and "| 249 |" in line)
    assert "| 249 | >99% |" in trap_row, trap_row
    assert ">99% fell into" in md and "100% fell into" not in md
    assert "Q1 &gt;99%" in page and ">&gt;99</text>" in page and "&gt;99% fell into" in page
