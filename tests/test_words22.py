"""rev-marking22b: a self-correction ("neutral? no, positive") and a restatement
after a clause break ("It doesn't, it doubles") were read backwards by the
word rules of forms22; both go to a person, while the plain forms those rules
were made for ("neutral, not positive", "It won't double") keep their reading.
Seed 3, three questions a class: Q13 is C5 (b: undefined), Q22 C8 (c: neutral),
Q25 C9 ((b), (c): no), Q27 C9 ((c): yes)."""

import csv
import io

import pytest

import quizgen

ANSWERS = [
    ("Q22", "c", "neutral? no, positive", "needs_review"),
    ("Q22", "c", "neutral, no, positive", "needs_review"),
    ("Q22", "c", "positive? no, neutral", "needs_review"),
    ("Q22", "c", "positive. No: neutral", "needs_review"),
    ("Q22", "c", "neutral, not positive", "correct"),
    ("Q13", "b", "undefined? no, 0", "needs_review"),
    ("Q13", "b", "not defined (division by zero)", "correct"),
    ("Q25", "c", "It doesn't, it doubles", "needs_review"),
    ("Q25", "c", "it won't double; it doubles", "needs_review"),
    ("Q25", "c", "It won't double", "correct"),
    ("Q25", "c", "It doesn't, it stays the same", "correct"),
    ("Q25", "b", "it does not, one by one", "needs_review"),
    ("Q27", "c", "It doesn't, it stays the same", "needs_review"),
]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    folder = tmp_path_factory.mktemp("words22")
    quizgen.generate(folder / "paper", seed=3, count=3)
    text = io.StringIO()
    csv.writer(text).writerows([("student_id", "question_id", "part", "answer"),
                                *[(f"s{i}", q, p, a) for i, (q, p, a, _) in enumerate(ANSWERS)]])
    (folder / "answers.csv").write_text(text.getvalue(), encoding="utf-8")
    quizgen.grade(folder / "answers.csv", key=folder / "paper" / "key.json")
    with open(folder / "answers-graded.csv", encoding="utf-8-sig", newline="") as handle:
        return {(row["question_id"], row["part"], row["answer"]): row for row in csv.DictReader(handle)}


@pytest.mark.parametrize("question, part, answer, status", ANSWERS)
def test_a_self_correction_or_restatement_goes_to_a_person(graded, question, part, answer, status):
    row = graded[question, part, answer]
    assert row["status"] == status, row
    assert row["misconception"] == ""
