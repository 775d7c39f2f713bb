"""Review 49d F7: an answer written as an expression is judged as the decimal
of its value, as if the student had written that value to 15 figures
(marking/expression_value.py). ``-ln(1 - 0.9337)`` is 2.71357, which is 2.71 at
the 3 figures C7 (c) asks, where the answer 2.71827 is 2.72: it was `correct`
(the plain window around 2.71827 holds it) while the decimal ``2.7136`` was
not, and after (a) 0.934 the same working written as decimals is told it kept
the probability near 1 short. Expression and decimal now get one verdict.

The paper: ``generate --classes C7 --seed 1 --count 1``, Q1: s = 2.65, y = 0;
(a) p = 1/(1 + e^-2.65) = 0.934011, (b) ln(1 + e^-2.65) = 0.0682671,
(c) -ln(1 - p) = 2.71827 (the reviewer's Q181 of seed 1's 30 questions)."""

import math

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.rules import PartRule, mark_part
from grading_support import generated_key, graded_by_cli

S = 2.65
P = 1 / (1 + math.exp(-S))
LOSS = -math.log(1 - P)
KEPT = -math.log(1 - 0.9337)   # p kept as 0.9337, 1/1.071: its difference from 1 kept to 3 figures

ANSWERS = {
    "expr": {"a": "0.934", "c": "-ln(1-0.9337)"},
    "decimal": {"a": "0.934", "c": repr(KEPT)},          # the same value written out: 2.7135653817903203
    "ratio": {"a": "0.934", "c": "ln(1/0.0663)"},
    "both": {"a": "0.934", "b": "-ln(0.9337)", "c": "-ln(1-0.9337)"},
    "alone_expr": {"c": "-ln(0.0664)"},                   # 2.71206: no keeping of p gives it
    "alone_decimal": {"c": "2.71206"},
    "kept_alone_expr": {"c": "-ln(0.0663)"},              # (a) blank: near_one reads the key's values alone
    "kept_alone_decimal": {"c": "2.71357"},
    "exact": {"a": "1/(1+exp(-2.65))", "b": "ln(1+exp(-2.65))", "c": "-ln(1-1/(1+exp(-2.65)))"},
    "close": {"c": "-ln(0.066)"},                         # 2.71810: 2.72 at 3 figures, right
}


def test_the_hand_worked_values():
    assert (round(P, 6), round(LOSS, 5), round(KEPT, 5)) == (0.934011, 2.71827, 2.71357)
    assert (f"{LOSS:.3g}", f"{KEPT:.3g}", f"{-math.log(0.066):.3g}") == ("2.72", "2.71", "2.72")


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """{(student, part): graded row} for ``ANSWERS`` on the C7 paper."""
    key = generated_key(tmp_path_factory, 1, 1, "--classes", "C7", "--no-solutions")
    rows = [(who, "Q1", part, text) for who, parts in ANSWERS.items() for part, text in parts.items()]
    return {(who, part): row for (who, _, part), row in graded_by_cli(key.parent, key, rows).items()}


def _verdict(row) -> tuple:
    return row["status"], row["score"], row["note"], row["misconception"]


def test_an_expression_kept_short_is_what_its_decimal_is(graded):
    """After a right (a), the expression and the decimal of its value are both the near-1 rule's rounded too early."""
    decimal = graded[("decimal", "c")]
    assert _verdict(decimal) == ("imprecise", "0", "rounded_too_early", "")
    for who in ("expr", "ratio"):
        assert _verdict(graded[(who, "c")]) == _verdict(decimal), graded[(who, "c")]
        assert graded[(who, "c")]["feedback"] == decimal["feedback"]
    assert "as 0.9337" in decimal["feedback"] and decimal["feedback"].endswith("(expected 2.72)")


def test_one_working_into_two_parts_is_charged_once(graded):
    """The reviewer's a14.csv f2: (b) -ln(0.9337) and (c) -ln(1-0.9337), one keeping: named at (b), the first
    part it explains, and (c) ECF from it (review 55a F1; it was charged at both, as one verdict)."""
    assert _verdict(graded[("both", "b")]) == ("imprecise", "0", "rounded_too_early", "")
    assert _verdict(graded[("both", "c")]) == ("correct", "2", "ecf", "")
    assert graded[("both", "c")]["feedback"].endswith("that value kept short is marked at (b) only)")


def test_an_expression_wrong_at_the_figures_asked_is_told_its_value(graded):
    alone, decimal = graded[("alone_expr", "c")], graded[("alone_decimal", "c")]
    assert _verdict(alone) == _verdict(decimal) == ("incorrect", "0", "", "")
    assert alone["feedback"] == "its value, 2.71206, is 2.71 at the 3 significant figures asked (expected 2.72)"


def test_an_expression_kept_short_with_the_earlier_part_blank_is_what_its_decimal_is(graded):
    """With (a) blank the near-1 rule still names the keeping (review 49d F4), for the expression as for its decimal."""
    expr, decimal = graded[("kept_alone_expr", "c")], graded[("kept_alone_decimal", "c")]
    assert _verdict(expr) == _verdict(decimal) == ("imprecise", "0", "rounded_too_early", "")
    assert expr["feedback"] == decimal["feedback"] and "as 0.9337" in expr["feedback"]


def test_an_expression_that_is_the_answer_stays_correct(graded):
    for part in "abc":
        assert _verdict(graded[("exact", part)]) == ("correct", "2", "", ""), graded[("exact", part)]
    assert _verdict(graded[("close", "c")]) == ("correct", "2", "", "")


def _rule(value: float) -> PartRule:
    return PartRule(name="a", label="(a)", kind="numeric", value=value, spec={"sigfigs": 3})


@pytest.mark.parametrize("value, text", [(math.log(2), "ln(2)"), (math.log(2), "-ln(1/2)"), (0.375, "3/8"),
                                         (1 / 3, "1/3"), (math.exp(-1), "exp(-1)"), (1 / 3, "2/6")])
def test_exact_forms_of_the_answer_are_correct(value, text):
    assert mark_part(_rule(value), text, {}, {}).status == "correct"


def test_an_expression_off_at_the_figures_asked_is_wrong_by_the_pure_marker_too():
    """ln 2 = 0.693147 (0.693); ln(2.0008) = 0.693547 lies in the plain window (half a unit of the third
    figure, 0.0005, either side of ln 2) but is 0.694 at the 3 figures asked."""
    assert abs(math.log(2.0008) - math.log(2)) < 0.0005 and f"{math.log(2.0008):.3g}" == "0.694"
    verdict = mark_part(_rule(math.log(2)), "ln(2.0008)", {}, {})
    assert verdict.status == "incorrect"
    assert verdict.feedback == "its value, 0.693547, is 0.694 at the 3 significant figures asked (expected 0.693)"


def test_the_drill_agrees():
    """The reviewer's drill: (c) -ln(1-0.9337) after (a) 0.934 is no longer "Correct"."""
    result = CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C7", "--no-save"],
                                input="0.934\n0.0683\n-ln(1-0.9337)\nq\n")
    turn = result.output.split("> -ln(1-0.9337)", 1)[1].split("Worked solution", 1)[0]
    assert "Not precise enough" in turn and "keep a value near 1 (here 1 + e^(-s))" in " ".join(turn.split())


def test_a_floats_working_is_no_figure_of_the_value():
    """``exp(ln(0.001255))`` is 0.0012550000000000003 in floats, the decimal 0.001255: the
    answer 0.0012547 to 4 figures, right as that decimal written is (the benchmark's per-student
    answers held two such); judged at 17 figures it was 0.00126 at the 3 asked."""
    rule = _rule(0.0012547)
    assert mark_part(rule, "0.001255", {}, {}).status == "correct"
    assert mark_part(rule, "exp(ln(0.001255))", {}, {}).status == "correct"
