"""rev-maths30's marking findings on seed 1's class paper (``quizgen generate
--seed 1``), graded as a user grades: Q1 p = 0.715664, loss 0.33454; Q7 loss_y0
2.7183; Q9 (a) 1.7232; Q10 (a) 5 positions, (b) 0.61182 (the sum 3.0591 over 5)."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main

HALF = "imprecise_credit: 0.5\ntraps:\n  missing_minus_sign: 0.5\n"


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    """``grade(rows, policy="")``: rows (student, question, part, answer) graded
    by the CLI against seed 1's key; the graded rows by (student, question, part)."""
    folder = tmp_path_factory.mktemp("marking30")
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--seed", "1", "--out", str(folder / "paper")])
    assert made.exit_code == 0, made.output
    runs = iter(range(1000))

    def run(rows, policy: str = "") -> dict:
        n = next(runs)
        path = folder / f"answers{n}.csv"
        with open(path, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
        args = ["grade", str(path), "--key", str(folder / "paper" / "key.json"), "--out", str(folder / f"out{n}.csv")]
        if policy:
            (folder / f"policy{n}.yaml").write_text(policy, encoding="utf-8")
            args += ["--policy", str(folder / f"policy{n}.yaml")]
        result = runner.invoke(main, args)
        assert result.exit_code == 0, result.output
        with open(folder / f"out{n}.csv", newline="", encoding="utf-8-sig") as handle:
            return {(r["student_id"], r["question_id"], r["part"]): r for r in csv.DictReader(handle)}
    return run


def _verdict(row) -> tuple:
    return row["status"], row["note"], row["misconception"], float(row["score"]), row["feedback"]


@pytest.mark.parametrize("own", ["0.25", "0.5", "1/4", "0.500"])
@pytest.mark.slow
def test_a_wrong_short_earlier_answer_that_is_no_rounding_is_marked_from_as_written(grade, own):
    """(a) 0.25 or 0.5 for p = 0.715664 is wrong, and no rounding of it or of a
    trap: (b) = -ln of it is ECF, as after 1/4 or 0.500. It was 'shown to only 2
    significant figures ... carries that early rounding', 0 marks."""
    answer = {"0.25": "1.39", "1/4": "1.39", "0.5": "0.693", "0.500": "0.693"}[own]
    rows = grade([("s1", "Q1", "a", own), ("s1", "Q1", "b", answer)])
    status, note, _, score, feedback = _verdict(rows["s1", "Q1", "b"])
    assert (status, note, score) == ("correct", "ecf", 2.0)
    assert feedback == f"marked from your (a) = {'0.25' if own == '1/4' else own}: correct given that value " \
                       "(error carried forward)"


def test_an_earlier_answer_that_is_the_right_value_rounded_short_is_marked_for_it_at_a_alone(grade):
    """(a) 0.72, p rounded to 2 figures, then (b) -ln 0.72 = 0.329: the rounding is
    marked at (a), and (b) is ECF from (a) as written (issue 12: one mistake is named
    once). (b) was rounded too early, 0 marks, while a wrong (a) 0.25 earned ECF."""
    rows = grade([("s1", "Q1", "a", "0.72"), ("s1", "Q1", "b", "0.329")])
    assert _verdict(rows["s1", "Q1", "a"])[:2] == ("imprecise", "rounded_too_early")
    status, note, _, score, feedback = _verdict(rows["s1", "Q1", "b"])
    assert (status, note, score) == ("correct", "ecf", 2.0)
    assert feedback == ("marked from your (a) = 0.72: correct given that value (error carried forward; (a)'s early "
                        "rounding is marked at (a) only)")


@pytest.mark.parametrize("question, part, text", [("Q9", "a", "2.00"), ("Q7", "c", "3.00"), ("Q1", "b", "0.300")])
def test_a_padded_answer_wrong_at_its_figures_is_incorrect(grade, question, part, text):
    """2.00 for 1.7232 agrees with it at 1 figure only: wrong at the 3 it shows,
    no credit under imprecise_credit (it was 'right to 1 significant figure ...
    rounded too early', half marks)."""
    rows = grade([("s1", question, part, text)], HALF)
    assert _verdict(rows["s1", question, part]) == ("incorrect", "", "", 0.0, "")


@pytest.mark.parametrize("text", ["infinity", "∞", "-inf", "Infinite"])
def test_infinity_for_a_number_is_read_and_incorrect(grade, text):
    """A loss of infinity is a wrong answer with a reason, not 'not a number' (invalid)."""
    rows = grade([("s1", "Q1", "b", text), ("s1", "Q6", "a", text)])
    for part in (("Q1", "b"), ("Q6", "a")):
        assert _verdict(rows[("s1", *part)]) == ("incorrect", "", "", 0.0,
                                                 "read as infinity, but this part's answer is a finite number")


def test_infinity_in_a_part_that_lists_it_is_that_trap(grade):
    rows = grade([("s1", "Q5", "b", "infinite")])
    assert rows["s1", "Q5", "b"]["misconception"] == "zero_mask_is_infinite"


def test_c10_the_papers_sum_over_a_wrong_count_is_no_ecf(grade):
    """Q10 (b) sums 8 losses since review 52b F1 (she poured hot tea into the mug: the 7 words'
    and [EOS]'s, 8.9352) and divides by (a)'s count, 8 (recipe sum(-log(p))/part:targets). (a) 5
    then 8.9352 / 5 = 1.79, or its missing minus sign, and (a) 4 then 8.9352 / 4 = 2.23, sum no 5 or
    4 terms: no ECF, no trap credit (they were ECF, 3/3, and the trap's credit; until review 52b the
    recipe divided by (a) - 2). (a) 2, the masked positions (5 and 7), then their mean
    (-ln 0.8 - ln 0.2) / 2 = 0.916, and (a) 9, the first token counted, then 8.9352 / 9 = 0.993,
    are the misconception carried on: ECF."""
    rows = grade([("w4", "Q10", "a", "5"), ("w4", "Q10", "b", "1.79"), ("m4", "Q10", "a", "5"),
                  ("m4", "Q10", "b", "-1.79"), ("w3", "Q10", "a", "4"), ("w3", "Q10", "b", "2.23"),
                  ("m3", "Q10", "a", "2"), ("m3", "Q10", "b", "0.916"), ("f6", "Q10", "a", "9"),
                  ("f6", "Q10", "b", "0.993")], HALF)
    for sid, own, quotient in (("w4", "5", "1.79"), ("w3", "4", "2.23")):   # 8.9352 / 5, / 4
        assert _verdict(rows[sid, "Q10", "b"]) == ("incorrect", "", "", 0.0, (
            f"(b) is the mean of 8 terms, their sum (8.9352) divided by 8; your answer comes from dividing that sum "
            f"by your (a) = {own} (8.9352 / {own} = {quotient}), as if there were {own} terms, so (b) "
            f"was not marked from your (a) (no error carried forward)"))
    # a negative loss, told so at (b) (review 54a F5: it was a bare incorrect)
    assert _verdict(rows["m4", "Q10", "b"]) == ("incorrect", "", "", 0.0,
                                                "a value of -1.79 cannot be right, as every answer to (b) is at least 0")
    for sid in ("m3", "f6"):
        status, note, misconception, score, feedback = _verdict(rows[sid, "Q10", "b"])
        assert (status, note, misconception, score) == ("correct", "ecf", "", 2.0)   # (b) is 2 points (review 52b F3)
        assert "and the method behind it (the misconception named at (a), not counted again)" in feedback


def test_a_trap_worked_from_a_carried_earlier_answer_is_that_trap_not_cut_off(grade):
    """(a) 0.716, then (b) -0.334 = ln 0.716 (0.334, its loss, is carried rounding):
    the missing minus sign on a carried value, its full credit, no 'cut off instead
    of rounded: -0.3345 rounds to -0.335' and half of it."""
    trap = "The log of a probability is negative; the loss puts a minus sign in front so that it is positive."
    rows = grade([("s1", "Q1", "a", "0.716"), ("s1", "Q1", "b", "-0.334"), ("s2", "Q1", "a", "0.716"),
                  ("s2", "Q1", "b", "0.334")], HALF)
    assert _verdict(rows["s1", "Q1", "b"]) == ("incorrect", "", "missing_minus_sign", 1.0, trap)
    assert rows["s2", "Q1", "b"]["note"] == "carried_rounding"


def test_more_figures_than_asked_wrong_at_those_asked_is_not_plainly_correct(grade):
    """Q5 (c), 0.15171 (0.152): 0.1513 rounds to 0.151 and was plainly correct, while 0.151
    was 'cut off'; then carried rounding took it for lying in the unrounded value's window
    (review 47b F12): (1 - r)^n is one step of the recipe, and no carrying reaches 0.151."""
    rows = grade([("s1", "Q5", "c", "0.1513"), ("s2", "Q5", "c", "0.1517"), ("s3", "Q5", "c", "0.151")])
    assert (rows["s1", "Q5", "c"]["status"], rows["s1", "Q5", "c"]["note"]) == ("incorrect", "")
    assert (rows["s2", "Q5", "c"]["status"], rows["s2", "Q5", "c"]["note"]) == ("correct", "")
    assert rows["s3", "Q5", "c"]["status"] == "imprecise"


def test_an_intermediate_used_twice_is_rounded_once(grade):
    """Q8 (b) = -ln p, p = e^2.5 / (e^0.5 + e^2.5 + e^3) = 0.35919, loss 1.0239: 1.03 was
    carried rounding only with e^2.5 kept to 4 figures in the numerator and 3 in the sum."""
    rows = grade([("s1", "Q8", "b", "1.03"), ("s2", "Q8", "b", "1.02")])
    assert _verdict(rows["s1", "Q8", "b"])[:4] == ("incorrect", "", "", 0.0)
    assert rows["s2", "Q8", "b"]["status"] == "correct"


def test_the_carried_set_of_a_softmax_rounds_its_numerator_as_its_term_in_the_sum():
    """Every value reached keeps e^z_t the same in the numerator and the sum."""
    from fractions import Fraction

    from quizgen.marking.carry import reachable
    from quizgen.marking.recipes import Recipe, parse_recipe

    names = frozenset({"z", "t"})
    steps = (("total", parse_recipe("sum(exp(z))", names)), ("exp_z", parse_recipe("exp(z)", names)))
    recipe = Recipe("p", parse_recipe("exp(z[t])/sum(exp(z))", names), "", (), steps)
    env = {"z": (Fraction(1, 2), Fraction(5, 2), Fraction(3)), "t": 1}
    top, others = 12.182493960703473, 1.6487212707001282 + 20.085536923187668
    inconsistent = 12.18 / (others + 12.2)   # 4 figures above, 3 in the sum
    values = reachable(recipe, env, {})
    assert not any(abs(v - inconsistent) < 1e-7 for v in values)
    assert any(abs(v - top / (others + top)) < 1e-7 for v in values)
