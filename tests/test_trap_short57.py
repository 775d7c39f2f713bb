"""Review 56c F6: a trap's value written to fewer figures than asked is told so ("That value,
rounded to 2 significant figures: give at least 3."), whatever the trap's carried working also
reaches, as an answer written short of the key's own value is (rules._slip). Seed 11's paper
(`generate --seed 11 --count 3`), Q20 (C7, s = -3.5, y = 1): the log10 trap of (c) is
ln(1 + e^-3.5)/ln 10 = 0.0129204, and its carried working through the complement route (review
55c N1) reaches 0.0130, so `0.013` lost the note; `0.0129` and `0.01292`, 3 figures or more, keep
none."""

import math

from tests.grading_support import paper_grader

NOTE = "(That value, rounded to 2 significant figures: give at least 3.)"


def test_a_trap_written_short_is_told_so(tmp_path):
    assert round(math.log(1 + math.exp(-3.5)) / math.log(10), 7) == 0.0129204
    graded = paper_grader(tmp_path, 11, 3)([("Q20", "c", "0.013"), ("Q20", "c", "0.0129"), ("Q20", "c", "0.01292")])
    short = graded["Q20", "c", "0.013"]
    assert (short["status"], short["misconception"]) == ("incorrect", "log10_instead_of_ln"), short
    assert short["feedback"].endswith(NOTE), short
    for answer in ("0.0129", "0.01292"):
        row = graded["Q20", "c", answer]
        assert row["misconception"] == "log10_instead_of_ln" and NOTE not in row["feedback"], row
