"""rev-maths28: an answer written to more figures than asked that rounds, at
the figures asked, to the key's answer so rounded is correct (marking/as_asked.py),
in grade and the drill, which share one marking path. Seed 1's Q1 (a) is
0.715664 (0.716 to 3 s.f.): 0.7162 to 0.71649 lay outside the plain window
(centred on the exact value) and were "right from an intermediate result
rounded to 2 significant figures" with 0 marks. No trap is ever so accepted,
nor an answer showing fewer figures than asked."""

import io

import pytest

from grading_support import paper_grader
from quizgen.drill.session import run_drill
from quizgen.marking.as_asked import rounds_as_asked


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("as_asked28"), seed=1, count=1)


ROUNDING_TO_0716 = ["0.7162", "0.7163", "0.7164", "0.71649", "0.71550", "0.716000"]


@pytest.mark.slow
def test_a_fourth_figure_that_rounds_to_the_answer_is_correct(grade):
    rows = [("Q1", "a", t) for t in ROUNDING_TO_0716 + ["0.7165", "0.7168", "0.72", "0.7200"]]
    graded = grade(rows)
    found = {t: (graded["Q1", "a", t]["status"], graded["Q1", "a", t]["note"], graded["Q1", "a", t]["feedback"])
             for _, _, t in rows}
    assert {t: found[t] for t in ROUNDING_TO_0716} == {t: ("correct", "", "") for t in ROUNDING_TO_0716}
    # 0.7165 rounds to 0.717 (a tie away from zero, as the paper rounds); 0.72 shows 2 figures
    assert found["0.7165"][0] == found["0.7168"][0] == found["0.72"][0] == "imprecise"
    assert found["0.7200"][0] != "correct"


@pytest.mark.slow
def test_the_drill_marks_it_correct_too():
    out = io.StringIO()
    result = run_drill(io.StringIO("0.7162\n0.3345\nq\n"), out, io.StringIO(), classes="C1", seed=1, save=False)
    assert [(p.letter, p.status) for p in result.parts][:2] == [("a", "correct"), ("b", "correct")]
    assert "Not precise enough" not in out.getvalue()


@pytest.mark.slow
def test_a_later_part_worked_from_such_an_answer_is_right(grade):
    """(a) 0.7164 is correct, but 0.7164 is not the answer: (b) worked from it
    (-ln 0.7164 = 0.33352, 0.334 where 0.335 is asked) is right. It was ECF; since
    rev-maths32 it is carried rounding, checked first: 0.3335 is 0.334 at the 3
    figures asked, as -ln 0.716 = 0.33408 carried from (a) to 3 figures gives."""
    graded = grade([("s1", "Q1", "a", "0.7164"), ("s1", "Q1", "b", "0.3335")])
    assert graded["Q1", "a", "0.7164"]["status"] == "correct"
    assert (graded["Q1", "b", "0.3335"]["status"], graded["Q1", "b", "0.3335"]["note"]) == \
        ("correct", "carried_rounding")


def test_no_trap_and_no_short_answer_is_accepted_so():
    spec = {"sigfigs": 3}
    assert rounds_as_asked(0.7163, 0.715664, "numeric", spec, 4)
    assert not rounds_as_asked(0.7163, 0.715664, "numeric", spec, 4, traps=(0.7167,))   # in the trap's window
    assert not rounds_as_asked(0.7163, 0.715664, "numeric", spec, None)   # figures unknown (an expression)
    assert not rounds_as_asked(0.72, 0.7196, "numeric", spec, 2)   # 2 figures: never correct
    assert not rounds_as_asked(0.7163, 0.715664, "numeric", {"rtol": 0.001}, 4)   # no figures asked
    assert not rounds_as_asked(5.0, 5, "integer", spec, 1)
    assert rounds_as_asked(0.3425, 0.34251, "numeric", spec, 4)   # the tie as written rounds up, to 0.343


def test_validate_proves_no_trap_meets_the_rounding_span_and_two_figures_are_never_correct():
    """validation/marking.py: a trap whose window meets the answers that round
    to the part's answer is a problem (the rounding span 0.7155 to 0.7165 of
    0.715664); a checker that marks the 2-figure answer correct is one too."""
    from fractions import Fraction
    from types import SimpleNamespace

    from quizgen.marking.as_asked import as_asked_span
    from quizgen.validation.marking import _traps_in_rounding, _two_figures_correct

    span = as_asked_span(0.715664, "numeric", {"sigfigs": 3})
    assert span == (0.7155, 0.7165)
    part = SimpleNamespace(kind="numeric", tolerance={"sigfigs": 3})
    near = SimpleNamespace(part=part, traps=(SimpleNamespace(value=Fraction("0.7168")),), value=0.715664)
    far = SimpleNamespace(part=part, traps=(SimpleNamespace(value=Fraction("0.7300")),), value=0.715664)
    assert len(_traps_in_rounding(near, span, "c1.yaml", "1", 0)) == 1
    assert _traps_in_rounding(far, span, "c1.yaml", "1", 0) == []
    lenient = lambda text: SimpleNamespace(status="correct")   # noqa: E731
    strict = lambda text: SimpleNamespace(status="imprecise")   # noqa: E731
    assert len(_two_figures_correct(lenient, far, "c1.yaml", "1", 0)) == 1
    assert _two_figures_correct(strict, far, "c1.yaml", "1", 0) == []
