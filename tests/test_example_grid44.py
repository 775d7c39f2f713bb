"""The example bank's C11 and C12 print the values they draw on a grid of halves
(C11's values v, C12's vector x, its gain and bias) and C12's epsilon (tenths)
with one decimal, as the built-in bank prints its logits (`dec(1)`): a whole one
read a bare `1` beside `1.5` (note 42, left)."""

import re
from pathlib import Path

BANK = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank"
ONE_DECIMAL = re.compile(r"-?\d+\.\d")


def _papers(invoke, tmp_path):
    made = invoke("generate", "--bank", BANK, "--classes", "C11,C12", "--count", "4", "--seed", "7",
                  "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    return (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")


def test_grid_values_print_with_their_decimal(invoke, tmp_path):
    text = _papers(invoke, tmp_path)
    values = re.findall(r"value \$v_\d = ([^$]+)\$", text)                       # C11's stem
    values += re.findall(r"\\times \(([^)]+)\)", text)                          # C11's weighted sum, C12's bias
    values += [c for v in re.findall(r"\$x = \(([^)]+)\)\$", text) for c in v.split(", ")]
    values += re.findall(r"\\(?:epsilon|gamma|beta) = ([^$]+)\$", text)
    values += re.findall(r"\$y_\{ \d \} = (\S+) \\times", text)                 # the gain in the working
    assert len(values) > 40, values
    assert [v for v in values if not ONE_DECIMAL.fullmatch(v)] == []
    assert any(v.endswith(".0") for v in values)   # whole values were drawn, and keep their decimal
