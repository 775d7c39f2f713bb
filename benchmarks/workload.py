"""Answers files that look like a real class's, for the grade benchmarks.

Each student has their own habits: they round every value to their own 3, 4 or
5 significant figures, get a share of parts right that varies from student to
student, fall into the part's traps (rounded their way too), and now and then
write an expression, a fraction, a word, a sentence or nothing. So answers
repeat about as often as a class's do, and the grader's verdict cache hits no
more than it would in a real course."""

from __future__ import annotations

import csv
import importlib.util
import math
import random
import sys
from pathlib import Path

if importlib.util.find_spec("quizgen") is None:   # a source checkout, not installed: use it
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from quizgen.key.load import load_key_file  # noqa: E402

HEADER = ["student_id", "question_id", "part", "answer"]
GARBAGE = ["", "", "", "idk", "no idea", "the loss goes down", "=cmd|' /C calc'!A0", "((1+2)", "9**9**9**9", "-"]


def rounded(value: float, figures: int) -> str:
    """``value`` rounded to ``figures`` significant figures, written plainly."""
    if value == 0 or not math.isfinite(value):
        return "0"
    places = max(figures - 1 - math.floor(math.log10(abs(value))), 0)
    return f"{round(value, places):.{places}f}"


class Student:
    """One student's habits, drawn once."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.figures = rng.choice([3, 3, 4, 4, 4, 5])
        self.skill = rng.uniform(0.35, 0.95)
        self.trap_rate = rng.uniform(0.05, 0.3)

    def answer(self, part) -> str:
        """What this student writes for ``part`` (a KeyPart)."""
        rng, roll = self.rng, self.rng.random()
        if part.kind == "word":
            words = list(part.accept) + [w for trap in part.traps for w in trap.words]
            return rng.choice(list(part.accept)) if roll < self.skill else rng.choice(words + ["maybe", "not sure"])
        if roll < self.skill:
            return self._number(part.value, part.kind)
        traps = [v for v in part.trap_values if v is not None]
        if traps and roll < self.skill + self.trap_rate:
            return self._number(rng.choice(traps), part.kind)
        roll = rng.random()
        if roll < 0.35:
            return self._number(part.value * rng.choice([0.5, 0.9, 1.1, 2.0, -1.0]), part.kind)
        if roll < 0.7:
            return self._expression(part.value)
        return rng.choice(GARBAGE)

    def _number(self, value: float, kind: str) -> str:
        if kind == "integer":
            return str(round(value))
        return rounded(value, self.figures)

    def _expression(self, value: float) -> str:
        rng = self.rng
        forms = [f"-ln({rounded(math.exp(-value), self.figures)})" if value > 0 else f"{rounded(value, 4)}*1",
                 f"{round(value * 8)}/8", f"exp(ln({rounded(abs(value) or 1, 4)}))", f"({rounded(value, 6)})"]
        return rng.choice(forms)


def student_answers(key_path: Path, path: Path, seed: int = 1) -> int:
    """A long-form answers file for a per-student key: every student of the
    key answers every part of their own paper once, in their own way."""
    key = load_key_file(key_path)
    rng = random.Random(seed)
    rows = 0
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(HEADER)
        for paper in key.papers:
            student = Student(rng)
            for question in paper.questions:
                for part in question.parts:
                    writer.writerow([paper.student_id, question.id, part.letter, student.answer(part)])
                    rows += 1
    return rows


def class_answers(key_path: Path, rows: int, path: Path, seed: int = 1) -> None:
    """``rows`` long-form answers to the class paper of ``key_path``: students
    S000000, S000001, ... each answering every part once, in their own way."""
    key = load_key_file(key_path)
    parts = [(q.id, p) for q in key.questions for p in q.parts]
    rng = random.Random(seed)
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(HEADER)
        student = None
        for i in range(rows):
            if i % len(parts) == 0:
                student = Student(rng)
            qid, part = parts[i % len(parts)]
            writer.writerow([f"S{i // len(parts):06d}", qid, part.letter, student.answer(part)])


def roster(path: Path, students: int) -> None:
    """A roster CSV of ``students`` students."""
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "name"])
        writer.writerows([f"s{i:05d}", f"Student {i}"] for i in range(students))
