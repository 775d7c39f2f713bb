"""Review 56c F3: the one step of a part's working kept to 2 significant figures
(early_steps.py, own_step_early.py) may be carried first, to 3 figures or more, and
then kept short, at a carried tie to the paper's or the even neighbour, as carried
rounding rounds.

C9 seed 5 (`generate --classes C9 --count 25 --seed 5`):
- Q8 (p = [0.4, 0.7], s = 2.2, y = 1; L = 0.741566, 0.742): -ln 0.4 = 0.916, -ln 0.7 =
  0.357 carried to 3 figures, their sum 1.273 as 1.27, the mean 0.635; the NSP loss
  ln(1 + e^-2.2) = 0.105083 carried as 0.105 and kept as 0.10, half to even: 0.735, `0.735`
  (the losses kept to 3 figures too: several values, that step named as an example);
  with the mean unrounded, 0.636481 + 0.10, `0.736` (that step alone).
Each was a bare `incorrect` (the step kept short was its unrounded value rounded once).
`0.745` is the mean 0.636481 kept as 0.64 with the NSP loss unrounded, 0.745083: that step alone;
-ln(σ(s)) kept as 0.11 reaches it only with the mean carried to 3 figures (0.635 + 0.11), and
alone gives 0.746481, so it is no longer named (a step is named alone only when it alone gives the answer).
Review 56c's Q25 (`4.16`: the mean kept as 1.2 with 1 + e^2.9 carried as 19.2) needs the
complement route's sum as a step, which the search leaves out for its cost: `4.15` stays
rounded too early, `4.16` incorrect."""

import math

import pytest

from quizgen.marking.early_steps import short_kept
from tests.grading_support import generated_key, graded_by_cli


def test_the_hand_values():
    mean8 = (round(-math.log(0.4), 3) + round(-math.log(0.7), 3)) / 2
    assert round(mean8, 4) == 0.6365 and round(round(-math.log(0.4), 3) + round(-math.log(0.7), 3), 2) == 1.27
    nsp8 = math.log(1 + math.exp(-2.2))
    assert round(nsp8, 3) == 0.105 and round(1.27 / 2 + 0.10, 3) == 0.735
    assert round(-(math.log(0.4) + math.log(0.7)) / 2 + 0.10, 3) == 0.736
    mean = -(math.log(0.4) + math.log(0.7)) / 2
    assert round(0.64 + nsp8, 3) == 0.745 and round(mean + 0.11, 3) == 0.746 and round(0.635 + 0.11, 3) == 0.745


def test_a_carried_tie_is_kept_either_way():
    assert short_kept((0.105083,), (3, 4)) == (0.1, 0.105083, 0.11)   # 0.105 a tie: the even 0.10 and the paper's 0.11
    assert short_kept((0.1049,), (3, 4)) == (0.1, 0.1049, 0.11)       # 0.105 by the paper's rule, then 0.11
    assert short_kept((0.1023,), (3, 4)) == (0.1, 0.1023)             # no tie on the way: its own rounding alone
    assert 0.105 in short_kept((0.105083,), (3, 4), several=True)      # a step used twice: carried at its other use


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    key = generated_key(tmp_path_factory, 5, 25, "--classes", "C9")
    rows = [("Q8", "0.735"), ("Q8", "0.736"), ("Q8", "0.745"), ("Q25", "4.16"), ("Q25", "4.15")]
    graded = graded_by_cli(tmp_path_factory.mktemp("grade"), key,
                           [(f"s{n}", question, "a", answer) for n, (question, answer) in enumerate(rows)])
    return {(row["question_id"], row["answer"]): row for row in graded.values()}


def _named(row) -> str:
    return row["feedback"].split("kept to too few figures (", 1)[1].split("): ", 1)[0]


@pytest.mark.parametrize("question, answer, step", [
    ("Q8", "0.735", "e.g. -ln(σ(s)) = 0.1051, carried as 0.105, as 0.10"),   # the losses to 3 figures too
    ("Q8", "0.736", "-ln(σ(s)) = 0.1051, carried as 0.105, as 0.10"),
    ("Q8", "0.745", "the mean of -ln(p) = 0.636 as 0.64"),     # -ln(σ(s)) as 0.11 needs the mean to 3 figures too
    ("Q25", "4.15", "the mean of -ln(p) = 1.24 as 1.2")])
def test_a_step_carried_then_kept_short_is_one_early_rounding(graded, question, answer, step):
    row = graded[question, answer]
    assert (row["status"], row["note"], row["score"]) == ("imprecise", "rounded_too_early", "0"), row
    assert step in _named(row).split(" or "), row["feedback"]
    several = "several values on the way" in row["feedback"]
    assert several == step.startswith("e.g. ") and several != ("a value on the way" in row["feedback"]), row
