"""Review 46a F10 (the rest): a parameter's bounds, an unknown kind, a comparison of exact
values in text and a tests mapping, each told at its line with what was expected."""

import pytest

from bank_support import SOFTMAX, bank_with

EPS = "eps: {decimal: [0.05, 0.3, 0.05]}"


@pytest.mark.parametrize("old, new, said", [
    ("V: {integer: [3, 5]}", "V: {integer: [5, 3]}",
     "c14.yaml:8: params.V.integer.min: min 5 is above max 3: write the low end as min"),
    ("V: {integer: [3, 5]}", "V: {integer: [3, 5.5]}",
     "c14.yaml:8: params.V.integer.max: an integer's max must be a whole number, not 5.5"),
    (EPS, "eps: {decimal: [0.05, 0.3, 0]}", "c14.yaml:11: params.eps.decimal.step: step must be above 0, not 0"),
    (EPS, "eps: {float: [0.05, 0.3, 0.05]}",
     "c14.yaml:11: params.eps.float: unknown parameter kind 'float'; the kinds are choice, decimal, insert, "
     "integer, sample, value, vector"),
    ("tests:\n", "tests: {}\nold_tests:\n", "c14.yaml:125: tests: expected a list of example answers"),
])
def test_a_static_slip_is_refused_at_its_line(tmp_path, invoke, old, new, said):
    bank = bank_with(tmp_path, SOFTMAX, (old, new))
    result = invoke("validate", bank, "--samples", 3)
    assert result.exit_code == 1
    assert said in result.output, result.output
    assert "no draw passed" not in result.output


def test_a_max_off_the_step_grid_is_a_warning_naming_the_grid_values(tmp_path, invoke):
    bank = bank_with(tmp_path, SOFTMAX, (EPS, "eps: {decimal: [0.05, 0.32, 0.05]}"))
    result = invoke("validate", bank, "--samples", 0)
    assert result.exit_code == 0, result.output
    assert ("c14.yaml:11: params.eps: warning: max 0.32 is not on the grid from 0.05 in steps of 0.05: "
            "the largest value drawn is 0.3; write max 0.3 or 0.35") in result.output


def test_a_comparison_of_irrational_lets_in_text_says_to_compare_in_a_let(tmp_path, invoke):
    ask = '    ask: "What is the smoothed target $q$ for the true class?"'
    bank = bank_with(tmp_path, SOFTMAX, ('  others: "V - 1"', '  others: "V - 1"\n  ce: "losses[t]"'),
                     (ask, ask[:-2] + ' ({% if Lx > ce %}up{% else %}down{% endif %})?"'))
    result = invoke("validate", bank, "--samples", 0)
    assert result.exit_code == 1
    assert "parts.1.ask: template text failed: '>' on an irrational value" in result.output
    assert "do it in a let" in result.output and "Exact" not in result.output


@pytest.mark.slow
def test_a_comparison_in_a_let_read_by_the_text_validates(tmp_path, invoke):
    ask = '    ask: "What is the smoothed target $q$ for the true class?"'
    bank = bank_with(tmp_path, SOFTMAX, ('  others: "V - 1"', '  others: "V - 1"\n  higher: "Lx > losses[t]"'),
                     (ask, ask[:-2] + ' ({% if higher %}up{% else %}down{% endif %})?"'))
    result = invoke("validate", bank, "--samples", 3)
    assert result.exit_code == 0, result.output
