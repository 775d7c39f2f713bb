"""Review 58a F1: a trap's name or feedback at an early part that states a later part's answer is
refused by validate at its line (the drill shows it before that part is asked), and the shipped
bank's C5 and C8 traps no longer do (C5 (a)'s "it is the mean that has no value" answered (b); C8
(a) and (b) named "the class the model predicts", which (c) asks)."""

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from quizgen.cli import main

BANK = Path(__file__).resolve().parent.parent / "question_bank"

TWO_PRODUCTS = """\
id: leak-test
class: C21
title: "Leak test"
points: 2
params:
  x: {integer: [3, 9]}
let:
  a2: "x * 2.5"
  b3: "x * 3.7"
stem: |
  Take $x = {{ x }}$. Give answers to 3 significant figures.
parts:
  - name: a2
    ask: "What is 2.5 x?"
    answer: a2
    tolerance: {sigfigs: 3}
    traps:
      - code: used_three_point_seven
        name: "NAME"
        value: "x * 3.7"
        feedback: "FEEDBACK"
  - name: b3
    ask: "What is 3.7 x?"
    answer: b3
    tolerance: {sigfigs: 3}
  - name: bigger
    ask: "Which is larger, the first product or the second?"
    type: word
    accept: [second, "the second"]
solution:
  forecast: "Both are multiples of x."
  steps:
    - title: "Both products"
      why: "Multiply."
      work: "$2.5 x = {{ a2 | dec(2) }}$ and $3.7 x = {{ b3 | dec(2) }}$"
  verify: "Fine."
canonical:
  params: {x: 3}
  expect: {a2: 7.5, b3: 11.1, bigger: second}
"""


def _validate(tmp_path, name="the other factor", feedback="Here take 2.5 x.") -> list:
    path = tmp_path / "c21.yaml"
    path.write_text(TWO_PRODUCTS.replace("NAME", name).replace("FEEDBACK", feedback), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path), "--samples", "10"])
    return result.exit_code, [line for line in result.output.splitlines() if "c21.yaml:" in line]


def test_a_trap_feedback_quoting_a_later_parts_value_is_refused_at_its_line(tmp_path):
    code, lines = _validate(tmp_path, feedback="That is 3.7 x = {{ b3 | dec(2) }}, the next part's product.")
    assert code == 1, lines
    told = [line for line in lines if "parts.0.traps.0.feedback" in line]
    assert len(told) == 1 and re.search(r"c21\.yaml:\d+: ", told[0]), lines
    assert "within tolerance of (b)'s answer" in told[0] and "before that part is asked" in told[0]


def test_a_trap_name_holding_a_later_word_answer_is_refused(tmp_path):
    code, lines = _validate(tmp_path, name="the second product, taken too soon")
    assert code == 1
    assert any("parts.0.traps.0.name" in line and "'second', the answer to (c)" in line for line in lines), lines


def test_feedback_that_gives_nothing_away_passes(tmp_path):
    code, lines = _validate(tmp_path, feedback="You multiplied by the wrong factor; here take 2.5 x = "
                                               "{{ a2 | dec(2) }}, with {{ x }} as given.")
    assert code == 0 and not [line for line in lines if "warning" not in line], lines


@pytest.mark.slow
def test_the_shipped_c5_and_c8_traps_tell_no_later_answer():
    result = CliRunner().invoke(main, ["validate", str(BANK / "c5_zero_mask_limit.yaml"),
                                       str(BANK / "c8_classifier_head.yaml"), "--samples", "60"])
    assert result.exit_code == 0, result.output
    c5 = (BANK / "c5_zero_mask_limit.yaml").read_text(encoding="utf-8")
    assert "like the empty mean" not in c5 and "that has no value" not in c5
    assert "the class the model predicts" not in (BANK / "c8_classifier_head.yaml").read_text(encoding="utf-8")


def test_true_or_false_in_their_plain_sense_pass_as_yes_and_no_do(tmp_path):
    """Review 58c F2: (c) a true/false part; (a)'s feedback says "the true factor", no answer to (c)."""
    path = tmp_path / "c21.yaml"
    text = TWO_PRODUCTS.replace("NAME", "the other factor").replace(
        "FEEDBACK", "You used the other factor; the true factor of this part is 2.5.")
    text = text.replace('ask: "Which is larger, the first product or the second?"',
                        'ask: "True or false: the second product is larger?"')
    text = text.replace('accept: [second, "the second"]', 'accept: [true, "it is true"]')
    path.write_text(text.replace("bigger: second", "bigger: true"), encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path), "--samples", "10"])
    assert result.exit_code == 0, result.output
    assert "states 'true'" not in result.output, result.output


def test_a_number_near_a_later_answer_on_few_draws_is_a_warning(tmp_path):
    """Review 58c F3: e, about 2.72, is (b)'s 0.906 x only when x = 3; a coincidence of some draws is a
    warning naming how many, so --samples no longer decides whether the bank passes. A number tracking
    the later answer on most draws is still refused (the first test above)."""
    path = tmp_path / "c21.yaml"
    text = TWO_PRODUCTS.replace("NAME", "the other factor").replace(
        "FEEDBACK", "You multiplied by the wrong factor; e, about 2.72, plays no part here.")
    text = text.replace('"x * 3.7"', '"x * 0.906"').replace("What is 3.7 x?", "What is 0.906 x?")
    path.write_text(text.replace("b3: 11.1", "b3: 2.718"), encoding="utf-8")
    for samples in ("2", "10"):
        result = CliRunner().invoke(main, ["validate", str(path), "--samples", samples])
        assert result.exit_code == 0, result.output
        told = [line for line in result.output.splitlines() if "parts.0.traps.0.feedback" in line]
        assert len(told) == 1 and re.search(r"feedback: warning: on [1-9]\d* of \d+ draws \(fewer than half", told[0])
        assert "states 2.72, within tolerance of (b)'s answer 2.718" in told[0], told
