"""A wrong count is no early rounding (rev-maths31 finding 1, fixed by mark31):
C6's (a) on seed 3 is 2580 masked tokens; a student who writes 2500 or 2600 and
works (b)-(e) exactly from it gets ECF for each, as after 2400, and no word of
rounding too early (2500 and 2600 look like 2580 rounded to 2 figures, but a
count asks for the whole number, not figures)."""

import pytest

from quizgen.generation.run import generate
from tests.grading_support import graded_with_policy

WORKED = {   # (a) as written: (b)-(e) worked exactly from it (80%, 10%, 10% and the whole again)
    "2400": ("1920", "240", "240", "2400"),
    "2500": ("2000", "250", "250", "2500"),
    "2600": ("2080", "260", "260", "2600"),
}


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("counts")
    generate(folder / "quiz", classes="C6", seed=3)
    rows = [(f"c{a}", "Q1", part, answer) for a, later in WORKED.items() for part, answer in zip("abcde", (a, *later))]
    return graded_with_policy(folder / "g", folder / "quiz" / "key.json", rows, "")


@pytest.mark.slow
def test_the_key_is_the_reviewers(graded):
    assert graded[("c2400", "Q1", "a")]["expected"] == "2580"


@pytest.mark.parametrize("count", sorted(WORKED))
def test_later_parts_worked_from_a_wrong_count_are_ecf(graded, count):
    assert graded[(f"c{count}", "Q1", "a")]["status"] == "incorrect"
    for part in "bcde":
        row = graded[(f"c{count}", "Q1", part)]
        assert (row["status"], row["note"]) == ("correct", "ecf"), (part, row["feedback"])
        assert row["feedback"] == f"marked from your (a) = {count}: correct given that value (error carried forward)"
        assert "rounded too early" not in row["feedback"] and "early rounding" not in row["feedback"]
