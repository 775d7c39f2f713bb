"""Review 41c F10: the advice on a count answered with a fraction follows the
number the feedback quotes (0.5 and 0.49999999999 were both quoted "0.5" and
told opposite things), and a half rounds by the papers' one rule, away from zero."""

from grading_support import graded_by_cli

ROUND = "a count is a whole number, and {} is not one: round a count worked out as a fraction"
FAR = "a count is a whole number, and {} is not one, nor does it round to the count the paper's numbers give"


def test_the_count_advice_follows_the_number_it_quotes(invoke, tmp_path):
    """C5 (d), BERT's count for seed 5's two words (T = 4: 0.6 rounds to 1), is 1."""
    assert invoke("generate", "--classes", "C5", "--seed", 5, "--out", tmp_path / "k").exit_code == 0
    answers = ["0.5", "0.49999999999", "0.50", "1/2", "1.5"]
    graded = graded_by_cli(tmp_path, tmp_path / "k" / "key.json",
                           [(f"s{n}", "Q1", "d", text) for n, text in enumerate(answers)], "--no-html")
    found = {row["answer"].removeprefix("'"): row["feedback"] for row in graded.values()}
    assert found["0.5"] == ROUND.format("0.5")
    assert found["0.49999999999"] == FAR.format("0.49999999999")   # quoted as written: it rounds to 0
    assert found["0.50"] == ROUND.format("0.50")
    assert found["1/2"] == ROUND.format("0.5")
    assert found["1.5"] == FAR.format("1.5")   # a half away from zero: 2, not the count 1
