"""Moodle writes ``-`` in the Response cell of a question a student was given
and did not answer. In a submitted attempt the student saw it and left it:
each of its parts is ``blank``, as an empty Cloze part is (rev34: they were
``missing (no answer row)``, like an absent student's). In an attempt not
submitted (perhaps never reached) its parts stay missing."""

import csv
from pathlib import Path

import pytest

from run_support import run_in as run

DATA = Path(__file__).parent / "data" / "lms"


def _download(folder: Path, state: str = "Finished") -> None:
    """The fixture's Ada, second attempt only: Question 2 (MLM) answered ``-``, in the State given."""
    header, _, second, _ = list(csv.reader((DATA / "moodle_responses.csv").open(encoding="utf-8")))
    assert second[header.index("ID number")] == "s001" and second[header.index("Response 2")] == "-"
    second[header.index("State")] = state
    with open(folder / "responses.csv", "w", encoding="utf-8", newline="") as handle:
        csv.writer(handle).writerows([header, second])


def _statuses(folder: Path) -> tuple:
    with open(folder / "responses-graded.csv", encoding="utf-8-sig", newline="") as handle:
        graded = {(r["question_id"], r["part"]): r["status"] for r in csv.DictReader(handle)}
    with open(folder / "responses-graded-students.csv", encoding="utf-8-sig", newline="") as handle:
        student = next(csv.DictReader(handle))
    return graded, student["blank"], student["missing"]


def test_a_dash_response_of_a_submitted_attempt_is_blank(tmp_path):
    _download(tmp_path)
    result = run(tmp_path, "grade", "responses.csv")
    assert result.exit_code == 0, result.output
    graded, blank, missing = _statuses(tmp_path)
    assert graded[("Q2", "a")] == "blank" and (blank, missing) == ("1", "0"), graded
    assert "missing (no answer row)" not in result.output
    answers = (tmp_path / "responses-answers.csv").read_text(encoding="utf-8-sig").splitlines()
    assert "s001,Ada Lovelace,Q2,a,,2" in answers


def test_a_dash_response_of_an_attempt_in_progress_stays_missing(tmp_path):
    _download(tmp_path, "In progress")
    result = run(tmp_path, "grade", "responses.csv")
    assert result.exit_code == 0, result.output
    graded, blank, missing = _statuses(tmp_path)
    assert ("Q2", "a") not in graded and (blank, missing) == ("0", "1"), graded


@pytest.mark.slow
def test_a_submitted_attempt_with_no_answer_at_all_stays_an_attempt_with_none(tmp_path):
    """Every question '-': no blank rows are made, so the student is still the one
    who gave no answer (test_ids28's note), not a student who scored 0 on blanks."""
    from test_ids28 import BLANK, RIGHT, _grade, _moodle
    path, key = _moodle(tmp_path, [("s001", 10, RIGHT), ("s002", 20, BLANK)])
    _, output = _grade(path, "--key", key)
    assert " blank 3" not in output and "and 1 who gave none, counted absent" in output
