"""A key's exact form writes a rational as its decimal where it has a short one (0.8) and as a
fraction where it has none (5/6), both exact (review 46a F1): docs/key.md says so and how to
read the column in SymPy without turning 0.8 into a float; the way it gives works."""

import json
from fractions import Fraction
from pathlib import Path

import sympy as sp

from bank_support import SOFTMAX, bank_with

KEY_DOC = Path(__file__).resolve().parents[1] / "docs" / "key.md"


def test_key_md_says_how_to_read_a_decimal_exactly():
    page = " ".join(KEY_DOC.read_text(encoding="utf-8").split())
    assert "`0.8` for 4/5" in page and "`sympify(text, rational=True)`" in page


def test_the_documented_reading_gives_every_rational_exactly(tmp_path, invoke):
    bank = bank_with(tmp_path, SOFTMAX)
    out = tmp_path / "papers"
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", 5, "--count", 12, "--out", out)
    assert result.exit_code == 0, result.output
    key = json.loads((out / "key.json").read_text(encoding="utf-8"))
    targets = [q["parts"][1] for q in key["questions"]]   # (b): 1 - eps + eps / V, rational in every draw
    forms = {"decimal": 0, "fraction": 0}
    for part in targets:
        exact = sp.sympify(part["exact"], rational=True)
        assert exact.is_Rational, part["exact"]
        assert Fraction(int(exact.p), int(exact.q)) == Fraction(part["exact"]), part["exact"]
        assert abs(float(exact) - part["value"]) < 1e-15
        forms["fraction" if "/" in part["exact"] else "decimal"] += 1
    assert forms["decimal"] and forms["fraction"], targets   # both forms occur among the draws
