"""Review 47b F1: a first part worked with a value of its own working kept
short is rounded too early, and its feedback says which value and what the
paper asks, never that the student rounded "to 2 significant figures": a
3-figure carrier who writes 1 + e^-s = 1.741 as 1.74 has the answer e^-s =
0.741 kept as 0.74 gives. The paper is the reviewer's (``generate --seed
rev47b-acceptance-1 --count 4``), Q27 (C7, s = 0.3); by hand, e^-0.3 =
0.740818 (0.741 to 3 figures), 1 / 1.74 = 0.574713 (0.575), and
sigma(0.3) = 1 / 1.740818 = 0.574443 (0.574)."""

import pytest

from tests.grading_support import paper_grader


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """The reviewer's paper and two answers to Q27 (a): {answer: graded row}."""
    run = paper_grader(tmp_path_factory.mktemp("rev47b"), "rev47b-acceptance-1", 4)
    return {answer: row for (_, _, answer), row in run([("Q27", "a", "0.575"), ("Q27", "a", "0.574")]).items()}


def test_the_value_kept_short_is_named_with_what_the_paper_asks(graded):
    row = graded["0.575"]
    assert (row["status"], row["note"], row["expected"]) == ("imprecise", "rounded_too_early", "0.5744")
    # 1 + e^-0.3 = 1.741 kept as 1.74, as it happened, written as the solutions write it (review 49c F1, F4:
    # it was "(exp(-s) = 0.741 as 0.74)", template code)
    assert row["feedback"] == ("your answer is what the working gives with a value kept to too few figures of its "
                               "difference from 1 (1 + e^(-s) = 1.7408 as 1.74): keep a value near 1 (here "
                               "1 + e^(-s)) to at least 4 significant figures of its difference from 1 (expected 0.574)")


def test_no_count_of_figures_is_said_of_the_student(graded):
    assert "significant figures:" not in graded["0.575"]["feedback"]
    assert "rounded to 2" not in graded["0.575"]["feedback"]
    assert graded["0.574"]["status"] == "correct"
