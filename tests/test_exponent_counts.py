"""instr27a: a count written in e-notation with three decimals (``1.512e3``)
was read as thousands-grouped (1512 x 10^3 = 1512000): a right count marked
incorrect, and in the drill the next part's ECF worked from 2640000. A numeral
followed by an exponent is never thousands-grouped, whichever mark it has."""

import csv
import io

import pytest

from quizgen.marking.forms import read_number
from quizgen.marking.marks import count_read_otherwise, guessed_group


@pytest.mark.parametrize("text, value", [
    ("1.512e3", 1512), ("1.512E3", 1512), ("1.512e+3", 1512), ("\u22121.512e3", -1512), ("-1.512e3", -1512),
    ("1,512e3", 1512), ("1.512 × 10^3", 1512), ("1.512x10^3", 1512), ("1,512·10³", 1512),
    ("$1.512 \\times 10^{3}$", 1512), ("2.000e3", 2000), ("1.512e3 tokens", 1512)])
@pytest.mark.parametrize("decimal_comma", [False, True])
def test_a_count_before_an_exponent_is_a_decimal(text, value, decimal_comma):
    for whole in (True, False):
        assert read_number(text, decimal_comma=decimal_comma, whole=whole).value == pytest.approx(value)


def test_grouped_counts_without_an_exponent_still_group():
    assert read_number("1.512", whole=True).value == 1512
    assert read_number("1,512", whole=True).value == 1512

@pytest.mark.parametrize("text, decimal_comma", [
    ("1,950,000e-3", False), ("1,950,000e-3", True), ("1.950.000e-3", False), ("1.950.000e-3", True),
    ("1.950,0e0", False), ("1.950,0e0", True), ("1,950.0e0", False), ("1,950.0E+0", True),
    ("1,950,000 × 10^-3", False), ("1.950,0·10⁰", True)])
def test_several_marks_before_an_exponent_group_as_without_one(text, decimal_comma):
    """fix27a: only one mark before an exponent is ambiguous; several group as they would
    without the exponent (1,950,000e-3 was 'give a single number, not a list')."""
    for whole in (True, False):
        reading = read_number(text, decimal_comma=decimal_comma, whole=whole)
        assert reading.status != "invalid" and reading.value == pytest.approx(1950), (text, reading)


def test_the_guessers_leave_a_number_before_an_exponent_alone():
    assert count_read_otherwise("2.000e3", False) is None
    assert count_read_otherwise("2.000", False) is not None
    assert guessed_group("5 (5,000e-3)", False, False) == ""
    assert guessed_group("5 (5,000)", False, False) != ""   # "0.005 (5,000)": its 0.005 says the comma groups


@pytest.mark.slow
def test_grade_marks_an_e_notation_count_right(tmp_path, invoke):
    key = tmp_path / "key.json"
    invoke("generate", "--seed", 7, "--classes", "C6", "--out", tmp_path)
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns1,Q1,a,1.200e3\ns1,Q1,b,9.600e2\n", encoding="utf-8")
    invoke("grade", answers, "--key", key)
    graded = (tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig").splitlines()
    assert [row.split(",")[4] for row in graded[1:3]] == ["correct", "correct"], graded


def test_the_drill_reads_an_e_notation_count_and_carries_it_forward(invoke):
    out = invoke("drill", "--seed", 7, "--classes", "C6", "--no-save", input="2.640e3\n2.112e3\nq\n").output
    out = " ".join(out.split())
    assert "was read as" not in out and "2640000" not in out
    assert "Marked from your (a) = 2640: correct given that value" in out
    out = invoke("drill", "--seed", 7, "--classes", "C6", "--no-save", input="1.200e3\nq\n").output
    assert "Correct: 1200." in out


@pytest.mark.slow
def test_grade_reads_grouped_numbers_before_an_exponent(tmp_path, invoke):
    """fix27a: the reviewer's answers, right at a0d8715, were invalid with an untrue 'list' reason."""
    key = tmp_path / "key.json"
    invoke("generate", "--seed", 5, "--classes", "C6", "--out", tmp_path)   # Q1 (a) 1950, (b) 1560
    for name, sep, rows in (("comma.csv", ",", ['s1,Q1,a,"1,950,000e-3"', 's2,Q1,a,"1.950,0e0"']),
                            ("semi.csv", ";", ["s1;Q1;b;1.560,0e0", "s2;Q1;a;1.950.000e-3"])):
        answers = tmp_path / name
        answers.write_text(sep.join(("student_id", "question_id", "part", "answer")) + "\n" + "\n".join(rows) + "\n",
                           encoding="utf-8")
        invoke("grade", answers, "--key", key)
        graded = (tmp_path / name.replace(".csv", "-graded.csv")).read_text(encoding="utf-8-sig")
        rows = list(csv.DictReader(io.StringIO(graded), delimiter=sep))
        assert [row["status"] for row in rows] == ["correct", "correct"], graded


def test_the_drill_says_how_it_read_points_grouping_before_an_exponent(invoke):
    """fix27a: several points before an exponent group (2.950.000e-3 is 2950), and the drill says so
    when that is not the answer, as it does for 2.950."""
    out = invoke("drill", "--seed", 7, "--classes", "C6", "--no-save", input="2.950.000e-3\nq\n").output
    assert "(Your 2.950.000e-3 was read as 2950.)" in " ".join(out.split())
