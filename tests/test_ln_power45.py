"""A function of one number without brackets takes a power of it too, as maths
reads ``ln x^2`` (review 45f F3): ``-ln e^-3`` is 3, and was read as (ln e)^-3 = -1,
so a right answer written so scored 0 where ``-ln(e^-3)`` scored full marks."""

from __future__ import annotations

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.forms import read_number


@pytest.mark.parametrize("text, value", [
    ("-ln e^-3", 3.0), ("ln 10^3", 6.907755278982137), ("ln 0.5^2", -1.3862943611198906),
    ("log10 10^3", 3.0), ("ln 2 ^ 3", 2.0794415416798357), (r"$-\ln e^{-3}$", 3.0),
    # the other reading stays as written: brackets decide, and a product is no power
    ("(ln 10)^3", 12.208071553760862), ("ln(10)^3", 12.208071553760862), ("ln 2 * 3", 2.0794415416798357),
])
def test_the_power_belongs_to_the_function(text, value):
    assert read_number(text).value == pytest.approx(value, rel=1e-12)


def test_grade_marks_ln_of_a_power_as_maths_reads_it(tmp_path):
    runner = CliRunner()
    made = runner.invoke(main, ["generate", "--classes", "C3", "--seed", "5", "--out", str(tmp_path / "c3")])
    assert made.exit_code == 0, made.output
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\n"
                       "s1,Q1,a,0.0498\ns1,Q1,b,-ln e^-3\ns2,Q1,a,0.0498\ns2,Q1,b,-ln(e^-3)\n", encoding="utf-8")
    graded = runner.invoke(main, ["grade", str(answers), "--key", str(tmp_path / "c3" / "key.json"),
                                  "--out", str(tmp_path / "g" / "graded.csv")])
    assert graded.exit_code == 0, graded.output
    with open(tmp_path / "g" / "graded.csv", encoding="utf-8-sig", newline="") as handle:
        rows = {(r["student_id"], r["part"]): r for r in csv.DictReader(handle)}
    assert rows["s1", "b"]["status"] == rows["s2", "b"]["status"] == "correct"
    assert rows["s1", "b"]["score"] == rows["s2", "b"]["score"]
