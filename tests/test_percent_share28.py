"""rev-maths28: ``%`` is read as hundredths only on a part whose answers are a
share (its key ``range`` within 0 to 1: a probability); on a loss, a count or
anything else such an answer goes to a person (needs_review, saying why), in
grade and the drill. ``33.45%`` for a loss of 0.3345 and ``500%`` for 5
positions were ``correct``."""

import io

import pytest

from grading_support import paper_grader
from quizgen.drill.session import run_drill
from quizgen.marking.percent import NOT_A_SHARE, STRAY_PERCENT, reads_hundredths

NOT_SHARES = [("Q1", "b", "33.45%"), ("Q3", "b", "1027.49%"), ("Q10", "a", "500%"), ("Q5", "d", "100%"),
              ("Q6", "a", "144000%"), ("Q1", "b", "71.57%")]   # the last: (a)'s probability, a trap's value


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("percent28"), seed=1, count=1)


@pytest.mark.slow
def test_a_percent_on_a_part_that_is_no_share_goes_to_a_person(grade):
    graded = grade(NOT_SHARES + [("Q1", "a", "71.57%"), ("Q5", "c", "15.17%"), ("Q1", "b", "0.3345%"),
                                 ("Q6", "a", "25%")])
    # the reason where every needs_review's goes, the feedback empty (review 34: it was in the feedback)
    assert {row: (graded[row]["status"], graded[row]["reason"], graded[row]["feedback"]) for row in NOT_SHARES} == \
        {row: ("needs_review", NOT_A_SHARE, "") for row in NOT_SHARES}
    assert graded["Q1", "a", "71.57%"]["status"] == graded["Q5", "c", "15.17%"]["status"] == "correct"
    assert graded["Q1", "b", "0.3345%"]["reason"] == STRAY_PERCENT   # right but for its %: said so
    assert graded["Q6", "a", "25%"]["status"] == "incorrect"   # a rate for a count: told so (forms24)


def test_the_drill_asks_again():
    out = io.StringIO()
    result = run_drill(io.StringIO("0\nundefined\n0.1517\n100%\nq\n"), out, io.StringIO(), classes="C5", seed=1,
                       save=False)
    assert "Correct: 1" not in out.getvalue()
    assert all(p.letter != "d" or p.status != "correct" for p in result.parts)


@pytest.mark.parametrize("bounds, share", [((0.0, 1.0), True), ((0.0, 0.5), True), ((0.0, None), False),
                                           (None, False), ((1.0, None), False), ((-1.0, 1.0), False)])
def test_a_share_is_a_range_within_0_and_1(bounds, share):
    assert reads_hundredths(bounds) is share
