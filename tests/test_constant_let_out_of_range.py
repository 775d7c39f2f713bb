"""A let of numbers alone past a float's range fails whatever the draw: the
advice names the expression itself, where it said to keep the parameters'
ranges smaller, which no range could help."""

from pathlib import Path

BASE = (Path(__file__).parent / "data" / "user_bank" / "c11_softmax_temperature.yaml").read_text(encoding="utf-8")
LET = '  p: "exp(z[t] / tau) / sum(exp(z / tau))"'


def test_a_constant_let_out_of_range_is_said_to_be_the_expression_s_own_fault(invoke, tmp_path):
    folder = tmp_path / "bank"
    folder.mkdir()
    (folder / "c11.yaml").write_text(BASE.replace(LET, LET + '\n  big: "2**2**2**2**2**2"'), encoding="utf-8")
    result = invoke("validate", folder / "c11.yaml")
    assert result.exit_code == 1
    said = result.stdout
    assert ("let.big: no draw passed in 500 tries" in said and "an expression failed: a value out of range "
            "whatever the draw: the expression reads no parameter, and its own value is past 1e300 or past what a "
            "float holds (a power of a large number), so write it smaller" in said), said
    assert "keep the parameters' ranges" not in said
