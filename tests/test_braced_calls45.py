"""LaTeX's functions applied to a braced group read as the call they are
(review 45f F5): ``$\\ln{0.9}$``, ``$\\exp{1}$``, ``$\\log_{10}{2}$`` were
invalid where ``$\\sqrt{2}$`` was read."""

from __future__ import annotations

import math

import pytest

from quizgen.marking.forms import read_number


@pytest.mark.parametrize("text, value", [
    (r"$\ln{0.9}$", math.log(0.9)), (r"$\exp{1}$", math.e), (r"$\log_{10}{2}$", math.log10(2)),
    (r"$\log_{2}{8}$", 3.0), (r"$-\ln{\frac{1}{2}}$", math.log(2)), (r"$\ln{e^{2}}$", 2.0),
    (r"$\sqrt{2}$", math.sqrt(2)), (r"$\sqrt[3]{8}$", 2.0), ("ln{2}", math.log(2)),
])
def test_a_braced_argument_is_the_functions(text, value):
    reading = read_number(text)
    assert reading.status == "number" and reading.value == pytest.approx(value, rel=1e-12)
