"""rev-maths29's defects, fixed by mark29 (seed 7's paper, `quizgen generate --seed 7`)."""

import io

import pytest

from grading_support import paper_grader
from quizgen.drill.session import run_drill

REVIEW = "needs_review"


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("mark29"), seed=7, count=1)


def _verdicts(grade, rows):
    graded = grade(rows)
    return {row[-1]: (graded[row].get("status"), graded[row].get("misconception")) for row in rows}


# ---------------------------------------------------------------- 1. a function applied before "=" is working

def test_a_function_applied_before_equals_is_working_checked_not_a_label(grade):
    """Q3 (b) is ln(178) = 5.1818, Q7 (b) 2.6252, Q7 (a) 0.07243: ``ln(178) =`` was stripped as
    a label (as ``p(story) =`` is), so the working was never checked."""
    rows = [("Q3", "b", "log10(178) = 5.18"), ("Q3", "b", "log(178) = 3.00"), ("Q3", "b", "ln(178) = 2.25"),
            ("Q7", "b", "ln(1+e^-2.55) = 2.63"), ("Q7", "a", "exp(-2.55) = 0.0724"),
            ("Q3", "b", "ln(178) is 2.25")]
    found = _verdicts(grade, rows)
    assert {text: status for text, (status, _) in found.items()} == {text: REVIEW for *_, text in rows}


def test_working_that_agrees_with_its_value_is_read_as_before(grade):
    found = _verdicts(grade, [("Q3", "b", "ln(178) = 5.18"), ("Q3", "b", "log10(178) = 2.25"),
                              ("Q3", "b", "LN(178) = 5.182"), ("Q1", "a", "p(story) = 0.789"),
                              ("Q7", "a", "σ(-2.55) = 0.0724")])
    assert found == {"ln(178) = 5.18": ("correct", ""), "log10(178) = 2.25": ("incorrect", "log10_instead_of_ln"),
                     "LN(178) = 5.182": ("correct", ""), "p(story) = 0.789": ("correct", ""),
                     "σ(-2.55) = 0.0724": ("correct", "")}


def test_the_drill_checks_such_working_too():
    out = io.StringIO()
    result = run_drill(io.StringIO("0.7891\nlog10(0.7891) = 0.2368\nq\n"), out, io.StringIO(), classes="C1",
                       seed=7, save=False)
    assert [(p.letter, p.status) for p in result.parts][:1] == [("a", "correct")]
    assert "working and a different value after it (log10(0.7891)" in " ".join(out.getvalue().split())
