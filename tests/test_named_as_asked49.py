"""Review 49a F7: an answer written to more figures than asked whose rounding
at the figures asked names a trap is named as that rounding is, never left a
bare incorrect, unless that rounding is the trap's value cut off (review 49d F6,
round 50: one rounding at most, the answer's or the trap's). Since round 48 the misconception carried on is judged at the
figures asked, so C10 (b) ``0.6348`` after (a) 3 (0.635 at the 3 figures
asked, which is the masked_positions_only trap's 0.635723 cut off) was
refused there and, named nowhere else, had no misconception and no feedback,
while ``0.635`` and ``0.6353`` beside it were named the trap.

The reviewer's paper: ``generate --seed 3 --classes C10 --count 40``, Q28:
(a) 6 predictions of 7 words, (b) the mean of their 6 losses, 0.9360; the
masked_positions_only trap at (b) averages the 3 masked positions only,
(-ln 0.55 - ln 0.3 - ln 0.9) / 3 = 0.635723 (0.636 at 3 figures)."""

import csv
from decimal import ROUND_HALF_UP, Decimal

import pytest
from click.testing import CliRunner

from quizgen.cli import main

TRAP = "masked_positions_only"
POLICY = f"imprecise_credit: 0.5\ntraps:\n  {TRAP}: 0.5\n"
COUNTS = ("3", "7", "6", "5")   # (a): the masked positions, every word, the right count, one too few
GRID = [f"{k / 10000:.4f}" for k in range(6330, 6381)] + [f"{k / 1000:.3f}" for k in range(633, 639)]


def _at_3(answer: str) -> str:
    """A 4-figure answer rounded to the 3 figures asked, the paper's way (a tie away from zero)."""
    return str(Decimal(answer).quantize(Decimal("0.001"), ROUND_HALF_UP))


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Every (a) of ``COUNTS`` with every (b) of ``GRID``, one student each: {(a, b): graded row of (b)}."""
    folder = tmp_path_factory.mktemp("c10grid")
    made = CliRunner().invoke(main, ["generate", "--seed", "3", "--classes", "C10", "--count", "40", "--out",
                                     str(folder / "quiz"), "--no-solutions"])
    assert made.exit_code == 0, made.output
    (folder / "policy.yaml").write_text(POLICY, encoding="utf-8")
    pairs = [(a, b) for a in COUNTS for b in GRID]
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(("student_id", "question_id", "part", "answer"))
        for n, (a, b) in enumerate(pairs):
            writer.writerows([(f"s{n}", "Q28", "a", a), (f"s{n}", "Q28", "b", b)])
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv"), "--key", str(folder / "quiz" / "key.json"),
                                       "--policy", str(folder / "policy.yaml"), "--force-key", "--out",
                                       str(folder / "out" / "graded.csv")])
    assert result.exit_code == 0, result.output
    with open(folder / "out" / "graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {r["student_id"]: r for r in csv.DictReader(handle) if r["part"] == "b"}
    return {pair: rows[f"s{n}"] for n, pair in enumerate(pairs)}


CUT = "0.635"   # the trap's 0.635723 cut off at the 3 figures asked


def test_a_rounding_that_is_the_traps_cut_off_names_nothing(graded):
    """Review 49d F6 (round 50): ``0.6348`` is 0.635 at the 3 figures asked, which is the
    trap's value cut off: two roundings stacked (the answer's and the trap's cut-off),
    and its 4th figure says it is no cut-off of 0.635723 (that is 0.6357). Round 49
    named these the trap; now only ``0.635`` itself is, told it is the trap cut off."""
    rounding = graded[("3", CUT)]
    assert (rounding["status"], rounding["misconception"]) == ("incorrect", TRAP)
    assert float(rounding["score"]) == 3 * 0.5 * 0.5   # the trap's credit, cut off: times the imprecise credit
    assert "(That value, cut off instead of rounded: 0.6357 rounds to 0.636.)" in rounding["feedback"]
    for answer in ("0.6346", "0.6347", "0.6348", "0.6349", "0.6351", "0.6352"):
        row = graded[("3", answer)]
        assert (row["status"], row["misconception"], row["score"]) == ("incorrect", "", "0"), row


def test_a_rounding_in_the_traps_window_is_named_with_one_rounding(graded):
    """(a) right, 6: ``0.6364`` lies outside the trap's window (0.635723 give or take
    half a unit of the 3rd figure, 0.0005) but is 0.636 at the 3 figures asked,
    which lies inside it: named, the answer's rounding the one rounding."""
    assert abs(0.6364 - 0.635723) > 0.0005 >= abs(0.636 - 0.635723)
    row = graded[("6", "0.6364")]
    assert (row["status"], row["misconception"]) == ("incorrect", TRAP), row
    assert row["feedback"].endswith("(Your answer, 0.6364, is 0.636 at the 3 significant figures asked, and is "
                                    "marked as that.)")


@pytest.mark.parametrize("a", COUNTS)
def test_more_figures_name_what_their_rounding_names_by_one_rounding(graded, a):
    """Every 4-figure (b) whose 3-figure rounding is a named trap, other than the
    trap's cut-off, is named that trap too, or is right as written (ECF: 0.6345 is
    the carried 0.634467), and never scores less; one whose rounding is the cut-off
    names no trap."""
    for answer in (b for b in GRID if len(b) == 6):
        row, rounding = graded[(a, answer)], graded[(a, _at_3(answer))]
        if rounding["misconception"] and _at_3(answer) != CUT:
            assert row["status"] == "correct" or row["misconception"] == rounding["misconception"], (a, answer, row)
            assert row["status"] == "correct" or float(row["score"]) >= float(rounding["score"]), (a, answer, row)
        if _at_3(answer) == CUT and answer != CUT + "0" and row["status"] == "incorrect":   # 0.6350: the cut-off itself
            assert row["misconception"] == "" or abs(float(answer) - 0.635723) <= 0.0005, (a, answer, row)


def test_what_was_right_stays_right(graded):
    """The misconception carried on, worked at the figures asked, is still ECF
    (0.6355 to 0.6374 after (a) 3), and a rounding that is right lends nothing."""
    for answer in ("0.6355", "0.6360", "0.6374", "0.636", "0.637"):
        row = graded[("3", answer)]
        assert (row["status"], row["note"]) == ("correct", "ecf"), row
    for answer in ("0.6375", "0.6380", "0.638"):
        assert (graded[("3", answer)]["status"], graded[("3", answer)]["misconception"]) == ("incorrect", "")
