"""A working that ends on an answer of 0 gives it: 0 has no significant figures
to round to, so a value within the marker's window at 0 (0.0005 at 3 figures)
gives it; an answer near 0 but not 0 is still told in numbers that differ."""

from types import SimpleNamespace

import pytest

from quizgen.key.compact import written_answer
from quizgen.validation.run import validate_file
from quizgen.validation.working_end import working_end_problems


# ---------------------------------------------------------------- a working that ends on 0

ZERO = """id: zero-gap
class: C50
title: "Two equal logits"
points: 2

params:
  a: {integer: [2, 5]}

let:
  q: "a"

stem: |
  Two logits are both $z = {{ a }}$. Give answers to 3 significant figures ({{ rounding_rule }}).

parts:
  - name: r
    ask: "What is 1.5 times their difference?"
    answer: "(a - q) * 1.5"

solution:
  forecast: "The logits are equal, so nothing."
  steps:
    - title: "The difference"
      why: "Subtract, then scale."
      work: "$r = ({{ a }} - {{ a }}) \\\\times 1.5 = 0$"
  verify: "Equal logits give $r = 0$."

canonical:
  params: {a: 3}
  expect: {r: 0}

tests:
  - {part: r, answer: "0", status: correct}
"""


def test_a_working_that_ends_on_an_answer_of_0_gives_it(tmp_path):
    path = tmp_path / "zero.yaml"
    path.write_text(ZERO, encoding="utf-8")
    assert [str(p) for p in validate_file(path, 5, referee=False).problems] == []


def _ends_on(answer: float, shown: str, tolerance=None) -> list:
    """working_end's messages for a part of ``answer`` whose working ends on ``shown``."""
    tolerance = tolerance or {}
    part = SimpleNamespace(kind="numeric", tolerance=tolerance)
    pv = SimpleNamespace(value=answer, part=part, letter="a", written=written_answer(answer, "numeric", 4, tolerance))
    inst = SimpleNamespace(parts=[pv], template=SimpleNamespace(path="t.yaml", lets=()), seed_label="1", env={})
    return [p.message.split(" (seed")[0] for p in working_end_problems(inst, {
        "steps": [{"work": f"$r = 2 - 2 = {shown}$"}], "verify": ""})]


@pytest.mark.parametrize("shown, tolerance", [("0", None), ("0.0000", None), ("0.0004", None), ("0.00", {"atol": 0.005}),
                                              ("0", {"rtol": 0.01})])
def test_a_value_within_the_marker_s_window_at_0_gives_0(shown, tolerance):
    assert _ends_on(0.0, shown, tolerance) == []


def test_a_working_off_an_answer_near_0_is_told_in_numbers_that_differ():
    assert _ends_on(0.000429, "0.0004") == [
        "no value the working shows gives part (a)'s answer 0.000429 at the figures asked (key 0.0004290); the "
        "value nearest it is 0.0004, first shown here"]
    assert _ends_on(0.000429, "0.000429") == []
