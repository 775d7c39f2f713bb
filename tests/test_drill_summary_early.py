"""The summary's rounding lines say what happened (rev-student17b): a part worked
right from an earlier answer carried on rounded short did not have 'the right
value but too few significant figures'."""

import pytest
from quizgen.drill.turn import PartResult
from quizgen.drill.summary import _score_table


def test_a_part_carrying_an_earlier_early_rounding_is_counted_apart():
    parts = [PartResult("C2", "t", "a", "imprecise", feedback="rounded too early: right to 2 significant figures"),
             PartResult("C2", "t", "b", "imprecise",
                        feedback="marked from your (a) = 0.0133: your answer is what the working gives with (a) "
                                 "rounded to 2 significant figures (0.013), not with (a) as written: keep at least 4 "
                                 "significant figures in intermediate results (expected 4.32)")]
    text = " ".join(" ".join(_score_table(parts)).split())
    assert "1 part had the right value but too few significant figures" in text
    assert "1 part carried an earlier part's answer on rounded short" in text


@pytest.mark.slow
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


def test_a_forecast_for_the_whole_question_reaches_b_when_a_asked_for_no_hint():
    """rev-student17b: C1's "loss below ln 5" forecast matched the 1 of e^1 in (a)'s step,
    was held for (a), and was lost once (a) was answered without a hint."""
    import io
    from quizgen.drill.session import run_drill
    out = io.StringIO()
    run_drill(io.StringIO("0.7344\nh\nq\n"), out, io.StringIO(), classes="C1", seed=4, save=False)
    assert "Hint 1 of 3: Forecast" in out.getvalue().split("(b) ")[1]


def test_the_summary_after_a_plain_miss_says_it_was_a_miss_and_no_box(invoke, tmp_path):
    """Round 33: after a plain miss the summary said "C1: box 1 of 5, missed, or right only
    with hints, last time": it says which happened, and when it comes back, not its box."""
    state = tmp_path / "p.json"
    result = invoke("drill", "--seed", "3", "--classes", "C1", "--state", state, input="0.7\n0.358\nq\n")
    said = " ".join(result.output.split("What to practise next:")[1].split())
    assert "C1: missed this time (a part wrong); next review after 2 more questions." in said
    assert "box" not in said and "or right only with hints" not in said


def test_stats_names_misconceptions_and_says_what_a_box_is(invoke, tmp_path):
    """Round 33: --stats' table showed the code log10_instead_of_ln while the advice below it
    used its name, and never said what its Box column means."""
    state = tmp_path / "p.json"
    state.write_text('{"format": "quizgen-progress", "version": 1, "clock": 1, "sessions": 1, "classes": {"C1": '
                     '{"box": 1, "due": 3, "seen": 1, "right": 0}}, "misconceptions": {"log10_instead_of_ln": '
                     '{"box": 1, "due": 3, "seen": 1, "right": 0}}}')
    stats = invoke("drill", "--stats", "--state", state).output
    table = stats.split("What to practise next:")[0]
    assert "log10_instead_of_ln" not in stats and "log base 10 instead of ln 1    1    0" in table
    assert "Box: 1 to 5. A miss puts a class or misconception in box 1" in " ".join(table.split())
