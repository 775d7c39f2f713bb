"""Review 41b F9: the example bank authors copy from prints its losses to the grid's
one decimal (`dec(1)`), so a whole loss reads 2.0 beside 0.7, not a bare 2."""

from pathlib import Path

BANK = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank"


def test_c13_prints_whole_losses_with_their_decimal(invoke, tmp_path):
    made = invoke("generate", "--bank", BANK, "--classes", "C13", "--seed", "1", "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    problems = (tmp_path / "q" / "problems.md").read_text(encoding="utf-8")
    losses = [line.split(": ", 1)[1] for line in problems.splitlines() if line.startswith("- token ")]
    assert losses == ["2.0", "3.0", "0.7", "0.7", "3.8", "0.3"], losses   # seed 1: two whole losses
    assert "$H = 10.5 / 6 = 1.7500$ nats" in (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
