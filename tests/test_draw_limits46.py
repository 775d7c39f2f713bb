"""Review 46a F15: a large but allowed size gave three messages, two saying nothing an author could
act on: 'an expression failed: number out of range' over 500 rejected tries (a RecursionError
inside, the same in every draw), 'the depth of an exact expression' (a limit the docs did not
list), and a bare 'value out of range'."""

import pytest

from bank_support import SOFTMAX, bank_with


def test_a_sum_of_hundreds_of_irrational_terms_is_refused_once_as_a_nesting_limit(tmp_path, invoke):
    bank = bank_with(tmp_path, SOFTMAX, ("V: {integer: [3, 5]}", "V: {integer: [600, 600]}"))
    result = invoke("validate", bank, "--samples", 3)
    assert result.exit_code == 1
    line = result.output.splitlines()[0]
    assert "c14.yaml:" in line and "the nesting of an exact expression exceeds the limit of what Python can work out" in line
    assert "tries" not in line and "out of range" not in line


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["generate", "validate"])
def test_a_value_out_of_range_says_what_range(tmp_path, invoke, kind):
    """Every logit past exp's float range (720 and up): every draw fails at its first exp. (From -1000 up, a
    draw whose logits all stay under 709 now reaches the 4-figure sums, past the exact engine's size: it
    was refused before at the logarithm of a probability whose float underflowed, taken for 0.)"""
    bank = bank_with(tmp_path, SOFTMAX, ("z: {vector: {size: V, min: -1, max: 3, step: 0.5}}",
                                         "z: {vector: {size: V, min: 720, max: 1000, step: 0.5}}"))
    args = ("generate", "--bank", bank, "--classes", "C14", "--seed", 1, "--out", tmp_path / "q") \
        if kind == "generate" else ("validate", bank, "--samples", 3)
    result = invoke(*args)
    assert result.exit_code != 0
    assert "a value out of range: past 1e300, or past what a float holds (exp of more than about 709" in result.output


@pytest.mark.parametrize("name, cls", [("chained_lets46.yaml", "C19"), ("long_softmax46.yaml", "C20")])
def test_an_expression_too_deep_to_print_is_one_line_not_a_traceback(tmp_path, invoke, name, cls):
    """Review 46c F10/F11: twelve lets each nesting abs() 55 deep (the key's recipe text), and a softmax
    over 300 logits (the solutions' exact form), ended in a Python traceback in generate and validate."""
    bank = bank_with(tmp_path, name, file="c.yaml")
    for args in (("validate", bank, "--samples", 3),
                 ("generate", "--bank", bank, "--classes", cls, "--seed", 1, "--out", tmp_path / "q")):
        result = invoke(*args)
        assert result.exit_code in (1, 2)
        assert "the nesting of an exact expression exceeds the limit of what Python can work out" in result.output
        assert "Traceback" not in result.output
