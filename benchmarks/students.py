"""The per-student benchmark: a 2,000-student roster with every class.

    python benchmarks/students.py             # 2,000 students, 3 runs each
    python benchmarks/students.py --quick     # 100 students, one run
    python benchmarks/students.py --keep ps   # keep roster.csv, gen/key.json and answers.csv in ps/

Measures ``quizgen generate --students roster.csv`` (seconds, peak RSS, key.json
bytes per question instance) and ``quizgen grade`` of a class's answers to
their own papers (benchmarks/workload.py: each student rounds to their own 3-5
significant figures, falls into traps, writes expressions and words) against
its floor in the same run: ``json.load`` of key.json plus reading and writing
the answers CSV. Targets (docs/performance.md): key <= 0.8 KB per instance,
generate and grade <= 200 MB, grade <= 2x the floor."""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path

from run import child, median_of, memory, tree_peak
from workload import roster, student_answers

HERE = Path(__file__).resolve().parent


def bench_students(work: Path, students: int, repeat: int, jobs: int) -> dict:
    """Generate for ``students`` students, then grade their answers against the floor."""
    roster(work / "roster.csv", students)
    gen = work / "gen"
    generate = median_of(["generate", "--students", str(work / "roster.csv"), "--seed", "1", "--jobs", str(jobs),
                          "--out", str(gen)], repeat)
    key = gen / "key.json"
    instances = sum(len(p["questions"]) for p in json.loads(key.read_text(encoding="utf-8"))["students"].values())
    answers = work / "answers.csv"
    rows = student_answers(key, answers)
    grade_argv = ["grade", str(answers), "--key", str(key), "--out", str(work / "graded.csv")]
    floor_argv = ["floor", str(answers), str(work / "floor.csv"), str(key)]
    floors, grades = [], []
    for _ in range(repeat):   # interleaved, so that a drift in machine speed hits both alike
        floors.append(child(floor_argv))
        grades.append(child(grade_argv))
    ratios = [g["seconds"] / f["seconds"] for f, g in zip(floors, grades)]
    return {"students": students, "instances": instances, "jobs": jobs,
            "key_bytes": key.stat().st_size, "key_bytes_per_instance": key.stat().st_size / instances,
            "generate": generate,
            "grade": {"rows": rows, "seconds": statistics.median(g["seconds"] for g in grades),
                      "rss_mb": max(g["rss_mb"] for g in grades), "tree_mb": tree_peak(grades),
                      "runs": [round(g["seconds"], 3) for g in grades],
                      "floor_seconds": statistics.median(f["seconds"] for f in floors),
                      "floor_runs": [round(f["seconds"], 3) for f in floors],
                      "ratio_to_floor": statistics.median(ratios), "ratios": [round(r, 2) for r in ratios]}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="100 students, one run each")
    parser.add_argument("--students", type=int, default=None, help="roster size (default 2,000)")
    parser.add_argument("--repeat", type=int, default=None, help="runs per measurement (default 3; 1 with --quick)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="--jobs for generate")
    parser.add_argument("--json", default=str(HERE / "results" / "students.json"), help="where to write the JSON")
    parser.add_argument("--keep", type=Path, default=None,
                        help="a folder to make and keep the files in (roster.csv, gen/key.json, answers.csv), "
                             "for benchmarks/stages.py, verdicts.py and key_read.py")
    args = parser.parse_args()
    students = args.students or (100 if args.quick else 2000)
    repeat = args.repeat or (1 if args.quick else 3)
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
        result = bench_students(args.keep, students, repeat, args.jobs)
    else:
        with tempfile.TemporaryDirectory(prefix="quizgen-students-") as tmp:
            result = bench_students(Path(tmp), students, repeat, args.jobs)
    gen, grade = result["generate"], result["grade"]
    print(f"students {students:,}: {result['instances']:,} question instances, key.json "
          f"{result['key_bytes'] / 1e6:.1f} MB = {result['key_bytes_per_instance']:.0f} B per instance")
    print(f"generate {gen['seconds']:.2f} s, peak {memory(gen)} (runs {gen['runs']})")
    print(f"grade    {grade['rows']:,} rows {grade['seconds']:.2f} s, peak {memory(grade)}; floor "
          f"(json.load key + CSV) {grade['floor_seconds']:.2f} s; grade/floor = {grade['ratio_to_floor']:.2f} "
          f"(paired runs {grade['ratios']})")
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"written to {args.json}")


if __name__ == "__main__":
    main()
