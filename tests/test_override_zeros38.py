"""An override's id that differs from a graded id only by leading zeros
(review 38): with no roster, ``0000002`` matched no answer of student ``2``
(warned, not applied) while the same run's gradebook template matched it;
now it is applied to that student and said, as with --roster. Two graded ids
it could stand for (``02`` and ``2``) match neither."""

import csv

import pytest

from quizgen.generation.run import generate


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("zeros")
    generate(folder / "q", classes="C1", count=1, seed=8)
    return folder / "q" / "key.json"


def _grade(invoke, tmp_path, key, answer_ids, override_id):
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"],
                                      *[[sid, "Q1", "a", "0.1"] for sid in answer_ids]])
    with open(tmp_path / "ov.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "score"], [override_id, "Q1", "a", "1"]])
    result = invoke("grade", tmp_path / "answers.csv", "--key", key, "--overrides", tmp_path / "ov.csv")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "answers-graded.csv", newline="", encoding="utf-8-sig") as handle:
        return {row["student_id"]: row for row in csv.DictReader(handle)}, result.output + result.stderr


@pytest.mark.parametrize("answer_id, override_id", [("2", "0000002"), ("0000003", "3")])
def test_an_override_matches_a_graded_id_but_for_its_leading_zeros(invoke, tmp_path, key, answer_id, override_id):
    rows, output = _grade(invoke, tmp_path, key, [answer_id], override_id)
    assert rows[answer_id]["note"] == "override" and rows[answer_id]["status"] == "correct", rows
    assert "matches no answer" not in output
    assert f"student id '{override_id}' matched {answer_id} only by leading zeros" in output


def test_an_override_that_could_be_two_graded_students_matches_neither(invoke, tmp_path, key):
    rows, output = _grade(invoke, tmp_path, key, ["02", "2"], "002")
    assert rows["02"]["note"] != "override" and rows["2"]["note"] != "override"
    assert "override for 002 Q1 (a) matches no answer: it matches 02 and 2 only by leading zeros: write the id as " \
           "one of them is graded" in output
