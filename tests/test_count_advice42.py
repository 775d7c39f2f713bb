"""Review 41c F10: the advice on a count answered with a fraction follows the
number the feedback quotes (0.5 and 0.49999999999 were both quoted "0.5" and
told opposite things), and a half rounds by the papers' one rule, away from zero."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ROUND = "a count is a whole number, and {} is not one: round a count worked out as a fraction"
FAR = "a count is a whole number, and {} is not one, nor does it round to the count the paper's numbers give"


@pytest.fixture(scope="module")
def c5(tmp_path_factory):
    """grade(answers) -> {answer: feedback} for C5 (d), whose count is 1 (the smallest |M| with 1/|M| defined)."""
    folder = tmp_path_factory.mktemp("count42")
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C5", "--seed", "5", "--out", str(folder / "k")])
    assert made.exit_code == 0, made.output

    def grade(answers):
        path = folder / "answers.csv"
        with open(path, "w", newline="", encoding="utf-8") as handle:
            csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"],
                                          *[[f"s{n}", "Q1", "d", text] for n, text in enumerate(answers)]])
        result = runner.invoke(main, ["grade", str(path), "--key", str(folder / "k" / "key.json"), "--no-html"])
        assert result.exit_code == 0, result.output
        with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
            return {row["answer"].removeprefix("'"): row["feedback"] for row in csv.DictReader(handle)}
    return grade


def test_the_count_advice_follows_the_number_it_quotes(c5):
    found = c5(["0.5", "0.49999999999", "0.50", "1/2", "1.5"])
    assert found["0.5"] == ROUND.format("0.5")
    assert found["0.49999999999"] == FAR.format("0.49999999999")   # quoted as written: it rounds to 0
    assert found["0.50"] == ROUND.format("0.50")
    assert found["1/2"] == ROUND.format("0.5")
    assert found["1.5"] == FAR.format("1.5")   # a half away from zero: 2, not the count 1
