"""ECF's value cut off, and words worked from the student's own answers, round 59 (`generate --seed 1
--count 5` and `--seed 11 --count 5`).

- C7 seed 1's Q31 (key (a) 0.9340): (a) `0.0660` (sigmoid_sign_error), then (b) `2.71`, -ln(0.0660) = 2.7181
  cut off at the 3 figures asked. That value equals (b)'s wrong_label_branch trap (sigma(-s) = 1 - sigma(s)),
  so it was that trap cut off, the one mistake named twice. It is rounded too early from their (a), as a
  misconception's method cut off is; after the right (a) `0.934` it stays the trap cut off.
- C1 seed 11's Q2: (a) `0.583` (logit_as_probability, 0.583333), then (b) `0.538`, -ln(0.583333) = 0.5390
  cut off: ECF's value carried on unrounded, cut off, was a bare `incorrect`.
- C10 seed 1's Q50 (key (a) 6): after (a) `8`, ECF is withheld ((b) divides the paper's fixed sum by their
  count), so (b) `0.437` is told no tie worked from their 8, which would say their (a) was used.
- C8 seed 1's Q35 (a) `0.680` (1 + e^(-s) kept short, or 0.68 padded): the credit follows the padded
  clause as a clause of its own, not another "which" that reads as the zero's."""

import pytest

from tests.grading_support import generated_key, graded_with_policy

HALF = "imprecise_credit: 0.5\n"


def _graded(tmp_path_factory, key, pairs, policy: str = "") -> dict:
    """Each (question, (a), (b)) of ``pairs`` answered by a student of its own, s0, s1, ..., graded."""
    rows = [row for i, (question, a, b) in enumerate(pairs)
            for row in ((f"s{i}", question, "a", a), (f"s{i}", question, "b", b)) if row[3] is not None]
    return graded_with_policy(tmp_path_factory.mktemp("grade"), key, rows, policy)


def _rounded_too_early_then_ecf(rows: dict, question: str, score: str, feedback: str):
    """s0's (b), ECF's value cut off: rounded too early, no misconception, told ``feedback``; s1's, it rounded: ECF."""
    cut = rows[("s0", question, "b")]
    assert (cut["status"], cut["note"], cut["misconception"], cut["score"], cut["feedback"]) == \
        ("imprecise", "rounded_too_early", "", score, feedback), cut
    assert (rows[("s1", question, "b")]["status"], rows[("s1", question, "b")]["note"]) == ("correct", "ecf")


@pytest.fixture(scope="module")
def seed1(tmp_path_factory):
    return generated_key(tmp_path_factory, 1, 5)


@pytest.mark.slow   # generates a paper
def test_ecf_value_cut_off_is_rounded_too_early_not_the_trap_again(seed1, tmp_path_factory):
    rows = _graded(tmp_path_factory, seed1, [("Q31", "0.0660", "2.71"), ("Q31", "0.0660", "2.72"),
                                             ("Q31", "0.934", "2.71")], HALF)
    _rounded_too_early_then_ecf(rows, "Q31", "1", (
        "marked from your (a) = 0.0660: cut off instead of rounded: worked from your (a), 2.718 rounds to 2.72 "
        "(from the exact (a), expected 0.0683), which earns half of the marks in this course"))
    right = rows[("s2", "Q31", "b")]   # after a right (a), 2.71 is that trap cut off, named as before
    assert (right["status"], right["misconception"]) == ("incorrect", "wrong_label_branch"), right


@pytest.mark.slow   # generates a paper
def test_ecf_value_carried_on_unrounded_cut_off_is_rounded_too_early(tmp_path_factory):
    key = generated_key(tmp_path_factory, 11, 5)
    rows = _graded(tmp_path_factory, key, [("Q2", "0.583", "0.538"), ("Q2", "0.583", "0.539")])
    _rounded_too_early_then_ecf(rows, "Q2", "0", (
        "marked from your (a) = 0.583, carried unrounded as 0.583333: cut off instead of rounded: worked from "
        "your (a), 0.5390 rounds to 0.539 (from the exact (a), expected 0.293)"))


@pytest.mark.slow   # generates a paper
def test_no_tie_is_told_from_an_answer_ecf_is_withheld_from(seed1, tmp_path_factory):
    rows = _graded(tmp_path_factory, seed1, [("Q50", "8", "0.437"), ("Q50", "8", "0.434")])
    tie = rows[("s0", "Q50", "b")]
    assert (tie["status"], tie["score"]) == ("incorrect", "0"), tie
    assert "marked from your (a)" not in tie["feedback"] and "half towards zero" not in tie["feedback"], tie
    own = rows[("s1", "Q50", "b")]   # the sibling answer: not marked from their (a), and says so
    assert own["feedback"].endswith("so (b) was not marked from your (a) (no error carried forward)"), own


@pytest.mark.slow   # generates a paper
def test_the_credit_after_the_padded_clause_is_a_clause_of_its_own(seed1, tmp_path_factory):
    row = _graded(tmp_path_factory, seed1, [("Q35", "0.680", None)], HALF)[("s0", "Q35", "a")]
    assert (row["status"], row["score"]) == ("imprecise", "1"), row
    assert row["feedback"].endswith(
        "0.680 is 0.68, right to 2 significant figures, with a zero written after it, which is not one of the "
        "answer's figures; this answer earns half of the marks in this course"), row
