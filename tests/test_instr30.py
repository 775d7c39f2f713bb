"""Fixes from an instructor's review (instr30), one section each.

1. ``--rtol``/``--atol`` keep a correct answer's value, so the check that the
   answers belong to the key counts them as matched: a normal class graded with
   a tolerance override is neither refused nor warned about.
"""

from __future__ import annotations

import csv

import pytest
from click.testing import CliRunner

from quizgen.cli import main


@pytest.fixture(scope="module")
def seed1(tmp_path_factory):
    """Seed 1's class paper in ``quiz/`` and ``answers.csv``: 20 students, each right on
    7 parts in 10 (the key's answer) and wrong on the rest (1.37 times it plus 1, near no trap)."""
    folder = tmp_path_factory.mktemp("instr30")
    made = CliRunner().invoke(main, ["generate", "--seed", "1", "--out", str(folder / "quiz")])
    assert made.exit_code == 0, made.output
    with open(folder / "quiz" / "key.csv", newline="", encoding="utf-8-sig") as handle:
        key = list(csv.DictReader(handle))
    with open(folder / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        for n in range(20):
            for i, row in enumerate(key):
                answer = row["answer"]
                if (n + i) % 10 < 3 and answer.replace(".", "", 1).isdigit():
                    answer = f"{float(answer) * 1.37 + 1:.4g}"
                writer.writerow([f"s{n:03d}", row["question_id"], row["part"], answer])
    return folder


# ---------------------------------------------------------------- 1. a tolerance override

@pytest.mark.parametrize("override", [(), ("--rtol", "0.01"), ("--rtol", "0.001"), ("--atol", "0.0001")])
def test_a_tolerance_override_keeps_a_class_that_belongs_to_its_key(seed1, invoke, tmp_path, override):
    result = invoke("grade", seed1 / "answers.csv", "--key", seed1 / "quiz" / "key.json",
                    "--out", tmp_path / "out/", *override)
    assert result.exit_code == 0, result.output
    assert "another seed or key" not in result.output and "numeric answers" not in result.output
