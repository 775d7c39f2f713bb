"""An ask saying "not in %" asks for no percentage (review 46, F19): ``(as a decimal,
not in %)`` made a probability part a percentage part, and 33.3% for 1/3 was incorrect."""

import csv
import json

from quizgen.marking.percent import asks_percent, percent_phrase
from test_draw_warnings46 import ASK, _bank


def test_a_negated_percentage_phrase_asks_for_none():
    assert percent_phrase("What is p (as a decimal such as 0.5, not in %)?") is None
    assert not asks_percent("Give it as a decimal rather than as a percentage.")
    assert not asks_percent("What is p (not given in per cent)?")
    assert percent_phrase("What share of the tokens is masked, in %?") == "in %"
    assert percent_phrase("Not the loss: what percentage of tokens is masked?") == "what percentage"


def test_a_negation_a_few_words_before_the_phrase_turns_it_round_too():
    """Review 46c F7: the commonest phrasings were still percentage parts."""
    for ask in ("Do not give it as a percentage.", "Don't answer in %.", "Don\u2019t answer in %.",
                "Give the probability as a decimal (do not write it in %).", "Answer as a fraction, and never, ever in %"):
        assert percent_phrase(ask) is None, ask
    assert percent_phrase("What share of tokens are not replaced, in %?") == "in %"   # a comma ends the negation
    assert percent_phrase("What percentage of tokens is not masked?") == "What percentage"


def test_not_in_percent_leaves_a_probability_read_as_hundredths(invoke, tmp_path):
    """"(as a decimal, not in %)" made the part a percentage part, and 33.3% for 1/3 was incorrect."""
    bank = _bank(tmp_path / "bank", (ASK, ASK.replace('that is?"', 'that is (as a decimal, not in %)?"')))
    result = invoke("validate", bank, "--samples", "20")
    assert result.exit_code == 0 and "percentage part" not in result.output, result.output
    out = tmp_path / "papers"
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", "1", "--count", "1", "--out", out)
    assert result.exit_code == 0, result.output
    key = json.loads((out / "key.json").read_text(encoding="utf-8"))
    question = next(iter(key["questions"].values())) if isinstance(key["questions"], dict) else key["questions"][0]
    size = question["params"]["V"]
    answers = tmp_path / "answers.csv"
    answers.write_text(f"student_id,Q1a\ns1,{100 / size:.3g}%\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", out / "key.json", "--out", tmp_path / "graded.csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader((tmp_path / "graded.csv").open(encoding="utf-8")))
    assert [row["status"] for row in rows if row.get("part") in ("a", "Q1a")] == ["correct"], rows
