"""A hostile answers file: every answer as long as grade reads (10,000
characters), for a class of 80 on the seed-1 paper (21.6 MB, 2,160 rows).
Prints the wall and CPU seconds of grading it.

    python benchmarks/long_answers.py
"""

from __future__ import annotations

import csv
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ANSWER = "1 x " * 2499 + "7"   # no number, no sentence: every reader gives up on it


def make_answers(folder: Path) -> Path:
    subprocess.run([sys.executable, "-m", "quizgen", "generate", "--seed", "1", "--out", str(folder / "gen")],
                   check=True, capture_output=True)
    with open(folder / "gen" / "key.csv", newline="", encoding="utf-8") as handle:
        parts = [(row["question_id"], row["part"]) for row in csv.DictReader(handle)]
    answers = folder / "answers.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["student_id", "question_id", "part", "answer"])
        for student in range(80):
            writer.writerows([f"s{student:03d}", question, part, ANSWER + str(student)] for question, part in parts)
    return answers


def timed(argv: list) -> tuple:
    before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.perf_counter() - start, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as work:
        folder = Path(work)
        answers = make_answers(folder)
        wall, cpu = timed([sys.executable, "-m", "quizgen", "grade", str(answers), "--key",
                           str(folder / "gen" / "key.json"), "--out", str(folder / "out" / "graded.csv")])
        print(f"{answers.stat().st_size / 1e6:.1f} MB of 10,000-character answers graded in {wall:.2f} s "
              f"wall, {cpu:.2f} s CPU")
