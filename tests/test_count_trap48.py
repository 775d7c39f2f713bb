"""Review 47b F2: a count written with a group of three digits that a count
reads as thousands (``7.500``: 7500) but that is a trap's value read by the
file's decimal mark (7.5) is that trap, named with its own words and scored as
it, the feedback saying how it was read; before, it was a bare incorrect. The
reviewer's paper (``generate --seed rev47b-acceptance-2 --count 4``), Q21 (C6:
N = 12600 positions, r = 0.25, so 3150 picked; (c) 10% of them, 315; the
per_sequence_count trap is 10% of one sequence's 300 * 0.25 = 75, 7.5)."""

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.marking.marks import count_other_reading

TRAP = "per_sequence_count"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    folder = tmp_path_factory.mktemp("rev47b2")
    made = CliRunner().invoke(main, ["generate", "--seed", "rev47b-acceptance-2", "--count", "4", "--out",
                                     str(folder / "quiz"), "--no-solutions"])
    assert made.exit_code == 0, made.output
    return folder


def _graded(folder, answers: list, *options, delimiter=",") -> dict:
    """Each answer to Q21 (c), one student each, in a file of ``delimiter``: {answer: row}."""
    path = folder / "answers.csv"
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle, delimiter=delimiter).writerows(
            [("student_id", "question_id", "part", "answer"), *((f"s{n}", "Q21", "c", a) for n, a in enumerate(answers))])
    out = folder / "out"
    result = CliRunner().invoke(main, ["grade", str(path), "--key", str(folder / "quiz" / "key.json"), "--out",
                                       str(out), "--replace-outputs", *map(str, options)])
    assert result.exit_code == 0, result.output
    with open(out / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {r["answer"]: r for r in csv.DictReader(handle, delimiter=delimiter)}


def test_the_paper_is_the_reviewers(paper):
    rows = _graded(paper, ["7.5", "315"])
    assert (rows["7.5"]["misconception"], rows["315"]["status"]) == (TRAP, "correct")


def test_a_trap_written_to_4_figures_is_that_trap_read_as_a_decimal(paper):
    rows = _graded(paper, ["7.5", "7.500", "7.500 positions"])
    plain = rows["7.5"]
    for answer in ("7.500", "7.500 positions"):
        row = rows[answer]
        assert (row["status"], row["misconception"], row["score"]) == ("incorrect", TRAP, plain["score"])
        assert row["feedback"] == f"{plain['feedback']} (7.500 is read here as 7.5, not as 7500.)"


@pytest.mark.parametrize("answer", ["7,500", "7.501"])
def test_other_writings_stay_as_read(paper, answer):
    """A thousands comma in a '.' file is 7500 to any reader; 7.501 is no trap."""
    row = _graded(paper, [answer])[answer]
    assert (row["status"], row["misconception"]) == ("incorrect", ""), row


def test_a_point_before_an_exponent_is_a_decimal_point_already(paper):
    row = _graded(paper, ["7.500e0"])["7.500e0"]
    assert row["misconception"] == TRAP and "is read here" not in row["feedback"]


def test_a_decimal_comma_file_reads_the_comma_so(paper):
    rows = _graded(paper, ["7,500", "7.500"], delimiter=";")
    assert rows["7,500"]["misconception"] == TRAP
    assert rows["7,500"]["feedback"].endswith("(7,500 is read here as 7.5, not as 7500.)")
    assert rows["7.500"]["misconception"] == ""   # the thousands point of a decimal-comma file


def test_the_traps_credit_is_given_as_to_the_trap_written_plainly(paper):
    (paper / "policy.yaml").write_text(f"traps:\n  {TRAP}: 0.5\n", encoding="utf-8")
    rows = _graded(paper, ["7.5", "7.500"], "--policy", paper / "policy.yaml")
    assert float(rows["7.500"]["score"]) == float(rows["7.5"]["score"]) > 0


@pytest.mark.parametrize("text, decimal_comma, found", [
    ("7.500", False, ("7.500", "7.500")), ("7,500", True, ("7,500", "7.500")), ("7,500", False, None),
    ("7.500", True, None), ("2.000", False, ("2.000", "2000")), ("2,000", True, ("2,000", "2000")),
    ("2.000", True, None), ("2,000", False, None), ("75.000", True, None),   # the thousands mark: review 49d F10
    ("7.500e0", False, None), ("7.5", False, None), ("7.500 + 1", False, None), ("x = 7.500", False, ("7.500", "7.500"))])
def test_the_other_reading_of_a_counts_group(text, decimal_comma, found):
    assert count_other_reading(text, decimal_comma) == found
