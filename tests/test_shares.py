"""One reading of a share of the marks for the policy file, the overrides
file and --ecf-credit: a number from 0 to 1 or a percentage from 0% to 100%."""

import pytest

from quizgen.maths.shares import read_share


@pytest.mark.parametrize("written, share", [
    (0.5, 0.5), (1, 1.0), (0, 0.0), ("0.5", 0.5), ("50%", 0.5), (" 12.5 % ", 0.125), (".5%", 0.005),
    ("0,25", 0.25), ("100%", 1.0), ("0%", 0.0), ("1", 1.0), ("5e-1", 0.5), ("12,5%", 0.125), ("0,125", 0.125),
    ("1,0", 1.0)])
def test_a_share_as_people_write_it(written, share):
    assert read_share(written) == pytest.approx(share)


@pytest.mark.parametrize("written", [True, False, None, -0.1, 1.5, "150%", "-5%", "half", "nan", "inf",
                                     float("nan"), float("inf"), "", "%", "5 0%", [0.5], "1,000%", "1,000", "2e3"])
def test_anything_else_is_no_share(written):
    """("1,000%" was read as 1%: the comma may group thousands, so it is refused.)"""
    assert read_share(written) is None
