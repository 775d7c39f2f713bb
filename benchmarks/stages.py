"""Where one ``quizgen grade`` spends its wall time, stage by stage:

    python benchmarks/stages.py answers.csv --key key.json --out out/graded.csv
    python benchmarks/stages.py --no-marking answers.csv --key key.json --out out/graded.csv

Runs grade in this interpreter and prints, for each stage, when it started
and ended (seconds since start), and the CPU seconds it took (a shared
machine's load moves wall times more), in the main process and in the
later parts' processes: the imports, reading key.json (JSON parse and typed
key apart), the key index, each part's pass and ECF, the merge, and the
reports (the class report's in the process that computes it). The stages that run before or after the parts run alone, so their
sum is a floor under this design, whatever the pass costs.

``--no-marking`` replaces the part checker's verdict with "correct" without
reading the answer, to measure everything grade does besides marking (the
output is then wrong; it goes to the folder you name). It is a measurement
of the design, never a mode of quizgen."""

from __future__ import annotations

import os
import sys
import time

START = time.perf_counter()
MAIN = os.getpid()

import quizgen.grading.outputs as outputs  # noqa: E402  (imports count in the wall time)
import quizgen.grading.ecf_split as ecf_split  # noqa: E402
import quizgen.grading.parallel as parallel  # noqa: E402
import quizgen.report as report  # noqa: E402
import quizgen.grading.run as run  # noqa: E402
import quizgen.key.load as load  # noqa: E402
import quizgen.key.model as model  # noqa: E402
from quizgen.cli import main  # noqa: E402
from quizgen.grading.part_checker import PartChecker  # noqa: E402

STAGES = [(load, "parse_key_text", "key.json: JSON parse"), (model, "read_key", "key.json: typed key"),
          (run, "KeyIndex", "key index"), (parallel, "pass_rows", "pass over the rows"),
          (parallel, "carry_errors_forward", "ECF"), (ecf_split, "carry_errors_forward", "ECF, a group of questions"),
          (parallel, "carry_forward_in_parts", "ECF, questions shared out"), (parallel, "merge_later_part", "merge a later part"),
          (run, "check_belong", "belongs to this key"), (run, "count_latest", "tally"),
          (run, "finish_graded", "graded.csv's second copy"),
          (run, "result_of", "totals and statistics"), (run, "write_reports", "students, questions, report.md"),
          (outputs, "report_students", "class report: each student's verdicts"),
          (report, "analyse", "class report: item analysis"),
          (run, "class_report_texts", "class report: analysis, items, HTML (all)"),
          (run, "write_extra_outputs", "HTML report, items (waits for its process)")]


def timed(module, name: str, label: str) -> None:
    """Replace ``module.name`` with a copy that prints its start and end."""
    function = getattr(module, name)

    def wrapper(*args, **kwargs):
        begin, cpu = time.perf_counter(), time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            end, cpu = time.perf_counter(), time.process_time() - cpu
            where = "main  " if os.getpid() == MAIN else "later "
            print(f"{where} {label:44s} {begin - START:6.3f} -> {end - START:6.3f}  ({end - begin:.3f} s, "
                  f"CPU {cpu:.3f} s)", file=sys.stderr)
    setattr(module, name, wrapper)


def run_grade(argv: list) -> None:
    print(f"main   {'imports':44s} {0:6.3f} -> {time.perf_counter() - START:6.3f}", file=sys.stderr)
    for module, name, label in STAGES:
        timed(module, name, label)
    if argv and argv[0] == "--no-marking":
        argv = argv[1:]
        PartChecker.__call__ = lambda self, text: self.correct
    try:
        main(["grade", *argv], standalone_mode=False)
    except SystemExit:
        pass
    print(f"main   {'end':44s} {time.perf_counter() - START:6.3f}", file=sys.stderr)


if __name__ == "__main__":
    run_grade(sys.argv[1:])
