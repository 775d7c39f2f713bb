"""The reason ECF is withheld, after a trap's feedback that ends in the slip note's ".)", is a
sentence of its own, as after a full stop, not a "; " clause glued to the note. Seed 1's paper
(`generate --seed 1 --count 5`), C10: Q50 (a) 14, then (b) 0.25, their sum 3.4752 over 14 = 0.248,
is also the log10 trap (0.25154) rounded to 2 figures; Q46 (a) 1 (below any count), then (b) 8.9,
the sum itself, is the sum_instead_of_mean trap (8.9352) rounded to 2 figures."""

import pytest

from tests.grading_support import paper_grader

NOTE = "(That value, rounded to 2 significant figures: give at least 3.)"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    run = paper_grader(tmp_path_factory.mktemp("withheld59"), 1, 5)
    return run([("s0", "Q50", "a", "14"), ("s0", "Q50", "b", "0.25"), ("s1", "Q46", "a", "1"), ("s1", "Q46", "b", "8.9")])


@pytest.mark.slow   # generates a paper
def test_the_uncounted_reason_follows_the_slip_note_as_a_sentence(graded):
    row = graded["Q50", "b", "0.25"]
    assert (row["status"], row["misconception"]) == ("incorrect", "log10_instead_of_ln"), row
    assert row["feedback"] == (
        f"Cross-entropy uses the natural logarithm (base e), not log base 10. {NOTE} (b) is the mean of 6 terms, "
        "their sum (3.4752) divided by 6; your answer comes from dividing that sum by your (a) = 14 (3.4752 / 14 = "
        "0.248), as if there were 14 terms, so (b) was not marked from your (a) (no error carried forward).")


@pytest.mark.slow   # generates a paper
def test_the_impossible_source_reason_starts_its_sentence_with_a_capital(graded):
    row = graded["Q46", "b", "8.9"]
    assert row["misconception"] == "sum_instead_of_mean", row
    assert row["feedback"].endswith(
        f"{NOTE} Your (a) = 1 cannot be right, as every answer to (a) is at least 2, so (b) was not marked "
        "from it (no error carried forward)."), row
    assert ".); " not in row["feedback"]
