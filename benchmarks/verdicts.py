"""What one verdict costs, by outcome, on the per-student workload.

    python benchmarks/verdicts.py                  # 2,000 students: generate, answers, then the table
    python benchmarks/verdicts.py --students 200   # smaller
    python benchmarks/verdicts.py --key key.json --answers answers.csv   # files made before
    python benchmarks/verdicts.py --key key.json --answers answers.csv --cpu   # CPU seconds, not wall
    valgrind --tool=callgrind python benchmarks/verdicts.py ... --only incorrect   # instructions: less --only none

Every answer of a class's answers file (benchmarks/workload.py, each student
on their own paper) is graded once through grade's own part checkers, made
afresh so that no cache helps, and timed one by one; the table gives, per
outcome (correct, a trap, carried rounding, invalid ...), how many answers
and the mean time of one. docs/performance.md uses it to say where the
careful marker's time goes."""

from __future__ import annotations

import argparse
import csv
import gc
import tempfile
import time
from collections import Counter
from pathlib import Path

from run import child
from workload import roster, student_answers

from quizgen.grading.key_index import KeyIndex
from quizgen.key.load import load_key_file


def checked_answers(key, answers: Path) -> list:
    """``(PartChecker, answer text)`` for every row, with fresh checkers."""
    index = KeyIndex(key, False, None, "key")
    papers = {student_id: number for student_id, _, number in index.roster}
    with open(answers, newline="", encoding="utf-8") as handle:
        rows = list(csv.reader(handle))[1:]
    return [(index.papers[papers[r[0].strip()]].checkers[index.slot(r[1], r[2])], r[3]) for r in rows]


def outcome_name(verdict) -> str:
    return verdict.status.value + (f" {verdict.note}" if verdict.note else "") + (" (trap)" if verdict.misconception else "")


def verdict_costs(key_path: Path, answers: Path, clock=time.perf_counter, only: str | None = None) -> list:
    """``(outcome, answers, seconds in all)``, the costliest first; ``only``: the
    timed pass grades that outcome's answers alone ("none": none of them)."""
    key = load_key_file(key_path)
    names = [outcome_name(checker(text)) for checker, text in checked_answers(key, answers)]
    seconds, counts = Counter(), Counter(name for name in names if only is None or name == only)
    for (checker, text), name in zip(checked_answers(key, answers), names):
        if only is not None and name != only:
            continue
        start = clock()
        checker(text)
        seconds[name] += clock() - start
    return sorted(((name, counts[name], seconds[name]) for name in counts), key=lambda row: -row[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=2000, help="roster size when making the files (default 2,000)")
    parser.add_argument("--key", type=Path, help="a per-student key.json made before")
    parser.add_argument("--answers", type=Path, help="its answers file (benchmarks/workload.py)")
    parser.add_argument("--cpu", action="store_true", help="CPU seconds (time.process_time), not wall")
    parser.add_argument("--only", metavar="OUTCOME", help='time only the answers of this outcome ("none": none)')
    args = parser.parse_args()
    gc.disable()   # as grade runs (grading/collector.py)
    with tempfile.TemporaryDirectory(prefix="quizgen-verdicts-") as tmp:
        key, answers = args.key, args.answers
        if key is None or answers is None:
            roster(Path(tmp) / "roster.csv", args.students)
            child(["generate", "--students", str(Path(tmp) / "roster.csv"), "--seed", "1", "--out", str(Path(tmp) / "gen")])
            key, answers = Path(tmp) / "gen" / "key.json", Path(tmp) / "answers.csv"
            student_answers(key, answers)
        print("| outcome | answers | one answer | all |\n| --- | --- | --- | --- |")
        clock = time.process_time if args.cpu else time.perf_counter
        for name, count, seconds in verdict_costs(key, answers, clock, args.only):
            print(f"| {name} | {count:,} | {seconds / count * 1e6:.0f} us | {seconds:.2f} s |")


if __name__ == "__main__":
    main()
