"""rev-student22: a slip in a count (C6 (a) 1205 for 1200) was judged "not wrong"
by a decimal's 3-figure window when ECF asked whether (a) was wrong, though (a)
itself is marked wrong (a count is exact): every part worked from it lost its
marks. Seed 7's Q6 is C6, key 1200, 960, 120, 120, 1200."""

import pytest

from grading_support import paper_grader


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("student22"), seed=7, count=1)


def test_parts_worked_from_a_slipped_count_are_ecf(grade):
    graded = grade([("x", "Q6", "a", "1205"), ("x", "Q6", "b", "964"), ("x", "Q6", "e", "1205")])
    assert graded["Q6", "a", "1205"]["status"] == "incorrect"
    for part, answer in (("b", "964"), ("e", "1205")):
        row = graded["Q6", part, answer]
        assert (row["status"], row["note"]) == ("correct", "ecf"), row
        assert row["feedback"].startswith("marked from your (a) = 1205")
