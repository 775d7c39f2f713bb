"""Answers graded against another seed's key score their dependent parts by ECF and
little else; beside the warning that few answers match, grade now says that this is
the sign of a wrong key (grading/ecf_heavy.py). A real weak class that took one
question's (a) wrong gets much ECF on that question alone: nothing is said. A person
decides: grade still exits 0."""

import csv
import importlib.util
import random
from pathlib import Path

import pytest

from quizgen.grading.ecf_heavy import is_ecf_heavy
from quizgen.key.load import load_key_file

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("workload63", ROOT / "benchmarks" / "workload.py")
workload = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(workload)
SIGN = "the sign of answers written for another seed's or key's paper"


def test_most_correct_answers_by_ecf_across_the_paper_is_the_sign():
    assert is_ecf_heavy({"Q1": [4, 4], "Q2": [4, 4], "Q6": [19, 19], "Q7": [9, 9], "Q9": [1, 0]})


def test_ecf_on_one_question_alone_is_not_the_sign():
    """Most correct answers by ECF, but on Q6 alone: the rest (5 right, 1 by ECF) is a class's own."""
    assert not is_ecf_heavy({"Q6": [24, 24], "Q1": [3, 1], "Q2": [2, 0], "Q3": [1, 0]})
    assert not is_ecf_heavy({"Q6": [24, 24]})   # nothing left once Q6 is out
    assert not is_ecf_heavy({})


def test_a_share_under_two_thirds_is_not_the_sign():
    assert not is_ecf_heavy({"Q1": [6, 3], "Q2": [6, 4], "Q3": [6, 4]})   # 11 of 18
    assert is_ecf_heavy({"Q1": [6, 4], "Q2": [6, 4], "Q3": [6, 4]})       # 12 of 18


def _write(path: Path, rows: list) -> Path:
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(workload.HEADER)
        writer.writerows(rows)
    return path


def _workload_rows(key_path: Path, students: int, seed: int) -> list:
    """``students`` of the workload (their own figures, traps, slips) answering the paper of ``key_path``."""
    key, rng = load_key_file(key_path), random.Random(seed)
    rows = []
    for n in range(students):
        student = workload.Student(rng)
        rows += [[f"s{n:03d}", q.id, p.letter, student.answer(p)] for q in key.questions for p in q.parts]
    return rows


def _weak_rows(key_path: Path, other_path: Path, students: int, seed: int) -> list:
    """A weak class of ``key_path``'s paper: slips 10-60% off (a word not sure) on every part but one in 20 right,
    and on Q6 every part as ``other_path``'s paper has it (a wrong (a), the parts after it worked from it)."""
    key, other, rng = load_key_file(key_path), load_key_file(other_path), random.Random(seed)
    q6 = next(q for q in other.questions if q.id == "Q6")
    rows = []
    for n in range(students):
        for question in key.questions:
            for part in question.parts if question.id != "Q6" else ():
                right = rng.random() < 0.05
                if part.kind == "word":
                    text = rng.choice(list(part.accept)) if right else "not sure"
                else:
                    text = f"{part.value * (1 if right else 1 + rng.choice((-1, 1)) * rng.uniform(0.1, 0.6)):.4g}"
                rows.append([f"w{n:02d}", question.id, part.letter, text])
        rows += [[f"w{n:02d}", "Q6", p.letter, f"{p.value:.6g}"] for p in q6.parts]
    return rows


@pytest.fixture
def papers(generated, tmp_path, monkeypatch):
    """``(seed 42's key, seed 1's key)``: the class works in ``tmp_path/class`` with seed 42's key in its quiz/;
    seed 1's lies two folders away, where grade looks for no better key."""
    generated("--seed", "42", out=tmp_path / "class" / "quiz")
    generated("--seed", "1", out=tmp_path / "kept" / "seed1" / "quiz")
    monkeypatch.chdir(tmp_path / "class")
    return tmp_path / "class" / "quiz" / "key.json", tmp_path / "kept" / "seed1" / "quiz" / "key.json"


@pytest.mark.slow
def test_answers_for_another_seed_are_graded_with_the_sign_named(papers, invoke):
    """The reviewer's case: six students' answers to seed 1's paper, graded against the key in ./quiz/."""
    _, seed1 = papers
    _write(Path("answers.csv"), _workload_rows(seed1, 6, 61))
    result = invoke("grade", "answers.csv")
    assert result.exit_code == 0, result.output
    assert "a weak class, or answers written for another seed or key?" in result.output
    notes = [line for line in result.output.splitlines() if SIGN in line]
    assert len(notes) == 1 and notes[0].startswith("Note: all ")
    assert ("correct numeric answers (right counts and words aside) were marked by error carried forward, on 6 "
            "questions, while few answers match quiz/key.json (found: no --key given)") in notes[0]
    assert notes[0].endswith("if so, grade them again with the right --key")
    report = Path("answers-graded-report.md").read_text(encoding="utf-8")
    assert notes[0] in report.splitlines()   # atop report.md too, where the warning is not
    assert "the sign of answers written for another seed" in Path("answers-graded-report.html").read_text("utf-8")


@pytest.mark.slow
def test_a_weak_class_with_ecf_on_one_question_is_warned_of_without_the_sign(papers, invoke):
    seed42, seed1 = papers
    _write(Path("weak.csv"), _weak_rows(seed42, seed1, 6, 7))
    result = invoke("grade", "weak.csv", "--out", "weak/")
    assert result.exit_code == 0, result.output
    assert "a weak class, or answers written for another seed or key?" in result.output
    graded = list(csv.DictReader(open("weak/weak-graded.csv", encoding="utf-8-sig")))
    ecf = {row["question_id"] for row in graded if row["note"] == "ecf" and row["status"] == "correct"}
    correct = [row for row in graded if row["status"] == "correct"]
    assert ecf == {"Q6"} and 2 * sum(row["note"] == "ecf" for row in correct) > len(correct)   # most of them
    assert SIGN not in result.output
