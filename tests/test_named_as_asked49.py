"""Review 49a F7: an answer written to more figures than asked whose rounding
at the figures asked names a trap is named as that rounding is, never left a
bare incorrect, unless that rounding is the trap's value cut off (review 49d F6,
round 50: one rounding at most, the answer's or the trap's). Since round 48 the misconception carried on is judged at the
figures asked, so C10 (b) ``0.6348`` after (a) 3 (0.635 at the 3 figures
asked, which is the masked_positions_only trap's 0.635723 cut off) was
refused there and, named nowhere else, had no misconception and no feedback,
while ``0.635`` and ``0.6353`` beside it were named the trap.

The reviewer's paper: ``generate --seed 3 --classes C10 --count 40``, Q28. Since
review 52b F1 it draws: (a) 6 predictions of [BOS], 5 words and [EOS], (b) the mean
of their 6 losses, 1.1385; the masked_positions_only trap at (b) averages the 3
masked positions only, (-ln 0.8 - ln 0.15 - ln 0.75) / 3 = 0.802649 (0.803 at 3
figures; the reviewer's draw had 0.635723, and the cases below are its, moved)."""

import csv
from decimal import ROUND_HALF_UP, Decimal

import pytest
from click.testing import CliRunner

from quizgen.cli import main

TRAP = "masked_positions_only"
POLICY = f"imprecise_credit: 0.5\ntraps:\n  {TRAP}: 0.5\n"
COUNTS = ("3", "5", "6", "4")   # (a): the masked positions, every word, the right count, two too few
GRID = [f"{k / 10000:.4f}" for k in range(8000, 8051)] + [f"{k / 1000:.3f}" for k in range(800, 806)]


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


CUT = "0.802"   # the trap's 0.802649 cut off at the 3 figures asked


def test_a_rounding_that_is_the_traps_cut_off_names_nothing(graded):
    """Review 49d F6 (round 50): ``0.8018`` is 0.802 at the 3 figures asked, which is the
    trap's value cut off: two roundings stacked (the answer's and the trap's cut-off),
    and its 4th figure says it is no cut-off of 0.802649 (that is 0.8026). Round 49
    named these the trap; now only ``0.802`` itself is, told it is the trap cut off, after a
    right (a). After (a) 3, the masked positions, ``0.802`` is that misconception's value cut off:
    rounded too early from the method carried on, the misconception named once, at (a) (round 59)."""
    rounding = graded[("6", CUT)]
    assert (rounding["status"], rounding["misconception"]) == ("incorrect", TRAP)
    assert float(rounding["score"]) == 2 * 0.5 * 0.5   # (b)'s 2 points (review 52b F3), the trap's credit, cut off:
    # times the imprecise credit
    assert "(That value, cut off instead of rounded: 0.8026 rounds to 0.803.)" in rounding["feedback"]
    carried = graded[("3", CUT)]
    assert (carried["status"], carried["note"], carried["misconception"]) == ("imprecise", "rounded_too_early", "")
    assert float(carried["score"]) == 2 * 0.5   # the imprecise credit (ECF's is 1)
    assert "not counted again): cut off instead of rounded: worked from your (a), 0.8026 rounds to 0.803 (" \
        in carried["feedback"], carried
    for answer in ("0.8016", "0.8017", "0.8018", "0.8019", "0.8021"):   # outside the trap's window, 0.80215 up
        row = graded[("3", answer)]
        assert (row["status"], row["misconception"], row["score"]) == ("incorrect", "", "0"), row


def test_a_rounding_in_the_traps_window_is_named_with_one_rounding(graded):
    """(a) right, 6: ``0.8034`` lies outside the trap's window (0.802649 give or take
    half a unit of the 3rd figure, 0.0005) but is 0.803 at the 3 figures asked,
    which lies inside it: named, the answer's rounding the one rounding."""
    assert abs(0.8034 - 0.802649) > 0.0005 >= abs(0.803 - 0.802649)
    row = graded[("6", "0.8034")]
    assert (row["status"], row["misconception"]) == ("incorrect", TRAP), row
    assert row["feedback"].endswith("(Your answer, 0.8034, is 0.803 at the 3 significant figures asked, and is "
                                    "marked as that.)")


@pytest.mark.parametrize("a", COUNTS)
def test_more_figures_name_what_their_rounding_names_by_one_rounding(graded, a):
    """Every 4-figure (b) whose 3-figure rounding is a named trap, other than the
    trap's cut-off, is named that trap too, or is right as written (ECF: the
    a carried value), and never scores less; one whose rounding is the cut-off
    names no trap."""
    for answer in (b for b in GRID if len(b) == 6):
        row, rounding = graded[(a, answer)], graded[(a, _at_3(answer))]
        if rounding["misconception"] and _at_3(answer) != CUT:
            assert row["status"] == "correct" or row["misconception"] == rounding["misconception"], (a, answer, row)
            assert row["status"] == "correct" or float(row["score"]) >= float(rounding["score"]), (a, answer, row)
        if _at_3(answer) == CUT and answer != CUT + "0" and row["status"] == "incorrect":   # 0.8020: the cut-off itself
            assert row["misconception"] == "" or abs(float(answer) - 0.802649) <= 0.0005, (a, answer, row)


def test_what_was_right_stays_right(graded):
    """The misconception carried on, worked at the figures asked, is still ECF
    (0.8025 to 0.8044 after (a) 3, the method's carried rounding reaching 0.804), and a
    rounding that is right lends nothing."""
    for answer in ("0.8025", "0.8030", "0.8044", "0.803", "0.804"):
        row = graded[("3", answer)]
        assert (row["status"], row["note"]) == ("correct", "ecf"), row
    for answer in ("0.8045", "0.8050", "0.805"):
        assert (graded[("3", answer)]["status"], graded[("3", answer)]["misconception"]) == ("incorrect", "")
