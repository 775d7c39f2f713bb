"""Review 46a F10: an author's slips that got messages saying nothing of what was expected."""

from pathlib import Path

import pytest

TEMPLATE = Path(__file__).parent / "data" / "softmax_from_params46.yaml"


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
    text = TEMPLATE.read_text(encoding="utf-8")
    assert old in text
    bank = tmp_path / "bank"
    bank.mkdir()
    (bank / "c14.yaml").write_text(text.replace(old, new), encoding="utf-8")
    result = invoke("validate", bank, "--samples", 3)
    assert result.exit_code == 1
    assert said in result.output, result.output
    if "constraints" in said:
        assert "constraint 'z[t] + 1' gives the number" in result.output
        assert "not true or false: write a comparison" in result.output
