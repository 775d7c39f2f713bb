"""ECF judges an answer written to more figures than asked at the figures asked,
as the plain path and carried rounding do (review 47b F12's rule, carried into
``rules._ecf``). Seed 7's Q7 (C7, s = -2.55): a student's wrong (a) 0.0800, then
(b) -ln 0.0800 = 2.52573, 2.53 to the 3 figures asked. ``2.5210`` is 2.52 there,
which nothing worked from 0.0800 reaches; it was ``correct, ecf``, full marks,
while ``2.52`` itself was ``imprecise`` (docs/marking.md, "Statuses and notes")."""

from decimal import Decimal

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.as_asked import ecf_as_asked
from tests.grading_support import graded_by_cli
from test_marker_review32 import _figures

ECF_VALUE = Decimal("2.52573")   # -ln 0.08, by hand: ln 0.08 = ln 8 - ln 100 = 2.07944 - 4.60517


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Seed 7's paper, and students who each give (a) 0.0800 and one (b): every
    4-figure (b) from 2.5140 to 2.5380, and each one's rounding to 3 figures."""
    folder = tmp_path_factory.mktemp("seed7")
    made = CliRunner().invoke(main, ["generate", "--seed", "7", "--out", str(folder / "quiz"), "--no-solutions"])
    assert made.exit_code == 0, made.output
    rows = []
    for four in _fours():
        for student, answer in ((f"f{four}", four), (f"t{four}", _figures(Decimal(four), 3))):
            rows += [(student, "Q7", "a", "0.0800"), (student, "Q7", "b", answer)]
    return graded_by_cli(folder, folder / "quiz" / "key.json", rows)


def _fours() -> list:
    """4-figure answers around the value worked from (a) 0.0800."""
    return [str(Decimal("2.5140") + i * Decimal("0.0001")) for i in range(241)]


def _row(graded, student) -> tuple:
    row = graded[(student, "Q7", "b")]
    return row["answer"], row["status"], row["note"], row["score"]


def test_the_paper_is_the_reviewers(graded):
    assert graded[("f2.5210", "Q7", "b")]["expected"] == "2.6252"
    assert graded[("f2.5210", "Q7", "a")]["status"] == "incorrect"   # 0.0724 is asked


@pytest.mark.parametrize("answer", ["2.5210", "2.5249", "2.5140"])
def test_more_figures_that_round_to_what_their_a_does_not_give_are_no_ecf(graded, answer):
    """2.52 (2.51) at the 3 figures asked, where -ln 0.0800 is 2.53: no ECF, no marks, as 2.52 earns none."""
    assert _row(graded, f"f{answer}") == (answer, "incorrect", "", "0")
    assert _row(graded, f"t{answer}")[3] == "0"
    assert _row(graded, "t2.5210") == ("2.52", "imprecise", "rounded_too_early", "0")   # 2.5257 cut off


@pytest.mark.parametrize("answer", ["2.5250", "2.5257", "2.5300", "2.5349"])
def test_more_figures_that_round_to_the_ecf_value_stay_ecf(graded, answer):
    assert _row(graded, f"f{answer}") == (answer, "correct", "ecf", "2")
    assert _row(graded, f"t{answer}") == ("2.53", "correct", "ecf", "2")


def test_more_figures_earn_what_their_rounding_to_the_figures_asked_earns(graded):
    """Never more (this fix) and never less (tests/test_marker_review32.py) than the 3-figure answer."""
    differ = [(four, _row(graded, f"f{four}"), _row(graded, f"t{four}")) for four in _fours()
              if _row(graded, f"f{four}")[3] != _row(graded, f"t{four}")[3]]
    assert differ == []
    ecf = [four for four in _fours() if _row(graded, f"f{four}")[2] == "ecf"]
    assert (ecf[0], ecf[-1]) == ("2.5250", "2.5349")   # 2.53 at 3 figures: [2.525, 2.535)
    assert _figures(ECF_VALUE, 3) == "2.53"


@pytest.mark.parametrize("answer, figures, expected", [("0.6695", 4, True), ("0.6690", 4, True),
                                                      ("0.6698", 4, False), ("0.66990", 5, False),
                                                      ("0.670", 3, None), ("0.67", 2, None)])
def test_carried_ecf_values_are_judged_as_carried_rounding_judges_the_keys(answer, figures, expected):
    """A carried value 0.669462 (e^2 carried as 7.39: 7.39 / 11.03872): 0.6695 is it written to 4
    figures; 0.6690 is 0.669 at the 3 asked, within its window; 0.6698 and 0.66990 are 0.670 there,
    reached by nothing; an answer to the figures asked or fewer is left to the windows (None)."""
    spec = {"sigfigs": 3}
    assert ecf_as_asked(float(answer), figures, (7.39 / 11.03872,), "numeric", spec) is expected
