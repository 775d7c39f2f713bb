"""An answer written to the figures asked in a lower power of ten than the key is
another number at those figures (fix54c's note: for 1.0004, 1.00 at 3 figures, the
plain window, half a unit of the key's third figure each side, reached 0.996 to 0.999,
and grade marked them correct where Moodle and Canvas mark them wrong)."""

import pytest

from quizgen.grading.part_checker import PartChecker
from quizgen.marking.as_asked import below_the_keys_decade


def _checker(value):
    return PartChecker({"part": "a", "name": "p", "type": "numeric", "points": 1.0, "value": value,
                        "answer": "1.00", "tolerance": {"sigfigs": 3}, "misconceptions": []})


@pytest.mark.parametrize("answer", ["0.999", "0.996", "-0.999"])
def test_three_figures_below_the_keys_power_of_ten_are_not_right(answer):
    assert _checker(1.0004)(answer).status.value == "incorrect"


@pytest.mark.parametrize("answer", ["1.00", "1.004", "0.9995", "1.000"])
def test_the_key_at_the_figures_asked_or_a_value_rounding_to_it_stays_right(answer):
    assert _checker(1.0004)(answer).status.value == "correct"


def test_a_key_just_below_a_power_of_ten_keeps_its_rounding_up():
    checker = _checker(0.99985)
    assert checker("1.00").status.value == "correct"
    assert checker("0.9999").status.value == "correct"


def test_below_the_keys_decade():
    assert below_the_keys_decade(0.999, 1.0004) and below_the_keys_decade(-0.0999, -0.1002)
    assert not below_the_keys_decade(1.00, 1.0004) and not below_the_keys_decade(1.00, 0.99985)
    assert not below_the_keys_decade(0.999, -1.0004) and not below_the_keys_decade(0.0, 1.0)
