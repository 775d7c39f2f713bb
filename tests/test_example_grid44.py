"""The example bank's C11 and C12 print the values they draw on a grid of halves
(C11's values v, C12's vector x, its gain and bias) and C12's epsilon (tenths)
with one decimal, as the built-in bank prints its logits (`dec(1)`): a whole one
read a bare `1` beside `1.5` (note 42, left)."""

import re
from fractions import Fraction
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
    values += [v for line in re.findall(r"\$o = ([^$]+)\$", text)                # C11's weighted sum
               for v in re.findall(r"\\times \(?(-?[\d.]+)\)?", line)]
    values += re.findall(r"\\times \(?-?[\d.]+\)? [+-] ([\d.]+) = ", text)          # C12's bias, + 0.5 or - 1.0
    values += [c for v in re.findall(r"\$x = \(([^)]+)\)\$", text) for c in v.split(", ")]
    values += re.findall(r"\\(?:epsilon|gamma|beta) = ([^$]+)\$", text)
    values += re.findall(r"\$y_\{ \d \} = (\S+) \\times", text)                 # the gain in the working
    assert len(values) > 40, values
    assert [v for v in values if not ONE_DECIMAL.fullmatch(v)] == []
    assert any(v.endswith(".0") for v in values)   # whole values were drawn, and keep their decimal


def _decimals(text: str) -> list:
    return [Fraction(v) for v in text.split(", ")]


def test_c12_working_shows_exact_deviations_squares_and_variance(invoke, tmp_path):
    """C12's deviations, their squares and the variance are finite decimals; they
    printed to 4 figures as if exact (1.891 for 1.375 squared, 1.890625). Each
    shown square is now the square of the shown deviation, and sigma^2 their mean."""
    made = invoke("generate", "--bank", BANK, "--classes", "C12", "--count", "12", "--seed", "3", "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    text = (tmp_path / "q" / "solutions.md").read_text(encoding="utf-8")
    steps = re.findall(r"deviations \$x_i - \\mu\$: ([^;]+); squares: ([^;]+); their mean \$\\sigma\^2 = ([^$]+)\$", text)
    assert len(steps) == 12
    for deviations, squares, variance in steps:
        d, q = _decimals(deviations), _decimals(squares)
        assert q == [x * x for x in d] and Fraction(variance) == sum(q) / len(q)
    assert "1.890625" in text   # a square of 6 decimals, drawn at this seed
