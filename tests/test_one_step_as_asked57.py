"""Review 56c F4: an answer written to more figures than asked is judged by the one-step
rounded-too-early rule (early_carry.py) as its rounding at the figures asked as well, as
carried rounding judges it (as_asked.py): writing more figures never marks an answer lower.

C9 seed 7 Q21 (p = [0.7, 0.4, 0.8, 0.85], s = -1.3, y = 0; L = 0.655665, 0.656): with
-ln 0.7 = 0.356675 kept as 0.36 and the other terms carried to 3 figures, (0.36 + 0.916 + 0.223 +
0.163)/4 = 0.4155, + ln(1 + e^(-1.3)) = 0.241008 as 0.241 gives 0.6565, `0.657` by the paper's rule;
`0.6566` and `0.6565` are 0.657 at the 3 figures asked, and were a bare `incorrect` where `0.657`
was `imprecise`."""

import math

import pytest

from quizgen.marking.as_asked import rounded_if_longer
from tests.grading_support import generated_key, graded_by_cli


def test_the_hand_values():
    losses = [-math.log(v) for v in (0.7, 0.4, 0.8, 0.85)]
    nsp = math.log(1 + math.exp(-1.3))
    assert round(sum(losses) / 4 + nsp, 3) == 0.656
    assert [round(v, 3) for v in losses[1:]] == [0.916, 0.223, 0.163] and round(nsp, 3) == 0.241
    assert round((0.36 + 0.916 + 0.223 + 0.163) / 4 + 0.241, 6) == 0.6565


def test_only_an_answer_longer_than_asked_is_rounded():
    assert rounded_if_longer(0.6566, 4, "numeric", {}) == 0.657
    assert rounded_if_longer(0.6565, 4, "numeric", {}) == 0.657       # a tie written: the paper's way
    assert rounded_if_longer(0.657, 3, "numeric", {}) is None          # written to the figures asked
    assert rounded_if_longer(0.66, 2, "numeric", {}) is None           # a 2-figure answer: never
    assert rounded_if_longer(0.6566, None, "numeric", {}) is None      # figures unknown
    assert rounded_if_longer(0.6566, 4, "numeric", {}, (0.6571, None)) is None   # its rounding a trap's value


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """`generate --classes C9 --count 21 --seed 7` (Q21 as review 56c's p9-7 has it), one student a row."""
    key = generated_key(tmp_path_factory, 7, 21, "--classes", "C9")
    rows = [(f"s{n}", "Q21", "a", answer) for n, answer in enumerate(["0.657", "0.6566", "0.6565", "0.65660"])]
    return {row["answer"]: row for row in graded_by_cli(tmp_path_factory.mktemp("grade"), key, rows).values()}


@pytest.mark.parametrize("answer", ["0.6566", "0.6565", "0.65660"])
def test_more_figures_are_rounded_too_early_as_their_rounding_is(graded, answer):
    three, longer = graded["0.657"], graded[answer]
    assert (three["status"], three["note"]) == ("imprecise", "rounded_too_early"), three
    assert (longer["status"], longer["note"], longer["score"]) == ("imprecise", "rounded_too_early", three["score"])
    assert longer["feedback"].startswith(three["feedback"]), longer
    assert longer["feedback"].endswith(f"(Your answer, {answer}, is 0.657 at the 3 significant figures asked, "
                                       "and is marked as that.)"), longer


def test_an_expressions_value_is_said_to_be_its_value():
    """`-ln(0.199)` on the per-student workload's s00594 Q9 is judged as its value, 1.61445, written so
    by no one: the sentence calls it the answer's value."""
    from quizgen.marking.as_asked import marked_as_rounded
    from quizgen.marking.expression_value import ValueFigures

    assert marked_as_rounded(1.61445, ValueFigures(6), 1.61, 3) == \
        "(Your answer's value, 1.61445, is 1.61 at the 3 significant figures asked, and is marked as that.)"
    assert marked_as_rounded(0.6566, 4, 0.657, 3).startswith("(Your answer, 0.6566, is 0.657 ")
