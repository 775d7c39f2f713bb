"""Review 49d on C7's rule for a value near 1, seed 5's --count 30 paper, Q183 (s = 3, y = 0: (a) 0.952574,
(c) -ln(1 - p-hat) = 3.0486). F3: (c) 3.0445 = -ln(1 - 1/1.05) was told '(a) = 0.952574 as 0.9526', whose
-ln(1 - 0.9526) = 3.0491 is the key's 3.05: it now names 1 + e^(-s) kept as 1.05. F2: (a) 0.9534, right at its 3
figures but keeping 0.0466 of 1 - p-hat = 0.047426, made (c) 3.07 correct from it; it lends nothing now."""

import csv
import math

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ROWS = [("w1", "Q183", "a", "0.9526"), ("w1", "Q183", "c", "3.0445"),
        ("t6", "Q183", "a", "0.9534"), ("t6", "Q183", "c", "3.07"), ("t8", "Q183", "c", "3.07")]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("seed5")
    made = CliRunner().invoke(main, ["generate", "--count", "30", "--seed", "5", "--out", str(folder / "s5"),
                                     "--no-solutions"])
    assert made.exit_code == 0, made.output
    with open(folder / "a.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *ROWS])
    result = CliRunner().invoke(main, ["grade", str(folder / "a.csv"), "--key", str(folder / "s5" / "key.json"),
                                       "--out", str(folder / "out"), "--force-key"])
    assert result.exit_code == 0, result.output
    text = (folder / "out" / "a-graded.csv").read_text(encoding="utf-8-sig")
    return {(r["student_id"], r["part"]): r for r in csv.DictReader(text.splitlines())}


def test_the_value_named_is_one_whose_working_gives_a_wrong_answer(graded):
    assert round(-math.log(1 - 1 / 1.05), 4) == 3.0445 and round(-math.log(1 - 0.9526), 4) == 3.0491
    row = graded[("w1", "c")]
    assert (row["status"], row["note"]) == ("imprecise", "rounded_too_early")
    assert "1 + e^(-s) = 1.04979 as 1.05" in row["feedback"] and "as 0.9526" not in row["feedback"]


def test_a_near_1_a_short_of_its_difference_from_1_lends_nothing(graded):
    assert graded[("t6", "a")]["status"] == "correct"
    assert (graded[("t6", "c")]["status"], graded[("t6", "c")]["score"]) == ("incorrect", "0")
    assert graded[("t6", "c")]["status"] == graded[("t8", "c")]["status"]
