"""An answer a value near 1 kept short explains that is also the right value rounded to 2 figures
and padded with a zero is told both, in one sentence: seed 2024's Q9 (C9, the total loss 3.4766),
(a) 3.50 is the working with 1 + e^(-s) = 1.1225 kept as 1.12, or 3.5 with a zero written after it
(the near-1 words alone said nothing of the 2 figures it is right to)."""

import csv
import io

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

NEAR = ("your answer is what the working gives with a value kept to too few figures of its difference from 1 "
        "(1 + e^(-s) = 1.1225 as 1.12): keep a value near 1 (here 1 + e^(-s)) to at least 4 significant figures "
        "of its difference from 1 (expected 3.48)")
PADDED = ("; or it is the answer rounded too early: 3.50 is 3.5, right to 2 significant figures, with a zero "
          "written after it, which is not one of the answer's figures")


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed2024")
    generate(folder / "paper", count=1, seed=2024)
    return folder / "paper" / "key.json"


def _feedback(folder, key, answers: list) -> dict:
    path = folder / "ans.csv"
    rows = [[f"s{i}", "Q9", "a", a] for i, a in enumerate(answers)]
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    result = CliRunner().invoke(main, ["grade", str(path), "--key", str(key), "--out", str(folder / "o" / "g.csv")])
    assert result.exit_code == 0, result.output
    graded = csv.DictReader(io.StringIO((folder / "o" / "g.csv").read_text(encoding="utf-8-sig")))
    return {row["answer"]: row for row in graded if row["question_id"] == "Q9"}


def test_a_padded_rounding_a_value_near_1_also_explains_is_told_both(tmp_path, key):
    said = _feedback(tmp_path, key, ["3.50", "3.49", "3.5"])
    assert (said["3.50"]["status"], said["3.50"]["note"]) == ("imprecise", "rounded_too_early")
    assert said["3.50"]["feedback"] == NEAR + PADDED
    assert said["3.49"]["feedback"] == NEAR   # the same keeping, no rounding to 2 figures: its words alone
    # written to 2 figures, it is rounded too early alone (nothing shows a value near 1 kept short)
    assert said["3.5"]["feedback"] == "rounded too early: right to 2 significant figures, give at least 3 (expected 3.48)"
