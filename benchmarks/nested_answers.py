"""Answers the plain reader refuses, 2,000 distinct ones a file, each graded on the seed-1
paper's Q1 (a): ``exp(`` 60 deep, 190 brackets, 390 minus signs, and plain numbers to compare.
Prints each file's grade CPU seconds (``--jobs 1 --force-key``: no such class fits a key);
``--keep DIR`` keeps the key, the files and what grade wrote.

    python benchmarks/nested_answers.py
    python benchmarks/nested_answers.py --keep nested   # nested/quiz/key.json, nested/exp60.csv ...
"""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
import tempfile
from pathlib import Path

from long_answers import timed

ROWS = 2000
SHAPES = {
    "exp60": lambda k: "exp(" * 60 + f"0.{k}" + ")" * 60,   # a tower of exp the evaluator must refuse
    "brackets190": lambda k: "(" * 190 + str(k) + ")" * 190,   # deep brackets around a number
    "minus390": lambda k: "-" * 390 + str(k),   # a chain of unary minus signs
    "plain": lambda k: f"0.{k:04d}",   # what a class writes
}


def write_files(folder: Path) -> dict:
    """The seed-1 key in ``folder/quiz`` and one answers file a shape: ``{shape: path}``."""
    subprocess.run([sys.executable, "-m", "quizgen", "generate", "--seed", "1", "--out", str(folder / "quiz")],
                   check=True, capture_output=True)
    files = {}
    for shape, answer in SHAPES.items():
        files[shape] = folder / f"{shape}.csv"
        with open(files[shape], "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(["student_id", "question_id", "part", "answer"])
            writer.writerows([f"s{k}", "Q1", "a", answer(k)] for k in range(ROWS))
    return files


def main(keep: str | None) -> None:
    with tempfile.TemporaryDirectory() as work:
        folder = Path(keep) if keep else Path(work)
        folder.mkdir(parents=True, exist_ok=True)
        for shape, answers in write_files(folder).items():
            _, cpu = timed([sys.executable, "-m", "quizgen", "grade", str(answers), "--key",
                            str(folder / "quiz" / "key.json"), "--force-key", "--jobs", "1", "--out",
                            str(folder / "out" / f"{shape}-graded.csv")])
            print(f"{shape:12} {ROWS:,} rows graded in {cpu:.2f} s CPU")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", help="a folder to write the key, the answers files and the graded files in")
    main(parser.parse_args().keep)
