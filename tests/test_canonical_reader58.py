"""fix58t: a test's answer at a trap the canonical draw left out is read as grade reads a
student's (marking.forms.read_number), not by float(): a fraction or a number with the part's
units answers validate's warning as its decimal does."""

from __future__ import annotations

import pytest

from tests.round57_support import round57_bank as _bank
from test_round57_validate import SHARE_TRAP


@pytest.mark.parametrize("answer", ["2/3", "0.667", "$\\\\frac{2}{3}$"])
def test_a_test_at_the_left_out_value_answers_the_warning_however_written(invoke, tmp_path, answer):
    test = f'  - {{part: p1, answer: "{answer}", status: incorrect}}\n'
    bank = _bank(tmp_path, ("solution:", SHARE_TRAP), ("tests:\n", "tests:\n" + test))
    result = invoke("validate", bank, "--samples", "5")
    assert result.exit_code == 0 and "no test can answer" not in result.output, result.output
