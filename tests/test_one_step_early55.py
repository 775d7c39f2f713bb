"""Review 55a F10: an answer is rounded too early through its own working only
when ONE step of that working kept to 2 significant figures (the others carried
as carried rounding carries them) gives it, and the feedback names that step
as the solutions write it. An answer that needs two steps so kept is no one
early rounding a marker can point to: it stays incorrect (it was `imprecise`,
"a value on the way kept to too few figures", naming nothing, and earned the
imprecise credit for answers several units off).

Seed 101's Q1 (C1): z = [1, 2.5, 4, 1], the true word's z = 4; by hand
e^1 = 2.71828, e^2.5 = 12.1825, e^4 = 54.5982, their sum 72.2173, p = 0.756027.
Seed 7's Q10 (C10): p = [0.25, 0.85, 0.05, 0.85, 0.35, 0.8, 0.5], T + 1 = 7
predictions; the losses -ln p sum to 6.6730, the mean 0.95329."""

import math

import pytest

from tests.grading_support import graded_with_policy, paper_grader

POLICY = "imprecise_credit: 0.5\n"
KEEP = "this paper asks you to keep at least 4 significant figures in intermediate results"


def test_the_hand_values():
    z, p = [1, 2.5, 4, 1], [0.25, 0.85, 0.05, 0.85, 0.35, 0.8, 0.5]
    exps = [math.exp(v) for v in z]
    assert round(exps[2] / sum(exps), 3) == 0.756
    assert round(55 / (sum(exps) - exps[2] + 55), 3) == 0.757            # e^4 as 55 alone
    assert round(exps[2] / 72, 3) == 0.758                               # the sum as 72 alone
    assert round(exps[2] / (sum(exps) - exps[1] + 12), 3) == 0.758       # e^2.5 as 12 alone
    assert round(55 / 72.6, 3) == 0.758                                  # e^4 as 55, the sum 72.619 to 3 figures
    assert round(55 / (2 * exps[0] + 12 + 55), 3) == 0.759               # e^2.5 as 12 and e^4 as 55
    assert round(55 / 73, 3) == 0.753                                    # e^4 as 55 and the sum as 73
    losses = [-math.log(v) for v in p]
    assert round(sum(losses) / 7, 3) == 0.953
    assert round((sum(losses) - losses[4] + 1.0) / 7, 3) == 0.946        # -ln 0.35 = 1.0498 as 1.0 alone
    assert round((sum(losses) - losses[4] - losses[0] + 1.0 + 1.4) / 7, 3) == 0.948   # and -ln 0.25 as 1.4
    assert round((sum(losses) - losses[4] - losses[0] + 1.0 + 1.4) / 8, 3) == 0.830   # the same over 8
    assert round((sum(losses) - losses[4] + 1.0) / 8, 3) == 0.828


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Seed 101's Q1 and seed 7's Q10 answered, imprecise_credit 0.5: {(student, question, part): row}."""
    folder = tmp_path_factory.mktemp("one_step55")
    paper_grader(folder / "s101", 101, 1)
    paper_grader(folder / "s7", 7, 1)
    q1 = [["r1", "Q1", "a", "0.759"], ["r2", "Q1", "a", "0.753"], ["r6", "Q1", "a", "0.757"],
          ["r7", "Q1", "a", "0.758"]]
    q10 = [["t1", "Q10", "a", "7"], ["t1", "Q10", "b", "0.948"], ["t2", "Q10", "a", "7"], ["t2", "Q10", "b", "0.946"],
           ["t5", "Q10", "a", "8"], ["t5", "Q10", "b", "0.830"], ["t6", "Q10", "a", "8"], ["t6", "Q10", "b", "0.828"]]
    rows = graded_with_policy(folder / "g101", folder / "s101" / "paper" / "key.json", q1, POLICY)
    rows.update(graded_with_policy(folder / "g7", folder / "s7" / "paper" / "key.json", q10, POLICY))
    return rows


@pytest.mark.parametrize("student, question, part", [("r1", "Q1", "a"), ("r2", "Q1", "a"), ("t1", "Q10", "b"),
                                                     ("t5", "Q10", "b")])
def test_two_steps_kept_to_2_figures_is_no_early_rounding(graded, student, question, part):
    """The reviewer's r1 (0.759: e^2.5 as 12 and e^4 as 55) and r2 (0.753: e^4 as 55 and the sum as 73);
    C10's mean with two losses kept short, after the right count or a wrong one (no ECF reaches it)."""
    row = graded[(student, question, part)]
    assert (row["status"], row["note"], float(row["score"])) == ("incorrect", "", 0.0), row
    assert "kept to too few figures" not in row["feedback"] and "rounded to 2" not in row["feedback"], row


@pytest.mark.parametrize("student, question, part, step, expected", [
    ("r6", "Q1", "a", "e^(4) = 54.6 as 55", "0.756"),           # an element of the softmax's list, named
    # 0.758: the sum as 72 alone; or e^2.5 as 12 alone; not e^4 as 55, which alone gives 0.757 and
    # 0.758 only with the sum then carried to 3 figures, 55/72.6 (a step is named when it alone gives it)
    ("r7", "Q1", "a", "e^(2.5) = 12.2 as 12 or the sum of e^(z) = 72.2 as 72", "0.756"),
    ("t2", "Q10", "b", "-ln(0.35) = 1.0498 as 1.0", "0.953")])
def test_one_step_kept_to_2_figures_is_named(graded, student, question, part, step, expected):
    row = graded[(student, question, part)]
    assert (row["status"], row["note"], float(row["score"])) == ("imprecise", "rounded_too_early", 1.0), row
    assert row["feedback"] == (f"your answer is what the working gives with a value on the way kept to too few "
                               f"figures ({step}): {KEEP} (expected {expected}), which earns half of the marks in "
                               "this course"), row


def test_one_step_from_a_wrong_earlier_answer_is_named(graded):
    """(a) 8, one more than the predictions: (b) worked from it with one loss kept short names that loss."""
    row = graded[("t6", "Q10", "b")]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert row["feedback"].startswith("marked from your (a) = 8: your answer is what the working gives with "
                                      "-ln(0.35) = 1.0498 rounded to 2 significant figures (1.0), not with (a) as "
                                      "written: "), row


def test_the_step_is_named_with_the_value_that_gives_the_answer(tmp_path):
    """Review 55c N2: seed 44's Q26 (C9, p = [0.45, 0.35], s = 0.6, y = 1; 1.36165). The losses'
    mean, 0.924165, carried as 0.925 and kept to 2 figures as 0.93, plus ln(1 + e^-0.6) = 0.437488,
    gives 1.367, `1.37`; kept as 0.92 it gives at most 1.358. The feedback named "0.924 as 0.92",
    a keeping that does not give the answer; it names the one that does."""
    mean = (-math.log(0.45) - math.log(0.35)) / 2
    nsp = math.log(1 + math.exp(-0.6))
    assert round(mean + nsp, 2) == 1.36 and round(0.93 + nsp, 2) == 1.37 and round(0.92 + nsp + 0.001, 2) == 1.36
    row = paper_grader(tmp_path, 44, 3)([("Q26", "a", "1.37")])["Q26", "a", "1.37"]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early"), row
    assert "(the mean of -ln(p) = 0.924, carried as 0.925, as 0.93" in row["feedback"], row["feedback"]
    assert "as 0.92 " not in row["feedback"] and "as 0.92)" not in row["feedback"]   # 0.925 is the carried value
