"""Review 55c N3 and N5: the one step of a part's working kept to 2 significant
figures (early_steps.py, early_carry.py), when one value occurs twice in the
working, and the words that name the step.

N3: equal steps, the same expression over the same value (-ln 0.55 for both of
seed 1's Q4 tokens of p = 0.55; e^0.5 for both of seed 11's Q2 logits of 0.5),
are one number a student writes once: kept short at both uses they are ONE early
rounding, and named once. By hand (C4, p = [0.55, 0.2, 0.5, 0.55]):
-ln 0.55 = 0.597837, -ln 0.2 = 1.609438, -ln 0.5 = 0.693147; the mean 0.874565
(0.875); with -ln 0.55 as 0.60 at both uses (0.60 + 1.609438 + 0.693147 + 0.60)/4
= 0.875646, `0.876`; at one use only 0.875105, the key's 0.875."""

import csv
import math

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from tests.grading_support import paper_grader

KEEP = "this paper asks you to keep at least 4 significant figures in intermediate results"


def _named(row) -> str:
    """The brackets of a "kept to too few figures" feedback: the steps named."""
    return row["feedback"].split("kept to too few figures (", 1)[1].split("): ", 1)[0]


def test_the_hand_values():
    losses = [-math.log(v) for v in (0.55, 0.2, 0.5, 0.55)]
    assert round(sum(losses) / 4, 3) == 0.875
    assert round((0.60 + losses[1] + losses[2] + 0.60) / 4, 3) == 0.876
    assert round((0.60 + losses[1] + losses[2] + losses[3]) / 4, 3) == 0.875
    z = [0.5, -0.5, 2, 3.5, 0.5]
    exps = [math.exp(v) for v in z]
    assert round(exps[3] / sum(exps), 3) == 0.746
    assert round(exps[3] / (sum(exps) - exps[0] + 1.6), 3) == 0.747                   # one copy as 1.6
    assert round(exps[3] / (sum(exps) - exps[0] - exps[4] + 3.2), 3) == 0.747         # both
    c10 = [-math.log(v) for v in (0.05, 0.35, 0.5, 0.3, 0.7, 0.35, 0.9)]              # seed 104's Q29, 7 targets
    assert round(sum(c10) / 7, 2) == 1.06                                             # 3 figures
    assert round((sum(c10) - c10[1] - c10[5] + 2.0) / 7, 2) == 1.05                   # -ln 0.35 as 1.0 twice
    assert round((sum(c10) - c10[1] + 1.0) / 7, 2) == 1.06


@pytest.mark.parametrize("seed, count, question, rows, step", [
    (1, 1, "Q4", [("Q4", "a", "0.876")], "-ln(0.55) = "),
    (11, 3, "Q2", [("Q2", "a", "0.747")], "e^(0.5) = "),
    (104, 3, "Q29", [("s1", "Q29", "a", "7"), ("s1", "Q29", "b", "1.05")], "-ln(0.35) = ")])
def test_a_value_used_twice_and_kept_short_once_is_one_step(tmp_path, seed, count, question, rows, step):
    """Review 55c N3: the value written short once and used at both places is one early rounding
    (it was a bare `incorrect`, as two steps); one copy kept short (seed 11's 0.747, which both give
    too) is named once, not twice."""
    graded = paper_grader(tmp_path, seed, count)(rows)
    row = graded[question, rows[-1][-2], rows[-1][-1]]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert _named(row).startswith(step) and _named(row).count(step) == 1 and " or " not in _named(row), row


def test_a_loss_used_twice_in_a_c9_mean(tmp_path):
    """Review 55c N3's p7c Q60 (C9, p = [0.9, 0.35, 0.7, 0.9], s = -0.4, y = 0; 0.917320): -ln 0.9 =
    0.105361 kept as 0.11 at both uses makes the losses' sum 1.6265, carried to 3 figures as 1.63,
    the mean 0.4075, and with -ln(1 - σ(-0.4)) = 0.5130 the total 0.9205, `0.921`; kept so at one
    use it gives 0.9185 at most."""
    losses = [-math.log(v) for v in (0.9, 0.35, 0.7, 0.9)]
    assert round(0.22 + losses[1] + losses[2], 2) == 1.63 and round(1.63 / 4 + 0.5130, 4) == 0.9205
    assert round((0.11 + sum(losses[1:])) / 4 + math.log(1 + math.exp(-0.4)), 4) == 0.9185
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C7,C9", "--seed", "7", "--count", "40",
                                "--out", str(tmp_path / "paper")])
    assert made.exit_code == 0, made.output
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q60,a,0.921\n", encoding="utf-8")
    result = runner.invoke(main, ["grade", str(answers), "--key", str(tmp_path / "paper" / "key.json"),
                                  "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    with open(tmp_path / "out" / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        row = next(csv.DictReader(handle))
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert _named(row).count("-ln(0.9) = ") == 1, row
