"""A question on many students' papers (an LMS download's variant) is read
once and marked once per distinct answer: the key reader hands back one
KeyQuestion for equal records, and grade's part checkers and their verdicts
are shared by every paper holding it; records that differ in anything stay
apart. A key whose papers share a question writes it once (version 5,
``shared_questions``), each paper naming it by its place."""

from __future__ import annotations

import copy
import csv
import json

import pytest
from lms_support import exported_download

import quizgen.grading.answer_pass as answer_pass
from quizgen.errors import InputFileError
from quizgen.key.model import Key, KeyPaper


@pytest.fixture
def class_key(generated, tmp_path):
    generated("--seed", "3", "--classes", "C1", out=tmp_path / "q")
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


# ---- version 5: a question on several papers written once (shared_questions)

def _shared_key(class_key: Key, students: int) -> Key:
    """``class_key`` with ``students`` papers all holding its first question, one object."""
    question = class_key.questions[0]
    papers = tuple(KeyPaper(f"s{i}", "", "lms", (question,)) for i in range(students))
    return Key(class_key.questions, papers, "lms", quizgen=class_key.quizgen)


def test_a_question_on_several_papers_is_written_once_and_read_back_as_one(class_key):
    data = json.loads(json.dumps(_shared_key(class_key, 3).to_json(compact=False)))
    assert data["version"] == 5 and len(data["shared_questions"]) == 1
    assert [paper["questions"] for paper in data["students"].values()] == [[0], [0], [0]]
    key = Key.from_json(data)
    assert key.papers[0].questions[0] is key.papers[2].questions[0]
    assert key.papers[0].questions[0] == class_key.questions[0]


def test_a_key_whose_questions_are_on_one_paper_each_stays_version_4(class_key):
    papers = (KeyPaper("s0", "", "lms", class_key.questions),)
    data = Key(class_key.questions, papers, "lms").to_json()
    assert data["version"] == 4 and "shared_questions" not in data


@pytest.mark.parametrize("edit, message", [
    (lambda d: d.update(version=4), "shared_questions: a key before version 5 has no shared questions"),
    (lambda d: d["students"]["s1"].update(questions=[1]), "students.s1.questions[0]: expected a whole number from 0 to 0, got 1"),
    (lambda d: d["students"]["s1"].update(questions=[-1]), "students.s1.questions[0]: expected a whole number from 0 to 0, got -1"),
    (lambda d: d["students"]["s1"].update(questions=[True]), "students.s1.questions[0]: expected"),
    (lambda d: (d.pop("shared_questions"), d["students"]["s1"].update(questions=[0])),
     "students.s0.questions[0]: expected a question record (a number names one of the key's shared_questions, "
     "and this key has none)"),
    (lambda d: d["shared_questions"][0]["parts"][0].update(value=2.5), "shared_questions[0].parts[0].value: 2.5 is not"),
])
def test_a_wrong_shared_question_field_is_one_line_naming_its_path(class_key, tmp_path, invoke, edit, message):
    data = json.loads(json.dumps(_shared_key(class_key, 2).to_json(compact=False)))
    edit(data)
    (tmp_path / "key.json").write_text(json.dumps(data), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns0,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "key.json", "--out", tmp_path / "g" / "graded.csv")
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1, result.output
    assert not (tmp_path / "g").exists()


def test_a_moodle_downloads_built_key_writes_each_variant_once_and_grades_again_alike(invoke, tmp_path):
    rows = exported_download(invoke, tmp_path, "C1,C7", 2, 12)
    assert len(rows) == 13
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--out", tmp_path / "g" / "graded.csv")
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "g" / "responses-key.json").read_text(encoding="utf-8"))
    assert data["version"] == 5 and len(data["shared_questions"]) == 4   # 2 variants of 2 questions
    assert all(all(q.__class__ is int for q in paper["questions"]) for paper in data["students"].values())
    again = invoke("grade", tmp_path / "g" / "responses-answers.csv", "--key", tmp_path / "g" / "responses-key.json",
                   "--out", tmp_path / "again" / "graded.csv")
    assert again.exit_code == 0, again.output

    def verdicts(path):
        with open(path, newline="", encoding="utf-8-sig") as handle:
            return [(r["student_id"], r["question_id"], r["part"], r["status"], r["score"], r["feedback"])
                    for r in csv.DictReader(handle)]
    assert verdicts(tmp_path / "g" / "graded.csv") == verdicts(tmp_path / "again" / "graded.csv")
    assert len(verdicts(tmp_path / "g" / "graded.csv")) == 12 * 5


@pytest.mark.parametrize("place", [10 ** 400, -(10 ** 400), 1.5, float("inf")])
def test_a_shared_place_of_any_number_is_one_line(class_key, place):
    data = json.loads(json.dumps(_shared_key(class_key, 2).to_json(compact=False)))
    data["students"]["s1"]["questions"] = [place]
    with pytest.raises(InputFileError, match=r"^the key: students\.s1\.questions\[0\]: expected .*, got "):
        Key.from_json(data)


def test_a_whole_number_field_of_400_digits_is_one_line(class_key):
    data = json.loads(json.dumps(class_key.to_json(compact=False)))
    data["questions"][0]["parts"][0]["decimals"] = 10 ** 400
    with pytest.raises(InputFileError, match=r"^the key: questions\[0\]\.parts\[0\]\.decimals: expected a whole number"):
        Key.from_json(data)


def test_a_record_equal_to_an_earlier_one_only_by_pythons_false_is_0_is_read_and_refused(class_key):
    """Review 40 F2: a record read before stands for an equal one, but false == 0 and 1 == 1.0 in Python."""
    assert class_key.questions[0].parts[0].spec.bounds == (0, 1)

    def booleans(i, record):
        if i == 1:
            record["parts"][0]["range"] = [False, True]

    with pytest.raises(InputFileError, match=r"students\.s1\.questions\[0\]\.parts\[0\]\.range\[0\]: expected a number"):
        Key.from_json(_per_student(class_key, 3, booleans))
