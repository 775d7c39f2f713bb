"""A question on many students' papers (an LMS download's variant, every
record whole) is read once and marked once per distinct answer: the key
reader hands back one KeyQuestion for equal records, and grade's part
checkers and their verdicts are shared by every paper holding it. Records
that differ in anything stay apart."""

from __future__ import annotations

import copy
import csv
import json

import pytest

import quizgen.grading.answer_pass as answer_pass
from quizgen.key.model import Key


@pytest.fixture
def class_key(invoke, tmp_path):
    result = invoke("generate", "--seed", "3", "--classes", "C1", "--out", tmp_path / "q")
    assert result.exit_code == 0, result.output
    return Key.from_json(json.loads((tmp_path / "q" / "key.json").read_text(encoding="utf-8")))


def _per_student(key: Key, students: int, change=None) -> dict:
    """key.json's data with ``students`` papers each holding the class paper's
    question as a whole record (as an LMS download's built key writes them);
    ``change(i, record)`` may edit student i's record."""
    data = key.to_json(compact=False)
    record = data["questions"][0]
    data["students"] = {}
    for i in range(students):
        own = copy.deepcopy(record)
        if change is not None:
            change(i, own)
        data["students"][f"s{i}"] = {"name": "", "seed": "lms", "questions": [own]}
    data.pop("values_digest", None)
    return data


def test_equal_records_are_read_as_one_question(class_key):
    key = Key.from_json(_per_student(class_key, 4))
    questions = [paper.questions[0] for paper in key.papers]
    assert all(q is questions[0] for q in questions)


def test_records_that_differ_stay_apart(class_key):
    def other_seed(i, record):
        record["seed"] = f"{record['seed']}/{i % 2}"

    key = Key.from_json(_per_student(class_key, 4, other_seed))
    questions = [paper.questions[0] for paper in key.papers]
    assert questions[0] is questions[2] and questions[1] is questions[3] and questions[0] is not questions[1]

    def other_points(i, record):   # same id, template and seed, other points: its own question
        if i == 1:
            record["parts"][0]["points"] = record["parts"][0]["points"] * 2

    key = Key.from_json(_per_student(class_key, 3, other_points))
    first, second, third = (paper.questions[0] for paper in key.papers)
    assert second is not first and second is not third and first.parts == third.parts
    assert second.parts[0].points == 2 * first.parts[0].points


def _answers(path, students: int, part: str, answer: str) -> None:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        writer.writerows([f"s{i}", "Q1", part, answer] for i in range(students))


def test_a_variant_on_many_papers_marks_each_answer_once(class_key, invoke, tmp_path, monkeypatch):
    (tmp_path / "key.json").write_text(json.dumps(_per_student(class_key, 30)), encoding="utf-8")
    _answers(tmp_path / "answers.csv", 30, "a", class_key.questions[0].parts[0].answer)
    marked = []
    real = answer_pass.verdict_outcome
    monkeypatch.setattr(answer_pass, "verdict_outcome", lambda checker, text: marked.append(text) or real(checker, text))
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json", "--out", tmp_path / "g" / "graded.csv",
                    "--jobs", "1")
    assert result.exit_code == 0, result.output
    with open(tmp_path / "g" / "graded.csv", newline="", encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 30 and {row["status"] for row in rows} == {"correct"}
    assert len({row["feedback"] for row in rows}) == 1
    assert len(marked) <= 2   # the first paper's own checker, then the shared one's cache
