"""Review 56c F1, the rest of its list: an answer that a rounded working reaches only as the rounding
half towards zero of a value at an exact tie of the figures asked (its odd neighbour, which neither
the paper's rule nor half to even gives) is no carried rounding (hull.half_down_only). Each was
`correct`, `carried_rounding`, full marks: C4 seed 6 Q1 `0.747` (from 0.7475), Q9 `1.89` (1.895), Q14
`0.877` (0.8775), Q30 `0.647` (0.6475); C10 seed 6 Q17 (b) `1.27` (1.275), Q30 (b) `1.33` (1.335)
(their papers: `generate --classes CX --count 30 --seed S`). The neighbour the rules give stays right.

C9 seed 6 Q29 `2.33` (key 2.3379) was carried rounding, as no last-rounding tie: 1 + e^1.5 = 5.48169 kept as
5.48 (over 2, three figures of e^1.5), sigma(s) = 1/5.48 = 0.182482 kept as 0.1825, the true label's
probability y sigma(s), a let of its own, written again to 3 figures, 0.183 (0.1825 is a tie: the paper's
rule), -ln 0.183 = 1.698 and the masked-LM mean kept as 0.635 (1.27/2): 2.333. That is one value rounded
twice: with y = 1, y sigma(s) is sigma(s), the same number, and writing it again is no new step (the one-step
search takes them as one step, review 55c N5). Since round 58 carried rounding rounds such a step as the step
it restates (restated.py): `2.33` is no carried rounding, `2.34` (sigma(s) rounded once, 0.182) is."""

import pytest

from tests.grading_support import generated_key, graded_by_cli

CASES = {   # (class, seed): [(question, part, refused answer, its neighbour the rules give)]
    ("C4", 6): [("Q1", "a", "0.747", "0.748"), ("Q9", "a", "1.89", "1.90"), ("Q14", "a", "0.877", "0.878"),
                ("Q30", "a", "0.647", "0.648")],
    ("C10", 6): [("Q17", "b", "1.27", "1.28"), ("Q30", "b", "1.33", "1.34")],
}


@pytest.fixture(scope="module", params=sorted(CASES))
def graded(request, tmp_path_factory):
    cls, seed = request.param
    key = generated_key(tmp_path_factory, seed, 30, "--classes", cls)
    rows = [(f"{kind}{question}", question, part, answer) for question, part, low, high in CASES[request.param]
            for kind, answer in (("low", low), ("high", high))]
    return CASES[request.param], graded_by_cli(tmp_path_factory.mktemp("grade"), key, rows)


def test_a_reached_tie_rounded_half_towards_zero_is_no_carried_rounding(graded):
    cases, rows = graded
    for question, part, low, high in cases:
        refused = rows[(f"low{question}", question, part)]
        assert refused["note"] != "carried_rounding" and refused["status"] != "correct", refused
        assert refused["score"] == "0", refused
        kept = rows[(f"high{question}", question, part)]
        assert kept["status"] == "correct" and kept["score"] != "0", kept


def test_one_value_rounded_twice_as_two_steps_is_no_carried_rounding(tmp_path_factory):
    key = generated_key(tmp_path_factory, 6, 30, "--classes", "C9")
    rows = graded_by_cli(tmp_path_factory.mktemp("grade"), key, [("s", "Q29", "a", "2.33"), ("t", "Q29", "a", "2.34")])
    twice = rows[("s", "Q29", "a")]
    assert twice["note"] != "carried_rounding" and twice["status"] != "correct" and twice["score"] == "0", twice
    assert rows[("t", "Q29", "a")]["status"] == "correct"


def test_a_bare_refusal_names_the_tie(tmp_path_factory):
    """C4 seed 5 Q18 (L = 0.8290): `0.827` is reached only as 0.8275 rounded half towards zero, and nothing
    else names it; `0.8271` is judged as its rounding, 0.827; Q17 `0.639` (0.6395) is told its early-rounded
    step, as before."""
    key = generated_key(tmp_path_factory, 5, 30, "--classes", "C4")
    rows = graded_by_cli(tmp_path_factory.mktemp("grade"), key, [("s", "Q18", "a", "0.827"), ("s", "Q17", "a", "0.639"),
                                                                 ("t", "Q18", "a", "0.8271")])
    q18, q17, longer = rows[("s", "Q18", "a")], rows[("s", "Q17", "a")], rows[("t", "Q18", "a")]
    assert (q18["status"], q18["score"], q18["note"]) == ("incorrect", "0", "")
    assert q18["feedback"] == ("your answer is 0.8275 rounded half towards zero (0.8275 is a value the working reaches "
                               "with rounded intermediate results): a tie is rounded away from zero, or to the even neighbour, "
                               "here both 0.828 (expected 0.829)")
    assert (longer["status"], longer["score"]) == ("incorrect", "0")   # more figures: judged as 0.827 too
    assert longer["feedback"] == q18["feedback"] + (" (Your answer, 0.8271, is 0.827 at the 3 significant figures asked, "
                                                    "and is marked as that.)")
    assert (q17["status"], q17["note"]) == ("imprecise", "rounded_too_early") and "0.163 as 0.16" in q17["feedback"]


def test_a_value_kept_short_at_a_tie_explains_no_half_towards_zero_neighbour(tmp_path_factory):
    """Q29 again: 1 + e^(s) = 1.2231 kept as 1.223 gives, carried, 1.70 + 0.635 = 2.335, as the right working
    carried to 3 figures does; 2.335 rounds to the key's 2.34 (its float lies just below the tie), so it explains
    no `2.33`, which near_one named "(1 + e^(s) = 1.2231 as 1.223)": a keeping that played no part. `2.33` is the
    key cut off, as C4 seed 5's Q16 `0.737` is (near_one_sums.rounds_as)."""
    key = generated_key(tmp_path_factory, 6, 30, "--classes", "C9")
    row = graded_by_cli(tmp_path_factory.mktemp("grade"), key, [("s", "Q29", "a", "2.33")])[("s", "Q29", "a")]
    assert (row["status"], row["score"], row["feedback"]) == ("imprecise", "0", "cut off instead of rounded: 2.338 rounds "
                                                                                   "to 2.34"), row
