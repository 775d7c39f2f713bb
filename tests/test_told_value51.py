"""An expression near the answer that nothing names is told its value within ten units of the last
figure asked, as expression_value.told_value's docstring says (review 51a F6): the bound was
|key| x 10^(1 - asked), 0.027 for 2.7183, so 2.67 (ln 14.44, 0.048 off) was told nothing while 2.70
was told its value; ten units of 0.01 are 0.1 for any key from 1 to 10."""

import pytest

from quizgen.marking.rule_model import PartRule
from quizgen.marking.rules import mark_part

E = PartRule("c", "(c)", "numeric", 2.7183, {})   # 2.72 at the 3 figures asked


def _feedback(rule, text) -> str:
    verdict = mark_part(rule, text, {}, {})
    assert verdict.status == "incorrect", verdict
    return verdict.feedback


# ln(14.44) = 2.6700021 keeps its 6 figures, 2.67000: "2.67, is 2.67" read as a slip (review 51e F8)
@pytest.mark.parametrize("text, value", [("ln(14.44)", "2.67000"), ("ln(14.9)", "2.70136"), ("ln(15.8)", "2.76001")])
def test_within_ten_units_of_the_last_figure_asked_the_value_is_told(text, value):
    assert _feedback(E, text).startswith(f"its value, {value}, is "), _feedback(E, text)


def test_beyond_ten_units_nothing_is_told():
    assert _feedback(E, "ln(13.5)") == ""   # 2.6027, 0.116 off


def test_the_units_are_the_keys_own_last_figure_asked():
    """1.2 asks 1.20: ten units of 0.01 are 0.1 (the bound was 0.012), so ln 3.1 = 1.13140 is told its value."""
    assert _feedback(PartRule("c", "(c)", "numeric", 1.2, {}), "ln(3.1)").startswith("its value, 1.1314, is 1.13 ")
