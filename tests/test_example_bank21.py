"""The example user bank in docs/examples/bert_bank is what README and
docs/authoring.md point new authors at, so it follows their own advice: every
trap has a ``name:``, and validating the bank prints no warning."""

import pytest
from pathlib import Path

BANK = Path(__file__).parent.parent / "docs" / "examples" / "bert_bank"


@pytest.mark.slow
def test_example_bank_validates_without_warnings(invoke):
    result = invoke("validate", BANK, "--samples", "3")
    assert result.exit_code == 0, result.output
    unnamed = [line for line in result.output.splitlines() if "has no name" in line]
    assert unnamed == [], "\n".join(unnamed)
    assert [line for line in result.output.splitlines() if "warning" in line] == [], result.output
