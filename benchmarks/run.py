"""quizgen benchmarks: generate, grade (against the I/O floor) and PDF.

    python benchmarks/run.py            # full run: 10,000 instances, 1,000,000 rows
    python benchmarks/run.py --quick    # a small run that keeps the script working

Each measurement runs in a fresh child process (so peak RSS is its own) and is
repeated; the table shows medians and is also written as JSON. Memory is given
twice: the peak RSS of the largest single process, and the peak of all the
command's processes together (tree_memory.py: their PSS summed, sampled).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from tree_memory import TreePeak  # noqa: E402
from workload import class_answers  # noqa: E402


def child(argv: list) -> dict:
    """Run one measurement in a fresh interpreter; returns seconds, the largest process's
    peak RSS (MB) and the peak of all its processes' memory together (``tree_mb``, PSS)."""
    process = subprocess.Popen([sys.executable, str(Path(__file__).resolve()), "--child", json.dumps(argv)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(os.environ, QUIZGEN_PDF_CACHE="off"))   # compile, not reuse
    with TreePeak(process.pid) as peak:
        stdout, stderr = process.communicate()
    if process.returncode != 0:
        raise SystemExit(f"benchmark step failed: {argv}\n{stderr[-2000:]}")
    return {**json.loads(stdout.strip().splitlines()[-1]), "tree_mb": peak.mb}


def own_peak_kb(usage) -> int:
    """This process's peak RSS (KB) since it started: VmHWM of /proc/self/status where there is one,
    else ``usage.ru_maxrss``. On Linux ru_maxrss keeps the size of the process this one was forked
    from, before its exec: lms_download.py's, holding the download it made, showed 528 MB for a
    grade whose own peak was 280 MB."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            return next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration, ValueError, IndexError):
        return usage.ru_maxrss


def run_child(argv: list) -> None:
    """Inside the child: time one CLI call or the I/O floor, print JSON."""
    start = time.perf_counter()
    if argv[0] == "floor":
        if len(argv) > 3:   # the per-student floor also loads the key, as plain JSON
            with open(argv[3], encoding="utf-8") as handle:
                json.load(handle)
        io_floor(argv[1], argv[2])
    else:
        from quizgen.cli import main

        try:
            main(argv, standalone_mode=False)
        except SystemExit as exc:
            if exc.code:
                raise
    seconds = time.perf_counter() - start
    own, forked = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    # the CPU of processes this one started (generate's workers, grade's report process) counts too;
    # peak RSS is the largest single process's
    print(json.dumps({"seconds": seconds, "rss_mb": max(own_peak_kb(own), forked.ru_maxrss) / 1024,
                      "cpu_seconds": own.ru_utime + own.ru_stime + forked.ru_utime + forked.ru_stime}))


def io_floor(answers: str, out: str) -> None:
    """The floor: read with csv.reader, float() each answer, write each row back
    with csv.writer plus five short columns."""
    with open(answers, newline="", encoding="utf-8") as src, open(out, "w", newline="", encoding="utf-8") as dst:
        reader, writer = csv.reader(src), csv.writer(dst)
        header = next(reader)
        writer.writerow(header + ["status", "score", "expected", "misconception", "feedback"])
        for row in reader:
            try:
                float(row[3])
                status = "ok"
            except ValueError:
                status = "bad"
            writer.writerow(row + [status, "1", "0.408", "", ""])


def median_of(argv: list, repeat: int) -> dict:
    runs = [child(argv) for _ in range(repeat)]
    return {"seconds": statistics.median(r["seconds"] for r in runs), "rss_mb": max(r["rss_mb"] for r in runs),
            "tree_mb": tree_peak(runs), "runs": [round(r["seconds"], 3) for r in runs]}


def tree_peak(runs: list) -> float | None:
    """The largest of the runs' peaks of all processes' memory together (None without /proc)."""
    peaks = [r["tree_mb"] for r in runs if r.get("tree_mb") is not None]
    return max(peaks) if peaks else None


def memory(result: dict) -> str:
    """``153 MB (all processes 240 MB)``: the largest process's peak RSS and the whole command's PSS peak."""
    together = f" (all processes {result['tree_mb']:.0f} MB)" if result.get("tree_mb") is not None else ""
    return f"{result['rss_mb']:.0f} MB{together}"


def bench_generate(work: Path, instances: int, repeat: int, jobs: int) -> dict:
    from quizgen.bank.loader import load_bank

    per_class = max(1, instances // len(load_bank()))
    total = per_class * len(load_bank())
    argv = ["generate", "--count", str(per_class), "--seed", "1", "--out", str(work / "gen"), "--jobs", str(jobs)]
    result = median_of(argv, repeat)
    result.update(instances=total, per_second=total / result["seconds"], jobs=jobs)
    return result


def bench_grade(work: Path, rows: int, repeat: int) -> dict:
    key_dir = work / "key"
    child(["generate", "--count", "2", "--seed", "9", "--out", str(key_dir)])
    answers = work / "answers.csv"
    class_answers(key_dir / "key.json", rows, answers)
    argv = ["grade", str(answers), "--key", str(key_dir / "key.json"), "--out", str(work / "graded.csv")]
    floors, grades = [], []
    for _ in range(repeat):   # interleaved, so that a drift in machine speed hits both alike
        floors.append(child(["floor", str(answers), str(work / "floor.csv")]))
        grades.append(child(argv))
    seconds = statistics.median(g["seconds"] for g in grades)
    floor = statistics.median(f["seconds"] for f in floors)
    ratios = [g["seconds"] / f["seconds"] for f, g in zip(floors, grades)]
    cpu_ratios = [g["cpu_seconds"] / f["cpu_seconds"] for f, g in zip(floors, grades)]
    return {"cpu_ratio_to_floor": statistics.median(cpu_ratios), "cpu_ratios": [round(r, 2) for r in cpu_ratios],
            "rows": rows, "seconds": seconds, "rows_per_second": rows / seconds,
            "rss_mb": max(g["rss_mb"] for g in grades), "tree_mb": tree_peak(grades),
            "runs": [round(g["seconds"], 3) for g in grades], "floor_seconds": floor, "floor_runs": [round(f["seconds"], 3) for f in floors],
            "ratio_to_floor": statistics.median(ratios), "ratios": [round(r, 2) for r in ratios]}


ADVERSARIAL = [
    "9**9**9**9", "((9**9)**9999)**9999", "factorial(10**7)", "(" * 10_000 + "1" + ")" * 10_000,
    "1e999", "nan", "-" * 399 + "1", "exp(" * 60 + "1" + ")" * 60, "(" * 199 + "1" + ")" * 199,
    "2**" * 130 + "2", "sqrt(" * 66 + "2" + ")" * 66, "1" * 400, "0." + "1" * 397,
    "+".join(["exp(700)"] * 40), "/".join(["1e-300"] * 50), "log(" * 66 + "0" + ")" * 66,
    "e^" * 133 + "e", "(2**1023)*" * 36 + "2", "1" + "e1" * 199, "\x00" * 400,
    "1 x " * 2499 + "7", "O" * 399 + "1", "1 " * 199 + "1", "0." + "l" * 398, "x" * 10_000, "the loss is the mean over the masked set " * 49,   # as long as grade reads
]


def bench_adversarial(rounds: int) -> dict:
    """The slowest crafted answer: each is graded ``rounds`` times through the
    grader's own checker (no cache), and the worst single time is kept."""
    from quizgen.grading.part_checker import PartChecker

    checker = PartChecker({"part": "a", "type": "numeric", "value": 0.408, "answer": "0.4076",
                           "tolerance": {"sigfigs": 3}, "points": 1, "misconceptions": []})
    worst, worst_text, statuses = 0.0, "", {}
    for text in ADVERSARIAL:
        for _ in range(rounds):
            start = time.perf_counter()
            verdict = checker(text)
            elapsed = time.perf_counter() - start
            if elapsed > worst:
                worst, worst_text = elapsed, text
        statuses[str(verdict.status)] = statuses.get(str(verdict.status), 0) + 1
    return {"answers": len(ADVERSARIAL), "worst_ms": worst * 1000, "worst_answer": worst_text[:40],
            "statuses": statuses}


def bench_pdf(work: Path, repeat: int, jobs: int) -> dict | None:
    """A 40-question paper and its solutions as PDFs (two documents, compiled
    ``jobs`` at a time); None when pdflatex is missing."""
    if not shutil.which("pdflatex"):
        return None
    from quizgen.bank.loader import load_bank

    per_class = max(1, 40 // len(load_bank()))
    argv = ["generate", "--count", str(per_class), "--seed", "1", "--format", "pdf", "--out", str(work / "pdf"),
            "--jobs", str(jobs)]
    result = median_of(argv, repeat)
    result.update(questions=per_class * len(load_bank()), jobs=jobs)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small sizes, one run each")
    parser.add_argument("--repeat", type=int, default=None, help="runs per measurement (default 3; 1 with --quick)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="--jobs for quizgen generate and the PDF run (default: one per CPU)")
    parser.add_argument("--json", default=str(HERE / "results" / "latest.json"), help="where to write the JSON")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return run_child(json.loads(args.child))
    repeat = args.repeat or (1 if args.quick else 3)
    instances, rows = (500, 20_000) if args.quick else (10_000, 1_000_000)
    with tempfile.TemporaryDirectory(prefix="quizgen-bench-") as tmp:
        work = Path(tmp)
        results = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                               "platform": platform.platform()},
                   "quick": args.quick, "repeat": repeat,
                   "generate": bench_generate(work, instances, repeat, args.jobs),
                   "grade": bench_grade(work, rows, repeat),
                   "pdf": bench_pdf(work, repeat, args.jobs),
                   "adversarial": bench_adversarial(5 if args.quick else 50)}
    print_table(results)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten to {args.json}")


def print_table(results: dict) -> None:
    gen, grade, pdf, bad = results["generate"], results["grade"], results["pdf"], results["adversarial"]
    print(f"{'benchmark':<10} {'size':>12} {'median s':>9} {'rate':>16}  peak memory: largest process (all together)")
    print(f"{'generate':<10} {gen['instances']:>12,} {gen['seconds']:>9.2f} "
          f"{gen['per_second']:>10,.0f} inst/s  {memory(gen)}")
    print(f"{'grade':<10} {grade['rows']:>12,} {grade['seconds']:>9.2f} "
          f"{grade['rows_per_second']:>10,.0f} rows/s  {memory(grade)}")
    print(f"{'io floor':<10} {grade['rows']:>12,} {grade['floor_seconds']:>9.2f}   "
          f"grade/floor = {grade['ratio_to_floor']:.2f} (median of paired runs {grade['ratios']}); "
          f"in CPU time {grade['cpu_ratio_to_floor']:.2f} {grade['cpu_ratios']}")
    if pdf:
        print(f"{'pdf':<10} {pdf['questions']:>12,} {pdf['seconds']:>9.2f} {'':>16}  {memory(pdf)}")
    else:
        print("pdf        skipped: pdflatex not installed")
    print(f"{'crafted':<10} {bad['answers']:>12,} answers, slowest {bad['worst_ms']:.2f} ms "
          f"({bad['worst_answer']!r}); statuses {bad['statuses']}")


if __name__ == "__main__":
    main()
