"""A key answer gets more than 4 figures only where 3 figures need them (rev43a F4).

The rule is there so that a reader who rounds the written answer to the 3
figures asked gets the exact value's rounding: 0.787468 written 0.7875 would
round to 0.788, not 0.787, so it is written 0.78747. It used to go on while
the last non-zero digit was a 5 at any place, printing 1.11145001 for
1.1114500051, 3.9274954 for 3.92749540 and 0.250001 for 0.2500010, where
1.1115, 3.9275 and 0.2500 already round to the right 1.11, 3.93 and 0.250.
The key's values, and so the grading, are unchanged: only the text is."""

import csv
import json
import math
from decimal import Decimal, ROUND_HALF_EVEN, ROUND_HALF_UP
from fractions import Fraction

import pytest

from quizgen.maths.numbers import key_answer


@pytest.mark.parametrize("value, written, decimals", [
    (1.1114500051, "1.1115", 4),            # 4 decimals; its 5 is the fifth figure: 1.11 either way
    (3.9274954, "3.9275", 4),               # 3.93 either way
    (0.2500010, "0.2500", 4),               # 0.250 either way
    (math.log(119547), "11.6915", 4),       # ln 119547 = 11.691465: 11.7
    (Fraction(787468, 10 ** 6), "0.78747", 4),   # 0.7875 is a tie at 3 figures: 0.788 or 0.787
    (12.349996, "12.349996", 4),            # 12.3500 is a tie at 3 figures: every figure up to the 9s
    (12.350004, "12.350004", 4),            # 12.3500 is a tie this way too: a reader cannot tell how it was reached
    (2849.6, "2850", 0),                    # 2850 to 3 figures is 2850
    (1234.6, "1234.6", 0),                  # 1235 is a tie at 3 figures
])
def test_more_figures_only_for_a_tie_at_three(value, written, decimals):
    assert key_answer(value, "numeric", decimals) == written


def _three(text_or_value) -> set:
    """The 3-figure roundings of a number under both tie rules a reader may use."""
    d = Decimal(str(text_or_value))
    quantum = Decimal(1).scaleb(d.adjusted() - 2)
    return {d.quantize(quantum, rounding=how) for how in (ROUND_HALF_UP, ROUND_HALF_EVEN)}


def _tie_at_three(text: str) -> bool:
    return text.lstrip("-").replace(".", "").lstrip("0")[3:].rstrip("0") == "5"


@pytest.mark.slow
def test_every_key_answer_of_a_paper_rounds_right_with_no_figure_it_does_not_need(invoke, tmp_path):
    """Every decimal answer of seed 7's 80 questions rounds to 3 figures as its value
    does, under either tie rule; one longer than 4 figures and 4 decimals is so
    because one figure fewer would be a tie at 3 figures."""
    assert invoke("generate", "--seed", "7", "--count", "8", "--no-solutions", "--out", tmp_path / "q").exit_code == 0
    rows = list(csv.DictReader(open(tmp_path / "q" / "key.csv", encoding="utf-8")))
    values = [p.get("value") for q in json.loads((tmp_path / "q" / "key.json").read_text())["questions"]
              for p in q["parts"]]
    checked = longer = 0
    for row, value in zip(rows, values):
        answer = row["answer"]
        if value is None or "." not in answer:
            continue
        assert len(_three(answer)) == 1 and _three(answer) == _three(value), (row, value)
        places = len(answer.split(".")[1])
        if places > 4 and len(answer.lstrip("-").replace(".", "").lstrip("0")) > 4:
            one_fewer = str(Decimal(value).quantize(Decimal(1).scaleb(1 - places), rounding=ROUND_HALF_UP))
            assert _tie_at_three(one_fewer), (row, one_fewer)
            longer += 1
        checked += 1
    assert checked > 100 and longer
