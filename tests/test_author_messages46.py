"""Review 46a F10: an author's slips that got messages saying nothing of what was expected."""

import pytest

from bank_support import SOFTMAX, bank_with

@pytest.mark.parametrize("old, new, said", [
    ("eps: {decimal: [0.05, 0.3, 0.05]}", "eps: {decimal: [0.05, 0.3]}",
     "c14.yaml:11: params.eps.decimal: decimal takes [min, max, step] (or {min, max, step}): 2 values given"),
    ("class: C14", "class: 14", "c14.yaml:2: class: expected text, found the number 14: put it in quotes"),
    ("    range: [0, 1]\n    points: 2", '    range: [0, 1]\n    tolerance: "3 sf"\n    points: 2',
     "parts.0.tolerance: expected a mapping: {sigfigs: N}, {rtol: R} or {atol: A}"),
    ('  - "z[t] != max(z) or count(z, max(z)) == 1"', '  - "z[t] + 1"',
     "constraints.0: no draw passed in 500 tries"),
])
def test_a_slip_is_told_what_was_expected(tmp_path, invoke, old, new, said):
    bank = bank_with(tmp_path, SOFTMAX, (old, new))
    result = invoke("validate", bank, "--samples", 3)
    assert result.exit_code == 1
    assert said in result.output, result.output
    if "constraints" in said:
        assert "constraint 'z[t] + 1' gives the number" in result.output
        assert "not true or false: write a comparison" in result.output
