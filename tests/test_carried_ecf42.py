"""One slip, one explanation (review 42a F6): a later part worked from the
student's own earlier answer as written, that answer marked rounded too early
at its own part, is said as error carried forward, whether carried rounding
also reaches it or not. Seed 11's paper, Q1: p = 0.90876, L = 0.09567.
(a) ``0.91`` (2 figures, within (a)'s tolerance) then (b) ``0.0943`` = -ln 0.91
was ``carried_rounding``, "accepted: consistent with carrying rounded
intermediate results", while (a) ``0.9`` then (b) ``0.105`` = -ln 0.9 was
``ecf``, "(a)'s early rounding is marked at (a) only". Only the words change:
with ``--ecf-credit 0.5`` or 0 both keep full marks, as carried rounding gave."""

import io

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.drill.session import run_drill
from quizgen.generation.run import generate
from tests.grading_support import graded_by_cli

ROWS = [["x2", "Q1", "a", "0.91"], ["x2", "Q1", "b", "0.0943"],
        ["x3", "Q1", "a", "0.9"], ["x3", "Q1", "b", "0.105"],
        ["x4", "Q1", "a", "0.909"], ["x4", "Q1", "b", "0.0943"]]
ECF_WORDS = "marked from your (a) = {}: correct given that value (error carried forward; " \
            "(a)'s early rounding is marked at (a) only)"


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed11")
    generate(folder / "paper", count=1, seed=11)
    return folder / "paper" / "key.json"


@pytest.mark.parametrize("credit", [None, "0.5", "0"])
def test_b_from_an_own_a_rounded_early_is_ecf_whatever_carried_rounding_reaches(tmp_path, key, credit):
    rows = graded_by_cli(tmp_path, key, ROWS, *(() if credit is None else ("--ecf-credit", credit)))
    for student, a in (("x2", "0.91"), ("x3", "0.9")):
        assert rows[student, "Q1", "a"]["status"] == "imprecise"
        row = rows[student, "Q1", "b"]
        assert (row["status"], row["note"], row["score"]) == ("correct", "ecf", "2"), row
        assert row["feedback"] == ECF_WORDS.format(a), row
    # a right (a) says nothing of rounding: carried rounding's words stand
    row = rows["x4", "Q1", "b"]
    assert (row["status"], row["note"], row["score"]) == ("correct", "carried_rounding", "2"), row


def test_the_feedback_sheets_say_the_same(tmp_path, key):
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,Q1a,Q1b\nx2,0.91,0.0943\nx3,0.9,0.105\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(key), "--out", str(tmp_path / "g.csv"),
                                       "--feedback", str(tmp_path / "fb")])
    assert result.exit_code == 0, result.output
    for student, a in (("x2", "0.91"), ("x3", "0.9")):
        sheet = " ".join(next((tmp_path / "fb").glob(f"*{student}*.md")).read_text(encoding="utf-8").split())
        said_once = ECF_WORDS.format(a).replace(" (error carried forward; ", "; ")[:-1]   # the label says it (round 42)
        assert f"(b) error carried forward: {said_once}" in sheet
        assert "consistent with carrying" not in sheet


@pytest.mark.parametrize("a, c", [("0.072", "0.0747"), ("0.07", "0.0726")])
def test_the_drill_says_the_same(a, c):
    """``drill --seed 7 --classes C7``: p = 0.07243; (c) -ln(1 - (a)). -ln 0.928 (from 0.072) is
    also 1 - p carried to 3 figures, which carried rounding accepts; -ln 0.93 (from 0.07) is not."""
    out = io.StringIO()
    result = run_drill(io.StringIO(f"{a}\n2.63\n{c}\nq\n"), out, io.StringIO(), classes="C7", seed=7, save=False)
    assert [p.status for p in result.parts] == ["imprecise", "correct", "correct"]
    said = " ".join(out.getvalue().split())
    assert ECF_WORDS.format(a).replace("marked", "Marked", 1) in said
    assert "consistent with carrying" not in said
