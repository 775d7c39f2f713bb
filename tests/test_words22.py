"""rev-marking22b: a self-correction ("neutral? no, positive") and a restatement
after a clause break ("It doesn't, it doubles") were read backwards by the
word rules of forms22; both go to a person, while the plain forms those rules
were made for ("neutral, not positive", "It won't double") keep their reading.
Seed 3, three questions a class: Q13 is C5 (b: undefined), Q22 C8 (c: neutral),
Q25 C9 ((b), (c): no), Q27 C9 ((c): yes)."""

import pytest

from grading_support import paper_grader

ANSWERS = [
    ("Q22", "c", "neutral? no, positive", "needs_review"),
    ("Q22", "c", "neutral, no, positive", "needs_review"),
    ("Q22", "c", "positive? no, neutral", "needs_review"),
    ("Q22", "c", "positive. No: neutral", "needs_review"),
    ("Q22", "c", "neutral, not positive", "correct"),
    ("Q13", "b", "undefined? no, 0", "needs_review"),
    ("Q13", "b", "not defined (division by zero)", "correct"),
    ("Q25", "c", "It doesn't, it doubles", "needs_review"),
    ("Q25", "c", "it won't double; it doubles", "needs_review"),
    ("Q25", "c", "It won't double", "correct"),
    ("Q25", "c", "It doesn't, it stays the same", "correct"),
    ("Q25", "b", "it does not, one by one", "needs_review"),
    ("Q27", "c", "It doesn't, it stays the same", "needs_review"),
]


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("words22"), seed=3, count=3)


@pytest.fixture(scope="module")
def graded(grade):
    return grade([(q, p, a) for q, p, a, _ in ANSWERS])


@pytest.mark.parametrize("question, part, answer, status", ANSWERS)
@pytest.mark.slow
def test_a_self_correction_or_restatement_goes_to_a_person(graded, question, part, answer, status):
    row = graded[question, part, answer]
    assert row["status"] == status, row
    assert row["misconception"] == ""


@pytest.mark.slow
def test_zero_counts_and_a_one_position_average_earn_no_ecf(grade):
    """rev-marking22b: C6 answered 0 throughout took 4 of 5 points by ECF (80% of 0 is 0), and C10's
    (a) 1 made (b) the sum of the losses, the sum_instead_of_mean trap, an ECF answer: the shipped
    ranges now say a C6 count is at least 1 and C10's positions at least 2."""
    # Q28's sum of losses: 7.876 since review 52b F1 (the 6 losses of [BOS] bees make honey from nectar [EOS])
    graded = grade([("z1", "Q16", part, "0") for part in "abcde"] + [("z2", "Q28", "a", "1"), ("z2", "Q28", "b", "7.876")])
    assert all(graded["Q16", part, "0"]["note"] != "ecf" and graded["Q16", part, "0"]["score"] == "0"
               for part in "abcde")
    assert (graded["Q28", "b", "7.876"]["note"], graded["Q28", "b", "7.876"]["misconception"]) == \
        ("", "sum_instead_of_mean")
