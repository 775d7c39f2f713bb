"""One rule for a comma (or point) in a numeric answer, the same for every
reader: the plain path and answers as people write them (``L = ...``,
``... tokens``, ``... nats``, ``≈...``), grade and drill (the same PartChecker), and ECF's
reading of earlier answers. The table is docs/marking.md's."""

import math

import pytest

from grading_support import one_part_statuses
from quizgen.grading.part_checker import PartChecker
from quizgen.key.model import KeyPart
from quizgen.marking.forms import read_marks, read_number

DECORATIONS = ("{}", "  {} ", "L = {}", "{} UNIT", "≈{}")   # UNIT: tokens on a count, nats on a decimal (review 47b F3)
LN = -math.log(0.7573)

# text, whole-number part, decimal commas, the value it reads, a rival reading it must not be
RULE = [
    ("1,440", False, False, 1.44, 1440),         # a decimal part: a decimal comma
    ("1,440", False, True, 1.44, 1440),
    ("1,440", True, False, 1440, 1.44),          # a count is never 1.44: thousands
    ("1,440", True, True, 1440, 1.44),           # in any file: 1.44 is no count (forms22)
    ("1,440,000", False, False, 1440000, None),  # two commas can only group
    ("1,440,000", True, True, 1440000, None),
    ("12,345.6", False, False, 12345.6, None),   # both marks: the last is the decimal mark
    ("12,345.6", True, True, 12345.6, None),
    ("12.345,6", False, False, 12345.6, 12.3456),
    ("12.345,6", False, True, 12345.6, 12.3456),
    ("12 345", False, False, 12345, None),
    ("12 345", True, True, 12345, None),
    ("0,408", False, False, 0.408, 408),         # a group never starts with 0
    ("0,408", True, False, 0.408, 408),
    ("1.440", False, True, 1.44, 1440),          # a point is a decimal point in a decimal ...
    ("1.440", True, False, 1440, 1.44),          # a count's point groups too: 1.44 is no count
    ("1.440", True, True, 1440, 1.44),           # ... but a count's groups
    ("-ln(0,7573)", False, False, LN, None),     # ln takes one argument: the comma is decimal
    ("-ln(0,7573)", False, True, LN, None),
    ("log(8,2)", False, False, 3.0, math.log(8.2)),   # log may take two: the comma parts them
    ("log(8,2)", False, True, math.log(8.2), 3.0),    # decimal commas everywhere
]


def checker(value, whole, decimal_comma):
    kind = "integer" if whole else "numeric"
    part = KeyPart.from_json({"part": "a", "name": "a", "type": kind, "points": 1.0, "value": value,
                              "answer": f"{value:g}", "tolerance": {"sigfigs": 3}})
    return PartChecker(part, decimal_comma)


@pytest.mark.parametrize("decoration", DECORATIONS)
@pytest.mark.parametrize("text, whole, decimal_comma, value, rival", RULE)
def test_every_form_of_an_answer_reads_its_comma_by_one_rule(text, whole, decimal_comma, value, rival, decoration):
    answer = decoration.replace("UNIT", "tokens" if whole else "nats").format(text)
    assert checker(value, whole, decimal_comma)(answer).status == "correct", answer
    if rival is not None:
        assert checker(rival, whole, decimal_comma)(answer).status != "correct", answer
    reading = read_number(answer, decimal_comma=decimal_comma, whole=whole)
    assert reading.value == pytest.approx(value, rel=1e-12)


def test_a_decimal_comma_shows_its_figures_as_a_point_does():
    # 0,4 for 0.4001 was correct (its figures went uncounted) while 0.4 was rounded too early
    part = checker(0.4001, False, True)
    assert part("0,4").status == part("0.4").status == part("0,4 nats").status == "imprecise"
    assert checker(0.4001, False, False)("0,4").status == "imprecise"


def test_a_comma_that_may_part_log_s_arguments_is_left_to_them():
    assert read_marks("log(0,5)*ln(0,5)") == "log(0,5)*ln(0.5)"
    assert read_marks("log (8,2)") == "log (8,2)" and read_marks("sqrt(log(8,2))") == "sqrt(log(8,2))"
    assert read_marks("log(8,2)", decimal_comma=True) == "log(8.2)"


def test_ecf_reads_an_earlier_count_by_the_same_rule():
    """grade's ECF pass reads an earlier answer as the number its checker read (``Verdict.value``)."""
    assert checker(1440, True, False)("1,440 tokens").value == 1440.0
    assert checker(1.44, False, False)("1,440").value == pytest.approx(1.44)


@pytest.mark.slow
def test_grade_gives_a_unit_and_a_bare_comma_the_same_verdict(tmp_path):
    part = {"part": "a", "name": "loss", "type": "numeric", "points": 1.0, "value": 1.44, "answer": "1.44",
            "tolerance": {"sigfigs": 3}}
    rows = [("s1", "1,440 nats"), ("s2", "1,440"), ("s3", "-ln(0,7573)"), ("s4", "log(0,5)")]
    status = one_part_statuses(tmp_path, part, rows)   # a ',' file: the commas are quoted
    # -ln(0,7573) is 0.278: read (ln takes one argument), so incorrect, not invalid; log(0,5) stays invalid
    assert status == {"s1": "correct", "s2": "correct", "s3": "incorrect", "s4": "invalid"}
