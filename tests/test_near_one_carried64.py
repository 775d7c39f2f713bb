"""A value near 1 kept short is rounded too early, however carried rounding reaches it.

Every stem asks a value near 1 (a probability over 0.9, a sum 1 + x with x small, 1/p for p near
1) kept to at least 4 significant figures of its difference from 1. Carried rounding kept every
step to 3 figures or more, so it reached answers whose near-1 value had lost its figures and gave
them full marks, while nearer answers got 0: seed 11's s004 Q8 (C8, z = 2.5 and -1.0, p =
0.97069), (a) ``0.968`` = 12.2/12.6 (the sum of the weights 12.568 kept as 12.6) was
``carried_rounding``, 3/3, and so was (b) ``0.0325`` = -ln 0.968 for a loss of 0.0298. The sum a
probability near 1 divides by is now carried to at least 4 figures (near_one_floors.py), and an
answer only the shorter keeping reaches is ``imprecise``, ``rounded_too_early``, naming the value
kept short (near_short.py). (a) ``0.969`` stays ``incorrect``: 12.18/12.57 mixes a weight kept to 4
figures with a sum worked from it kept to 3 (12.18 + 0.3679 = 12.548 is 12.55), and no rounding of
each step, the weight one value at both its uses, gives it."""

import json
import math

import pytest

from tests.grading_support import graded_by_cli

NEAR_WORDS = "kept to too few figures of its difference from 1"


@pytest.fixture(scope="module")
def roster_key(tmp_path_factory):
    from click.testing import CliRunner
    from quizgen.cli import main
    folder = tmp_path_factory.mktemp("seed11")
    roster = folder / "roster.csv"
    roster.write_text("student_id,name\n" + "".join(f"s00{i},Name {i}\n" for i in range(1, 6)), encoding="utf-8")
    made = CliRunner().invoke(main, ["generate", "--seed", "11", "--students", str(roster), "--out", str(folder / "p")])
    assert made.exit_code == 0, made.output
    return folder / "p" / "key.json"


def test_c8_a_with_the_sum_kept_to_3_figures_is_rounded_too_early(tmp_path, roster_key):
    rows = graded_by_cli(tmp_path, roster_key, [["s004", "Q8", "a", "0.968"]])
    row = rows["s004", "Q8", "a"]
    assert (row["status"], row["note"], row["score"]) == ("imprecise", "rounded_too_early", "0"), row
    assert f"{NEAR_WORDS} (the sum of e^(z) = 12.5504 as 12.6)" in row["feedback"]
    assert "(expected 0.971)" in row["feedback"]


@pytest.mark.parametrize("a, verdict", [("0.969", ("incorrect", "")), ("0.9705", ("correct", "")),
                                        ("0.970", ("imprecise", "rounded_too_early"))])   # 0.9706 cut off
def test_c8_a_other_answers_keep_their_verdicts(tmp_path, roster_key, a, verdict):
    row = graded_by_cli(tmp_path, roster_key, [["s004", "Q8", "a", a]])["s004", "Q8", "a"]
    assert (row["status"], row["note"]) == verdict, row


@pytest.mark.parametrize("a, b, verdict", [
    ("0.971", "0.0325", ("imprecise", "rounded_too_early")),   # -ln 0.968: the sum kept as 12.6
    ("", "0.0294", ("correct", "carried_rounding")),           # -ln 0.971: p itself to 3 figures, as before
    ("", "0.0297", ("correct", "carried_rounding")),           # -ln 0.9707: 4 figures of p, the default
    ("0.971", "0.0299", ("correct", "carried_rounding"))])     # 12.18 / 12.55: every step to 4 figures
def test_c8_b_from_a_probability_near_1_kept_short_is_rounded_too_early(tmp_path, roster_key, a, b, verdict):
    rows = graded_by_cli(tmp_path, roster_key, [["s004", "Q8", "a", a], ["s004", "Q8", "b", b]])
    row = rows["s004", "Q8", "b"]
    assert (row["status"], row["note"]) == verdict, row
    if verdict[0] == "imprecise":
        assert f"{NEAR_WORDS} ((a) = 0.970685 carried with too few figures of 1 - (a))" in row["feedback"]


def _sig(value: float, figures: int) -> float:
    return float(f"{value:.{figures - 1}e}")


def _stem_student(z: list, y: int) -> tuple:
    """(a) and (b) of C8 worked as the stem asks: each weight and their sum to 4 significant figures,
    p then to 4 figures of its difference from 1 when over 0.9; the answers to 3."""
    weights = [_sig(math.exp(v), 4) for v in z]
    p = weights[y] / _sig(sum(weights), 4)
    kept = _sig(p, 3 - math.floor(math.log10(1 - p)) if p > 0.9 else 4)   # 4 figures of 1 - p: 0.97069
    return _sig(p, 3), _sig(-math.log(kept), 3)


def _short_student(z: list, y: int) -> float:
    """C8's (a) with the sum of the weights kept to 3 significant figures, every weight to 4."""
    weights = [_sig(math.exp(v), 4) for v in z]
    return _sig(weights[y] / _sig(sum(weights), 3), 3)


@pytest.mark.slow
def test_over_many_c8_draws_near_1_keeping_decides(tmp_path):
    """Over 300 C8 draws: a student keeping what the stem asks is always marked correct; one keeping
    the sum of a probability over 0.9 to 3 figures is correct only where some carrying that keeps it
    to 4 reaches that answer too, else rounded too early and told which value was kept short."""
    from click.testing import CliRunner
    from quizgen.cli import main
    made = CliRunner().invoke(main, ["generate", "--classes", "C8", "--count", "300", "--seed", "64",
                                     "--out", str(tmp_path / "p")])
    assert made.exit_code == 0, made.output
    questions = json.loads((tmp_path / "p" / "key.json").read_text(encoding="utf-8"))["questions"]
    rows, near = [], []
    for q in questions:
        z, y = q["params"]["z"], q["params"]["y"]
        a, b = _stem_student(z, y)
        rows += [("good", q["id"], "a", f"{a:#.3g}"), ("good", q["id"], "b", f"{b:#.3g}")]
        if math.exp(z[y]) / sum(math.exp(v) for v in z) > 0.9:
            near.append(q["id"])
            rows.append(("short", q["id"], "a", f"{_short_student(z, y):#.3g}"))
    graded = graded_by_cli(tmp_path, tmp_path / "p" / "key.json", rows)
    assert len(near) >= 10
    for (student, qid, part), row in graded.items():
        if student == "good":
            assert row["status"] == "correct", row
        else:
            assert row["status"] == "correct" or (row["status"], row["note"]) == ("imprecise", "rounded_too_early") \
                and NEAR_WORDS in row["feedback"], row
    assert any(row["status"] == "imprecise" for (student, *_), row in graded.items() if student == "short")
