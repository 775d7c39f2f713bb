"""rev-maths28: a negative cross-entropy never earns ECF, even when the earlier
answer it was worked from is a named misconception (coherence.py: the result's
range check always runs; the source's is skipped for a named trap). Seed 1's
Q3 (a) 54.6 (e^4, the weight before normalising), then (b) -4.00 was
"correct", 2/2, "marked from your (a) = 54.6", in grade and the drill."""

import io

import pytest

from grading_support import paper_grader
from quizgen.drill.session import run_drill

WITHHELD_B = ("worked from your (a) = 54.6, (b) would be -4.00003, which cannot be right, as every answer to (b) "
              "is at least 0, so it was not marked from it (no error carried forward)")


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("ecf28"), seed=1, count=1)


@pytest.mark.slow
def test_a_negative_loss_from_a_named_trap_is_not_ecf(grade):
    graded = grade([("s1", "Q3", "a", "54.6"), ("s1", "Q3", "b", "-4.00")])
    assert graded["Q3", "a", "54.6"]["misconception"] == "unnormalised_weight"
    row = graded["Q3", "b", "-4.00"]
    assert (row["status"], row["score"], row["note"], row["feedback"]) == ("incorrect", "0", "", WITHHELD_B)


def test_the_drill_withholds_it_too():
    out = io.StringIO()
    result = run_drill(io.StringIO("54.6\n-4.00\nq\n"), out, io.StringIO(), classes="C3", seed=1, save=False)
    assert [(p.letter, p.status) for p in result.parts][:2] == [("a", "incorrect"), ("b", "incorrect")]
    assert "cannot be right" in " ".join(out.getvalue().split())
