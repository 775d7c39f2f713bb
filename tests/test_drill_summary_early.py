"""The summary's rounding lines say what happened (rev-student17b): a part worked
right from an earlier answer that was rounded too early did not have 'the right
value but too few significant figures'."""

from quizgen.drill.session import PartResult
from quizgen.drill.summary import _score_table


def test_a_part_carrying_an_earlier_early_rounding_is_counted_apart():
    parts = [PartResult("C2", "t", "a", "imprecise", feedback="rounded too early: right to 2 significant figures"),
             PartResult("C2", "t", "b", "imprecise",
                        feedback="computed from your (a) = 0.013, itself rounded too early, so this one is too")]
    text = " ".join(" ".join(_score_table(parts)).split())
    assert "1 part had the right value but too few significant figures" in text
    assert "1 part carried an earlier part's early rounding" in text


def test_quitting_after_a_miss_shows_the_worked_solution_it_records_the_miss_for():
    """rev-student17b: 'q' after a wrong (a) saved a miss and never showed the working."""
    import io
    from quizgen.drill.session import run_drill
    out = io.StringIO()
    result = run_drill(io.StringIO("6\nq\n"), out, io.StringIO(), classes="C10", seed=4, save=False)
    assert [p.status for p in result.parts] == ["incorrect"]
    assert "Worked solution for these numbers:" in out.getvalue()
    out = io.StringIO()
    run_drill(io.StringIO("q\n"), out, io.StringIO(), classes="C10", seed=4, save=False)
    assert "Worked solution" not in out.getvalue()   # nothing answered, nothing missed
