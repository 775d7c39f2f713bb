"""An answer that is the right one with the zeros at its end left off (``0.7``
or ``0.70`` for 0.700, seed 3's Q1 (a) = 0.6999) is told in grade's feedback
that those zeros count as significant figures, and how many it shows (round
35: the drill's fuller words, which the drill now takes from grade); so is a
fraction that is that decimal (``7/10``, told it is exactly 0.7); another value
(``0.69``) is not."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main

ANSWERS = "student_id,question_id,part,answer\ns1,Q1,a,0.7\ns2,Q1,a,0.70\ns3,Q1,a,7/10\ns4,Q1,a,0.69\ns5,Q1,a,0.700\n"
SAID = "zeros at the end of a decimal count as significant figures: 0.700 shows 3, {}"


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


@pytest.mark.parametrize("student, figures, shown", [("s1", "1 significant figure", "0.7 shows only 1"),
                                                     ("s2", "2 significant figures", "0.70 shows only 2")])
def test_zeros_left_off_are_named(graded, student, figures, shown):
    assert graded[student]["status"] == "imprecise"
    assert graded[student]["feedback"] == \
        f"rounded too early: right to {figures}, give at least 3 (expected 0.700; {SAID.format(shown)})"


def test_a_fraction_is_told_what_it_is_exactly_and_of_the_zeros(graded):
    """7/10 is exactly 0.7: no rounding of it is right "to 2 significant figures" (it was
    "its value, 0.70, is right to 2 significant figures", told no word on the zeros)."""
    assert graded["s3"]["status"] == "imprecise"
    assert graded["s3"]["feedback"] == ("your fraction is exactly 0.7, but the answer is not exactly 0.7: this part "
                                        "asks for a decimal to at least 3 significant figures (expected 0.700; "
                                        f"{SAID.format('0.7 shows only 1')})")


def test_another_value_is_not_told_of_zeros(graded):
    assert graded["s4"]["status"] == "imprecise" and "zeros at the end" not in graded["s4"]["feedback"]


def test_the_answer_with_its_zeros_is_correct(graded):
    assert graded["s5"]["status"] == "correct"
