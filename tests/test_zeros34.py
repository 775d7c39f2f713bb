"""An answer that is the right one with the zeros at its end left off (``0.7``
or ``0.70`` for 0.700, seed 3's Q1 (a) = 0.6999) is told in grade's feedback
that those zeros count as significant figures, as the drill tells it; another
value (``0.69``) or a fraction (``7/10``, said by its value) is not."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ANSWERS = "student_id,question_id,part,answer\ns1,Q1,a,0.7\ns2,Q1,a,0.70\ns3,Q1,a,7/10\ns4,Q1,a,0.69\ns5,Q1,a,0.700\n"
SAID = "zeros at the end of a decimal count as significant figures: 0.700 shows 3"


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("zeros34")
    runner = CliRunner()
    assert runner.invoke(main, ["generate", "--seed", "3", "--out", str(folder / "k")]).exit_code == 0
    (folder / "a.csv").write_text(ANSWERS, encoding="utf-8")
    result = runner.invoke(main, ["grade", str(folder / "a.csv"), "--key", str(folder / "k" / "key.json"),
                                  "--out", str(folder / "o" / "g.csv")])
    assert result.exit_code == 0, result.output
    with open(folder / "o" / "g.csv", encoding="utf-8-sig", newline="") as handle:
        return {row["student_id"]: row for row in csv.DictReader(handle)}


@pytest.mark.parametrize("student, figures", [("s1", "1 significant figure"), ("s2", "2 significant figures")])
def test_zeros_left_off_are_named(graded, student, figures):
    assert graded[student]["status"] == "imprecise"
    assert graded[student]["feedback"] == f"rounded too early: right to {figures}, give at least 3 (expected 0.700; {SAID})"


@pytest.mark.parametrize("student", ["s3", "s4"])
def test_another_value_or_a_fraction_is_not_told_of_zeros(graded, student):
    assert graded[student]["status"] == "imprecise" and "zeros at the end" not in graded[student]["feedback"]


def test_the_answer_with_its_zeros_is_correct(graded):
    assert graded["s5"]["status"] == "correct"
